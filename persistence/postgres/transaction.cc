#include "persistence/postgres/transaction.h"

namespace brethren::persistence::postgres {

Transaction::Transaction(Connection& db) : db_(db) { db_.exec("BEGIN"); }

Transaction::~Transaction() {
  if (!open_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (...) {
    // A lost connection rolls back by itself; the pool drops it.
  }
}

void Transaction::commit() {
  open_ = false;  // a failed COMMIT ends the transaction too
  // COMMIT of a transaction that had failed answers ROLLBACK, not an error.
  if (db_.exec("COMMIT").tag() != "COMMIT") throw Error("postgres: the transaction was rolled back", "25P02");
}

}  // namespace brethren::persistence::postgres
