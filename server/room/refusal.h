// A request a room refuses: the error code the client gets and the reason
// in words. The room's pure parts (seats, members, host controls, chat)
// return one; the room sends it.
#pragma once

#include <string>

#include "brethren/v1/protocol.pb.h"

namespace brethren::server {

struct Refusal {
  v1::ErrorCode code;
  std::string text;
};

}  // namespace brethren::server
