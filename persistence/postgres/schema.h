// The shared store's schema: numbered migrations, each applied once in its
// own transaction and recorded in `schema_migrations`. Nodes starting at the
// same time take turns (a transaction-scoped advisory lock), so the schema
// is migrated once whichever node comes first.
#pragma once

#include "persistence/postgres/connection.h"

namespace brethren::persistence::postgres {

// The version the schema has after migrate().
int latest_schema_version();
// Applies every migration not yet applied. Throws Error when the database
// has a newer schema than this code knows (a node older than its cluster).
void migrate(Connection& db);
// The highest applied version; 0 for an empty database.
int schema_version(Connection& db);

}  // namespace brethren::persistence::postgres
