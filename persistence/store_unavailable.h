// A store out of reach for now (a shared database refused the connection,
// lost it or timed out), as opposed to a real error (a constraint, a bug):
// what failed may succeed if tried again shortly, so the server answers
// SERVER_BUSY rather than INTERNAL (docs/accounts.md, "When PostgreSQL is down").
#pragma once

#include <stdexcept>

namespace brethren::persistence {

class StoreUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace brethren::persistence
