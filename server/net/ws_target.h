// The WebSocket endpoint's request target: pure parsing with nothing beyond
// the standard library, so that the HTTP fuzz target
// (tests/fuzz/fuzz_http_request.cc) runs the server's own check.
#pragma once

#include <string_view>

namespace brethren::server {

// Whether the target is the WebSocket endpoint /ws. A query does not matter
// to the server (cluster clients add ?room=CODE for the proxy to route on,
// docs/scaling.md), nor does a fragment.
inline bool is_ws_target(std::string_view target) { return target.substr(0, target.find_first_of("?#")) == "/ws"; }

}  // namespace brethren::server
