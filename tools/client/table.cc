#include "tools/client/table.h"

#include <stdexcept>

namespace brethren::client {

v1::ClientMessage create_room_msg(const std::string& game_id, int seats, const std::string& name,
                                  const std::string& password, bool is_public) {
  v1::ClientMessage m;
  auto* c = m.mutable_create_room();
  c->set_game_id(game_id);
  c->set_seat_count(seats);
  c->set_display_name(name);
  c->set_password(password);
  c->set_public_(is_public);
  return m;
}

v1::ClientMessage join_msg(const std::string& code, const std::string& name, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_join_room()->set_room_code(code);
  m.mutable_join_room()->set_display_name(name);
  m.mutable_join_room()->set_password(password);
  return m;
}

v1::ClientMessage take_seat_msg(const std::string& code, int seat) {
  v1::ClientMessage m;
  m.mutable_take_seat()->set_room_code(code);
  m.mutable_take_seat()->set_seat(seat);
  return m;
}

v1::ClientMessage start_msg(const std::string& code) {
  v1::ClientMessage m;
  m.mutable_start_match()->set_room_code(code);
  return m;
}

v1::ClientMessage submit_msg(const std::string& code, const v1::GameAction& action) {
  v1::ClientMessage m;
  m.mutable_submit_action()->set_room_code(code);
  *m.mutable_submit_action()->mutable_action() = action;
  return m;
}

v1::ClientMessage resume_msg(const std::string& code, const std::string& token, std::uint64_t last_version) {
  v1::ClientMessage m;
  m.mutable_resume()->set_room_code(code);
  m.mutable_resume()->set_seat_token(token);
  m.mutable_resume()->set_last_version(last_version);
  return m;
}

v1::ClientMessage sync_msg(const std::string& code, std::uint64_t last_version) {
  v1::ClientMessage m;
  m.mutable_sync()->set_room_code(code);
  m.mutable_sync()->set_last_version(last_version);
  return m;
}

namespace {
void expect(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}
}  // namespace

Table open_table(std::uint16_t port, const std::string& game_id, int seats, server::Encoding encoding,
                 const v1::GameOptions& options, const std::string& host, std::uint32_t turn_time_limit_ms,
                 const v1::RoomSettings& settings) {
  Table t;
  for (int i = 0; i < seats; ++i) {
    SeatedPlayer p;
    p.client = std::make_unique<WsClient>(port, encoding, host);
    t.players.push_back(std::move(p));
  }
  auto create = create_room_msg(game_id, seats, "Player 0");
  *create.mutable_create_room()->mutable_options() = options;
  create.mutable_create_room()->set_turn_time_limit_ms(turn_time_limit_ms);
  *create.mutable_create_room()->mutable_settings() = settings;
  auto created = t.players[0].client->request(create);
  expect(created.has_room_created(), "create_room failed: " + created.ShortDebugString());
  t.code = created.room_created().room().room_code();
  t.host_token = created.room_created().host_token();
  for (int i = 0; i < seats; ++i) {
    auto& p = t.players[i];
    if (i > 0) {
      auto joined = p.client->request(join_msg(t.code, "Player " + std::to_string(i)));
      expect(joined.has_room(), "join failed: " + joined.ShortDebugString());
    }
    auto seat = p.client->request(take_seat_msg(t.code, i));
    expect(seat.has_seat_taken(), "take_seat failed: " + seat.ShortDebugString());
    p.seat = seat.seat_taken().seat();
    p.token = seat.seat_taken().seat_token();
  }
  auto started = t.players[0].client->request(start_msg(t.code));
  expect(started.has_room(), "start failed: " + started.ShortDebugString());
  sync_all(t, 0);
  return t;
}

void sync_all(Table& t, std::uint64_t version) {
  for (auto& p : t.players) {
    auto update = p.client->wait_for_version(version);
    expect(update.has_value(), "seat " + std::to_string(p.seat) + " never saw version " + std::to_string(version));
    p.view = update->view();
  }
  t.version = t.players[0].view.version();
}

int play_moves(Table& t, rules::Bot& bot, int max_moves) {
  int played = 0;
  while (played < max_moves && !t.finished()) {
    const int seat = t.players[0].view.to_act(0);
    SeatedPlayer& p = t.players[seat];
    auto action = bot.choose(p.view);
    expect(action.has_value(), "acting seat has no legal action in its view");
    auto reply = p.client->request(submit_msg(t.code, *action));
    expect(reply.has_action_accepted(), "move refused: " + reply.ShortDebugString());
    sync_all(t, reply.action_accepted().version());
    ++played;
  }
  return played;
}

}  // namespace brethren::client
