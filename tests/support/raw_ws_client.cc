#include "tests/support/raw_ws_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace brethren::testing {

namespace {

using Clock = std::chrono::steady_clock;

int millis_left(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(left);
}

bool wait_for(int fd, short events, Clock::time_point deadline) {
  pollfd p{fd, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, millis_left(deadline));
    if (n > 0) return true;
    if (n == 0) return false;
    if (errno != EINTR) return false;
  }
}

bool send_all(int fd, const char* data, std::size_t size, Clock::time_point deadline) {
  while (size > 0) {
    const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      data += n;
      size -= static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait_for(fd, POLLOUT, deadline)) return false;
      continue;
    }
    return false;  // reset, broken pipe
  }
  return true;
}

}  // namespace

RawWsClient::RawWsClient(std::uint16_t port, int receive_buffer_bytes) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) throw std::runtime_error("socket() failed");
  if (receive_buffer_bytes > 0) {
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer_bytes, sizeof receive_buffer_bytes);
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd_);
    throw std::runtime_error("connect() failed");
  }
  const int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  const std::string request =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  if (!send_all(fd_, request.data(), request.size(), deadline)) throw std::runtime_error("upgrade request not sent");
  std::string response;
  char ch = 0;
  while (response.size() < 4 || response.compare(response.size() - 4, 4, "\r\n\r\n") != 0) {
    if (read_exact(&ch, 1, deadline) != Read::kOk) throw std::runtime_error("no upgrade response");
    response.push_back(ch);
  }
  if (response.rfind("HTTP/1.1 101", 0) != 0) throw std::runtime_error("upgrade refused: " + response);
}

RawWsClient::~RawWsClient() { drop(); }

void RawWsClient::drop() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool RawWsClient::send_frame(std::uint8_t opcode, const std::string& payload, std::chrono::milliseconds timeout) {
  if (fd_ < 0) return false;
  std::string frame;
  frame.reserve(payload.size() + 14);
  frame.push_back(static_cast<char>(0x80 | opcode));
  const std::size_t n = payload.size();
  if (n < 126) {
    frame.push_back(static_cast<char>(0x80 | n));
  } else if (n <= 0xffff) {
    frame.push_back(static_cast<char>(0x80 | 126));
    frame.push_back(static_cast<char>(n >> 8));
    frame.push_back(static_cast<char>(n & 0xff));
  } else {
    frame.push_back(static_cast<char>(0x80 | 127));
    for (int shift = 56; shift >= 0; shift -= 8)
      frame.push_back(static_cast<char>((static_cast<std::uint64_t>(n) >> shift) & 0xff));
  }
  const char mask[4] = {0x12, 0x34, 0x56, 0x78};
  frame.append(mask, 4);
  for (std::size_t i = 0; i < n; ++i) frame.push_back(static_cast<char>(payload[i] ^ mask[i % 4]));
  return send_all(fd_, frame.data(), frame.size(), Clock::now() + timeout);
}

RawWsClient::Read RawWsClient::read_exact(char* out, std::size_t n, Clock::time_point deadline) {
  while (n > 0) {
    if (!wait_for(fd_, POLLIN, deadline)) return Read::kTimeout;
    const ssize_t got = ::recv(fd_, out, n, MSG_DONTWAIT);
    if (got > 0) {
      out += got;
      n -= static_cast<std::size_t>(got);
      continue;
    }
    if (got < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    return Read::kEnded;  // end of stream or reset
  }
  return Read::kOk;
}

std::optional<std::uint16_t> RawWsClient::read_close_code(std::chrono::milliseconds timeout,
                                                          std::vector<std::string>* data_frames) {
  if (fd_ < 0) return std::nullopt;
  const auto deadline = Clock::now() + timeout;
  std::string payload;
  auto result = [](Read r) -> std::optional<std::uint16_t> {
    if (r == Read::kEnded) return 1006;  // closed without a close frame
    return std::nullopt;
  };
  for (;;) {
    unsigned char header[2];
    if (auto r = read_exact(reinterpret_cast<char*>(header), 2, deadline); r != Read::kOk) return result(r);
    std::uint64_t length = header[1] & 0x7f;
    if (length >= 126) {
      unsigned char extended[8];
      const std::size_t size = length == 126 ? 2 : 8;
      if (auto r = read_exact(reinterpret_cast<char*>(extended), size, deadline); r != Read::kOk) return result(r);
      length = 0;
      for (std::size_t i = 0; i < size; ++i) length = (length << 8) | extended[i];
    }
    payload.resize(length);
    if (length > 0) {
      if (auto r = read_exact(payload.data(), length, deadline); r != Read::kOk) return result(r);
    }
    const int opcode = header[0] & 0x0f;
    if (data_frames && (opcode == kText || opcode == kBinary)) data_frames->push_back(payload);
    if (opcode == kClose) {
      if (length < 2) return 1005;  // no status code given
      return static_cast<std::uint16_t>((static_cast<unsigned char>(payload[0]) << 8) |
                                        static_cast<unsigned char>(payload[1]));
    }
  }
}

std::size_t resident_bytes(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;  // "VmRSS:   1234 kB"
  }
  throw std::runtime_error("no VmRSS for process " + std::to_string(pid));
}

}  // namespace brethren::testing
