// Bots by game and kind (rules/core/bot.h: view bots and search bots).
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

// Bots that look ahead (rules/core/bot.h, SearchBot), for every game:
// "medium" and "hard", the ISMCTS bot (rules/bots/) with the time budgets
// documented there. nullptr for any other kind or an unknown game.
std::unique_ptr<SearchBot> make_search_bot(std::string_view game_id, std::string_view kind, std::uint64_t seed);
// The search kinds, weakest first: {"medium", "hard"}.
std::vector<std::string_view> search_bot_kinds();

}  // namespace brethren::rules
