// Frames <-> protocol messages. Binary frames are Protobuf, text frames the
// Protobuf JSON mapping.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "brethren/v1/protocol.pb.h"

namespace brethren::server {

enum class Encoding { kBinary, kJson };

// False with a human-readable reason when the frame is not a ClientMessage.
bool decode_client_message(std::string_view frame, Encoding encoding, v1::ClientMessage& out, std::string& error);
std::string encode_server_message(const v1::ServerMessage& message, Encoding encoding);
// The frame's request id without decoding the rest (for replies to frames
// that are refused unread, e.g. rate-limited); 0 when none is found. For
// text frames a best effort: the first "requestId" key.
std::uint64_t peek_request_id(std::string_view frame, Encoding encoding);

// For tests and tools: the client side.
std::string encode_client_message(const v1::ClientMessage& message, Encoding encoding);
bool decode_server_message(std::string_view frame, Encoding encoding, v1::ServerMessage& out);

}  // namespace brethren::server
