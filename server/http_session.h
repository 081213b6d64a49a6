// A plain HTTP connection: serves /healthz, /metrics, the match history
// (/api/matches/{id}) and the browser client's files (StaticFiles), and hands
// a WebSocket upgrade of /ws to a WsSession.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>

#include "server/services.h"

namespace brethren::server {

class RoomDirectory;
class SessionRegistry;
class StaticFiles;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, Services& services, RoomDirectory& rooms,
              SessionRegistry& sessions, const StaticFiles& static_files);
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec);
  void respond();
  void serve_static();
  std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> new_response() const;
  // Any body type; for HEAD only the header goes out.
  template <class Body>
  void send(std::shared_ptr<boost::beast::http::response<Body>> res);
  template <class Body>
  void write(std::shared_ptr<boost::beast::http::response<Body>> res);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  boost::beast::http::request<boost::beast::http::string_body> request_;
  Services& services_;
  RoomDirectory& rooms_;
  SessionRegistry& sessions_;
  const StaticFiles& static_files_;
};

}  // namespace brethren::server
