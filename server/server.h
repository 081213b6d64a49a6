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

namespace brethren::server {

class Server {
 public:
  explicit Server(Services& services);
  // Binds and starts accepting; returns the bound port (useful with port 0).
  std::uint16_t listen();
  // Runs worker threads until SIGINT/SIGTERM, then shuts down gracefully.
  void run_until_signal();
  RoomDirectory& rooms() { return rooms_; }

 private:
  void accept();
  void shutdown();

  Services& services_;
  RoomDirectory rooms_;
  SessionRegistry sessions_;
  boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace brethren::server
