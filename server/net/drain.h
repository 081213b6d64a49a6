// Drain (issue #26, item 4; docs/operations.md): the node takes no new rooms
// or matches (Services::draining; /healthz says "draining" with 503, so the
// proxy sends new rooms to other nodes while a room's players keep their
// route), its live matches play on until they end or the deadline, then the
// server stops and recovery resumes whatever is left on the next start.
// Started by SIGTERM (with --drain-grace), SIGUSR1 or POST /admin/drain.
// Thread-safe.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "server/room/services.h"

namespace brethren::server {

class Drain {
 public:
  // `stop` is called once, on the event loop, with the reason in words.
  Drain(Services& services, std::function<void(std::string reason)> stop);

  struct Started {
    double seconds_left = 0;  // until the deadline
    std::int64_t live_matches = 0;
  };
  // Starts draining with a deadline `grace` from now; a drain already under
  // way keeps the earlier of the two deadlines.
  Started start(std::chrono::duration<double> grace, std::string_view requested_by);

 private:
  void check();

  Services& services_;
  std::function<void(std::string)> stop_;
  // How often the live matches are counted while draining: the stop comes
  // at most this late after the last match ends.
  static constexpr std::chrono::milliseconds kCheckInterval{100};
  boost::asio::steady_timer timer_;  // on its own strand
  std::mutex mutex_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;  // under mutex_
};

}  // namespace brethren::server
