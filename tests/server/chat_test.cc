// Room chat through the real server: delivered to every member (spectators
// included), stored with the room's match, replayed as history, limited in
// size and rate; the connection and room survive every refusal.
#include <signal.h>

#include <catch2/catch.hpp>

#include "persistence/store.h"
#include "tests/server/social_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::social_test;

namespace {

bool is_chat(const v1::ServerMessage& m) { return m.has_chat(); }
bool is_history(const v1::ServerMessage& m) { return m.has_chat_history(); }

v1::ChatMessage next_chat(WsClient& c) {
  auto m = c.wait_for(is_chat);
  REQUIRE(m.has_value());
  REQUIRE(m->request_id() == 0);
  return m->chat();
}

}  // namespace

TEST_CASE("Chat: every member gets each message incl. spectators - stored with the match - history after a restart") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code, host_token;
  std::int64_t match_id = 0;
  {
    ServerProcess server(db);
    WsClient host(server.port()), bart(server.port()), carla(server.port()), watcher(server.port());
    auto created = host.request(create_room_msg("letter-of-marque", 3, "Anne"));
    code = created.room_created().room().room_code();
    host_token = created.room_created().host_token();
    REQUIRE(host.request(take_seat_msg(code, 0)).has_seat_taken());
    REQUIRE(bart.request(join_msg(code, "Bart")).has_room());
    // JoinRoom brings the (still empty) history.
    REQUIRE(bart.wait_for(is_history)->chat_history().messages_size() == 0);
    REQUIRE(bart.request(take_seat_msg(code, 1)).has_seat_taken());
    REQUIRE(watcher.request(join_msg(code, "Watcher")).has_room());

    REQUIRE(host.request(chat_msg(code, "  Ahoy, mates!  ")).has_ok());
    for (WsClient* c : {&host, &bart, &watcher}) {
      const auto chat = next_chat(*c);
      REQUIRE(chat.room_code() == code);
      REQUIRE(chat.seq() == 1);
      REQUIRE(chat.seat() == 0);
      REQUIRE(chat.display_name() == "Anne");
      REQUIRE(chat.text() == "Ahoy, mates!");  // trimmed
      REQUIRE(chat.at_unix_ms() > 0);
    }
    // A spectator reads but, by default, may not write.
    REQUIRE(error_of(watcher.request(chat_msg(code, "hello?"))) == v1::CHAT_FORBIDDEN);
    still_usable(watcher);
    WsClient stranger(server.port());
    REQUIRE(error_of(stranger.request(chat_msg(code, "hi"))) == v1::NOT_IN_ROOM);

    REQUIRE(carla.request(join_msg(code, "Carla")).has_room());
    auto history = carla.wait_for(is_history);
    REQUIRE(history->chat_history().messages_size() == 1);
    REQUIRE(history->chat_history().messages(0).text() == "Ahoy, mates!");
    REQUIRE(carla.request(take_seat_msg(code, 2)).has_seat_taken());
    auto started = host.request(start_msg(code));
    REQUIRE(started.has_room());
    match_id = host.wait_for(is_match_update)->match_update().match_id();
    REQUIRE(match_id > 0);
    REQUIRE(bart.request(chat_msg(code, "Fair winds")).has_ok());
    for (WsClient* c : {&host, &bart, &carla, &watcher}) {
      const auto chat = next_chat(*c);
      REQUIRE(chat.seq() == 2);
      REQUIRE(chat.seat() == 1);
    }
    REQUIRE(server.stop(SIGKILL) != -1);
  }
  {
    // Stored: the first before any match (0), the second with the match.
    auto store = persistence::Store::open(db);
    const auto stored = store->load_chat(code);
    REQUIRE(stored.size() == 2);
    REQUIRE(stored[0].match_id == 0);
    REQUIRE(stored[1].match_id == match_id);
    REQUIRE(stored[1].text == "Fair winds");
    REQUIRE(stored[1].display_name == "Bart");
  }
  ServerProcess again(db);
  WsClient late(again.port());
  REQUIRE(late.request(join_msg(code, "Late")).has_room());
  auto history = late.wait_for(is_history);
  REQUIRE(history.has_value());
  REQUIRE(history->chat_history().messages_size() == 2);
  REQUIRE(history->chat_history().messages(1).seq() == 2);
  REQUIRE(history->chat_history().messages(1).text() == "Fair winds");
  // ClaimHost brings the history too, and the numbering goes on where it was.
  WsClient host(again.port());
  REQUIRE(host.request(claim_host_msg(code, host_token)).has_room());
  REQUIRE(host.wait_for(is_history)->chat_history().messages_size() == 2);
  REQUIRE(host.request(chat_msg(code, "Back again")).has_ok());
  REQUIRE(next_chat(late).seq() == 3);
}

TEST_CASE("Chat: size limit and empty or malformed text are refused with stable codes") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port());
  const std::string code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
  REQUIRE(host.request(chat_msg(code, std::string(500, 'x'))).has_ok());
  REQUIRE(error_of(host.request(chat_msg(code, std::string(501, 'x')))) == v1::MESSAGE_TOO_LONG);
  // Bytes, not characters: 250 two-byte letters fit, 251 do not.
  std::string accents;
  for (int i = 0; i < 250; ++i) accents += "\xC3\xA9";
  REQUIRE(host.request(chat_msg(code, accents)).has_ok());
  REQUIRE(error_of(host.request(chat_msg(code, accents + "\xC3\xA9"))) == v1::MESSAGE_TOO_LONG);
  // Surrounding blanks do not count.
  REQUIRE(host.request(chat_msg(code, "   " + std::string(500, 'y') + "\n  ")).has_ok());
  REQUIRE(error_of(host.request(chat_msg(code, ""))) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(host.request(chat_msg(code, " \n\t "))) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(host.request(chat_msg(code, "bell\x07"))) == v1::INVALID_ARGUMENT);
  // Invalid UTF-8 never gets through: binary Protobuf refuses the frame
  // already (MALFORMED_MESSAGE, request id 0, as it cannot be read).
  host.send(chat_msg(code, "bad \xFF\xFE"));
  auto bad_utf8 = host.wait_for([](const v1::ServerMessage& m) { return m.has_error(); });
  REQUIRE(bad_utf8.has_value());
  REQUIRE((bad_utf8->error().code() == v1::INVALID_ARGUMENT || bad_utf8->error().code() == v1::MALFORMED_MESSAGE));
  still_usable(host);
  // Only the accepted ones were stored and sent, numbered without gaps.
  REQUIRE(host.request(chat_msg(code, "ok")).has_ok());
  std::vector<std::uint64_t> seqs;
  while (auto chat = host.wait_for(is_chat, std::chrono::milliseconds(500))) seqs.push_back(chat->chat().seq());
  REQUIRE(seqs == std::vector<std::uint64_t>{1, 2, 3, 4});
}

TEST_CASE("Chat: at most 5 messages per member in 10 seconds - the connection and the room carry on") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port()), mate(server.port());
  const std::string code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
  REQUIRE(mate.request(join_msg(code, "Mate")).has_room());
  REQUIRE(mate.request(take_seat_msg(code, 1)).has_seat_taken());
  for (int i = 0; i < 5; ++i) REQUIRE(host.request(chat_msg(code, "spam " + std::to_string(i))).has_ok());
  auto refused = host.request(chat_msg(code, "one more"));
  REQUIRE(error_of(refused) == v1::RATE_LIMITED);
  still_usable(host);
  // The limit is per member: the mate still talks, and the host still acts.
  REQUIRE(mate.request(chat_msg(code, "calm down")).has_ok());
  REQUIRE(host.request(take_seat_msg(code, 0)).has_seat_taken());
  int received = 0;
  while (mate.wait_for(is_chat, std::chrono::milliseconds(300))) ++received;
  REQUIRE(received == 6);
}

TEST_CASE("Chat: spectators write when the room allows it - JSON text frames as with wscat") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port(), server::Encoding::kJson);
  host.send_raw(R"({"requestId": 1, "createRoom": {"gameId": "letter-of-marque", "seatCount": 3,)"
                R"( "displayName": "Anne", "settings": {"spectatorChat": true}}})",
                true);
  auto created = host.next();
  REQUIRE(created.has_value());
  REQUIRE(created->room_created().room().settings().spectator_chat());
  const std::string code = created->room_created().room().room_code();

  WsClient watcher(server.port(), server::Encoding::kJson);
  watcher.send_raw(R"({"requestId": 1, "joinRoom": {"roomCode": ")" + code + R"(", "displayName": "Watcher"}})", true);
  REQUIRE(watcher.wait_for([](const v1::ServerMessage& m) { return m.request_id() == 1; })->has_room());
  watcher.send_raw(R"({"requestId": 2, "sendChat": {"roomCode": ")" + code + R"(", "text": "Yo ho ho"}})", true);
  auto ok = watcher.wait_for([](const v1::ServerMessage& m) { return m.request_id() == 2; });
  REQUIRE(ok.has_value());
  REQUIRE(ok->has_ok());
  auto chat = next_chat(host);
  REQUIRE(chat.seat() == -1);
  REQUIRE(chat.display_name() == "Watcher");
  REQUIRE(chat.text() == "Yo ho ho");
  bool saw_text_frame = false;
  for (const auto& f : host.frames()) {
    saw_text_frame |=
        f.text && f.bytes.find("\"chat\"") != std::string::npos && f.bytes.find("\"Yo ho ho\"") != std::string::npos;
  }
  REQUIRE(saw_text_frame);
  watcher.send_raw(
      R"({"requestId": 3, "sendChat": {"roomCode": ")" + code + R"(", "text": ")" + std::string(501, 'z') + R"("}})",
      true);
  auto too_long = watcher.wait_for([](const v1::ServerMessage& m) { return m.request_id() == 3; });
  REQUIRE(error_of(*too_long) == v1::MESSAGE_TOO_LONG);
  REQUIRE_THAT(watcher.frames().back().bytes, Catch::Contains("\"MESSAGE_TOO_LONG\""));
}
