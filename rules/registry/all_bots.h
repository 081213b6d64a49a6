// Bots by game and kind. Every bot decides from its seat's MatchView only.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "rules/bots/random_bot.h"

namespace brethren::rules {

// Kinds every game has: "random"; games may add "heuristic".
// nullptr when the game has no bot of that kind.
std::unique_ptr<Bot> make_bot(std::string_view game_id, std::string_view kind, std::uint64_t seed);
// The kinds available for one game, "random" first.
std::vector<std::string_view> bot_kinds(std::string_view game_id);

}  // namespace brethren::rules
