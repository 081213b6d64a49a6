#include "tools/client/ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <stdexcept>

namespace brethren::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

WsClient::WsClient(std::uint16_t port, server::Encoding encoding, const std::string& host, const std::string& target)
    : ws_(io_), encoding_(encoding) {
  tcp::resolver resolver(io_);
  beast::get_lowest_layer(ws_).connect(resolver.resolve(host, std::to_string(port)));
  ws_.handshake(host + ":" + std::to_string(port), target);
  ws_.read_message_max(64 * 1024 * 1024);
}

WsClient::~WsClient() {
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

std::uint64_t WsClient::send(v1::ClientMessage message) {
  if (message.request_id() == 0) message.set_request_id(next_id_);
  next_id_ = std::max(next_id_, message.request_id() + 1);
  send_raw(server::encode_client_message(message, encoding_), encoding_ == server::Encoding::kJson);
  return message.request_id();
}

void WsClient::send_raw(const std::string& bytes, bool text) {
  ws_.text(text);
  beast::error_code ec;
  ws_.write(asio::buffer(bytes), ec);
}

std::optional<RawFrame> WsClient::read_frame(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  if (!reading_) {
    reading_ = true;
    read_done_ = false;
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
      read_done_ = true;
      read_ec_ = ec;
    });
  }
  io_.restart();
  io_.run_for(timeout);
  if (!read_done_) return std::nullopt;
  reading_ = false;
  if (read_ec_) {
    closed_ = true;
    close_code_ = static_cast<std::uint16_t>(ws_.reason().code);
    return std::nullopt;
  }
  RawFrame frame{beast::buffers_to_string(buffer_.data()), ws_.got_text()};
  buffer_.consume(buffer_.size());
  frames_.push_back(frame);
  return frame;
}

std::optional<v1::ServerMessage> WsClient::next(std::chrono::milliseconds timeout) {
  if (!kept_.empty()) {
    auto m = std::move(kept_.front());
    kept_.pop_front();
    return m;
  }
  auto frame = read_frame(timeout);
  if (!frame) return std::nullopt;
  v1::ServerMessage m;
  if (!server::decode_server_message(frame->bytes, frame->text ? server::Encoding::kJson : server::Encoding::kBinary,
                                     m)) {
    throw std::runtime_error("the server sent a frame that is not a ServerMessage");
  }
  return m;
}

std::optional<v1::ServerMessage> WsClient::wait_for(const std::function<bool(const v1::ServerMessage&)>& pred,
                                                    std::chrono::milliseconds timeout) {
  for (auto it = kept_.begin(); it != kept_.end(); ++it) {
    if (pred(*it)) {
      auto m = std::move(*it);
      kept_.erase(it);
      return m;
    }
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::deque<v1::ServerMessage> skipped;
  std::optional<v1::ServerMessage> found;
  while (!found) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto frame = read_frame(left);
    if (!frame) break;
    v1::ServerMessage m;
    server::decode_server_message(frame->bytes, frame->text ? server::Encoding::kJson : server::Encoding::kBinary, m);
    if (pred(m)) {
      found = std::move(m);
    } else {
      skipped.push_back(std::move(m));
    }
  }
  for (auto& m : skipped) kept_.push_back(std::move(m));
  return found;
}

v1::ServerMessage WsClient::request(v1::ClientMessage message, std::chrono::milliseconds timeout) {
  const std::uint64_t id = send(std::move(message));
  auto reply = wait_for([id](const v1::ServerMessage& m) { return m.request_id() == id; }, timeout);
  if (!reply) throw std::runtime_error("no reply to request " + std::to_string(id));
  return *reply;
}

std::optional<v1::MatchUpdate> WsClient::wait_for_version(std::uint64_t version, std::chrono::milliseconds timeout) {
  auto m = wait_for(
      [version](const v1::ServerMessage& s) {
        return s.has_match_update() && s.match_update().view().version() >= version;
      },
      timeout);
  if (!m) return std::nullopt;
  // Drop older updates that were kept meanwhile.
  std::deque<v1::ServerMessage> rest;
  for (auto& k : kept_) {
    if (!(k.has_match_update() && k.match_update().view().version() <= version)) rest.push_back(std::move(k));
  }
  kept_ = std::move(rest);
  return m->match_update();
}

bool WsClient::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!closed_ && std::chrono::steady_clock::now() < deadline) {
    auto frame =
        read_frame(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()));
    if (frame) {
      v1::ServerMessage m;
      server::decode_server_message(frame->bytes, frame->text ? server::Encoding::kJson : server::Encoding::kBinary, m);
      kept_.push_back(std::move(m));
    }
  }
  return closed_;
}

std::pair<int, std::string> http_get(std::uint16_t port, const std::string& target, const std::string& host) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  tcp::resolver resolver(io);
  stream.connect(resolver.resolve(host, std::to_string(port)));
  beast::http::request<beast::http::string_body> req(beast::http::verb::get, target, 11);
  req.set(beast::http::field::host, host);
  beast::http::write(stream, req);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> res;
  beast::http::read(stream, buffer, res);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return {static_cast<int>(res.result_int()), res.body()};
}

}  // namespace brethren::client
