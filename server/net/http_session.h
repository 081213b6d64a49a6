// A plain HTTP connection: serves /healthz, /metrics, the match history
// (/api/matches/{id}) and the browser client's files (StaticFiles), and hands
// a WebSocket upgrade of /ws to a WsSession.
//
// Hostile input is bounded (docs/security.md): a request's header must fit in
// --max-http-header-bytes (else 431) and arrive within --http-header-timeout,
// the whole request within --http-request-timeout; GET and HEAD take no body
// (400) and no endpoint takes one larger than --max-http-body-bytes (413).
// Bodies are never kept; the read buffer is bounded by those limits and
// shrunk after a large request.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <optional>

#include "server/room/services.h"

namespace brethren::server {

class RoomDirectory;
class SessionRegistry;
class StaticFiles;
class ConnectionSlot;
class ConnectionLimits;
class AdminApi;
class BearerToken;

// What a connection needs besides the shared Services.
struct HttpContext {
  Services& services;
  RoomDirectory& rooms;
  SessionRegistry& sessions;
  const StaticFiles& static_files;
  ConnectionLimits& limits;
  AdminApi& admin;
  const BearerToken& metrics_token;  // not configured: /metrics for loopback clients only
  // Set when the peer is a trusted proxy: a PROXY protocol v1 line comes first.
  bool expect_proxy_line = false;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, HttpContext context, std::shared_ptr<ConnectionSlot> slot);
  void run();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using StringResponse = boost::beast::http::response<boost::beast::http::string_body>;

  void read_proxy_line();
  void on_proxy_bytes(boost::beast::error_code ec, std::size_t bytes);
  void read();
  void on_header(boost::beast::error_code ec);
  void on_body(boost::beast::error_code ec);
  void route();
  void respond();
  void serve_admin();
  void serve_metrics(StringResponse& res);
  void serve_static();
  void refuse(boost::beast::http::status status, std::string_view message);
  std::shared_ptr<StringResponse> new_response() const;
  // Any body type; for HEAD only the header goes out.
  template <class Body>
  void send(std::shared_ptr<boost::beast::http::response<Body>> res);
  template <class Body>
  void write(std::shared_ptr<boost::beast::http::response<Body>> res);
  // Half-closes the connection (no lingering).
  void close();
  // After a refusal: half-closes, then reads and drops what the client still
  // sends, for a moment, so the refusal is not lost to a reset.
  void linger();
  void drain(std::size_t budget);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  Request request_;
  std::chrono::steady_clock::time_point request_deadline_;
  HttpContext context_;
  std::shared_ptr<ConnectionSlot> slot_;
  // The client's address: the peer's, or the one a trusted proxy names
  // (per-address room quotas and logs use it).
  std::string client_address_;
  boost::asio::ip::address client_ip_;  // the same, for /metrics' loopback check
  bool close_after_response_ = false;
};

}  // namespace brethren::server
