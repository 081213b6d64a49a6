// A real WebSocket client for tests, tools and benchmarks: Beast over TCP, speaking the
// protocol in binary Protobuf or JSON, keeping every raw frame it received.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "brethren/v1/protocol.pb.h"
#include "server/protocol/codec.h"

namespace brethren::client {

using namespace std::chrono_literals;

struct RawFrame {
  std::string bytes;
  bool text = false;
};

class WsClient {
 public:
  // `target`: the upgrade's request target; a cluster's clients name the
  // room for the proxy, "/ws?room=CODE" (docs/scaling.md).
  WsClient(std::uint16_t port, server::Encoding encoding = server::Encoding::kBinary,
           const std::string& host = "127.0.0.1", const std::string& target = "/ws");
  ~WsClient();

  server::Encoding encoding() const { return encoding_; }
  // The encoding of the frames it sends from now on (the server answers in
  // the encoding of the last frame it received).
  void set_encoding(server::Encoding encoding) { encoding_ = encoding; }

  // Sends a request with the next request id (returned).
  std::uint64_t send(v1::ClientMessage message);
  // Sends raw bytes as one frame.
  void send_raw(const std::string& bytes, bool text);
  // Sends and waits for the reply with the same request id; pushes that
  // arrive meanwhile are kept for next()/wait_for().
  v1::ServerMessage request(v1::ClientMessage message, std::chrono::milliseconds timeout = 5s);

  // The next message (kept pushes first), or nullopt on timeout or close.
  std::optional<v1::ServerMessage> next(std::chrono::milliseconds timeout = 5s);
  // Reads until a message satisfies `pred` (kept messages are searched
  // first and the others stay kept); nullopt on timeout.
  std::optional<v1::ServerMessage> wait_for(const std::function<bool(const v1::ServerMessage&)>& pred,
                                            std::chrono::milliseconds timeout = 5s);
  // The latest MatchUpdate at or after `version`, consuming messages.
  std::optional<v1::MatchUpdate> wait_for_version(std::uint64_t version, std::chrono::milliseconds timeout = 5s);

  // True once the server closed the connection; the close code it sent.
  bool closed() const { return closed_; }
  std::uint16_t close_code() const { return close_code_; }
  // Reads until the connection closes (or timeout); true if it closed.
  bool wait_closed(std::chrono::milliseconds timeout = 5s);

  const std::vector<RawFrame>& frames() const { return frames_; }
  std::uint64_t last_request_id() const { return next_id_ - 1; }
  void set_next_request_id(std::uint64_t id) { next_id_ = id; }

 private:
  std::optional<RawFrame> read_frame(std::chrono::milliseconds timeout);

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  server::Encoding encoding_;
  std::uint64_t next_id_ = 1;
  std::deque<v1::ServerMessage> kept_;
  std::vector<RawFrame> frames_;
  boost::beast::flat_buffer buffer_;
  bool reading_ = false;
  bool read_done_ = false;
  boost::beast::error_code read_ec_;
  bool closed_ = false;
  std::uint16_t close_code_ = 0;
};

// Simple HTTP GET against the server; returns {status, body}.
std::pair<int, std::string> http_get(std::uint16_t port, const std::string& target,
                                     const std::string& host = "127.0.0.1");

}  // namespace brethren::client
