// The one choke point for hidden information: every byte the server sends
// about a match is built here, from the rules' view and event stream for that
// recipient, and nowhere else.
#pragma once

#include <cstdint>
#include <string>

#include "brethren/v1/protocol.pb.h"
#include "rules/core/state.h"

namespace brethren::server {

// Seat >= 0: that seat's view; -1: the spectator view.
rules::Viewer viewer_for_seat(int seat);

// The events with version > after_version that the recipient may see, and its
// current view; a full view alone (resync) when more than max_gap events
// were missed or after_version is not a version of this match.
v1::MatchUpdate build_match_update(const std::string& room_code, const rules::State& state, int seat,
                                   std::uint64_t after_version, std::uint64_t max_gap);

}  // namespace brethren::server
