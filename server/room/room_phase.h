// A room's status in memory, and its other forms: as stored and as the
// protocol says it.
#pragma once

#include "brethren/v1/protocol.pb.h"
#include "persistence/records.h"

namespace brethren::server {

// kStarting: the new match is being stored; clients still see the room open.
enum class RoomPhase { kOpen, kStarting, kPlaying, kFinished };

// A stored status read back (an expired room is never loaded: kOpen).
RoomPhase phase_of(persistence::RoomStatus stored);
v1::RoomStatus wire_status(RoomPhase phase);

}  // namespace brethren::server
