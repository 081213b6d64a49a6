// The bot kinds the server offers for a game, their order (weakest first)
// and the checks of a kind a client names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/room/services.h"

namespace brethren::server {

// One bot kind the server offers for a game (GameInfo.bot_kinds).
struct OfferedBotKind {
  std::string kind;
  std::uint32_t time_budget_ms = 0;  // the search's deadline on this server; 0: decides at once
  bool searches = false;
};

// The bot kinds the server offers for `game`, weakest first: the game's
// quick bots (Services::bot_kinds: "random", "heuristic"), then the search
// bots it has (Services::search_bot_kinds: "medium", "hard"). Weakest first
// is a promise: GameInfo.bot_kinds says so to clients, and the server picks
// the strongest through strongest_bot_kind below.
std::vector<OfferedBotKind> offered_bot_kinds(const Services& services, std::string_view game);
// The strongest of them, taken where the server picks a bot itself (AddBot
// without a kind, the autopilot and a kicked player's seat unless
// RoomSettings.autopilot_bot names another); empty when there is none.
std::string strongest_bot_kind(const Services& services, std::string_view game);
// The game's strongest quick bot (its heuristic): what stands in for a
// search bot while it thinks.
std::string strongest_quick_bot_kind(const Services& services, std::string_view game);
// Whether `kind` is one of them.
bool offers_bot_kind(const Services& services, std::string_view game, std::string_view kind);
// "its bots are random, heuristic, medium, hard": for error messages.
std::string bot_kinds_text(const Services& services, std::string_view game);
// Checks RoomSettings.autopilot_bot for `game` (empty: the strongest); the
// reason in words when it names no kind the server offers.
std::optional<std::string> autopilot_bot_problem(const Services& services, std::string_view game,
                                                 const std::string& kind);

}  // namespace brethren::server
