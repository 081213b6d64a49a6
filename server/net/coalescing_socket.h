// The transport under a session's websocket::stream: a TCP socket with at
// most one write in flight, which sends everything written meanwhile in the
// next one.
//
// Why: on loopback and on small VMs the kernel's per-syscall cost dominates
// a move's cost, and a move sends several frames to the mover (the
// acknowledgement and the match update). The session encodes its queued
// frames itself and hands them over in one write_frames() call, which leaves
// in one sendmsg. Beast's own frames (the upgrade response, pongs, idle
// pings, close) come through async_write_some into the same byte queue, so
// frames never interleave even when a write is partial.
//
// The session's frames go straight to the kernel when nothing is queued
// (write_frames); only what the socket's buffer does not take waits for the
// reactor.
//
// Beast's writes complete as soon as their bytes are queued; a write error
// is reported to the next writer. The session's writes complete only once
// their bytes are in the kernel, so a slow client's frames pile up in the
// session's queue. The session's byte bound counts both queues
// (queued_bytes()); a client that does not read even its pongs is dropped.
#pragma once

#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace brethren::server {

class CoalescingSocket {
 public:
  using socket_type = boost::asio::ip::tcp::socket;
  using next_layer_type = socket_type;
  using executor_type = socket_type::executor_type;
  using Done = std::function<void(boost::beast::error_code)>;

  explicit CoalescingSocket(socket_type&& socket) : state_(std::make_shared<State>(std::move(socket))) {}
  CoalescingSocket(CoalescingSocket&&) = default;
  CoalescingSocket& operator=(CoalescingSocket&&) = delete;
  ~CoalescingSocket() {
    // A write still in flight ends now (its handler only holds the state).
    if (state_) {
      boost::beast::error_code ignored;
      state_->socket.close(ignored);
    }
  }

  executor_type get_executor() { return state_->socket.get_executor(); }
  socket_type& next_layer() { return state_->socket; }
  const socket_type& next_layer() const { return state_->socket; }

  template <class MutableBufferSequence, class Token>
  auto async_read_some(const MutableBufferSequence& buffers, Token&& token) {
    return state_->socket.async_read_some(buffers, std::forward<Token>(token));
  }

  // Beast's writes: queued, and complete at once.
  template <class ConstBufferSequence, class Token>
  auto async_write_some(const ConstBufferSequence& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [state = state_](auto handler, const ConstBufferSequence& b) {
          const boost::beast::error_code ec = state->error;
          std::size_t n = 0;
          if (!ec) {
            for (auto it = boost::asio::buffer_sequence_begin(b); it != boost::asio::buffer_sequence_end(b); ++it) {
              const boost::asio::const_buffer buf(*it);
              state->pending.append(static_cast<const char*>(buf.data()), buf.size());
              n += buf.size();
            }
            start_flush(state);
          }
          boost::asio::post(state->socket.get_executor(), boost::beast::bind_front_handler(std::move(handler), ec, n));
        },
        token, buffers);
  }

  // The session's writes: whole frames, `done` once they are in the kernel
  // (or failed). One at a time. True when every byte went into the kernel at
  // once; `done` is then not called.
  bool write_frames(std::string frames, Done done) {
    if (state_->error) {
      boost::asio::post(state_->socket.get_executor(), [done = std::move(done), ec = state_->error] { done(ec); });
      return false;
    }
    if (!state_->flushing && state_->pending.empty()) {
      // Nothing is ahead of these bytes: hand them to the kernel now. A move
      // writes to every seat's socket, and the usual case (room in the
      // socket's buffer) then costs one syscall instead of a reactor
      // operation and a completion through the session's strand.
      const std::size_t sent = send_now(frames);
      if (sent == frames.size()) return true;
      frames.erase(0, sent);
    }
    if (state_->pending.empty()) {
      state_->pending = std::move(frames);  // no copy in the usual case
    } else {
      state_->pending.append(frames);
    }
    state_->waiter = std::move(done);
    state_->waiter_queued = true;
    start_flush(state_);
    return false;
  }

  // Bytes not yet in the kernel: queued, and the write in flight. Counted
  // against the session's send-queue bound (Beast's pongs land here too).
  std::size_t queued_bytes() const { return state_->pending.size() + state_->writing.size(); }

  // Ends the connection at once: what is queued is discarded, the socket
  // closed, every later write fails.
  void drop() {
    state_->error = boost::asio::error::operation_aborted;
    state_->pending.clear();
    state_->waiter_queued = false;
    boost::beast::error_code ignored;
    state_->socket.close(ignored);
  }

  // Runs `fn` with the socket once everything queued has been written (or failed).
  void when_flushed(std::function<void(socket_type&)> fn) {
    if (!state_->flushing) return fn(state_->socket);
    state_->on_flushed.push_back(std::move(fn));
  }

 private:
  struct State {
    explicit State(socket_type&& s) : socket(std::move(s)) {}
    socket_type socket;
    std::string pending;  // queued, not yet handed to the kernel
    std::string writing;  // the write in flight
    boost::beast::error_code error;
    Done waiter;  // the session's write
    // Together, so that the state stays in a 256-byte allocation (idle
    // memory per connection).
    bool flushing = false, waiter_queued = false, waiter_writing = false;
    std::vector<std::function<void(socket_type&)>> on_flushed;
  };

  // Sends what the socket's buffer takes without waiting; 0 on any error
  // (the asynchronous write that follows meets it and reports it).
  std::size_t send_now(const std::string& bytes) {
    boost::beast::error_code ec;
    if (!state_->socket.non_blocking()) state_->socket.non_blocking(true, ec);
    if (ec) return 0;
    const std::size_t sent = state_->socket.send(boost::asio::buffer(bytes), 0, ec);
    return ec ? 0 : sent;
  }

  static void start_flush(const std::shared_ptr<State>& state) {
    if (state->flushing || state->pending.empty()) return;
    state->flushing = true;
    state->writing.clear();
    std::swap(state->writing, state->pending);
    state->waiter_writing = state->waiter_queued;
    state->waiter_queued = false;
    boost::asio::async_write(state->socket, boost::asio::buffer(state->writing),
                             [state](boost::beast::error_code ec, std::size_t) { on_written(state, ec); });
  }

  static void on_written(const std::shared_ptr<State>& state, boost::beast::error_code ec) {
    state->flushing = false;
    if (ec) {
      state->error = ec;
      state->pending.clear();
      state->waiter_queued = false;
    }
    // An idle connection keeps no write buffer (the next write brings its
    // own: write_frames moves it in).
    std::string().swap(state->writing);
    Done done;
    if (state->waiter_writing || (ec && state->waiter)) {
      state->waiter_writing = false;
      done = std::move(state->waiter);
      state->waiter = nullptr;
    }
    start_flush(state);
    if (!state->flushing) {
      auto callbacks = std::move(state->on_flushed);
      state->on_flushed.clear();
      for (auto& fn : callbacks) fn(state->socket);
    }
    if (done) done(ec);
  }

  std::shared_ptr<State> state_;
};

// Beast closes the connection through these (found by argument-dependent
// lookup); queued bytes (the close frame) go out before the shutdown.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CoalescingSocket& s, TeardownHandler&& handler) {
  auto h = std::make_shared<std::decay_t<TeardownHandler>>(std::forward<TeardownHandler>(handler));
  s.when_flushed([role, h](CoalescingSocket::socket_type& socket) mutable {
    boost::beast::websocket::async_teardown(role, socket, std::move(*h));
  });
}

inline void teardown(boost::beast::role_type role, CoalescingSocket& s, boost::beast::error_code& ec) {
  boost::beast::websocket::teardown(role, s.next_layer(), ec);
}

}  // namespace brethren::server
