// Identity at the table through the real server (issue #27, item 4;
// docs/accounts.md, "At the table"): a signed-in player's seat is his
// account's, on any of his connections; myRooms; another account cannot
// have it; players without accounts keep their seat tokens; a deleted
// account's seats show "deleted player" in the history.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <csignal>
#include <string>

#include "persistence/sqlite.h"
#include "rules/bots/random_bot.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"
#include "tools/client/ws_client.h"
#include "tests/server/account_support.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;

namespace {

constexpr const char* kGame = "port-royal-pfister";  // 2 to 5 seats
constexpr const char* kPassword = "correct horse battery";

v1::ClientMessage add_bot(const std::string& code) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_room_code(code);
  m.mutable_add_bot()->set_seat(-1);
  m.mutable_add_bot()->set_kind("random");  // moves at once (a search bot thinks for seconds)
  return m;
}

v1::ErrorCode error_of(const v1::ServerMessage& m) {
  INFO(m.ShortDebugString());
  REQUIRE(m.has_error());
  return m.error().code();
}

// A claimed account `username` signed in on `client`: its session token.
std::string new_account(WsClient& client, const std::string& username) {
  const std::string token = sign_in_guest(client, "");
  const auto reply = client.request(claim(username, kPassword));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_account());
  return token;
}

v1::MyRoomList rooms_of(WsClient& client) {
  const auto reply = client.request(my_rooms());
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_my_rooms());
  return reply.my_rooms();
}

std::string create_room(WsClient& client, int seats, const std::string& name = "Host") {
  const auto reply = client.request(create_room_msg(kGame, seats, name));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_room_created());
  return reply.room_created().room().room_code();
}

// Takes a seat: its token.
std::string take_seat(WsClient& client, const std::string& code, int seat) {
  const auto reply = client.request(take_seat_msg(code, seat));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_seat_taken());
  return reply.seat_taken().seat_token();
}

bool acts(const v1::MatchView& view, int seat) {
  return std::find(view.to_act().begin(), view.to_act().end(), seat) != view.to_act().end();
}

// The newest view `client` holds once it has seen `version`.
v1::MatchView view_at(WsClient& client, std::uint64_t version) {
  const auto update = client.wait_for_version(version);
  REQUIRE(update.has_value());
  return update->view();
}

// Plays random moves for both seats of a two-seat match until seat `until`
// must act (or the match ends); returns the last views.
void play_until_turn_of(const std::string& code, std::array<WsClient*, 2> clients, std::array<v1::MatchView, 2>& views,
                        int until, rules::Bot& bot) {
  for (int moves = 0; moves < 10000 && !views[0].finished() && !acts(views[0], until); ++moves) {
    const int seat = views[0].to_act(0);
    auto action = bot.choose(views[static_cast<std::size_t>(seat)]);
    REQUIRE(action.has_value());
    const auto reply = clients[static_cast<std::size_t>(seat)]->request(submit_msg(code, *action));
    INFO(reply.ShortDebugString());
    REQUIRE(reply.has_action_accepted());
    for (std::size_t s = 0; s < 2; ++s) views[s] = view_at(*clients[s], reply.action_accepted().version());
  }
}

}  // namespace

TEST_CASE(
    "Identity: a signed-in player's seat is his account's, and on another device myRooms lists it and he plays on") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  WsClient phone(server.port());
  new_account(phone, "Anne");
  const std::string code = create_room(phone, 2);
  const std::string anne_token = take_seat(phone, code, 0);
  // Seat 1: a player without an account, with his seat token as always.
  WsClient guest(server.port());
  REQUIRE(guest.request(join_msg(code, "Bert")).has_room());
  const std::string bert_token = take_seat(guest, code, 1);

  // The seat records the account in the store, the name is the username.
  REQUIRE(seat_account(db, code, 0) == account_id_of(db, "anne"));
  REQUIRE(seat_account(db, code, 1) == 0);
  const auto started = phone.request(start_msg(code));
  INFO(started.ShortDebugString());
  REQUIRE(started.has_room());
  REQUIRE(started.room().seats(0).display_name() == "Anne");
  REQUIRE(started.room().seats(0).account());
  REQUIRE(started.room().seats(1).display_name() == "Bert");
  REQUIRE_FALSE(started.room().seats(1).account());

  std::array<v1::MatchView, 2> views{view_at(phone, 1), view_at(guest, 1)};
  std::array<WsClient*, 2> clients{&phone, &guest};
  rules::RandomBot bot(5);

  // Another device, signed in to the same account: myRooms has the room,
  // with the turn flag as the match stands.
  WsClient laptop(server.port());
  REQUIRE(laptop.request(sign_in("anne", kPassword)).has_account_session());
  play_until_turn_of(code, clients, views, 1, bot);
  REQUIRE_FALSE(views[0].finished());
  auto listed = rooms_of(laptop);
  REQUIRE(listed.rooms_size() == 1);
  REQUIRE_FALSE(listed.truncated());
  const auto& entry = listed.rooms(0);
  REQUIRE(entry.room_code() == code);
  REQUIRE(entry.game_id() == kGame);
  REQUIRE(entry.status() == v1::ROOM_STATUS_PLAYING);
  REQUIRE(entry.your_seat() == 0);
  REQUIRE(entry.your_turn() == acts(views[0], 0));
  REQUIRE(entry.player_names_size() == 2);
  REQUIRE(entry.player_names(0) == "Anne");
  REQUIRE(entry.player_names(1) == "Bert");
  play_until_turn_of(code, clients, views, 0, bot);
  REQUIRE_FALSE(views[0].finished());
  REQUIRE(rooms_of(laptop).rooms(0).your_turn());

  // JoinRoom without the seat token takes the account's seat back: the
  // phone's connection is closed, the laptop gets the seat's own view.
  const auto joined = laptop.request(join_msg(code, "whatever"));
  INFO(joined.ShortDebugString());
  REQUIRE(joined.has_room());
  REQUIRE(joined.room().your_seat() == 0);
  REQUIRE(phone.wait_closed());
  REQUIRE(phone.close_code() == 4001);
  views[0] = view_at(laptop, views[1].version());
  REQUIRE(views[0].viewer_seat() == 0);
  clients[0] = &laptop;
  // And he plays on from there, to the end.
  const std::uint64_t before = views[0].version();
  play_until_turn_of(code, clients, views, 2, bot);  // seat 2 never acts: to the end
  REQUIRE(views[0].finished());
  REQUIRE(views[0].version() > before);
  // A finished room is not live: myRooms no longer lists it.
  REQUIRE(rooms_of(laptop).rooms_size() == 0);
  // Tokens still work: the guest's for his seat, the account's own too.
  WsClient again(server.port());
  REQUIRE(again.request(resume_msg(code, bert_token, 0)).room().your_seat() == 1);
  WsClient anonymous(server.port());
  REQUIRE(anonymous.request(resume_msg(code, anne_token, 0)).room().your_seat() == 0);
}

TEST_CASE(
    "Identity: another account can neither take nor resume the seat, and Resume without a token needs its account") {
  TempDir dir;
  ServerProcess server(dir.path() + "/db");
  WsClient anne(server.port());
  new_account(anne, "Anne");
  const std::string code = create_room(anne, 3);
  const std::string anne_token = take_seat(anne, code, 0);

  WsClient bob(server.port());
  sign_in_guest(bob, "Bob");
  const auto joined = bob.request(join_msg(code, "Bob"));
  INFO(joined.ShortDebugString());
  REQUIRE(joined.room().your_seat() == -1);  // his account holds no seat: a spectator
  REQUIRE(error_of(bob.request(take_seat_msg(code, 0))) == v1::SEAT_TAKEN);
  REQUIRE(error_of(bob.request(resume_msg(code, "", 0))) == v1::INVALID_TOKEN);
  // Anne's token on a connection signed in to another account: refused.
  REQUIRE(error_of(bob.request(resume_msg(code, anne_token, 0))) == v1::SEAT_OF_ANOTHER_ACCOUNT);
  // Bob takes a seat of his own; his name is the one he typed (a guest).
  take_seat(bob, code, 1);

  // Anne on a second connection, in the room before she signs in there:
  // one seat per account in a room.
  WsClient second(server.port());
  REQUIRE(second.request(join_msg(code, "Anne?")).room().your_seat() == -1);
  REQUIRE(second.request(sign_in("anne", kPassword)).has_account_session());
  REQUIRE(error_of(second.request(take_seat_msg(code, 2))) == v1::ACCOUNT_ALREADY_SEATED);
  // Resume without a token takes her seat (the first connection is closed).
  const auto resumed = second.request(resume_msg(code, "", 0));
  INFO(resumed.ShortDebugString());
  REQUIRE(resumed.room().your_seat() == 0);
  REQUIRE(resumed.room().seats(1).display_name() == "Bob");
  REQUIRE(resumed.room().seats(1).account());
  REQUIRE(anne.wait_closed());

  // Not signed in, nobody's seat comes without a token.
  WsClient stranger(server.port());
  REQUIRE(stranger.request(join_msg(code, "Cid")).room().your_seat() == -1);
  REQUIRE(error_of(stranger.request(resume_msg(code, "", 0))) == v1::INVALID_TOKEN);
  // A signed-out connection is nobody's: myRooms needs a session.
  REQUIRE(error_of(stranger.request(my_rooms())) == v1::NOT_SIGNED_IN);
}

TEST_CASE(
    "Identity: only a claimed account's seat is marked claimed, not a guest who types its username, "
    "also after a restart") {
  // The web client shows a seat's rating and profile only when the seat is
  // claimed: a guest's name is typed and may be anyone's username.
  TempDir dir;
  const std::string db = dir.path() + "/db";
  const auto check = [](const v1::ServerMessage& seen) {
    INFO(seen.ShortDebugString());
    REQUIRE(seen.has_room());
    const auto& seats = seen.room().seats();
    REQUIRE(seats[0].display_name() == "Anne");
    REQUIRE(seats[0].account());
    REQUIRE(seats[0].claimed());
    REQUIRE(seats[1].display_name() == "Anne");
    REQUIRE(seats[1].account());
    REQUIRE_FALSE(seats[1].claimed());
    REQUIRE_FALSE(seats[2].claimed());  // a player without an account
  };
  std::string code;
  {
    ServerProcess server(db);
    WsClient anne(server.port());
    new_account(anne, "Anne");
    code = create_room(anne, 3);
    take_seat(anne, code, 0);
    WsClient impostor(server.port());
    sign_in_guest(impostor, "Anne");
    REQUIRE(impostor.request(join_msg(code, "Anne")).has_room());
    take_seat(impostor, code, 1);
    WsClient plain(server.port());
    REQUIRE(plain.request(join_msg(code, "Carl")).has_room());
    take_seat(plain, code, 2);
    WsClient watcher(server.port());
    check(watcher.request(join_msg(code, "Watcher")));
    REQUIRE(server.stop(SIGTERM) == 0);
  }
  ServerProcess server(db);
  WsClient watcher(server.port());
  check(watcher.request(join_msg(code, "Watcher")));
}

TEST_CASE("Identity: myRooms survives a restart, puts his turn first, and holds at most 50 rooms") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  const std::vector<std::string> flags{"--max-rooms-per-connection", "100", "--max-rooms-per-address", "100"};
  std::string session;
  std::string playing;
  std::vector<std::string> open_rooms;
  {
    ServerProcess server(db, flags);
    WsClient anne(server.port());
    session = sign_in_guest(anne, "Anne");
    // A match against a bot, where the bot has moved (or not): its turn
    // flag follows the match; the 51 open rooms after it never do.
    playing = create_room(anne, 2, "Anne B.");
    take_seat(anne, playing, 0);
    REQUIRE(anne.request(add_bot(playing)).has_room());
    REQUIRE(anne.request(start_msg(playing)).has_room());
    for (int i = 0; i < 51; ++i) {
      open_rooms.push_back(create_room(anne, 2, "Anne B."));
      take_seat(anne, open_rooms.back(), 1);
    }
    // Wait until the match waits for Anne (the bot moves at once).
    REQUIRE(anne.wait_for(
        [](const v1::ServerMessage& m) { return m.has_match_update() && acts(m.match_update().view(), 0); }));
    const auto listed = rooms_of(anne);
    REQUIRE(listed.rooms_size() == 50);
    REQUIRE(listed.truncated());
    REQUIRE(listed.rooms(0).room_code() == playing);
    REQUIRE(listed.rooms(0).your_turn());
    // Then the most recently active first: the oldest open room is left out.
    for (int i = 1; i < listed.rooms_size(); ++i) {
      REQUIRE_FALSE(listed.rooms(i).your_turn());
      REQUIRE(listed.rooms(i).status() == v1::ROOM_STATUS_OPEN);
      REQUIRE(listed.rooms(i).your_seat() == 1);
      REQUIRE(listed.rooms(i).player_names(1) == "Anne B.");  // a guest: the name she typed
      if (i > 1) REQUIRE(listed.rooms(i).active_unix_ms() <= listed.rooms(i - 1).active_unix_ms());
      REQUIRE(listed.rooms(i).room_code() != open_rooms.front());
    }
    REQUIRE(server.stop(SIGTERM) == 0);
  }
  // After a restart the seats and their accounts come back from the store.
  ServerProcess server(db, flags);
  WsClient laptop(server.port());
  REQUIRE(laptop.request(authenticate(session)).has_account());
  const auto listed = rooms_of(laptop);
  REQUIRE(listed.rooms_size() == 50);
  REQUIRE(listed.rooms(0).room_code() == playing);
  REQUIRE(listed.rooms(0).your_turn());
}

TEST_CASE("Identity: a deleted account's seats show \"deleted player\" in the history, the match replays") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  WsClient anne(server.port());
  new_account(anne, "Anne");
  const std::string code = create_room(anne, 2);
  const std::string token = take_seat(anne, code, 0);
  REQUIRE(anne.request(add_bot(code)).has_room());
  REQUIRE(anne.request(start_msg(code)).has_room());
  // Anne plays random moves until the end.
  rules::RandomBot bot(9);
  std::int64_t match_id = 0;
  for (int moves = 0; moves < 10000; ++moves) {
    const auto update = anne.wait_for(
        [](const v1::ServerMessage& m) {
          return m.has_match_update() && (m.match_update().view().finished() || acts(m.match_update().view(), 0));
        },
        std::chrono::seconds(30));
    REQUIRE(update.has_value());
    match_id = update->match_update().match_id();
    const auto& view = update->match_update().view();
    if (view.finished()) break;
    auto action = bot.choose(view);
    REQUIRE(action.has_value());
    const auto reply = anne.request(submit_msg(code, *action));
    INFO(reply.ShortDebugString());
    REQUIRE((reply.has_action_accepted() || error_of(reply) == v1::NOT_YOUR_TURN));
  }
  REQUIRE(match_id != 0);
  const std::string target = "/api/matches/" + std::to_string(match_id);
  const std::map<std::string, std::string> bearer{{"Authorization", "Bearer " + token}};
  auto before = http_get_with(server.port(), target, bearer);
  INFO(before.body);
  REQUIRE(before.status == 200);
  REQUIRE(before.body.find("\"Anne\"") != std::string::npos);

  const auto deleted = anne.request(delete_account(kPassword));
  INFO(deleted.ShortDebugString());
  REQUIRE(deleted.has_ok());
  // The live room shows it at once; the history serves it, still replayable.
  REQUIRE(anne.wait_for([](const v1::ServerMessage& m) {
    return m.has_room() && m.room().seats(0).display_name() == "deleted player" && !m.room().seats(0).account();
  }));
  auto after = http_get_with(server.port(), target, bearer);
  INFO(after.body);
  REQUIRE(after.status == 200);
  REQUIRE(after.body.find("\"Anne\"") == std::string::npos);
  REQUIRE(after.body.find("\"deleted player\"") != std::string::npos);
  REQUIRE(after.body.find("\"outcome\"") != std::string::npos);
  REQUIRE(seat_account(db, code, 0) == 0);
}
