// Colyseus 0.16's room protocol, as colyseus.js 0.16.22 speaks it over a
// WebSocket (bench/peers/node_modules/colyseus.js/build/cjs/Room.js and
// @colyseus/core/build/Protocol.js): every frame is binary and starts with a
// protocol byte.
//
//   server -> client  JOIN_ROOM (10), u8 length + reconnection token, u8 length + serializer id[, handshake]
//                     ERROR (11), code and message in @colyseus/schema's number and string encodings
//                     LEAVE_ROOM (12)
//                     ROOM_DATA (13), the type (schema string, or number), then the message in msgpack
//   client -> server  JOIN_ROOM (10) alone: the acknowledgement, after which the room delivers its messages
//                     ROOM_DATA (13), type, msgpack message (none: the type alone)
//
// @colyseus/schema's numbers and string lengths look like msgpack's but
// their multi-byte forms are little-endian; only the frame header uses them,
// the message itself is plain msgpack (msgpackr with useRecords: false).
//
// And what the Letter of Marque room (bench/peers/colyseus-server.js) sends
// in its "view" message: {game, view} with view as game.js's view().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace brethren::bench::colyseus {

inline constexpr unsigned char kJoinRoom = 10;
inline constexpr unsigned char kError = 11;
inline constexpr unsigned char kLeaveRoom = 12;
inline constexpr unsigned char kRoomData = 13;

// Bounds on what the server may send: a view is about 0.5 KB.
inline constexpr std::size_t kMaxFrameBytes = 64 * 1024;
inline constexpr std::size_t kMaxSeats = 16;
inline constexpr std::size_t kMaxLegalActions = 64;
inline constexpr std::size_t kMaxActionBytes = 256;
inline constexpr std::uint32_t kMaxMapEntries = 64;

struct ServerFrame {
  unsigned char protocol = 0;
  // ROOM_DATA: the type (a number type as "i<number>", as colyseus.js keys its handlers) and the msgpack message.
  std::string type;
  std::string_view message;
  // ERROR.
  std::int64_t error_code = 0;
  std::string error_message;
};

// nullopt when the frame is malformed (`why` says how).
std::optional<ServerFrame> decode_server_frame(std::string_view frame, std::string& why);

// ROOM_DATA of `type` (under 32 bytes) with a msgpack message, or none.
std::string room_data(std::string_view type, std::string_view msgpack_message = {});
// The acknowledgement of JOIN_ROOM.
std::string join_room_ack();

// What the load generator needs of a seat's view.
struct LomView {
  std::int64_t version = 0;
  bool finished = false;
  std::vector<std::int64_t> to_act;
  std::vector<std::int64_t> moves;   // per seat: moves made this game
  std::vector<std::int64_t> scores;  // per seat
  std::vector<std::int64_t> winners;
  std::vector<std::string> legal_actions;  // each as the msgpack the server sent: sent back as is
};

struct ViewMessage {
  std::int64_t game = 0;
  LomView view;
};

std::optional<ViewMessage> parse_view_message(std::string_view msgpack, std::string& why);
// "refused": {why}; an empty string when it has none.
std::string parse_refusal(std::string_view msgpack);

}  // namespace brethren::bench::colyseus
