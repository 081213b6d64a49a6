#include "server/match/wire_errors.h"

namespace brethren::server {

v1::ErrorCode to_protocol_error(rules::ErrorCode code) {
  switch (code) {
    case rules::ErrorCode::kNotYourTurn: return v1::NOT_YOUR_TURN;
    case rules::ErrorCode::kIllegalAction: return v1::ILLEGAL_ACTION;
    case rules::ErrorCode::kMalformedAction: return v1::MALFORMED_ACTION;
    case rules::ErrorCode::kGameOver: return v1::GAME_OVER;
    case rules::ErrorCode::kInvalidOptions: return v1::INVALID_OPTIONS;
    case rules::ErrorCode::kInvalidSeatCount: return v1::INVALID_SEAT_COUNT;
    case rules::ErrorCode::kUnknownGame: return v1::UNKNOWN_GAME;
    case rules::ErrorCode::kCorruptState: return v1::INTERNAL;
    case rules::ErrorCode::kRulesVersionMismatch: return v1::INTERNAL;
  }
  return v1::INTERNAL;
}

v1::ServerMessage error_reply(Metrics& metrics, std::uint64_t request_id, v1::ErrorCode code, std::string text) {
  ++metrics.errors_sent;
  v1::ServerMessage m;
  m.set_request_id(request_id);
  m.mutable_error()->set_code(code);
  m.mutable_error()->set_message(std::move(text));
  return m;
}

void reply_error(Client& client, Metrics& metrics, std::uint64_t request_id, v1::ErrorCode code, std::string text) {
  client.deliver(error_reply(metrics, request_id, code, std::move(text)));
}

}  // namespace brethren::server
