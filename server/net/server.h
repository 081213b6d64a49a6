// The server process: worker threads, the listener, shutdown on signals.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <thread>
#include <vector>

#include "server/net/accept_backoff.h"
#include "server/net/connection_limits.h"
#include "server/room/room_directory.h"
#include "server/room/services.h"
#include "server/net/session_registry.h"
#include "server/net/static_files.h"

namespace brethren::server {

class Server {
 public:
  explicit Server(Services& services);
  // Binds and starts accepting; returns the bound port (useful with port 0).
  std::uint16_t listen();
  // Runs worker threads until SIGINT/SIGTERM, then shuts down gracefully.
  void run_until_signal();
  RoomDirectory& rooms() { return rooms_; }
  const StaticFiles& static_files() const { return static_files_; }

 private:
  void accept();
  void start_session(boost::asio::ip::tcp::socket socket);
  void shutdown();

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
};

}  // namespace brethren::server
