// End-to-end: the real brethren-server binary, real WebSocket clients.
#include <catch2/catch.hpp>

#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

void check_final(const Table& t) {
  REQUIRE(t.finished());
  const auto& outcome = t.players[0].view.outcome();
  REQUIRE(outcome.seats_size() == static_cast<int>(t.players.size()));
  for (const auto& p : t.players) {
    REQUIRE(p.view.finished());
    REQUIRE(p.view.outcome().SerializeAsString() == outcome.SerializeAsString());
    REQUIRE(p.view.legal_actions_size() == 0);
  }
}

}  // namespace

TEST_CASE("Server: /healthz and /metrics answer over plain HTTP") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  auto [status, body] = http_get(server.port(), "/healthz");
  REQUIRE(status == 200);
  REQUIRE_THAT(body, Catch::Contains("\"status\":\"ok\""));
  auto [mstatus, metrics] = http_get(server.port(), "/metrics");
  REQUIRE(mstatus == 200);
  for (const char* name : {"brethren_connections_open", "brethren_rooms", "brethren_live_matches",
                           "brethren_moves_accepted_total", "brethren_moves_rejected_total",
                           "brethren_move_latency_seconds_bucket", "brethren_db_commit_latency_seconds_bucket"}) {
    REQUIRE_THAT(metrics, Catch::Contains(name));
  }
  // Unknown API paths and files are 404; an extension-less path is the
  // browser client's page (static_files_test.cc).
  REQUIRE(http_get(server.port(), "/api/nothing").first == 404);
  REQUIRE(http_get(server.port(), "/nothing.txt").first == 404);
}

TEST_CASE("Server: Hello negotiates the protocol version, ListGames lists every game") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient c(server.port(), server::Encoding::kJson);
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(7);
  auto reply = c.request(hello);
  REQUIRE(reply.has_hello());
  REQUIRE(reply.hello().protocol_version() == 1);
  REQUIRE(reply.hello().max_frame_bytes() == 64 * 1024);
  v1::ClientMessage list;
  list.mutable_list_games();
  auto games = c.request(list);
  REQUIRE(games.has_games());
  bool found = false;
  for (const auto& g : games.games().games()) found |= g.id() == "letter-of-marque" && g.min_seats() == 3;
  REQUIRE(found);
}

TEST_CASE("Server: a full Letter of Marque game in binary Protobuf") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(1);
  const int moves = play_moves(t, bot, 10000);
  REQUIRE(moves > 10);
  check_final(t);
  // Every frame was binary.
  for (const auto& p : t.players) {
    for (const auto& f : p.client->frames()) REQUIRE_FALSE(f.text);
  }
  auto [status, metrics] = http_get(server.port(), "/metrics");
  REQUIRE_THAT(metrics, Catch::Contains("brethren_moves_accepted_total " + std::to_string(moves)));
}

TEST_CASE("Server: a full Letter of Marque game in JSON text frames") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 4, server::Encoding::kJson);
  rules::RandomBot bot(2);
  REQUIRE(play_moves(t, bot, 10000) > 10);
  check_final(t);
  for (const auto& p : t.players) {
    for (const auto& f : p.client->frames()) {
      REQUIRE(f.text);
      REQUIRE(f.bytes.front() == '{');
    }
  }
  // The JSON mapping spells out names a person can read.
  const auto& last = t.players[0].client->frames().back().bytes;
  REQUIRE_THAT(last, Catch::Contains("\"matchUpdate\"") || Catch::Contains("\"room\""));
}

TEST_CASE("Server: a raw JSON client (as with wscat) can create, join and see its view") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient c(server.port(), server::Encoding::kJson);
  c.send_raw(R"({"requestId": 1, "createRoom": {"gameId": "letter-of-marque", "seatCount": 3, "displayName": "Anne"}})",
             true);
  auto created = c.next();
  REQUIRE(created.has_value());
  REQUIRE(created->has_room_created());
  REQUIRE(created->request_id() == 1);
  REQUIRE(c.frames().back().text);
  REQUIRE_THAT(c.frames().back().bytes, Catch::Contains("\"roomCode\""));
}

TEST_CASE("Server: spectators see the spectator view and cannot play") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  WsClient spectator(server.port());
  auto joined = spectator.request(join_msg(t.code, "Watcher"));
  REQUIRE(joined.has_room());
  REQUIRE(joined.room().your_seat() == -1);
  auto first = spectator.wait_for_version(0);
  REQUIRE(first.has_value());
  REQUIRE(first->view().viewer_seat() == -1);
  REQUIRE(first->view().legal_actions_size() == 0);
  auto refused = spectator.request(submit_msg(t.code, t.players[0].view.legal_actions(0)));
  REQUIRE(refused.error().code() == v1::NOT_SEATED);
  rules::RandomBot bot(3);
  play_moves(t, bot, 10000);
  auto last = spectator.wait_for_version(t.version);
  REQUIRE(last.has_value());
  REQUIRE(last->view().finished());
  // Nothing a spectator received ever showed an unrevealed base.
  for (const auto& f : spectator.frames()) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(f.bytes));
    if (!m.has_match_update()) continue;
    for (const auto& ship : m.match_update().view().game().letter_of_marque().ships_at_sea()) {
      REQUIRE((ship.revealed() || ship.base() == v1::letter_of_marque::BASE_UNKNOWN));
    }
    for (const auto& e : m.match_update().events()) REQUIRE_FALSE(e.event().letter_of_marque().has_own_ship_base());
  }
}

TEST_CASE("Server: after the end the room stays readable with the final result") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(4);
  play_moves(t, bot, 10000);
  WsClient late(server.port());
  REQUIRE(late.request(join_msg(t.code, "Late")).room().status() == v1::ROOM_STATUS_FINISHED);
  auto update = late.wait_for_version(t.version);
  REQUIRE(update.has_value());
  REQUIRE(update->view().finished());
  REQUIRE(update->view().outcome().SerializeAsString() == t.players[0].view.outcome().SerializeAsString());
  auto after = t.players[1].client->request(submit_msg(
      t.code, t.players[0].view.legal_actions().empty() ? v1::GameAction{} : t.players[0].view.legal_actions(0)));
  REQUIRE(after.error().code() == v1::GAME_OVER);
}

TEST_CASE("Rooms: public rooms are listed, private ones are not, seats can be left before the start") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient a(server.port()), b(server.port());
  auto pub = a.request(create_room_msg("letter-of-marque", 4, "Anne", "", true));
  auto priv = b.request(create_room_msg("letter-of-marque", 3, "Bart"));
  const std::string pub_code = pub.room_created().room().room_code();
  v1::ClientMessage list;
  list.mutable_list_rooms()->set_game_id("letter-of-marque");
  auto rooms = b.request(list);
  REQUIRE(rooms.rooms().rooms_size() == 1);
  REQUIRE(rooms.rooms().rooms(0).room_code() == pub_code);
  REQUIRE(rooms.rooms().rooms(0).seat_count() == 4);
  list.mutable_list_rooms()->set_game_id("tortuga-1667");
  REQUIRE(b.request(list).rooms().rooms_size() == 0);

  REQUIRE(a.request(take_seat_msg(pub_code, 2)).seat_taken().seat() == 2);
  list.mutable_list_rooms()->clear_game_id();
  REQUIRE(b.request(list).rooms().rooms(0).seats_taken() == 1);
  v1::ClientMessage leave;
  leave.mutable_leave_seat()->set_room_code(pub_code);
  auto left = a.request(leave);
  REQUIRE(left.has_room());
  REQUIRE(left.room().your_seat() == -1);
  REQUIRE_FALSE(left.room().seats(2).taken());
  REQUIRE(b.request(list).rooms().rooms(0).seats_taken() == 0);
  // Others in the room were told.
  REQUIRE(b.request(join_msg(pub_code, "Bart")).room().seats(2).taken() == false);
  (void)priv;
}
