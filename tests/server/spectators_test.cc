// Spectator policies through the real server: OPEN (watch without the
// password, play with it), PASSWORD (the password to watch), NONE (nobody
// unseated sees the match); and spectators never see a player's hidden view.
#include <catch2/catch.hpp>

#include "tests/server/social_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::social_test;

namespace {

v1::RoomSettings policy(v1::SpectatorPolicy p) {
  v1::RoomSettings s;
  s.set_spectators(p);
  return s;
}

// Nothing a spectator received shows an unrevealed Letter of Marque base.
void require_spectator_view_only(const WsClient& spectator) {
  int updates = 0;
  for (const auto& f : spectator.frames()) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(f.bytes));
    if (!m.has_match_update()) continue;
    ++updates;
    const auto& view = m.match_update().view();
    REQUIRE(view.viewer_seat() == -1);
    REQUIRE(view.legal_actions_size() == 0);
    for (const auto& ship : view.game().letter_of_marque().ships_at_sea()) {
      REQUIRE((ship.revealed() || ship.base() == v1::letter_of_marque::BASE_UNKNOWN));
    }
    for (const auto& e : m.match_update().events()) REQUIRE_FALSE(e.event().letter_of_marque().has_own_ship_base());
  }
  REQUIRE(updates > 10);
}

}  // namespace

TEST_CASE("Spectators OPEN: watchers join without the password - a seat needs it - no hidden view ever reaches them") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t;
  for (int i = 0; i < 3; ++i) {
    t.players.push_back(SeatedPlayer{std::make_unique<WsClient>(server.port()), i, "", {}});
  }
  auto created =
      t.players[0].client->request(create_with_settings("letter-of-marque", 3, policy(v1::SPECTATORS_OPEN), "pw"));
  REQUIRE(created.room_created().room().has_password());
  t.code = created.room_created().room().room_code();

  WsClient watcher(server.port());
  auto joined = watcher.request(join_msg(t.code, "Watcher"));  // no password
  REQUIRE(joined.has_room());
  REQUIRE(joined.room().your_seat() == -1);
  REQUIRE(error_of(watcher.request(take_seat_msg(t.code, 1))) == v1::WRONG_PASSWORD);
  REQUIRE(watcher.request(join_msg(t.code, "Watcher", "wrong")).has_room());
  REQUIRE(error_of(watcher.request(take_seat_msg(t.code, 1))) == v1::WRONG_PASSWORD);
  still_usable(watcher);

  // The host proved himself by creating the room; the others give the password.
  for (int i = 0; i < 3; ++i) {
    auto& p = t.players[i];
    if (i > 0) REQUIRE(p.client->request(join_msg(t.code, "Player " + std::to_string(i), "pw")).has_room());
    auto seat = p.client->request(take_seat_msg(t.code, i));
    REQUIRE(seat.has_seat_taken());
    p.token = seat.seat_taken().seat_token();
  }
  REQUIRE(t.players[0].client->request(start_msg(t.code)).has_room());
  sync_all(t, 0);
  rules::RandomBot bot(17);
  play_moves(t, bot, 10000);
  REQUIRE(t.finished());
  REQUIRE(watcher.wait_for_version(t.version).has_value());
  require_spectator_view_only(watcher);
}

TEST_CASE("Spectators PASSWORD: watching needs the room password - also the default for rooms with one") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port()), guest(server.port());
  for (auto p : {v1::SPECTATOR_POLICY_UNSPECIFIED, v1::SPECTATORS_PASSWORD}) {
    const std::string code =
        host.request(create_with_settings("letter-of-marque", 3, policy(p), "pw")).room_created().room().room_code();
    REQUIRE(error_of(guest.request(join_msg(code, "Guest"))) == v1::WRONG_PASSWORD);
    REQUIRE(error_of(guest.request(join_msg(code, "Guest", "nope"))) == v1::WRONG_PASSWORD);
    REQUIRE(error_of(guest.request(take_seat_msg(code, 1))) == v1::NOT_IN_ROOM);
    REQUIRE(guest.request(join_msg(code, "Guest", "pw")).has_room());
    REQUIRE(guest.request(take_seat_msg(code, 1)).has_seat_taken());
  }
  // Without a password, the default is OPEN: anyone watches and plays.
  const std::string open_code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
  REQUIRE(guest.request(join_msg(open_code, "Guest")).has_room());
  REQUIRE(guest.request(take_seat_msg(open_code, 2)).has_seat_taken());
  // Unknown policies are refused at creation.
  REQUIRE(error_of(host.request(create_with_settings(
              "letter-of-marque", 3, policy(static_cast<v1::SpectatorPolicy>(9))))) == v1::INVALID_ARGUMENT);
  still_usable(host);
}

TEST_CASE("Spectators NONE: members join before the start only and nobody unseated sees the match") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port()), early_watcher(server.port());
  auto created = host.request(create_with_settings("letter-of-marque", 3, policy(v1::SPECTATORS_NONE)));
  const std::string code = created.room_created().room().room_code();
  const std::string host_token = created.room_created().host_token();
  // Joining before the start is how seats are taken; an unseated member may stay.
  Table t;
  t.code = code;
  for (int i = 0; i < 3; ++i) {
    SeatedPlayer p{std::make_unique<WsClient>(server.port()), i, "", {}};
    REQUIRE(p.client->request(join_msg(code, "Player " + std::to_string(i))).has_room());
    auto seat = p.client->request(take_seat_msg(code, i));
    REQUIRE(seat.has_seat_taken());
    p.token = seat.seat_taken().seat_token();
    t.players.push_back(std::move(p));
  }
  REQUIRE(early_watcher.request(join_msg(code, "Early")).has_room());
  REQUIRE(host.request(start_msg(code)).has_room());
  sync_all(t, 0);
  rules::RandomBot bot(5);
  play_moves(t, bot, 5);

  WsClient late(server.port());
  REQUIRE(error_of(late.request(join_msg(code, "Late"))) == v1::SPECTATORS_FORBIDDEN);
  REQUIRE(error_of(early_watcher.request(sync_msg(code, 0))) == v1::SPECTATORS_FORBIDDEN);
  REQUIRE(error_of(host.request(sync_msg(code, 0))) == v1::SPECTATORS_FORBIDDEN);
  still_usable(late);
  still_usable(early_watcher);
  // The host keeps his rights on a new connection, but sees no match either.
  WsClient host_again(server.port());
  REQUIRE(host_again.request(claim_host_msg(code, host_token)).room().you_are_host());
  // A seat holder resumes and gets his view.
  WsClient resumed(server.port());
  REQUIRE(resumed.request(resume_msg(code, t.players[1].token, 0)).has_room());
  REQUIRE(resumed.wait_for(is_match_update).has_value());
  t.players[1].client = std::make_unique<WsClient>(server.port());
  REQUIRE(t.players[1].client->request(resume_msg(code, t.players[1].token, 0)).has_room());
  play_moves(t, bot, 10000);
  REQUIRE(t.finished());
  // Room updates yes, match updates never.
  for (WsClient* c : {&host, &early_watcher, &host_again}) {
    REQUIRE_FALSE(c->wait_for(is_match_update, std::chrono::milliseconds(200)).has_value());
    bool saw_room = false;
    for (const auto& f : c->frames()) {
      v1::ServerMessage m;
      REQUIRE(m.ParseFromString(f.bytes));
      REQUIRE_FALSE(m.has_match_update());
      saw_room |= m.has_room();
    }
    REQUIRE(saw_room);
  }
  // A finished match stays closed to new watchers too.
  REQUIRE(error_of(late.request(join_msg(code, "Late"))) == v1::SPECTATORS_FORBIDDEN);
}
