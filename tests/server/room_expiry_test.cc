// Rooms expire (issue #13): an open room nobody is in, a finished room after
// its retention, a match without clock or bots that nobody plays. An expired
// room leaves the lobby and JoinRoom (UNKNOWN_ROOM), is not loaded after a
// restart, and its finished match stays readable through the history API.
// A match that runs on its own (a clock) is never expired.
#include <signal.h>

#include <catch2/catch.hpp>
#include <thread>

#include "persistence/store.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

v1::ClientMessage list_msg() {
  v1::ClientMessage m;
  m.mutable_list_rooms();
  return m;
}

bool listed(WsClient& client, const std::string& code) {
  auto reply = client.request(list_msg());
  REQUIRE(reply.has_rooms());
  for (const auto& room : reply.rooms().rooms()) {
    if (room.room_code() == code) return true;
  }
  return false;
}

v1::ErrorCode join_error(std::uint16_t port, const std::string& code) {
  WsClient visitor(port);
  auto reply = visitor.request(join_msg(code, "Visitor"));
  return reply.has_error() ? reply.error().code() : v1::ERROR_CODE_UNSPECIFIED;
}

std::string open_public_room(WsClient& host) {
  auto created = host.request(create_room_msg("letter-of-marque", 3, "Host", "", true));
  REQUIRE(created.has_room_created());
  return created.room_created().room().room_code();
}

// Polls until `done` holds (or `limit` passes).
template <class Pred>
bool eventually(Pred done, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return done();
}

std::string room_status_in(const std::string& db, const std::string& code) {
  auto store = persistence::Store::open(db);
  auto room = store->load_room(code);
  return room ? std::string(to_string(room->status)) : "";
}

}  // namespace

TEST_CASE("Room expiry: an open room nobody is in leaves the lobby and JoinRoom, one with a member stays") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db, {"--idle-room-expiry", "1"});
  WsClient lobby(server.port());
  std::string left_code;
  {
    WsClient gone(server.port());
    left_code = open_public_room(gone);
  }  // its only member disconnects
  WsClient stays(server.port());
  const std::string kept_code = open_public_room(stays);
  REQUIRE(listed(lobby, left_code));

  REQUIRE(eventually([&] { return !listed(lobby, left_code); }, 5s));
  REQUIRE(join_error(server.port(), left_code) == v1::UNKNOWN_ROOM);
  // The room with its host in it is older than the expiry now, and stays.
  std::this_thread::sleep_for(1200ms);
  REQUIRE(listed(lobby, kept_code));
  WsClient visitor(server.port());
  REQUIRE(visitor.request(join_msg(kept_code, "Visitor")).has_room());
  REQUIRE(server.stop(SIGTERM) != -1);
  REQUIRE(room_status_in(db, left_code) == "expired");
  REQUIRE(room_status_in(db, kept_code) == "open");
}

TEST_CASE("Room expiry: a finished room expires after its retention and its match is still served by the history API") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db, {"--finished-room-retention", "1"});
  const PlayedMatch played = play_against_bots(server.port(), "letter-of-marque", 3);
  REQUIRE(played.match_id > 0);
  // Everybody has left; the room goes once its retention has passed.
  REQUIRE(eventually([&] { return join_error(server.port(), played.room_code) == v1::UNKNOWN_ROOM; }, 5s));
  const auto history = http_get_with(server.port(), "/api/matches/" + std::to_string(played.match_id),
                                     {{"X-Room-Code", played.room_code}});
  REQUIRE(history.status == 200);
  REQUIRE_THAT(history.body, Catch::Contains("gameEnded"));
  REQUIRE(server.stop(SIGTERM) != -1);
  REQUIRE(room_status_in(db, played.room_code) == "expired");
}

TEST_CASE("Room expiry: after a restart, expired rooms are not loaded and their history is still served") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string expired_open, kept_open;
  PlayedMatch played;
  {
    ServerProcess server(db, {"--idle-room-expiry", "1", "--finished-room-retention", "1"});
    played = play_against_bots(server.port(), "letter-of-marque", 3);
    {
      WsClient gone(server.port());
      expired_open = open_public_room(gone);
    }
    WsClient stays(server.port());
    kept_open = open_public_room(stays);
    REQUIRE(eventually([&] { return join_error(server.port(), expired_open) == v1::UNKNOWN_ROOM; }, 5s));
    REQUIRE(eventually([&] { return join_error(server.port(), played.room_code) == v1::UNKNOWN_ROOM; }, 5s));
    REQUIRE(server.stop(SIGKILL) != -1);
  }
  REQUIRE(room_status_in(db, expired_open) == "expired");
  // With the default (long) expiries, only the room still in use comes back.
  ServerProcess again(db);
  REQUIRE(join_error(again.port(), expired_open) == v1::UNKNOWN_ROOM);
  REQUIRE(join_error(again.port(), played.room_code) == v1::UNKNOWN_ROOM);
  WsClient visitor(again.port());
  REQUIRE(visitor.request(join_msg(kept_open, "Visitor")).has_room());
  REQUIRE(http_get_with(again.port(), "/api/matches/" + std::to_string(played.match_id),
                        {{"X-Room-Code", played.room_code}})
              .status == 200);
  REQUIRE(again.stop(SIGTERM) != -1);
  REQUIRE_THAT(again.log(), Catch::Contains("recovered 1 rooms"));
}

TEST_CASE("Room expiry: a live match runs on while its clock does, and one nobody can play is abandoned") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db, {"--idle-room-expiry", "1", "--abandoned-match-expiry", "1"});
  std::string clocked, unclocked;
  {
    // Everybody leaves both matches at once; only one of them has a clock.
    Table with_clock =
        open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary, {}, "127.0.0.1", 1500);
    Table without = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
    clocked = with_clock.code;
    unclocked = without.code;
  }
  REQUIRE(eventually([&] { return join_error(server.port(), unclocked) == v1::UNKNOWN_ROOM; }, 5s));
  // The clocked match played on (the server moves for absent players).
  WsClient watcher(server.port());
  auto joined = watcher.request(join_msg(clocked, "Watcher"));
  REQUIRE(joined.has_room());
  auto update = watcher.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 5s);
  REQUIRE(update.has_value());
  REQUIRE(update->match_update().view().version() > 0);
  REQUIRE(server.stop(SIGTERM) != -1);
  auto store = persistence::Store::open(db);
  REQUIRE(store->load_room(unclocked)->status == persistence::RoomStatus::kExpired);
  REQUIRE(store->load_room(clocked)->status != persistence::RoomStatus::kExpired);
  bool abandoned = false;
  for (const auto& match : store->load_matches())
    abandoned = abandoned || (match.room_code == unclocked && match.status == persistence::MatchStatus::kAbandoned);
  REQUIRE(abandoned);
}
