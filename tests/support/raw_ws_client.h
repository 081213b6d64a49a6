// A WebSocket client on a plain blocking socket, for abuse tests: it sends
// whatever frames it is told (pings, garbage, partial messages), reads only
// when asked (so it can play a client that never reads) and can drop the
// TCP connection without a close handshake.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace brethren::testing {

class RawWsClient {
 public:
  // Connects to 127.0.0.1:port and completes the upgrade to /ws; throws on
  // failure. A `receive_buffer_bytes` > 0 fixes the socket's receive buffer
  // (the kernel's autotuning would let a loopback client that does not read
  // hold megabytes, which hides the server's own queue).
  explicit RawWsClient(std::uint16_t port, int receive_buffer_bytes = 0);
  ~RawWsClient();
  RawWsClient(const RawWsClient&) = delete;
  RawWsClient& operator=(const RawWsClient&) = delete;

  static constexpr std::uint8_t kText = 0x1, kBinary = 0x2, kClose = 0x8, kPing = 0x9;

  // One masked frame with FIN set. False once the server has gone (reset,
  // broken pipe) or when the socket took nothing for `timeout`.
  bool send_frame(std::uint8_t opcode, const std::string& payload,
                  std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Reads frames until a close frame arrives: its code; 1006 when the
  // connection ends without one; nullopt when the time runs out. The
  // payloads of the data frames read meanwhile go to `data_frames`.
  std::optional<std::uint16_t> read_close_code(std::chrono::milliseconds timeout,
                                               std::vector<std::string>* data_frames = nullptr);
  // Closes the TCP socket at once: no close frame, no reading of what is queued.
  void drop();

 private:
  enum class Read { kOk, kEnded, kTimeout };
  Read read_exact(char* out, std::size_t n, std::chrono::steady_clock::time_point deadline);

  int fd_ = -1;
};

// The resident set size of a process in bytes, from /proc/<pid>/status.
std::size_t resident_bytes(int pid);

}  // namespace brethren::testing
