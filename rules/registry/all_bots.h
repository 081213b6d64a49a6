// Bots by game and kind (rules/core/bot.h: view bots and search bots).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/bots/ismcts.h"
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

// The search bots' time budgets per decision (docs/performance.md, "Bots").
inline constexpr std::chrono::milliseconds kMediumTimeBudget{200};
inline constexpr std::chrono::milliseconds kHardTimeBudget{1000};
// The ISMCTS settings make_search_bot uses for `kind`, for tools that change
// the budget (an iteration cap instead of time: the arena, benchmarks,
// tests). nullopt where make_search_bot gives nullptr.
std::optional<IsmctsConfig> search_bot_config(std::string_view game_id, std::string_view kind);

}  // namespace brethren::rules
