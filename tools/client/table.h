// A table of real clients around one room: create, seat, start, play.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/bots/random_bot.h"
#include "tools/client/ws_client.h"

namespace brethren::client {

v1::ClientMessage create_room_msg(const std::string& game_id, int seats, const std::string& name = "Host",
                                  const std::string& password = "", bool is_public = false);
v1::ClientMessage join_msg(const std::string& code, const std::string& name, const std::string& password = "");
v1::ClientMessage take_seat_msg(const std::string& code, int seat = -1);
v1::ClientMessage start_msg(const std::string& code);
v1::ClientMessage submit_msg(const std::string& code, const v1::GameAction& action);
v1::ClientMessage resume_msg(const std::string& code, const std::string& token, std::uint64_t last_version);
v1::ClientMessage sync_msg(const std::string& code, std::uint64_t last_version);

struct SeatedPlayer {
  std::unique_ptr<WsClient> client;
  int seat = -1;
  std::string token;
  v1::MatchView view;  // the latest view this player received
};

struct Table {
  std::string code;
  std::string host_token;
  std::vector<SeatedPlayer> players;  // players[i] holds seat i
  std::uint64_t version = 0;          // latest match version everybody has seen

  bool finished() const { return !players.empty() && players[0].view.finished(); }
};

// Player 0 creates the room (and is host); everyone takes a seat in order;
// the host starts; returns once every player has the first view.
Table open_table(std::uint16_t port, const std::string& game_id, int seats, server::Encoding encoding,
                 const v1::GameOptions& options = {}, const std::string& host = "127.0.0.1",
                 std::uint32_t turn_time_limit_ms = 0, const v1::RoomSettings& settings = {});

// Plays up to `max_moves` moves chosen by `bot` from each acting player's own
// view, waiting after each until every player saw it. Returns moves played.
int play_moves(Table& table, rules::Bot& bot, int max_moves);

// Waits until every player has seen `version` and records their views.
void sync_all(Table& table, std::uint64_t version);

}  // namespace brethren::client
