// Every error code a client can cause, through the real server: a typed
// error, the connection stays usable, rooms and data are unaffected.
#include <catch2/catch.hpp>

#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

v1::ErrorCode error_of(const v1::ServerMessage& m) {
  INFO(m.ShortDebugString());
  REQUIRE(m.has_error());
  REQUIRE_FALSE(m.error().message().empty());
  return m.error().code();
}

// The connection still answers.
void still_usable(WsClient& c) {
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(99);
  REQUIRE(c.request(ping).pong().nonce() == 99);
}

}  // namespace

TEST_CASE("Errors: malformed frames, unknown messages, duplicate request ids, versions") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  for (auto encoding : {server::Encoding::kBinary, server::Encoding::kJson}) {
    WsClient c(server.port(), encoding);
    c.send_raw("\xff\xff\xff garbage", false);
    REQUIRE(error_of(*c.next()) == v1::MALFORMED_MESSAGE);
    c.send_raw("{not json", true);
    REQUIRE(error_of(*c.next()) == v1::MALFORMED_MESSAGE);
    c.send_raw(R"({"requestId": 5, "launchRockets": {}})", true);
    REQUIRE(error_of(*c.next()) == v1::UNKNOWN_MESSAGE);
    v1::ClientMessage empty;
    empty.set_request_id(6);
    REQUIRE(error_of(c.request(empty)) == v1::UNKNOWN_MESSAGE);
    still_usable(c);
    // Replayed and non-increasing request ids.
    v1::ClientMessage ping;
    ping.set_request_id(c.last_request_id());
    ping.mutable_ping();
    REQUIRE(error_of(c.request(ping)) == v1::DUPLICATE_REQUEST);
    v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(0);
    REQUIRE(error_of(c.request(hello)) == v1::UNSUPPORTED_VERSION);
    still_usable(c);
  }
}

TEST_CASE("Errors: room creation and joining") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port());
  REQUIRE(error_of(host.request(create_room_msg("chess", 2))) == v1::UNKNOWN_GAME);
  REQUIRE(error_of(host.request(create_room_msg("letter-of-marque", 7))) == v1::INVALID_SEAT_COUNT);
  auto bad_options = create_room_msg("letter-of-marque", 3);
  bad_options.mutable_create_room()->mutable_options()->mutable_letter_of_marque()->set_cannon_tiebreak(
      static_cast<v1::letter_of_marque::CannonTiebreak>(9));
  REQUIRE(error_of(host.request(bad_options)) == v1::INVALID_OPTIONS);
  auto created = host.request(create_room_msg("letter-of-marque", 3, "Host", "secret"));
  const std::string code = created.room_created().room().room_code();
  REQUIRE(created.room_created().room().has_password());
  // Codes: 9 characters of an unambiguous alphabet.
  REQUIRE(code.size() == 9);
  REQUIRE(code.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ") == std::string::npos);

  WsClient guest(server.port());
  REQUIRE(error_of(guest.request(join_msg("NOSUCHROOM", "Guest"))) == v1::UNKNOWN_ROOM);
  REQUIRE(error_of(guest.request(join_msg(code, "Guest", "wrong"))) == v1::WRONG_PASSWORD);
  REQUIRE(error_of(guest.request(take_seat_msg(code, 0))) == v1::NOT_IN_ROOM);
  // Codes are forgiving when typed by a person: lower case and dashes.
  std::string typed = code.substr(0, 3) + "-" + code.substr(3, 3) + "-" + code.substr(6);
  for (auto& ch : typed) ch = static_cast<char>(std::tolower(ch));
  REQUIRE(guest.request(join_msg(typed, "Guest", "secret")).has_room());
  REQUIRE(guest.request(take_seat_msg(code, 1)).has_seat_taken());
  REQUIRE(error_of(host.request(take_seat_msg(code, 1))) == v1::SEAT_TAKEN);
  REQUIRE(error_of(host.request(take_seat_msg(code, 5))) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(guest.request(start_msg(code))) == v1::NOT_HOST);
  REQUIRE(error_of(host.request(start_msg(code))) == v1::SEATS_NOT_FILLED);
  REQUIRE(host.request(take_seat_msg(code, -1)).seat_taken().seat() == 0);
  WsClient third(server.port());
  REQUIRE(third.request(join_msg(code, "Third", "secret")).has_room());
  REQUIRE(third.request(take_seat_msg(code)).seat_taken().seat() == 2);
  WsClient fourth(server.port());
  REQUIRE(fourth.request(join_msg(code, "Fourth", "secret")).has_room());
  REQUIRE(error_of(fourth.request(take_seat_msg(code))) == v1::ROOM_FULL);
  REQUIRE(error_of(fourth.request(sync_msg(code, 0))) == v1::NOT_STARTED);
  v1::ClientMessage leave;
  leave.mutable_leave_seat()->set_room_code(code);
  REQUIRE(error_of(fourth.request(leave)) == v1::NOT_SEATED);
  v1::ClientMessage claim;
  claim.mutable_claim_host()->set_room_code(code);
  claim.mutable_claim_host()->set_host_token("not-the-token");
  REQUIRE(error_of(fourth.request(claim)) == v1::INVALID_TOKEN);
  REQUIRE(host.request(start_msg(code)).has_room());
  REQUIRE(error_of(host.request(start_msg(code))) == v1::ALREADY_STARTED);
  REQUIRE(error_of(fourth.request(take_seat_msg(code))) == v1::ALREADY_STARTED);
  still_usable(host);
  still_usable(fourth);
}

TEST_CASE("Errors: moves out of turn, illegal, malformed, by non-members, the room is unaffected") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kJson);
  rules::RandomBot bot(41);
  // Finish the simultaneous preliminary turn.
  while (t.players[0].view.game().letter_of_marque().phase() == v1::letter_of_marque::PHASE_PRELIMINARY) {
    play_moves(t, bot, 1);
  }
  const int current = t.players[0].view.to_act(0);
  const int other = (current + 1) % 3;
  const std::uint64_t version = t.version;
  v1::GameAction pass;
  pass.mutable_letter_of_marque()->mutable_pass();
  REQUIRE(error_of(t.players[other].client->request(submit_msg(t.code, pass))) == v1::NOT_YOUR_TURN);
  auto illegal = t.players[current].client->request(submit_msg(t.code, pass));
  REQUIRE(error_of(illegal) == v1::ILLEGAL_ACTION);
  REQUIRE_THAT(illegal.error().message(), Catch::Contains("LOM-11"));
  REQUIRE(error_of(t.players[current].client->request(submit_msg(t.code, v1::GameAction{}))) == v1::MALFORMED_ACTION);
  v1::GameAction bad_ship;
  bad_ship.mutable_letter_of_marque()->mutable_attack()->set_ship_id(999);
  REQUIRE(error_of(t.players[current].client->request(submit_msg(t.code, bad_ship))) == v1::MALFORMED_ACTION);
  WsClient stranger(server.port());
  REQUIRE(error_of(stranger.request(submit_msg(t.code, pass))) == v1::NOT_IN_ROOM);
  // Nothing changed: same version, and the game plays on to its end.
  auto sync = t.players[0].client->request(sync_msg(t.code, version));
  REQUIRE(sync.match_update().view().version() == version);
  play_moves(t, bot, 10000);
  REQUIRE(t.finished());
  auto [status, metrics] = http_get(server.port(), "/metrics");
  REQUIRE_THAT(metrics, Catch::Contains("brethren_moves_rejected_total 4"));
}

TEST_CASE("Errors: an oversize frame closes with 1009, the server and other clients carry on") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--max-frame-bytes", "1024"});
  WsClient big(server.port());
  WsClient other(server.port());
  big.send_raw(std::string(4096, 'x'), false);
  REQUIRE(big.wait_closed());
  REQUIRE(big.close_code() == 1009);
  still_usable(other);
  REQUIRE(http_get(server.port(), "/healthz").first == 200);
}

TEST_CASE("Errors: flooding is answered with RATE_LIMITED, sustained flooding closes with 1008") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--rate-limit", "5", "--rate-burst", "5", "--rate-abuse-strikes", "20"});
  WsClient flood(server.port());
  for (int i = 0; i < 10; ++i) {
    v1::ClientMessage ping;
    ping.mutable_ping();
    flood.send(ping);
  }
  int pongs = 0, limited = 0;
  for (int i = 0; i < 10; ++i) {
    auto m = flood.next();
    REQUIRE(m.has_value());
    if (m->has_pong()) ++pongs;
    if (m->has_error() && m->error().code() == v1::RATE_LIMITED) ++limited;
  }
  REQUIRE(pongs >= 5);
  REQUIRE(limited >= 3);
  // Keep flooding: the server gives up on this connection.
  for (int i = 0; i < 40; ++i) {
    v1::ClientMessage ping;
    ping.mutable_ping();
    flood.send(ping);
  }
  REQUIRE(flood.wait_closed());
  REQUIRE(flood.close_code() == 1008);
  WsClient polite(server.port());
  still_usable(polite);
}
