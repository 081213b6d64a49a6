#include "server/rating/bot_ratings.h"

#include <array>
#include <utility>

namespace brethren::rating {

namespace {

// Ordered as the arena ranks the kinds (docs/performance.md, "Bots"): random
// far below the rest, the search kinds a little above the heuristic. A small
// sigma: the system is sure of them, so a person's result against a bot is
// read against a known strength. Not yet calibrated per game: see
// docs/ratings.md for how to measure them with brethren-arena.
constexpr double kBotSigma = 2.0;
constexpr std::array<std::pair<std::string_view, double>, 4> kBotMu{{
    {"random", 10.0},
    {"heuristic", 22.0},
    {"medium", 25.0},
    {"hard", 28.0},
}};

}  // namespace

std::optional<Rating> bot_rating(std::string_view kind) {
  for (const auto& [name, mu] : kBotMu)
    if (name == kind) return Rating{mu, kBotSigma};
  return std::nullopt;
}

}  // namespace brethren::rating
