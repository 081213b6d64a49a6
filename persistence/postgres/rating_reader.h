// The shared ratings read for profiles and the one leaderboard of a cluster:
// the reads of persistence::RatingReader (persistence/ratings.h) on the
// shared PostgreSQL. Any thread (each read takes a connection of the pool).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/postgres/pool.h"
#include "persistence/ratings.h"

namespace brethren::persistence::postgres {

// A finished match on a profile, with where it was played: match ids are
// per node, and the replay's route needs the room code (docs/scaling.md).
struct PlayedMatch {
  int node_id = 0;
  std::string room_code;
  MatchPlayerRecord player;
};

class RatingReader {
 public:
  explicit RatingReader(Pool& pool) : pool_(pool) {}

  // A claimed account by its case-folded username; guests have none.
  std::optional<PublicAccount> claimed_account(const std::string& username_key) const;
  // The account's ratings, by game id.
  std::vector<RatingRecord> ratings_of(std::int64_t account_id) const;
  std::optional<RatingRecord> rating(std::int64_t account_id, const std::string& game_id) const;
  // The account's finished matches on every node, newest first, at most `limit`.
  std::vector<PlayedMatch> recent_matches(std::int64_t account_id, std::size_t limit) const;
  // Claimed accounts with sigma <= max_sigma and games >= min_games, best
  // shown rating first (ties: the lower account id), `limit` rows from `offset`.
  std::vector<BoardRow> leaderboard(const std::string& game_id, double max_sigma, std::int64_t min_games,
                                    std::size_t offset, std::size_t limit) const;

 private:
  Pool& pool_;
};

}  // namespace brethren::persistence::postgres
