// T67-H-9: Tortuga forbids whispering and passing notes, so the server offers
// no private player-to-player channel: chat during a match goes to the whole
// room, through the real server.
#include <catch2/catch.hpp>
#include <memory>
#include <vector>

#include "tests/server/social_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::social_test;

namespace {

bool is_chat(const v1::ServerMessage& m) { return m.has_chat(); }

}  // namespace

TEST_CASE(
    "T67-H-9: during a Tortuga match a chat message reaches every player and spectator, none can be addressed to one") {
  // The request itself has no room for a recipient.
  const auto* chat = v1::SendChat::descriptor();
  REQUIRE(chat->field_count() == 2);
  REQUIRE(chat->FindFieldByName("room_code") != nullptr);
  REQUIRE(chat->FindFieldByName("text") != nullptr);

  TempDir dir;
  ServerProcess server(dir.path() + "/c.db");
  const int seats = 4;
  std::vector<std::unique_ptr<WsClient>> players;
  for (int s = 0; s < seats; ++s) players.push_back(std::make_unique<WsClient>(server.port(), server::Encoding::kJson));
  auto created = players[0]->request(create_room_msg("tortuga-1667", seats, "Anne"));
  const std::string code = created.room_created().room().room_code();
  REQUIRE_FALSE(code.empty());
  for (int s = 0; s < seats; ++s) {
    if (s > 0) REQUIRE(players[s]->request(join_msg(code, "P" + std::to_string(s))).has_room());
    REQUIRE(players[s]->request(take_seat_msg(code, s)).has_seat_taken());
  }
  WsClient watcher(server.port());
  REQUIRE(watcher.request(join_msg(code, "Watcher")).has_room());
  REQUIRE(players[0]->request(start_msg(code)).has_room());
  REQUIRE(players[0]->wait_for(is_match_update).has_value());

  std::vector<WsClient*> room{&watcher};
  for (auto& p : players) room.push_back(p.get());
  std::uint64_t seq = 0;
  auto everyone_gets = [&](int from, const std::string& text) {
    ++seq;
    for (WsClient* c : room) {
      auto m = c->wait_for(is_chat);
      REQUIRE(m.has_value());
      REQUIRE(m->chat().seq() == seq);
      REQUIRE(m->chat().seat() == from);
      REQUIRE(m->chat().text() == text);
    }
  };
  REQUIRE(players[1]->request(chat_msg(code, "I am French, trust me")).has_ok());
  everyone_gets(1, "I am French, trust me");
  // A client that tries to whisper to one seat: refused, or said to all.
  players[2]->send_raw(R"({"requestId": 900, "sendChat": {"roomCode": ")" + code +
                           R"(", "text": "psst", "toSeat": 3, "recipients": [3]}})",
                       true);
  auto answer = players[2]->wait_for([](const v1::ServerMessage& m) { return m.request_id() == 900; });
  REQUIRE(answer.has_value());
  if (answer->has_ok()) {
    everyone_gets(2, "psst");
  } else {
    REQUIRE(answer->has_error());
    REQUIRE(players[3]->wait_for(is_chat, std::chrono::milliseconds(300)) == std::nullopt);
    still_usable(*players[2]);
  }
}
