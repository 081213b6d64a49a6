// Accounts deleted on any node of a cluster, followed by this one (issue #27
// item 1: "his seats in past matches become 'deleted player'"; docs/accounts.md,
// "Deleted accounts in a cluster"). The node that deletes an account
// anonymises its own seats at once; the seats of the other nodes live in
// their own databases. So the shared store lists every deletion in order
// (deleted_accounts), and every node reads it every few seconds after the
// last position it has seen, rewriting its seats (its database, then its
// live rooms) for each id. The position is saved in the node's database
// after each batch, so a start reads only what is new (the rewrites are
// idempotent: a crash before the save repeats a batch, never skips one),
// and a node that was down catches up. From the first position when none
// is saved or the list is not the one followed (a restored PostgreSQL).
// Guests purged in the shared store are listed there too (purged): their
// seats keep the names they show and stop naming an account, as a single
// node's purge leaves them (docs/accounts.md, "Purging unused guests").
// A thread of its own: no connection or room waits for PostgreSQL.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "persistence/accounts.h"
#include "persistence/postgres/account_store.h"
#include "persistence/postgres/pool.h"

namespace brethren::server {

class AccountRooms;
class RoomDirectory;

class DeletedAccountsFollower {
 public:
  static constexpr std::chrono::milliseconds kPeriod{2000};
  static constexpr std::size_t kBatch = 500;

  // Starts the thread; everything given must outlive the follower.
  DeletedAccountsFollower(persistence::postgres::Pool& pool, persistence::Store& store, const std::string& db_path,
                          AccountRooms& account_rooms, RoomDirectory& rooms);
  ~DeletedAccountsFollower();
  DeletedAccountsFollower(const DeletedAccountsFollower&) = delete;
  DeletedAccountsFollower& operator=(const DeletedAccountsFollower&) = delete;

 private:
  void run();
  // One batch; false when the shared store or this node's database failed
  // (the position stays: the batch is read again next time).
  bool follow();
  // Once, before the first batch: the saved position, if the list is the
  // same; false when it could not be read (tried again next round).
  bool resume();
  // The position reached (`account_id` is listed there), for the next start.
  void save(std::int64_t account_id);
  bool anonymise(std::int64_t account_id);
  bool forget(const std::vector<std::int64_t>& purged);

  persistence::postgres::AccountStore shared_;
  persistence::AccountStore local_;
  AccountRooms& account_rooms_;
  RoomDirectory& rooms_;
  std::int64_t position_ = 0;  // the thread's
  bool resumed_ = false;       // the thread's
  bool failing_ = false;       // the thread's: log a failure once until it recovers
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace brethren::server
