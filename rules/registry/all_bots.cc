#include "rules/registry/all_bots.h"

#include <string>

#include "rules/letter_of_marque/letter_of_marque_bot.h"
#include "rules/port_royal_panning/port_royal_panning_bot.h"
#include "rules/port_royal_pfister/port_royal_pfister_bot.h"
#include "rules/tortuga_1667/tortuga_1667_bot.h"

namespace brethren::rules {
namespace {

using Factory = std::unique_ptr<Bot> (*)(std::uint64_t seed);

struct BotEntry {
  std::string_view game_id;
  std::string_view kind;
  Factory make;
};

// One line per game-specific bot.
constexpr BotEntry kBots[] = {
    {"letter-of-marque", "heuristic", &letter_of_marque::make_heuristic_bot},
    {"port-royal-pfister", "heuristic", &port_royal_pfister::make_heuristic_bot},
    {"port-royal-panning", "heuristic", &port_royal_panning::make_heuristic_bot},
    {"tortuga-1667", "heuristic", &tortuga_1667::make_heuristic_bot},
};

}  // namespace

std::unique_ptr<Bot> make_bot(std::string_view game_id, std::string_view kind, std::uint64_t seed) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  for (const auto& entry : kBots) {
    if (entry.make && entry.game_id == game_id && entry.kind == kind) return entry.make(seed);
  }
  return nullptr;
}

std::vector<std::string_view> bot_kinds(std::string_view game_id) {
  std::vector<std::string_view> out{"random"};
  for (const auto& entry : kBots) {
    if (entry.make && entry.game_id == game_id) out.push_back(entry.kind);
  }
  return out;
}

}  // namespace brethren::rules
