// One transaction on a connection: BEGIN on construction, COMMIT by commit(),
// ROLLBACK when it goes out of scope uncommitted (an exception on the way).
// A write is acknowledged only once commit() has returned.
#pragma once

#include <utility>

#include "persistence/postgres/connection.h"

namespace brethren::persistence::postgres {

class Transaction {
 public:
  explicit Transaction(Connection& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();

 private:
  Connection& db_;
  bool open_ = true;
};

// Runs `work(db)` in a transaction and commits; rolls back and rethrows on
// any exception. Returns what `work` returns.
template <class Work>
auto in_transaction(Connection& db, Work&& work) {
  Transaction tx(db);
  if constexpr (std::is_void_v<decltype(work(db))>) {
    work(db);
    tx.commit();
  } else {
    auto result = work(db);
    tx.commit();
    return result;
  }
}

}  // namespace brethren::persistence::postgres
