// Ratings per account and game, and every account's seat in every finished
// match (issue #27; migration 9; docs/ratings.md). Knows no game, no rating
// model and no server: numbers and text. The rating update itself is
// computed by the server inside the unit that commits a match's result
// (Store::Unit::run), through the writer-side functions below, so that the
// result and the ratings commit together or not at all. Reads for the
// profile and the leaderboard go through a connection of their own.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace brethren::persistence {

class Connection;

struct RatingRecord {
  std::int64_t account_id = 0;
  std::string game_id;
  double mu = 0;
  double sigma = 0;
  double shown = 0;  // what the server displays and ranks by
  std::int64_t games = 0;
  std::int64_t wins = 0;
  std::int64_t updated_at = 0;  // Unix milliseconds
};

struct MatchPlayerRecord {
  std::int64_t match_id = 0;
  int seat = 0;
  std::int64_t account_id = 0;
  std::string game_id;
  int place = 0;  // 1 = best
  bool won = false;
  bool rated = false;
  double shown_before = 0;  // rated matches only
  double shown_after = 0;
  std::int64_t finished_at = 0;
  // The cluster node that played it (read from the shared store); -1: this
  // node. Match ids are per node, so its replay link names the node.
  int node_id = -1;
};

// Who holds a room's seat, as stored.
struct SeatHolder {
  int seat = 0;
  std::int64_t account_id = 0;  // 0: no account
  std::string bot_kind;         // non-empty: a server-side bot
};

// A claimed account's public face.
struct PublicAccount {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;
  std::int64_t created_at = 0;
};

struct BoardRow {
  std::string username;
  RatingRecord rating;
};

// --- Writer side: steps for Store::Unit::run, on the writer's connection.
namespace rating_rows {
std::vector<SeatHolder> seat_holders(Connection& db, const std::string& room_code);
std::optional<RatingRecord> rating(Connection& db, std::int64_t account_id, const std::string& game_id);
void put_rating(Connection& db, const RatingRecord& rating);
void add_match_player(Connection& db, const MatchPlayerRecord& player);
}  // namespace rating_rows

// --- Reads (any thread): this node's (RatingReader) or, in a cluster, the
// shared PostgreSQL's (server/rating/shared_rating_reads.h).
class RatingReads {
 public:
  virtual ~RatingReads() = default;
  // A claimed account by its case-folded username; guests have none.
  virtual std::optional<PublicAccount> claimed_account(const std::string& username_key) const = 0;
  // The account's ratings, by game id.
  virtual std::vector<RatingRecord> ratings_of(std::int64_t account_id) const = 0;
  virtual std::optional<RatingRecord> rating(std::int64_t account_id, const std::string& game_id) const = 0;
  // The account's finished matches, newest first, at most `limit`.
  virtual std::vector<MatchPlayerRecord> recent_matches(std::int64_t account_id, std::size_t limit) const = 0;
  // Claimed accounts with sigma <= max_sigma and games >= min_games, best
  // shown rating first (ties: the lower account id), `limit` rows from `offset`.
  virtual std::vector<BoardRow> leaderboard(const std::string& game_id, double max_sigma, std::int64_t min_games,
                                            std::size_t offset, std::size_t limit) const = 0;
};

class RatingReader final : public RatingReads {
 public:
  explicit RatingReader(const std::string& path);
  ~RatingReader() override;

  std::optional<PublicAccount> claimed_account(const std::string& username_key) const override;
  std::vector<RatingRecord> ratings_of(std::int64_t account_id) const override;
  std::optional<RatingRecord> rating(std::int64_t account_id, const std::string& game_id) const override;
  std::vector<MatchPlayerRecord> recent_matches(std::int64_t account_id, std::size_t limit) const override;
  std::vector<BoardRow> leaderboard(const std::string& game_id, double max_sigma, std::int64_t min_games,
                                    std::size_t offset, std::size_t limit) const override;

 private:
  std::unique_ptr<Connection> db_;
  mutable std::mutex mutex_;
};

}  // namespace brethren::persistence
