#include "server/room/room_phase.h"

namespace brethren::server {

RoomPhase phase_of(persistence::RoomStatus stored) {
  switch (stored) {
    case persistence::RoomStatus::kPlaying: return RoomPhase::kPlaying;
    case persistence::RoomStatus::kFinished: return RoomPhase::kFinished;
    default: return RoomPhase::kOpen;
  }
}

v1::RoomStatus wire_status(RoomPhase phase) {
  switch (phase) {
    case RoomPhase::kOpen:
    case RoomPhase::kStarting: return v1::ROOM_STATUS_OPEN;
    case RoomPhase::kPlaying: return v1::ROOM_STATUS_PLAYING;
    case RoomPhase::kFinished: return v1::ROOM_STATUS_FINISHED;
  }
  return v1::ROOM_STATUS_OPEN;
}

}  // namespace brethren::server
