#include "tests/support/raw_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/beast/core/error.hpp>
#include <boost/beast/http.hpp>
#include <cctype>
#include <stdexcept>

namespace brethren::testing {

namespace http = boost::beast::http;

RawConnection::RawConnection(std::uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw std::runtime_error("socket failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd_);
    throw std::runtime_error("connect failed");
  }
}

RawConnection::~RawConnection() {
  if (fd_ >= 0) ::close(fd_);
}

bool RawConnection::send(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const auto n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

RawReply RawConnection::read_response(std::chrono::milliseconds timeout, bool head) {
  RawReply reply;
  http::response_parser<http::string_body> parser;
  parser.eager(true);
  parser.skip(head);
  parser.body_limit(64 * 1024 * 1024);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string buffer = std::move(pending_);
  pending_.clear();
  while (true) {
    if (!buffer.empty()) {
      boost::beast::error_code ec;
      const auto used = parser.put(boost::asio::buffer(buffer), ec);
      if (ec && ec != http::error::need_more) {
        reply.closed = true;
        return reply;
      }
      buffer.erase(0, used);
      if (parser.is_done()) break;
      if (used > 0) continue;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return reply;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    char chunk[16384];
    const auto n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) {
      reply.closed = true;
      boost::beast::error_code ec;
      if (!parser.is_header_done()) return reply;  // nothing, or a partial header
      parser.put_eof(ec);
      if (ec || !parser.is_done()) return reply;
      break;
    }
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
  pending_ = std::move(buffer);
  const auto& res = parser.get();
  reply.status = static_cast<int>(res.result_int());
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    reply.headers[name] = std::string(field.value());
  }
  reply.body = res.body();
  return reply;
}

bool RawConnection::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    char chunk[4096];
    const auto n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) return true;
  }
}

RawReply raw_request(std::uint16_t port, const std::string& bytes, bool head) {
  RawConnection connection(port);
  connection.send(bytes);
  return connection.read_response(std::chrono::seconds(10), head);
}

std::string get_request(const std::string& target, const std::string& extra_headers, const std::string& method) {
  return method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra_headers + "\r\n";
}

}  // namespace brethren::testing
