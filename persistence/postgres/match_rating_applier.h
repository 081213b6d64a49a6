// Applies one finished match to the shared ratings exactly once: the
// cluster's version of rating::finished_match_step (server/rating/), for a
// match whose result committed in its node's SQLite and reached PostgreSQL
// later (docs/accounts.md, "Accounts in a cluster"). Idempotent on (node id,
// match id): applying a match again changes nothing, so a node may resend
// until it sees success. The players' rating rows are locked (SELECT ... FOR
// UPDATE, by account id) before they are read, so that two nodes finishing
// matches of one player at once serialise and neither update is lost.
// Knows no rating model: the caller's `rate` computes the new ratings.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "persistence/postgres/pool.h"
#include "persistence/ratings.h"

namespace brethren::persistence::postgres {

struct NewRating {
  double mu = 0;
  double sigma = 0;
  double shown = 0;  // what the server displays and ranks by
};

// One finished match as its node recorded it: the account seats only (a
// bot's fixed rating is the caller's business, inside `rate`).
struct FinishedMatchRows {
  int node_id = 0;
  std::int64_t match_id = 0;  // the node's own match id
  std::string room_code;
  std::string game_id;
  std::int64_t finished_at = 0;  // Unix milliseconds
  bool rated = false;
  struct Player {
    int seat = 0;
    std::int64_t account_id = 0;
    int place = 0;  // 1 = best, 0 = abandoned
    bool won = false;
  };
  std::vector<Player> players;
};

class MatchRatingApplier {
 public:
  // `before`: each player's current rating (in `players` order; `initial`
  // for a first game or an account deleted meanwhile), read under lock.
  // Returns one new rating per player, in the same order.
  using Rate = std::function<std::vector<NewRating>(const std::vector<RatingRecord>& before)>;
  enum class Outcome { applied, already_applied };

  explicit MatchRatingApplier(Pool& pool) : pool_(pool) {}

  // One transaction: marks the match applied, and for every player whose
  // account still exists writes his match row and, when the match is rated,
  // his new rating (games + 1, wins + won). Returns after COMMIT. Throws when
  // the database fails (nothing applied; call again) or when `rate` throws
  // or answers for another number of players (rolled back).
  Outcome apply(const FinishedMatchRows& match, const NewRating& initial, const Rate& rate);

 private:
  Pool& pool_;
};

}  // namespace brethren::persistence::postgres
