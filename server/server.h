// The server process: worker threads, the listener, shutdown on signals.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <memory>
#include <thread>
#include <vector>

#include "server/room_directory.h"
#include "server/services.h"
#include "server/session_registry.h"
#include "server/static_files.h"

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
  void shutdown();

  Services& services_;
  RoomDirectory rooms_;
  SessionRegistry sessions_;
  const StaticFiles static_files_;
  boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace brethren::server
