// For the match history and fairness tests: a whole match played through
// the real server by one human (seat 0, random moves) and server-side bots,
// watched by a spectator, and HTTP requests with headers.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "brethren/v1/protocol.pb.h"

namespace brethren::client {
class WsClient;
}

namespace brethren::testing {

struct PlayedMatch {
  std::string room_code;
  std::string password;
  std::int64_t match_id = 0;
  std::string seat0_token;
  v1::RoomInfo at_start;  // the StartMatch reply
  v1::RoomInfo at_end;    // the RoomInfo broadcast once finished
  // Every event each one received over its connection, in version order.
  std::vector<v1::EventRecord> seat0_events;
  std::vector<v1::EventRecord> spectator_events;
  // The views each one received, by version (the newest for a version).
  std::map<std::uint64_t, v1::MatchView> seat0_views;
  std::map<std::uint64_t, v1::MatchView> spectator_views;
  v1::MatchOutcome outcome;
};

// `before_create`: done on the human's connection first (e.g. signing in).
PlayedMatch play_against_bots(std::uint16_t port, const std::string& game_id, int seats,
                              const v1::RoomSettings& settings = {}, const std::string& password = "",
                              const std::function<void(client::WsClient&)>& before_create = {});

struct HttpReply {
  int status = 0;
  std::string body;
};

HttpReply http_get_with(std::uint16_t port, const std::string& target,
                        const std::map<std::string, std::string>& headers = {});

}  // namespace brethren::testing
