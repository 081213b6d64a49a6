// Who may watch a room: its RoomSettings.spectators, where UNSPECIFIED
// means OPEN for a room without a password and PASSWORD for one with one.
// Shared by the live room and the match history API, so both apply the
// same rule.
#pragma once

#include "brethren/v1/protocol.pb.h"

namespace brethren::server {

inline v1::SpectatorPolicy effective_spectator_policy(const v1::RoomSettings& settings, bool has_password) {
  switch (settings.spectators()) {
    case v1::SPECTATORS_OPEN:
    case v1::SPECTATORS_PASSWORD:
    case v1::SPECTATORS_NONE: return settings.spectators();
    default: return has_password ? v1::SPECTATORS_PASSWORD : v1::SPECTATORS_OPEN;
  }
}

}  // namespace brethren::server
