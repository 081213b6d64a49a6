// A plain HTTP connection: serves /healthz, /metrics and the match history
// (/api/matches/{id}), and hands a WebSocket upgrade of /ws to a WsSession.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>

#include "server/services.h"

namespace brethren::server {

class RoomDirectory;
class SessionRegistry;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, Services& services, RoomDirectory& rooms,
              SessionRegistry& sessions);
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec);
  void respond();
  std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> new_response() const;
  void send(std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> res);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  boost::beast::http::request<boost::beast::http::string_body> request_;
  Services& services_;
  RoomDirectory& rooms_;
  SessionRegistry& sessions_;
};

}  // namespace brethren::server
