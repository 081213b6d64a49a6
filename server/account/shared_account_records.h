// Accounts, sessions and the failed sign-ins per name in the PostgreSQL a
// cluster's nodes share (--accounts-postgres; docs/accounts.md, "Accounts in
// a cluster"). Every call blocks for a round trip: the account service
// makes them from its workers. A deletion also rewrites this node's seats
// of the account (its SQLite keeps the seats); the other nodes' follow the
// shared list of deleted accounts (DeletedAccountsFollower). The purge of
// unused guests keeps those some node marked held (hold_seated_guests).
#pragma once

#include <memory>
#include <string>

#include "persistence/postgres/pool.h"
#include "server/account/account_records.h"

namespace brethren::server {

std::unique_ptr<AccountRecords> shared_account_records(persistence::postgres::Pool& pool, persistence::Store& store,
                                                       const std::string& db_path);

}  // namespace brethren::server
