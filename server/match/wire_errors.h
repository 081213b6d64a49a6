// Errors on the wire: the one mapping from the rules' errors to the
// protocol's, and the one way every part of the server builds the Error
// reply it sends (counted in Metrics::errors_sent). What failed inside the
// server (a database's message, an exception's text) is logged where it
// happens and never sent: clients get INTERNAL with a fixed sentence.
#pragma once

#include <cstdint>
#include <string>

#include "brethren/v1/protocol.pb.h"
#include "rules/core/result.h"
#include "server/base/metrics.h"
#include "server/match/client.h"

namespace brethren::server {

v1::ErrorCode to_protocol_error(rules::ErrorCode code);

// The Error reply to request `request_id` (0: to none), counted.
v1::ServerMessage error_reply(Metrics& metrics, std::uint64_t request_id, v1::ErrorCode code, std::string text);

// Sends error_reply(...) to `client`.
void reply_error(Client& client, Metrics& metrics, std::uint64_t request_id, v1::ErrorCode code, std::string text);

}  // namespace brethren::server
