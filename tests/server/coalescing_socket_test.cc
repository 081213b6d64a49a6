// CoalescingSocket (server/net/coalescing_socket.h), in-process over a loopback
// TCP pair: the session's frames go straight to the kernel when nothing is
// queued ahead; what the kernel does not take waits for the reactor, and
// what comes later goes out behind it; a dropped socket fails every write.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/net/coalescing_socket.h"

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::beast::error_code;
using brethren::server::CoalescingSocket;

struct LoopbackPair {
  asio::io_context io;
  tcp::socket server_side{io};
  tcp::socket client_side{io};
  LoopbackPair() {
    tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    client_side.connect(acceptor.local_endpoint());
    acceptor.accept(server_side);
  }
};

std::string read_exactly(tcp::socket& socket, std::size_t n) {
  std::string out(n, '\0');
  asio::read(socket, asio::buffer(out));
  return out;
}

}  // namespace

TEST_CASE("CoalescingSocket: with nothing queued, a write is in the kernel when write_frames returns") {
  LoopbackPair pair;
  CoalescingSocket socket(std::move(pair.server_side));
  bool done_called = false;
  REQUIRE(socket.write_frames("hello", [&](error_code) { done_called = true; }));
  REQUIRE(socket.queued_bytes() == 0);
  REQUIRE(read_exactly(pair.client_side, 5) == "hello");
  pair.io.poll();
  // `done` is only for writes that had to wait.
  REQUIRE_FALSE(done_called);
}

TEST_CASE("CoalescingSocket: what the kernel does not take waits for the reactor, and the next write goes behind it") {
  LoopbackPair pair;
  // More than the kernel's buffers of both ends hold (a few MB on loopback)
  // while the peer does not read.
  CoalescingSocket socket(std::move(pair.server_side));
  std::string big(32 * 1024 * 1024, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>('a' + i % 26);

  std::vector<error_code> done;
  REQUIRE_FALSE(socket.write_frames(big, [&](error_code ec) { done.push_back(ec); }));
  REQUIRE(socket.queued_bytes() > 0);
  REQUIRE(socket.queued_bytes() < big.size());

  std::string received;
  std::thread reader([&] { received = read_exactly(pair.client_side, big.size() + 4); });
  while (done.empty()) pair.io.run_one();
  REQUIRE_FALSE(done.front());
  REQUIRE(socket.queued_bytes() == 0);
  // The session writes again only after `done`: now nothing is ahead.
  const bool at_once = socket.write_frames("tail", [&](error_code ec) { done.push_back(ec); });
  while (!at_once && done.size() < 2) pair.io.run_one();
  reader.join();
  REQUIRE(received.size() == big.size() + 4);
  REQUIRE(received == big + "tail");
  for (const auto& ec : done) REQUIRE_FALSE(ec);
}

TEST_CASE("CoalescingSocket: after drop() every write fails and nothing is sent") {
  LoopbackPair pair;
  CoalescingSocket socket(std::move(pair.server_side));
  socket.drop();
  std::optional<error_code> result;
  REQUIRE_FALSE(socket.write_frames("lost", [&](error_code ec) { result = ec; }));
  pair.io.poll();
  REQUIRE(result.has_value());
  REQUIRE(*result == asio::error::operation_aborted);
  REQUIRE(socket.queued_bytes() == 0);
  // The peer sees the end of the stream, not the bytes.
  std::string byte(1, '\0');
  error_code ec;
  const std::size_t n = asio::read(pair.client_side, asio::buffer(byte), ec);
  REQUIRE(n == 0);
  REQUIRE(ec == asio::error::eof);
}
