// The rows Brethren stores. Persistence knows neither games nor the server:
// options, actions and outcomes are opaque bytes to it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace brethren::persistence {

// Where a room is. The database keeps these as the words below (as it
// always has, so older databases load unchanged).
enum class RoomStatus { kOpen, kPlaying, kFinished, kExpired };
// Where a match is: live, finished, or given up when its room expired.
enum class MatchStatus { kLive, kFinished, kAbandoned };

constexpr std::string_view to_string(RoomStatus status) {
  switch (status) {
    case RoomStatus::kOpen: return "open";
    case RoomStatus::kPlaying: return "playing";
    case RoomStatus::kFinished: return "finished";
    case RoomStatus::kExpired: return "expired";
  }
  return "open";
}
constexpr std::string_view to_string(MatchStatus status) {
  switch (status) {
    case MatchStatus::kLive: return "live";
    case MatchStatus::kFinished: return "finished";
    case MatchStatus::kAbandoned: return "abandoned";
  }
  return "live";
}
// A stored word back to its status. A word this version does not know
// means the row is not one to carry on: an expired room, an abandoned match.
constexpr RoomStatus room_status_from(std::string_view word) {
  if (word == "open") return RoomStatus::kOpen;
  if (word == "playing") return RoomStatus::kPlaying;
  if (word == "finished") return RoomStatus::kFinished;
  return RoomStatus::kExpired;
}
constexpr MatchStatus match_status_from(std::string_view word) {
  if (word == "live") return MatchStatus::kLive;
  if (word == "finished") return MatchStatus::kFinished;
  return MatchStatus::kAbandoned;
}

struct RoomRecord {
  std::string code;
  std::string game_id;
  std::string options;  // serialized brethren.v1.GameOptions
  bool is_public = false;
  std::string password_hash;  // empty: no password
  int seat_count = 0;
  std::string host_token_hash;
  RoomStatus status = RoomStatus::kOpen;
  std::int64_t created_at = 0;          // Unix milliseconds
  std::int64_t turn_time_limit_ms = 0;  // 0: the game's own rule, if any
  std::string settings;                 // serialized brethren.v1.RoomSettings
};

struct SeatRecord {
  std::string room_code;
  int seat = 0;
  std::string display_name;
  std::string token_hash;  // SHA-256 of the seat token, never the token
  std::string bot_kind;    // non-empty: a server-side bot holds the seat
  // The account of the person who holds the seat (issue #27, item 4): set
  // when a signed-in player took it, in the same commit as the seat; 0 for
  // a bot, a player without an account, and a deleted account's seat.
  std::int64_t account_id = 0;
  // Read only (never written with the seat): the username of the seat's
  // account now, empty for a guest's, a deleted account's and no account.
  std::string account_username = {};
};

struct MatchRecord {
  std::int64_t id = 0;
  std::string room_code;
  std::string game_id;
  std::string options;
  std::uint64_t seed = 0;
  int seat_count = 0;
  MatchStatus status = MatchStatus::kLive;
  std::int64_t started_at = 0;
  std::int64_t finished_at = 0;
  // Fairness: the commitment published at the start is
  // SHA-256 over the seed and this salt (hex); both are revealed at the end.
  std::string seed_salt;
  // A second seed for randomness a game must never reveal, even after the
  // end (Tortuga's vote deck, T67-H-3); never published.
  std::uint64_t secret_seed = 0;
  // When the first decision's clock runs out (Unix ms; 0: no clock).
  std::int64_t first_deadline_ms = 0;
  // The version of the game's rules the match was started under; an opaque
  // number here (1 for matches stored before versions were kept).
  std::uint32_t rules_version = 1;
};

struct ActionRecord {
  std::int64_t match_id = 0;
  std::int64_t seq = 0;  // 1, 2, 3 ... within the match
  int seat = 0;
  std::string action;   // serialized brethren.v1.GameAction
  std::int64_t at = 0;  // Unix milliseconds
  // When the clock of the decision after this action runs out (Unix ms;
  // 0: no clock), so that deadlines survive a restart.
  std::int64_t deadline_ms = 0;
};

struct ChatRecord {
  std::string room_code;
  std::int64_t seq = 0;       // 1, 2, 3 ... within the room
  std::int64_t match_id = 0;  // the room's match at the time; 0: before any
  int seat = -1;              // -1: a spectator
  std::string display_name;
  std::string text;
  std::int64_t at = 0;  // Unix milliseconds
};

struct ResultRecord {
  std::int64_t match_id = 0;
  std::string outcome;  // serialized brethren.v1.MatchOutcome
  std::string summary;
  std::int64_t finished_at = 0;
  // Set when the action log is discarded at the end (it would reveal
  // secrets): the serialized final state replaces it.
  std::string final_state;
};

}  // namespace brethren::persistence
