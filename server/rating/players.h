// Profiles and leaderboards (issue #27, items 5 and 7; docs/ratings.md):
// the replies GET /api/players/{name}, GET /api/leaderboards/{game} and
// their protocol requests share. Reads only; call off the network threads
// or where a short indexed read is acceptable. Knows no game: the caller
// says whether the game exists.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "brethren/v1/protocol.pb.h"
#include "persistence/ratings.h"

namespace brethren::rating {

inline constexpr std::size_t kRecentMatches = 20;
// A leaderboard lists players with a non-provisional rating and at least
// this many rated games.
inline constexpr std::int64_t kLeaderboardMinGames = 10;
inline constexpr std::uint32_t kDefaultPageSize = 50;
inline constexpr std::uint32_t kMaxPageSize = 100;
inline constexpr std::uint32_t kMaxOffset = 10000;
// Longer text is no username (usernames have at most 32 bytes): not looked up.
inline constexpr std::size_t kMaxLookupBytes = 64;
// The one reply for an unknown, guest or deleted name.
inline constexpr const char* kNoSuchPlayer = "no player has that name";

struct Refused {
  v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;
  std::string message;
  int http_status = 400;
};

// `username_key`: the name as typed, case-folded (server/account/credentials.h).
std::variant<v1::PlayerProfile, Refused> player_profile(const persistence::RatingReads& reader,
                                                        const std::string& username_key);

std::variant<v1::Leaderboard, Refused> leaderboard_page(const persistence::RatingReads& reader, bool game_known,
                                                        const std::string& game_id, std::uint32_t page_size,
                                                        std::uint32_t offset);

}  // namespace brethren::rating
