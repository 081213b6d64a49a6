// The server process: worker threads, the listener, shutdown on signals.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/net/accept_backoff.h"
#include "server/net/admin_http.h"
#include "server/net/drain.h"
#include "server/net/connection_limits.h"
#include "server/room/room_directory.h"
#include "server/room/services.h"
#include "server/net/session_registry.h"
#include "server/net/static_files.h"

namespace brethren::server {

class Server {
 public:
  // `admin_token`: the bearer token of /admin/ (empty: no admin endpoints).
  // `metrics_token`: the bearer token of GET /metrics (empty: loopback
  // clients only; server/net/metrics_access.h).
  explicit Server(Services& services, std::string admin_token = {}, std::string metrics_token = {});
  // Binds and starts accepting; returns the bound port (useful with port 0).
  std::uint16_t listen();
  // Runs worker threads until the server stops, then shuts down gracefully.
  // SIGINT stops at once; SIGTERM drains for --drain-grace seconds first (0:
  // stops at once); SIGUSR1 and POST /admin/drain drain (server/net/drain.h).
  void run_until_signal();
  RoomDirectory& rooms() { return rooms_; }
  AdminApi& admin() { return admin_; }
  const StaticFiles& static_files() const { return static_files_; }

 private:
  void accept();
  void start_session(boost::asio::ip::tcp::socket socket);
  void shutdown();
  void on_signal(int signal);
  void wait_for_signal();
  // Ends run_until_signal's wait (the first call wins).
  void request_stop(std::string reason);

  Services& services_;
  RoomDirectory rooms_;
  SessionRegistry sessions_;
  const StaticFiles static_files_;
  ConnectionLimits limits_;
  const AddressRanges trusted_proxies_;
  boost::asio::ip::tcp::acceptor acceptor_;
  // The accept loop's state; used on the acceptor's strand only.
  boost::asio::steady_timer accept_retry_;
  AcceptBackoff accept_backoff_;
  LogThrottle refusal_log_{std::chrono::seconds(10)};
  boost::asio::signal_set signals_;
  Drain drain_;
  AdminApi admin_;
  const BearerToken metrics_token_;
  std::once_flag stop_once_;
  std::promise<std::string> stop_;
};

}  // namespace brethren::server
