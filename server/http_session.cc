#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>

#include "server/history_http.h"
#include "server/room_directory.h"
#include "server/session_registry.h"
#include "server/static_files.h"
#include "server/version.h"
#include "server/ws_session.h"

namespace brethren::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr std::string_view kClientNotBuilt =
    "<!doctype html><meta charset=utf-8><title>Brethren</title>\n"
    "<p>The Brethren server is running, but its browser client is not built or not found.\n"
    "<p>Build it with <code>npm --prefix web ci &amp;&amp; npm --prefix web run build</code>, then rebuild the server "
    "(it copies <code>web/dist</code> beside its binary) or start it with <code>--web-root web/dist</code>.\n"
    "<p>Game clients connect to <code>/ws</code>.\n";

bool is_api_path(std::string_view target) {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  return path == "/ws" || path == "/healthz" || path == "/metrics" || path == "/api" || path.starts_with("/api/");
}

}  // namespace

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, Services& services, RoomDirectory& rooms,
                         SessionRegistry& sessions, const StaticFiles& static_files)
    : stream_(std::move(socket)),
      services_(services),
      rooms_(rooms),
      sessions_(sessions),
      static_files_(static_files) {}

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
  const bool get_or_head = request_.method() == http::verb::get || request_.method() == http::verb::head;
  if (get_or_head && is_match_history_target(request_.target())) {
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
  const bool get_or_head = request_.method() == http::verb::get || request_.method() == http::verb::head;
  if (!is_api_path(target)) return serve_static();
  if (get_or_head && target == "/healthz") {
    res->result(http::status::ok);
    res->set(http::field::content_type, "application/json");
    res->body() = std::string("{\"status\":\"") + (services_.shutting_down ? "stopping" : "ok") +
                  "\",\"version\":\"" + kServerVersion +
                  "\",\"connections\":" + std::to_string(services_.metrics.connections_open.load()) +
                  ",\"rooms\":" + std::to_string(services_.metrics.rooms.load()) +
                  ",\"liveMatches\":" + std::to_string(services_.metrics.live_matches.load()) + "}";
  } else if (get_or_head && target == "/metrics") {
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

void HttpSession::serve_static() {
  const bool get_or_head = request_.method() == http::verb::get || request_.method() == http::verb::head;
  if (!get_or_head) {
    auto res = new_response();
    res->result(http::status::method_not_allowed);
    res->set(http::field::allow, "GET, HEAD");
    res->set(http::field::content_type, "application/json");
    res->body() = "{\"error\":\"only GET and HEAD\"}";
    return send(std::move(res));
  }
  const auto accept_encoding = request_.find(http::field::accept_encoding);
  const bool gzip_ok = accept_encoding != request_.end() && accepts_gzip(accept_encoding->value());
  auto file = static_files_.find(request_.target(), gzip_ok);
  if (!file) {
    auto res = new_response();
    if (!static_files_.available() && is_client_route(request_.target())) {
      res->result(http::status::ok);
      res->set(http::field::content_type, "text/html; charset=utf-8");
      res->set(http::field::cache_control, "no-cache");
      res->body() = std::string(kClientNotBuilt);
    } else {
      res->result(http::status::not_found);
      res->set(http::field::content_type, "application/json");
      res->body() = "{\"error\":\"not found\"}";
    }
    return send(std::move(res));
  }
  auto set_common = [&file](auto& res) {
    res.set(http::field::etag, file->etag);
    res.set(http::field::cache_control, file->cache_control);
    if (file->compressible) res.set(http::field::vary, "Accept-Encoding");
    res.set("X-Content-Type-Options", "nosniff");
    // Room codes are in client URLs (/r/CODE): never in a Referer elsewhere.
    res.set("Referrer-Policy", "same-origin");
    res.set("X-Frame-Options", "DENY");
  };
  const auto if_none_match = request_.find(http::field::if_none_match);
  if (if_none_match != request_.end() && etag_matches(if_none_match->value(), file->etag)) {
    auto res = std::make_shared<http::response<http::empty_body>>(http::status::not_modified, request_.version());
    res->keep_alive(request_.keep_alive());
    res->set(http::field::server, kServerName);
    set_common(*res);
    return write(std::move(res));
  }
  beast::file body_file;
  body_file.native_handle(file->release());
  auto res = std::make_shared<http::response<http::file_body>>(http::status::ok, request_.version());
  beast::error_code ec;
  res->body().reset(std::move(body_file), ec);
  if (ec) {
    auto error = new_response();
    error->result(http::status::internal_server_error);
    error->set(http::field::content_type, "application/json");
    error->body() = "{\"error\":\"the file cannot be read\"}";
    return send(std::move(error));
  }
  res->keep_alive(request_.keep_alive());
  res->set(http::field::server, kServerName);
  res->set(http::field::content_type, file->content_type);
  if (file->gzip) res->set(http::field::content_encoding, "gzip");
  set_common(*res);
  send(std::move(res));
}

template <class Body>
void HttpSession::send(std::shared_ptr<http::response<Body>> res) {
  res->prepare_payload();
  if (request_.method() == http::verb::head) {
    // The same header, Content-Length included, and no body.
    return write(std::make_shared<http::response<http::empty_body>>(std::move(res->base())));
  }
  write(std::move(res));
}

template <class Body>
void HttpSession::write(std::shared_ptr<http::response<Body>> res) {
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
