// The worker thread of the match history API (history_http.cc): store reads
// and replays run here, never on the network threads. Services owns it, so
// it is joined before the store and the games its tasks read are destroyed
// (a function-local static pool used to outlive them: a look-up still
// running at exit read a destroyed store).
#pragma once

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <utility>

namespace brethren::server {

class HistoryPool {
 public:
  // One thread is plenty: history look-ups are rare.
  HistoryPool() : pool_(1) {}
  ~HistoryPool() { join(); }
  HistoryPool(const HistoryPool&) = delete;
  HistoryPool& operator=(const HistoryPool&) = delete;

  template <class Fn>
  void post(Fn fn) {
    boost::asio::post(pool_, std::move(fn));
  }
  // Runs what is queued to its end and stops the thread; tasks posted later
  // are dropped unrun. Idempotent.
  void join() { pool_.join(); }

 private:
  boost::asio::thread_pool pool_;
};

}  // namespace brethren::server
