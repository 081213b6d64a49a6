// Quick play through the real server (issue #27 item 8, docs/quickplay.md):
// players who queue for the same game and seat count share one room whose
// match the server starts; a lone player gets bots after the wait and plays;
// cancelling and closing the connection leave the queue; the bounds answer
// with their typed errors. Every wait is for an event (a push, a reply),
// with a generous timeout for a loaded machine.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "rules/bots/random_bot.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"
#include "tools/client/ws_client.h"
#include "tests/server/account_support.h"
#include "tests/server/quickplay_support.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;
using brethren::quickplay_test::queue_up;
using brethren::quickplay_test::quick_play;

namespace {

constexpr const char* kLom = "letter-of-marque";
constexpr auto kMatchWait = std::chrono::seconds(30);

v1::ClientMessage cancel_quick_play() {
  v1::ClientMessage m;
  m.mutable_cancel_quick_play();
  return m;
}
v1::ClientMessage ping() {
  v1::ClientMessage m;
  m.mutable_ping()->set_nonce(1);
  return m;
}

v1::ErrorCode error_of(const v1::ServerMessage& m) {
  INFO(m.ShortDebugString());
  REQUIRE(m.has_error());
  return m.error().code();
}

v1::QuickPlayStatus wait_matched(WsClient& client) { return quickplay_test::wait_matched(client, kMatchWait); }

// The room as pushed to `client` once its match has started.
v1::RoomInfo wait_playing_room(WsClient& client, const std::string& code) {
  auto room = client.wait_for(
      [&code](const v1::ServerMessage& m) {
        return m.has_room() && m.room().room_code() == code && m.room().status() == v1::ROOM_STATUS_PLAYING;
      },
      kMatchWait);
  REQUIRE(room.has_value());
  return room->room();
}

}  // namespace

TEST_CASE("Quick play: three players queueing for a 3-seat Letter of Marque share one started room, a seat each") {
  TempDir dir;
  // No bots may come: the wait is far longer than the test.
  ServerProcess server(dir.path() + "/q.db", {"--quickplay-bot-fill-ms", "600000"});
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 3; ++i) {
    clients.push_back(std::make_unique<WsClient>(server.port()));
    sign_in_guest(*clients.back(), "Sailor " + std::to_string(i));
  }
  // The first two wait (a table needs three); their place and the queue's size.
  const auto first = queue_up(*clients[0], kLom, 3);
  REQUIRE(first.game_id() == kLom);
  REQUIRE(first.seats() == 3);
  REQUIRE(first.position() == 1);
  REQUIRE(first.waiting() == 1);
  REQUIRE(first.bots_by_unix_ms() > 0);
  const auto second = queue_up(*clients[1], kLom, 3);
  REQUIRE(second.position() == 2);
  REQUIRE(second.waiting() == 2);
  queue_up(*clients[2], kLom, 3);

  std::string code;
  std::set<int> seats;
  std::vector<std::string> tokens;
  Table table;
  table.players.resize(3);
  for (auto& client : clients) {
    const auto matched = wait_matched(*client);
    if (code.empty()) code = matched.room_code();
    REQUIRE(matched.room_code() == code);
    REQUIRE(matched.game_id() == kLom);
    REQUIRE(matched.seat_token().size() == 64);
    seats.insert(matched.seat());
    tokens.push_back(matched.seat_token());
    const v1::RoomInfo room = wait_playing_room(*client, code);
    REQUIRE(room.your_seat() == matched.seat());
    REQUIRE_FALSE(room.you_are_host());
    REQUIRE(room.seat_count() == 3);
    for (const auto& seat : room.seats()) {
      REQUIRE(seat.taken());
      REQUIRE(seat.bot().empty());
    }
    REQUIRE(room.seats(matched.seat()).display_name().rfind("Sailor ", 0) == 0);
    auto& player = table.players[static_cast<std::size_t>(matched.seat())];
    player.seat = matched.seat();
    player.token = matched.seat_token();
    player.client = std::move(client);
  }
  REQUIRE(seats == std::set<int>{0, 1, 2});
  // Each got his own token and no one else's, in any frame.
  for (const auto& player : table.players) {
    for (const auto& frame : player.client->frames()) {
      for (const auto& token : tokens) {
        if (token != player.token) REQUIRE(frame.bytes.find(token) == std::string::npos);
      }
    }
  }
  REQUIRE(std::set<std::string>(tokens.begin(), tokens.end()).size() == 3);

  // The match runs and each plays his own seat.
  table.code = code;
  sync_all(table, 0);
  for (const auto& player : table.players) REQUIRE(player.view.viewer_seat() == player.seat);
  rules::RandomBot bot(7);
  REQUIRE(play_moves(table, bot, 6) == 6);

  // A seat token is the seat's: on a new connection it resumes the seat.
  WsClient again(server.port());
  auto resumed = again.request(resume_msg(code, table.players[1].token, 0));
  INFO(resumed.ShortDebugString());
  REQUIRE(resumed.has_room());
  REQUIRE(resumed.room().your_seat() == 1);
}

TEST_CASE("Quick play: a lone player gets bots of his level after the wait, and plays") {
  TempDir dir;
  // A short wait for the bots; the search bots think briefly.
  ServerProcess server(dir.path() + "/q.db", {"--quickplay-bot-fill-ms", "300", "--bot-time-scale", "0.02"});
  WsClient me(server.port());
  sign_in_guest(me, "Lone");
  const auto queued = queue_up(me, kLom, 3);
  REQUIRE(queued.waiting() == 1);
  const auto matched = wait_matched(me);
  REQUIRE(matched.seat() == 0);  // the people sit first
  const v1::RoomInfo room = wait_playing_room(me, matched.room_code());
  REQUIRE(room.your_seat() == 0);
  REQUIRE(room.seats(0).bot().empty());
  REQUIRE(room.seats(0).display_name() == "Lone");
  // A new player's rating (mu 25) is nearest the medium bot's (docs/quickplay.md, "Bots").
  for (int s = 1; s < 3; ++s) REQUIRE(room.seats(s).bot() == "medium");
  // His account holds the seat (issue #27, item 4): myRooms lists the table.
  REQUIRE(room.seats(0).account());
  v1::ClientMessage mine;
  mine.mutable_my_rooms();
  const auto listed = me.request(mine);
  REQUIRE(listed.has_my_rooms());
  REQUIRE(listed.my_rooms().rooms_size() == 1);
  REQUIRE(listed.my_rooms().rooms(0).room_code() == matched.room_code());
  REQUIRE(listed.my_rooms().rooms(0).your_seat() == 0);

  // He plays his seat against them until he has made a few moves (or the
  // bots end the match).
  rules::RandomBot bot(11);
  int moves = 0;
  while (moves < 3) {
    auto update = me.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, kMatchWait);
    REQUIRE(update.has_value());
    v1::MatchView view = update->match_update().view();
    if (auto newer = me.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 0ms)) {
      view = newer->match_update().view();
    }
    if (view.finished()) break;
    if (view.legal_actions_size() == 0) continue;
    auto reply = me.request(submit_msg(matched.room_code(), *bot.choose(view)));
    INFO(reply.ShortDebugString());
    if (reply.has_action_accepted()) {
      ++moves;
    } else {
      // A bot moved between that view and the move.
      REQUIRE((reply.error().code() == v1::NOT_YOUR_TURN || reply.error().code() == v1::ILLEGAL_ACTION ||
               reply.error().code() == v1::GAME_OVER));
    }
  }
  REQUIRE(moves > 0);
}

TEST_CASE("Quick play: cancelling and closing the connection leave the queue") {
  TempDir dir;
  ServerProcess server(dir.path() + "/q.db", {"--quickplay-bot-fill-ms", "600000"});
  // Six seats: the few players here never make a table.
  WsClient anne(server.port());
  sign_in_guest(anne, "Anne");
  REQUIRE(queue_up(anne, kLom, 6).waiting() == 1);
  auto cancelled = anne.request(cancel_quick_play());
  INFO(cancelled.ShortDebugString());
  REQUIRE(cancelled.has_quick_play_status());
  REQUIRE(cancelled.quick_play_status().state() == v1::QUICK_PLAY_CANCELLED);
  REQUIRE(cancelled.quick_play_status().game_id() == kLom);
  REQUIRE(error_of(anne.request(cancel_quick_play())) == v1::NOT_QUEUED);

  WsClient bob(server.port());
  sign_in_guest(bob, "Bob");
  REQUIRE(queue_up(bob, kLom, 6).waiting() == 1);  // Anne is gone
  // Anne may queue again.
  REQUIRE(queue_up(anne, kLom, 6).waiting() == 2);

  {
    WsClient carl(server.port());
    sign_in_guest(carl, "Carl");
    REQUIRE(queue_up(carl, kLom, 6).waiting() == 3);
  }  // Carl's connection closes

  // His entry leaves once the server has seen the close: a probe queues
  // and cancels until the queue holds Anne, Bob and the probe only.
  WsClient probe(server.port());
  sign_in_guest(probe, "Probe");
  const auto deadline = std::chrono::steady_clock::now() + kMatchWait;
  int waiting = 0;
  for (;;) {
    waiting = queue_up(probe, kLom, 6).waiting();
    if (waiting == 3 || std::chrono::steady_clock::now() > deadline) break;
    REQUIRE(probe.request(cancel_quick_play()).has_quick_play_status());
    // Each round trip lets the server go on with the close meanwhile.
    REQUIRE(probe.request(ping()).has_pong());
  }
  REQUIRE(waiting == 3);
}

TEST_CASE("Quick play: bounds and typed errors") {
  TempDir dir;
  ServerProcess server(dir.path() + "/q.db", {"--quickplay-bot-fill-ms", "600000", "--quickplay-max-queue", "2"});
  WsClient anne(server.port());
  // Quick play needs an account (a guest is one).
  REQUIRE(error_of(anne.request(quick_play(kLom, 3))) == v1::NOT_SIGNED_IN);
  const std::string anne_token = sign_in_guest(anne, "Anne");
  REQUIRE(error_of(anne.request(quick_play("no-such-game", 3))) == v1::UNKNOWN_GAME);
  REQUIRE(error_of(anne.request(quick_play(std::string(10000, 'x'), 3))) == v1::UNKNOWN_GAME);
  // Letter of Marque is for 3 to 6.
  REQUIRE(error_of(anne.request(quick_play(kLom, 2))) == v1::INVALID_SEAT_COUNT);
  REQUIRE(error_of(anne.request(quick_play(kLom, 7))) == v1::INVALID_SEAT_COUNT);
  REQUIRE(error_of(anne.request(quick_play(kLom, -1))) == v1::INVALID_SEAT_COUNT);
  REQUIRE(error_of(anne.request(cancel_quick_play())) == v1::NOT_QUEUED);

  // One entry per connection and per account.
  queue_up(anne, kLom, 6);
  REQUIRE(error_of(anne.request(quick_play(kLom, 6))) == v1::ALREADY_QUEUED);
  REQUIRE(error_of(anne.request(quick_play(kLom, 5))) == v1::ALREADY_QUEUED);
  WsClient anne_elsewhere(server.port());
  v1::ClientMessage authenticate;
  authenticate.mutable_authenticate()->set_session_token(anne_token);
  REQUIRE(anne_elsewhere.request(authenticate).has_account());
  REQUIRE(error_of(anne_elsewhere.request(quick_play(kLom, 4))) == v1::ALREADY_QUEUED);

  // At most two waiting per game (--quickplay-max-queue), whatever the seat count.
  WsClient bob(server.port());
  sign_in_guest(bob, "Bob");
  REQUIRE(queue_up(bob, kLom, 5).waiting() == 1);
  WsClient carl(server.port());
  sign_in_guest(carl, "Carl");
  REQUIRE(error_of(carl.request(quick_play(kLom, 4))) == v1::QUICK_PLAY_QUEUE_FULL);
  // Another game has its own.
  REQUIRE(queue_up(carl, "port-royal-pfister", 5).waiting() == 1);

  // Signing out takes Anne's entry with her account: the place is free.
  v1::ClientMessage sign_out;
  sign_out.mutable_sign_out();
  REQUIRE(anne.request(sign_out).has_ok());
  REQUIRE(error_of(anne.request(quick_play(kLom, 6))) == v1::NOT_SIGNED_IN);
  WsClient dora(server.port());
  sign_in_guest(dora, "Dora");
  REQUIRE(queue_up(dora, kLom, 6).waiting() == 1);
}
