#include "server/net/drain.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

namespace brethren::server {

Drain::Drain(Services& services, std::function<void(std::string)> stop)
    : services_(services), stop_(std::move(stop)), timer_(boost::asio::make_strand(services.io)) {}

Drain::Started Drain::start(std::chrono::duration<double> grace, std::string_view requested_by) {
  const auto now = std::chrono::steady_clock::now();
  const auto deadline = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(grace);
  bool first = false;
  std::chrono::steady_clock::time_point kept;
  {
    std::lock_guard lock(mutex_);
    first = !deadline_;
    if (first || deadline < *deadline_) deadline_ = deadline;
    kept = *deadline_;
  }
  const Started started{std::chrono::duration<double>(kept - now).count(), services_.metrics.live_matches.load()};
  if (first) {
    services_.draining = true;
    services_.metrics.draining = 1;
    spdlog::info("draining ({}): no new rooms or matches; {} live matches play on for at most {:.1f} s", requested_by,
                 started.live_matches, started.seconds_left);
    boost::asio::post(timer_.get_executor(), [this] { check(); });
  } else {
    spdlog::info("drain requested again ({}): the deadline is in {:.1f} s", requested_by, started.seconds_left);
  }
  return started;
}

void Drain::check() {
  const std::int64_t live = services_.metrics.live_matches.load();
  std::chrono::steady_clock::time_point deadline;
  {
    std::lock_guard lock(mutex_);
    deadline = *deadline_;
  }
  if (live <= 0) return stop_("drained: no live match left");
  if (std::chrono::steady_clock::now() >= deadline) {
    return stop_("drain deadline reached with " + std::to_string(live) +
                 " live matches: they resume when the server starts again");
  }
  timer_.expires_after(kCheckInterval);
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) check();
  });
}

}  // namespace brethren::server
