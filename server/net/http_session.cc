#include "server/net/http_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>

#include "server/net/admin_http.h"
#include "server/net/connection_limits.h"
#include "server/net/history_http.h"
#include "server/net/metrics_access.h"
#include "server/net/players_http.h"
#include "server/room/room_directory.h"
#include "server/net/session_registry.h"
#include "server/net/static_files.h"
#include "server/base/version.h"
#include "server/net/ws_target.h"
#include "server/net/ws_session.h"

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

// A PROXY protocol v1 line is at most 107 bytes, CRLF included.
constexpr std::size_t kMaxProxyLine = 107;
// A response may be large (the client's bundle) and the client slow: a
// 1 MB file at 200 kbit/s takes 40 s.
constexpr std::chrono::seconds kWriteTimeout{60};
// After refusing a request, what the client still sends is read and dropped
// for a moment (at most this much), so that closing with unread input does
// not reset the connection before the client has read the refusal.
constexpr std::chrono::seconds kLingerTime{1};
constexpr std::size_t kLingerBytes = 1024 * 1024;
// The read buffer is shrunk back after a request that grew it past this.
constexpr std::size_t kKeptBufferBytes = 16 * 1024;

bool is_api_path(std::string_view target) {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  return path == "/ws" || path == "/healthz" || path == "/metrics" || path == "/api" || path.starts_with("/api/") ||
         AdminApi::is_admin_target(target);
}

std::chrono::steady_clock::duration seconds(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
}

std::string json_error(std::string_view message) { return "{\"error\":\"" + std::string(message) + "\"}"; }

}  // namespace

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, HttpContext context, std::shared_ptr<ConnectionSlot> slot)
    : stream_(std::move(socket)),
      buffer_(context.services.config.max_http_header_bytes + 64 * 1024),
      context_(context),
      slot_(std::move(slot)) {}

void HttpSession::run() {
  beast::error_code ignored;
  client_ip_ = stream_.socket().remote_endpoint(ignored).address();
  client_address_ = client_ip_.to_string();
  asio::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    if (self->context_.expect_proxy_line) {
      self->stream_.expires_after(seconds(self->context_.services.config.http_header_timeout));
      self->read_proxy_line();
    } else {
      self->read();
    }
  });
}

void HttpSession::read_proxy_line() {
  stream_.async_read_some(
      buffer_.prepare(kMaxProxyLine - buffer_.size()),
      [self = shared_from_this()](beast::error_code ec, std::size_t bytes) { self->on_proxy_bytes(ec, bytes); });
}

void HttpSession::on_proxy_bytes(beast::error_code ec, std::size_t bytes) {
  if (ec) return close();
  buffer_.commit(bytes);
  const std::string_view data(static_cast<const char*>(buffer_.data().data()), buffer_.size());
  const auto end = data.find("\r\n");
  if (end == std::string_view::npos) {
    if (buffer_.size() >= kMaxProxyLine) return close();
    return read_proxy_line();
  }
  // "PROXY TCP4 <client> <proxy> <client port> <proxy port>", or "PROXY
  // UNKNOWN ..." (the proxy's own health checks: the proxy is the client).
  std::string line(data.substr(0, end));
  buffer_.consume(end + 2);
  std::vector<std::string> words;
  for (std::size_t at = 0; at <= line.size();) {
    const auto space = std::min(line.find(' ', at), line.size());
    words.push_back(line.substr(at, space - at));
    at = space + 1;
  }
  if (words.size() < 2 || words[0] != "PROXY") return close();
  beast::error_code parse_ec;
  auto client = stream_.socket().remote_endpoint(parse_ec).address();
  if (words[1] == "TCP4" || words[1] == "TCP6") {
    if (words.size() != 6) return close();
    client = asio::ip::make_address(words[2], parse_ec);
    if (parse_ec) return close();
  } else if (words[1] != "UNKNOWN") {
    return close();
  }
  client_ip_ = client;
  client_address_ = client.to_string();
  if (slot_->state() == ConnectionSlot::State::kAdmitted) context_.limits.bind_address(*slot_, client);
  if (slot_->state() == ConnectionSlot::State::kCloseNow) return close();
  read();
}

void HttpSession::read() {
  const auto& config = context_.services.config;
  if (buffer_.size() == 0 && buffer_.capacity() > kKeptBufferBytes) buffer_.shrink_to_fit();
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(config.max_http_header_bytes));
  parser_->body_limit(config.max_http_body_bytes);
  const auto now = std::chrono::steady_clock::now();
  request_deadline_ = now + seconds(config.http_request_timeout);
  stream_.expires_at(std::min(now + seconds(config.http_header_timeout), request_deadline_));
  http::async_read_header(stream_, buffer_, *parser_,
                          [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
}

void HttpSession::on_header(beast::error_code ec) {
  if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
    return refuse(http::status::request_header_fields_too_large, "the request header is too large");
  }
  if (ec == http::error::body_limit) return refuse(http::status::payload_too_large, "the request body is too large");
  if (ec) {
    // A malformed request gets a 400; a timeout or a closed connection, nothing.
    const bool parse_error = ec.category() == beast::error_code(http::error::bad_target).category();
    if (parse_error && ec != http::error::end_of_stream && ec != http::error::partial_message) {
      return refuse(http::status::bad_request, "malformed request");
    }
    return close();
  }
  if (slot_->state() != ConnectionSlot::State::kAdmitted) {
    return refuse(http::status::service_unavailable, "the server is at its connection limit: try again later");
  }
  const auto method = parser_->get().method();
  const bool has_body = parser_->chunked() || parser_->content_length().value_or(0) > 0;
  if (has_body && (method == http::verb::get || method == http::verb::head)) {
    return refuse(http::status::bad_request, "GET and HEAD requests take no body");
  }
  if (has_body) {
    stream_.expires_at(request_deadline_);
    return http::async_read(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_body(ec); });
  }
  on_body({});
}

void HttpSession::on_body(beast::error_code ec) {
  if (ec == http::error::body_limit) return refuse(http::status::payload_too_large, "the request body is too large");
  if (ec) return close();
  stream_.expires_never();
  request_ = parser_->release();
  parser_.reset();
  // No endpoint reads a body: none is kept while the request is answered.
  request_.body().clear();
  request_.body().shrink_to_fit();
  route();
}

void HttpSession::route() {
  if (beast::websocket::is_upgrade(request_) && is_ws_target(request_.target())) {
    // The connection's slot is given back when the WebSocket session ends.
    std::shared_ptr<WsSession> ws(
        new WsSession(std::move(stream_), context_.services, context_.rooms, context_.sessions),
        [slot = slot_](WsSession* session) mutable {
          delete session;
          slot.reset();
        });
    ws->run(std::move(request_), client_address_);
    return;
  }
  const bool get_or_head = request_.method() == http::verb::get || request_.method() == http::verb::head;
  if (get_or_head && (is_match_history_target(request_.target()) || is_players_target(request_.target()))) {
    auto serve = is_players_target(request_.target()) ? &serve_players : &serve_match_history;
    serve(context_.services, request_, [self = shared_from_this()](HistoryResponse answer) {
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
  if (AdminApi::is_admin_target(request_.target())) return serve_admin();
  respond();
}

void HttpSession::serve_admin() {
  const auto authorization = request_.find(http::field::authorization);
  // Answered at once, or (a backup) from the backups' thread once taken.
  context_.admin.handle(std::string_view(request_.method_string()), request_.target(),
                        authorization == request_.end() ? std::string_view() : std::string_view(authorization->value()),
                        [self = shared_from_this()](AdminReply answer) {
                          asio::post(self->stream_.get_executor(), [self, answer = std::move(answer)] {
                            auto res = self->new_response();
                            res->result(static_cast<http::status>(answer.status));
                            res->set(http::field::content_type, "application/json");
                            res->set(http::field::cache_control, "no-store");
                            if (answer.ask_for_token) res->set(http::field::www_authenticate, "Bearer");
                            res->body() = answer.json;
                            self->send(std::move(res));
                          });
                        });
}

void HttpSession::serve_metrics(StringResponse& res) {
  const auto authorization = request_.find(http::field::authorization);
  const auto verdict =
      metrics_verdict(context_.metrics_token, client_ip_,
                      authorization == request_.end() ? std::string_view() : std::string_view(authorization->value()));
  if (verdict == MetricsVerdict::kServe) {
    res.result(http::status::ok);
    res.set(http::field::cache_control, "no-store");
    res.set(http::field::content_type, "text/plain; version=0.0.4");
    res.body() = context_.services.metrics.prometheus_text();
    return;
  }
  res.set(http::field::content_type, "application/json");
  if (verdict == MetricsVerdict::kAskForToken) {
    res.result(http::status::unauthorized);
    res.set(http::field::cache_control, "no-store");
    res.set(http::field::www_authenticate, "Bearer");
    res.body() = json_error("/metrics needs the metrics bearer token (Authorization: Bearer ...)");
  } else {
    // The very reply of a path that does not exist: nothing says it is there.
    res.result(http::status::not_found);
    res.body() = json_error("not found");
  }
}

std::shared_ptr<HttpSession::StringResponse> HttpSession::new_response() const {
  auto res = std::make_shared<StringResponse>();
  res->version(request_.version());
  res->keep_alive(request_.keep_alive());
  res->set(http::field::server, kServerName);
  return res;
}

void HttpSession::refuse(http::status status, std::string_view message) {
  close_after_response_ = true;
  if (parser_) {
    // Only the request line and header are known (if they were read).
    request_ = {};
    if (parser_->is_header_done()) {
      request_.method(parser_->get().method());
      request_.version(parser_->get().version());
    }
  }
  auto res = new_response();
  res->result(status);
  res->keep_alive(false);
  res->set(http::field::content_type, "application/json");
  if (status == http::status::service_unavailable) res->set(http::field::retry_after, "10");
  res->body() = json_error(message);
  send(std::move(res));
}

void HttpSession::respond() {
  auto res = new_response();
  const auto target = request_.target();
  const bool get_or_head = request_.method() == http::verb::get || request_.method() == http::verb::head;
  if (!is_api_path(target)) return serve_static();
  auto& metrics = context_.services.metrics;
  if (get_or_head && target == "/healthz") {
    // Draining: 503, so that a proxy sends new rooms elsewhere (a room's own
    // route accepts "draining": docker/cluster/haproxy.cfg).
    const bool draining = context_.services.draining && !context_.services.shutting_down;
    res->result(draining ? http::status::service_unavailable : http::status::ok);
    res->set(http::field::content_type, "application/json");
    res->body() = std::string("{\"status\":\"") +
                  (context_.services.shutting_down ? "stopping"
                   : draining                      ? "draining"
                                                   : "ok") +
                  "\",\"draining\":" + (context_.services.draining ? "true" : "false") + ",\"version\":\"" +
                  kServerVersion + "\",\"connections\":" + std::to_string(metrics.connections_open.load()) +
                  ",\"rooms\":" + std::to_string(metrics.rooms.load()) +
                  ",\"liveMatches\":" + std::to_string(metrics.live_matches.load()) + "," +
                  metrics.unrestorable.healthz_fields() + "}";
  } else if (get_or_head && target == "/metrics") {
    serve_metrics(*res);
  } else if (is_ws_target(target)) {
    res->result(http::status::upgrade_required);
    res->set(http::field::content_type, "application/json");
    res->body() = json_error("connect with a WebSocket client");
  } else {
    res->result(http::status::not_found);
    res->set(http::field::content_type, "application/json");
    res->body() = json_error("not found");
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
  auto file = context_.static_files.find(request_.target(), gzip_ok);
  if (!file) {
    auto res = new_response();
    if (!context_.static_files.available() && is_client_route(request_.target())) {
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
  if (close_after_response_) res->keep_alive(false);
  stream_.expires_after(kWriteTimeout);
  http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
    if (ec) return self->close();
    if (self->close_after_response_) return self->linger();
    if (!res->keep_alive()) return self->close();
    self->read();
  });
}

void HttpSession::close() {
  beast::error_code ignored;
  stream_.expires_never();
  stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
}

void HttpSession::linger() {
  close();
  buffer_.clear();
  buffer_.shrink_to_fit();
  stream_.expires_after(kLingerTime);
  drain(kLingerBytes);
}

void HttpSession::drain(std::size_t budget) {
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this(), budget](beast::error_code ec, std::size_t bytes) {
                            if (ec || bytes >= budget) return;
                            self->drain(budget - bytes);
                          });
}

}  // namespace brethren::server
