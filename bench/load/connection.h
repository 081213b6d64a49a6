// One client WebSocket connection of the load generator: asynchronous Beast
// over a plain TCP socket bound to a chosen 127.0.0.x source address, so that
// one thread can drive tens of thousands of them.
//
// Everything runs on the single thread of the io_context; the connection
// hands every received frame and its end to a FrameSink.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace brethren::bench {

class Connection;

// Binds `socket` (open, not yet connected) to `source` with the port left to
// connect(), so that ports are chosen per 4-tuple and not exhausted early.
void bind_source(boost::asio::ip::tcp::socket& socket, const boost::asio::ip::address& source,
                 boost::system::error_code& ec);

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  virtual void on_open(Connection& c) = 0;
  virtual void on_frame(Connection& c, std::string_view frame, bool text) = 0;
  // Failed to open, or ended (by either side); `error` says why.
  virtual void on_closed(Connection& c, const std::string& error) = 0;
};

class Connection {
 public:
  Connection(boost::asio::io_context& io, std::size_t index, FrameSink& sink);
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Connects from `source` (port chosen by the kernel) and upgrades to a
  // WebSocket on `target`; then reads until closed.
  void open(const boost::asio::ip::tcp::endpoint& server, const boost::asio::ip::address& source,
            std::string target = "/ws");
  // Queues one frame; frames go out in order, one write at a time.
  void send(std::string frame, bool text);
  // Ends the connection at once (no close handshake: the load is over).
  void abort();
  // The largest message read (default 64 MiB); a larger one ends the connection. Before open().
  void set_read_limit(std::size_t bytes) { read_limit_ = bytes; }

  std::size_t index() const { return index_; }
  bool is_open() const { return open_; }

 private:
  void on_connect(boost::beast::error_code ec);
  void on_handshake(boost::beast::error_code ec);
  void read();
  void write_next();
  void fail(const std::string& what, boost::beast::error_code ec);

  struct Outgoing {
    std::string data;
    bool text;
  };

  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  boost::beast::flat_buffer buffer_;
  std::size_t index_;
  FrameSink& sink_;
  std::string host_;
  std::string target_ = "/ws";
  std::size_t read_limit_ = 64 * 1024 * 1024;
  std::deque<Outgoing> queue_;
  bool writing_ = false;
  bool open_ = false;
  bool ended_ = false;
};

}  // namespace brethren::bench
