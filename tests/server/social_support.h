// Requests and checks shared by the chat, spectator and host-control tests.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "rules/bots/random_bot.h"
#include "tools/client/table.h"

namespace brethren::social_test {

using namespace brethren::client;

inline v1::ErrorCode error_of(const v1::ServerMessage& m) {
  INFO(m.ShortDebugString());
  REQUIRE(m.has_error());
  REQUIRE_FALSE(m.error().message().empty());
  return m.error().code();
}

// The connection still answers.
inline void still_usable(WsClient& c) {
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(77);
  REQUIRE(c.request(ping).pong().nonce() == 77);
}

inline v1::ClientMessage chat_msg(const std::string& code, const std::string& text) {
  v1::ClientMessage m;
  m.mutable_send_chat()->set_room_code(code);
  m.mutable_send_chat()->set_text(text);
  return m;
}

inline v1::ClientMessage kick_seat_msg(const std::string& code, int seat) {
  v1::ClientMessage m;
  m.mutable_kick_member()->set_room_code(code);
  m.mutable_kick_member()->set_seat(seat);
  return m;
}

inline v1::ClientMessage kick_member_msg(const std::string& code, std::uint32_t member_id) {
  v1::ClientMessage m;
  m.mutable_kick_member()->set_room_code(code);
  m.mutable_kick_member()->set_seat(-1);
  m.mutable_kick_member()->set_member_id(member_id);
  return m;
}

inline v1::ClientMessage lock_msg(const std::string& code, bool locked) {
  v1::ClientMessage m;
  m.mutable_lock_room()->set_room_code(code);
  m.mutable_lock_room()->set_locked(locked);
  return m;
}

inline v1::ClientMessage transfer_msg(const std::string& code, std::uint32_t member_id) {
  v1::ClientMessage m;
  m.mutable_transfer_host()->set_room_code(code);
  m.mutable_transfer_host()->set_member_id(member_id);
  return m;
}

inline v1::ClientMessage update_msg(const std::string& code) {
  v1::ClientMessage m;
  m.mutable_update_room()->set_room_code(code);
  return m;
}

inline v1::ClientMessage rematch_msg(const std::string& code) {
  v1::ClientMessage m;
  m.mutable_rematch()->set_room_code(code);
  return m;
}

inline v1::ClientMessage claim_host_msg(const std::string& code, const std::string& token) {
  v1::ClientMessage m;
  m.mutable_claim_host()->set_room_code(code);
  m.mutable_claim_host()->set_host_token(token);
  return m;
}

inline v1::ClientMessage add_bot_msg(const std::string& code, int seat) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_room_code(code);
  m.mutable_add_bot()->set_seat(seat);
  return m;
}

inline v1::ClientMessage create_with_settings(const std::string& game_id, int seats, const v1::RoomSettings& settings,
                                              const std::string& password = "") {
  auto m = create_room_msg(game_id, seats, "Host", password);
  *m.mutable_create_room()->mutable_settings() = settings;
  return m;
}

// The member id a RoomInfo gives the member of that name.
inline std::uint32_t member_id_of(const v1::RoomInfo& room, const std::string& name) {
  for (const auto& m : room.members()) {
    if (m.display_name() == name) return m.member_id();
  }
  FAIL("no member named " << name << " in " << room.ShortDebugString());
  return 0;
}

inline bool is_match_update(const v1::ServerMessage& m) { return m.has_match_update(); }

// The one human of a room whose other seats are bots plays random moves
// until the match ends (or, with max_moves, stops early); returns the last
// view. Only acts on the newest view it has: bots may have moved meanwhile.
inline v1::MatchView play_alone(WsClient& human, const std::string& code, rules::RandomBot& bot, int max_moves = -1,
                                std::int64_t* match_id = nullptr) {
  v1::MatchView view;
  int moves = 0;
  while (max_moves < 0 || moves < max_moves) {
    auto update = human.wait_for(is_match_update, std::chrono::seconds(2));
    if (!update) {
      // The latest update may have been read by the caller: ask for the view.
      update = human.request(sync_msg(code, view.version()));
      REQUIRE(update->has_match_update());
    }
    while (auto newer = human.wait_for(is_match_update, std::chrono::milliseconds(0))) update = newer;
    view = update->match_update().view();
    if (match_id) *match_id = update->match_update().match_id();
    if (view.finished()) break;
    if (view.legal_actions_size() == 0) continue;
    auto reply = human.request(submit_msg(code, *bot.choose(view)));
    if (reply.has_action_accepted()) {
      ++moves;
    } else {
      REQUIRE((reply.error().code() == v1::NOT_YOUR_TURN || reply.error().code() == v1::ILLEGAL_ACTION));
    }
  }
  return view;
}

}  // namespace brethren::social_test
