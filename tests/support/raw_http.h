// HTTP through a plain socket, for tests that send what a well-behaved
// client library would refuse to: raw targets, oversize headers, bodies on
// GET, one byte at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

namespace brethren::testing {

struct RawReply {
  int status = 0;                              // 0: no complete response (closed or timed out first)
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  bool closed = false;  // the server closed the connection
  std::string header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

// A connected loopback socket; closed with the object.
class RawConnection {
 public:
  explicit RawConnection(std::uint16_t port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  // False once the peer has closed or reset the connection.
  bool send(const std::string& bytes);
  // Reads one response (a HEAD request's has no body).
  RawReply read_response(std::chrono::milliseconds timeout = std::chrono::seconds(10), bool head = false);
  // Waits until the server closes the connection (true) or the time is up.
  bool wait_closed(std::chrono::milliseconds timeout);
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
  std::string pending_;  // bytes read past the last response
};

// One request on a fresh connection.
RawReply raw_request(std::uint16_t port, const std::string& bytes, bool head = false);

// "GET <target> HTTP/1.1" with Host and the given extra header lines.
std::string get_request(const std::string& target, const std::string& extra_headers = "",
                        const std::string& method = "GET");

}  // namespace brethren::testing
