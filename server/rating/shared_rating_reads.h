// The profile and leaderboard reads on the PostgreSQL a cluster's nodes
// share (--accounts-postgres): one board for every node. Each read blocks
// for a round trip: callers read off the network threads (the history
// worker, as for this node's SQLite).
#pragma once

#include <memory>

#include "persistence/postgres/pool.h"
#include "persistence/ratings.h"

namespace brethren::rating {

std::shared_ptr<persistence::RatingReads> shared_rating_reads(persistence::postgres::Pool& pool);

}  // namespace brethren::rating
