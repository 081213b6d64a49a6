// A fixed number of connections shared by threads: a caller leases one for
// a statement or a transaction and gives it back when the lease ends. Lost
// connections (and any left inside a transaction) are dropped and replaced
// on demand, so a restarted PostgreSQL costs the requests in flight only;
// an idle connection the server closed meanwhile is found and dropped at
// the next lease (Connection::alive), not handed out.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "persistence/postgres/connection.h"

namespace brethren::persistence::postgres {

class Pool {
 public:
  class Lease {
   public:
    Lease(Pool& pool, std::unique_ptr<Connection> connection) : pool_(&pool), connection_(std::move(connection)) {}
    ~Lease();
    Lease(Lease&& other) noexcept = default;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease& operator=(Lease&&) = delete;
    Connection& operator*() const { return *connection_; }
    Connection* operator->() const { return connection_.get(); }

   private:
    Pool* pool_;
    std::unique_ptr<Connection> connection_;
  };

  // Connects lazily, at most `size` connections (at least one).
  Pool(std::string conninfo, std::size_t size);
  ~Pool();

  // Waits while all connections are leased. Throws ConnectionError when a
  // new connection cannot be made.
  Lease lease();
  const std::string& conninfo() const { return conninfo_; }

 private:
  void give_back(std::unique_ptr<Connection> connection);

  const std::string conninfo_;
  const std::size_t size_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<Connection>> idle_;
  std::size_t open_ = 0;  // idle and leased
};

}  // namespace brethren::persistence::postgres
