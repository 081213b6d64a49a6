#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>

#include "server/history_http.h"
#include "server/room_directory.h"
#include "server/session_registry.h"
#include "server/version.h"
#include "server/ws_session.h"

namespace brethren::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, Services& services, RoomDirectory& rooms,
                         SessionRegistry& sessions)
    : stream_(std::move(socket)), services_(services), rooms_(rooms), sessions_(sessions) {}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read, shared_from_this()));
}

void HttpSession::read() {
  request_ = {};
  stream_.expires_after(std::chrono::seconds(30));
  http::async_read(stream_, buffer_, request_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void HttpSession::on_read(beast::error_code ec) {
  if (ec) {
    beast::error_code ignored;
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  if (beast::websocket::is_upgrade(request_)) {
    if (request_.target() == "/ws") {
      std::make_shared<WsSession>(std::move(stream_), services_, rooms_, sessions_)->run(std::move(request_));
      return;
    }
  }
  if (request_.method() == http::verb::get && is_match_history_target(request_.target())) {
    serve_match_history(services_, request_, [self = shared_from_this()](HistoryResponse answer) {
      asio::post(self->stream_.get_executor(), [self, answer = std::move(answer)] {
        auto res = self->new_response();
        res->result(static_cast<http::status>(answer.http_status));
        res->set(http::field::content_type, "application/json");
        res->body() = std::move(answer.json);
        self->send(std::move(res));
      });
    });
    return;
  }
  respond();
}

std::shared_ptr<http::response<http::string_body>> HttpSession::new_response() const {
  auto res = std::make_shared<http::response<http::string_body>>();
  res->version(request_.version());
  res->keep_alive(request_.keep_alive());
  res->set(http::field::server, kServerName);
  return res;
}

void HttpSession::respond() {
  auto res = new_response();
  const auto target = request_.target();
  if (request_.method() == http::verb::get && target == "/healthz") {
    res->result(http::status::ok);
    res->set(http::field::content_type, "application/json");
    res->body() = std::string("{\"status\":\"") + (services_.shutting_down ? "stopping" : "ok") +
                  "\",\"version\":\"" + kServerVersion +
                  "\",\"connections\":" + std::to_string(services_.metrics.connections_open.load()) +
                  ",\"rooms\":" + std::to_string(services_.metrics.rooms.load()) +
                  ",\"liveMatches\":" + std::to_string(services_.metrics.live_matches.load()) + "}";
  } else if (request_.method() == http::verb::get && target == "/metrics") {
    res->result(http::status::ok);
    res->set(http::field::content_type, "text/plain; version=0.0.4");
    res->body() = services_.metrics.prometheus_text();
  } else if (target == "/ws") {
    res->result(http::status::upgrade_required);
    res->set(http::field::content_type, "application/json");
    res->body() = "{\"error\":\"connect with a WebSocket client\"}";
  } else {
    res->result(http::status::not_found);
    res->set(http::field::content_type, "application/json");
    res->body() = "{\"error\":\"not found\"}";
  }
  send(std::move(res));
}

void HttpSession::send(std::shared_ptr<http::response<http::string_body>> res) {
  res->prepare_payload();
  http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
    if (ec || !res->keep_alive()) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
      return;
    }
    self->read();
  });
}

}  // namespace brethren::server
