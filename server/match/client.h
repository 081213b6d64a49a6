// What a room knows of a connection: an id, a way to send, a way to close.
// Implemented by the WebSocket session; every call is thread-safe (it posts
// to the session's strand).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "brethren/v1/protocol.pb.h"

namespace brethren::server {

class Client {
 public:
  virtual ~Client() = default;
  virtual std::uint64_t client_id() const = 0;
  virtual void deliver(v1::ServerMessage message) = 0;
  // Messages that leave together, in this order, in one write (a move's
  // acknowledgement and the mover's match update).
  virtual void deliver_all(std::vector<v1::ServerMessage> messages) = 0;
  // Closes the connection with a WebSocket close code and reason.
  virtual void close(std::uint16_t code, std::string reason) = 0;
  // The room tells the connection when it becomes or stops being a member,
  // so that a closing connection can tell its rooms.
  virtual void joined_room(const std::string& code) = 0;
  virtual void left_room(const std::string& code) = 0;
};

// Close codes the server uses (4000-4999 are application codes).
inline constexpr std::uint16_t kCloseSeatResumedElsewhere = 4001;
inline constexpr std::uint16_t kCloseKicked = 4002;

}  // namespace brethren::server
