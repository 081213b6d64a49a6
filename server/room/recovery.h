// Start-up: every stored room still in play comes back (open and playing
// rooms, finished rooms within their retention; not expired ones), and its
// newest match is rebuilt by replaying its action log, before the server
// accepts a connection. Older history stays in the store for the match
// history API and is not read. A match that does not replay (a rules version
// this build does not play, a move the rules refuse, a row that does not
// read) is ended as abandoned, its room kept to tell its members why
// (Room::restore_match), counted in /metrics and named in /healthz; the
// server starts anyway.
#pragma once

#include <cstddef>

namespace brethren::server {

class RoomDirectory;
struct Services;

struct RecoveryReport {
  std::size_t rooms = 0;
  std::size_t live_matches = 0;
  std::size_t finished_matches = 0;
  std::size_t failed = 0;  // matches that did not replay, ended as abandoned
  // Of those failed: matches started under a rules version this build does
  // not play (rules::check_rules_version).
  std::size_t rules_version_mismatches = 0;
  double seconds = 0;
};

RecoveryReport recover_rooms(Services& services, RoomDirectory& rooms);

}  // namespace brethren::server
