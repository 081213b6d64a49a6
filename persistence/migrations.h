// Schema migrations, applied in order; PRAGMA user_version records the last
// one applied, so a database of any earlier version is brought up to date.
#pragma once

namespace brethren::persistence {

class Connection;

// Applies every migration newer than the database's user_version.
void migrate(Connection& db);

}  // namespace brethren::persistence
