// Bots are rated at fixed strengths per kind (docs/ratings.md, "Bots"): a
// match with bots rates the people in it against these values, and a bot's
// own rating never moves, so that it stays a fixed yardstick.
#pragma once

#include <optional>
#include <string_view>

#include "server/rating/rating.h"

namespace brethren::rating {

// The fixed rating of a server-side bot kind (GameInfo.bot_kinds: "random",
// "heuristic", "medium", "hard"); nullopt for a kind without one, whose
// matches are not rated.
std::optional<Rating> bot_rating(std::string_view kind);

}  // namespace brethren::rating
