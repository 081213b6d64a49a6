// What happens to accounts over time, through the real server (issue #27;
// docs/accounts.md): failed sign-ins survive a restart (the back-off and
// the lock hold, for a real and an unknown name alike, in bounded rows); a
// seat taken before signing in becomes the account's; ended sessions end
// their connections' rights at once; unused guests are purged.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <thread>
#include <string>
#include <vector>

#include "persistence/sqlite.h"
#include "tests/server/account_support.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"
#include "tools/client/ws_client.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;

namespace {

constexpr const char* kPassword = "the right one";
constexpr const char* kGame = "port-royal-pfister";  // 2 to 5 seats

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

std::string create_room(WsClient& client, int seats) {
  const auto reply = client.request(create_room_msg(kGame, seats, "Host"));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_room_created());
  return reply.room_created().room().room_code();
}

// Joins `code` as `name` and takes `seat`: its token.
std::string seat_by_token(WsClient& client, const std::string& code, const std::string& name, int seat) {
  REQUIRE(client.request(join_msg(code, name)).has_room());
  const auto reply = client.request(take_seat_msg(code, seat));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_seat_taken());
  return reply.seat_taken().seat_token();
}

// The room as a new spectator sees it (seen after everything the room had
// been asked before).
v1::RoomInfo room_seen(std::uint16_t port, const std::string& code) {
  WsClient watcher(port);
  const auto reply = watcher.request(join_msg(code, "Watcher"));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_room());
  return reply.room();
}

// The push telling a connection that its session ended (requestId 0).
bool told_session_ended(WsClient& client) {
  const auto pushed = client.wait_for([](const v1::ServerMessage& m) {
    return m.request_id() == 0 && m.has_error() && m.error().code() == v1::NOT_SIGNED_IN;
  });
  return pushed.has_value();
}

std::int64_t stored_failures(const std::string& db, const std::string& key) {
  return stored_int(db, "SELECT COALESCE(MAX(failures), 0) FROM sign_in_failures WHERE name_key = '" + key + "'");
}

}  // namespace

TEST_CASE("Account lifecycle: failed sign-ins survive a restart, for a real and an unknown name alike") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  SECTION("the back-off holds after a restart; a success starts the name afresh") {
    const std::vector<std::string> flags{"--sign-in-free-failures", "2",   "--sign-in-backoff", "600",
                                         "--sign-in-burst",         "1000"};
    {
      ServerProcess server(db, flags);
      WsClient client(server.port());
      new_account(client, "Mary Read");
      new_account(client, "Anne Bonny");
      for (const char* name : {"Mary Read", "No Such Pirate"}) {
        INFO(name);
        REQUIRE(error_of(client.request(sign_in(name, "wrong 1!"))) == v1::SIGN_IN_FAILED);
        REQUIRE(error_of(client.request(sign_in(name, "wrong 2!"))) == v1::SIGN_IN_FAILED);
        REQUIRE(error_of(client.request(sign_in(name, kPassword))) == v1::TOO_MANY_ATTEMPTS);
      }
      // One failure, then the right password: nothing stays.
      REQUIRE(error_of(client.request(sign_in("Anne Bonny", "wrong 1!"))) == v1::SIGN_IN_FAILED);
      REQUIRE(client.request(sign_in("anne bonny", kPassword)).has_account_session());
      REQUIRE(server.stop(SIGTERM) != -1);
    }
    // Stored alike, by the name as typed (its key), account or not.
    REQUIRE(stored_failures(db, "mary read") == 2);
    REQUIRE(stored_failures(db, "no such pirate") == 2);
    REQUIRE(stored_int(db, "SELECT COUNT(*) FROM sign_in_failures") == 2);

    ServerProcess server(db, flags);
    WsClient client(server.port());
    for (const char* name : {"Mary Read", "No Such Pirate"}) {
      INFO(name);
      // Still backed off: even the right password waits, with the same words.
      const auto refused = client.request(sign_in(name, kPassword));
      REQUIRE(error_of(refused) == v1::TOO_MANY_ATTEMPTS);
      REQUIRE_THAT(refused.error().message(), Catch::StartsWith("too many failed attempts on that username"));
    }
    // Anne's success was stored: her name is free.
    REQUIRE(client.request(sign_in("Anne Bonny", kPassword)).has_account_session());
  }
  SECTION("the lock holds after a restart") {
    const std::vector<std::string> flags{"--sign-in-free-failures", "100", "--sign-in-lock-failures", "3",
                                         "--sign-in-burst",         "1000"};
    {
      ServerProcess server(db, flags);
      WsClient client(server.port());
      new_account(client, "Calico Jack");
      for (const char* name : {"Calico Jack", "No Such Pirate"}) {
        for (int k = 0; k < 3; ++k)
          REQUIRE(error_of(client.request(sign_in(name, "wrong guess"))) == v1::SIGN_IN_FAILED);
        REQUIRE(error_of(client.request(sign_in(name, kPassword))) == v1::TOO_MANY_ATTEMPTS);
      }
      REQUIRE(server.stop(SIGKILL) != -1);  // a crash forgets nothing either: stored before the reply
    }
    ServerProcess server(db, flags);
    WsClient client(server.port());
    for (const char* name : {"Calico Jack", "No Such Pirate"}) {
      INFO(name);
      const auto refused = client.request(sign_in(name, kPassword));
      REQUIRE(error_of(refused) == v1::TOO_MANY_ATTEMPTS);
      REQUIRE_THAT(refused.error().message(), Catch::Contains("try again in 86"));  // about a day
    }
  }
  SECTION("the stored names are bounded: past the bound, new names are refused and nothing is stored") {
    ServerProcess server(db, {"--sign-in-tracked-names", "3", "--sign-in-burst", "1000"});
    WsClient client(server.port());
    for (int k = 0; k < 3; ++k) {
      REQUIRE(error_of(client.request(sign_in("Nobody " + std::to_string(k), "guess guess"))) == v1::SIGN_IN_FAILED);
    }
    for (int k = 3; k < 10; ++k) {
      REQUIRE(error_of(client.request(sign_in("Nobody " + std::to_string(k), "guess guess"))) == v1::SERVER_BUSY);
    }
    REQUIRE(server.stop(SIGTERM) != -1);
    REQUIRE(stored_int(db, "SELECT COUNT(*) FROM sign_in_failures") == 3);
  }
}

TEST_CASE("Account lifecycle: a seat taken before signing in becomes the account's, unless it holds one there") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  {
    WsClient maker(server.port());
    new_account(maker, "Anne");
  }
  WsClient host(server.port());
  const std::string code = create_room(host, 4);

  // Seat 1 by token alone, then Anne signs in on that connection.
  WsClient phone(server.port());
  const std::string token = seat_by_token(phone, code, "Pirate", 1);
  REQUIRE(seat_account(db, code, 1) == 0);
  REQUIRE(phone.request(sign_in("anne", kPassword)).has_account_session());
  const auto bound = phone.wait_for([](const v1::ServerMessage& m) {
    return m.has_room() && m.room().seats_size() > 1 && m.room().seats(1).account();
  });
  REQUIRE(bound.has_value());
  // A claimed account sits under its username; stored with the seat.
  REQUIRE(bound->room().seats(1).display_name() == "Anne");
  REQUIRE(bound->room().seats(1).claimed());
  REQUIRE(seat_account(db, code, 1) == account_id_of(db, "anne"));
  const auto listed = phone.request(my_rooms());
  INFO(listed.ShortDebugString());
  REQUIRE(listed.my_rooms().rooms_size() == 1);
  REQUIRE(listed.my_rooms().rooms(0).room_code() == code);
  REQUIRE(listed.my_rooms().rooms(0).your_seat() == 1);

  // Another connection takes seat 2 by token, then signs in to Anne too:
  // her account holds seat 1 here, so seat 2 stays token-only.
  WsClient tablet(server.port());
  seat_by_token(tablet, code, "Second", 2);
  REQUIRE(tablet.request(sign_in("anne", kPassword)).has_account_session());
  const auto seen = room_seen(server.port(), code);
  REQUIRE_FALSE(seen.seats(2).account());
  REQUIRE(seen.seats(2).display_name() == "Second");
  REQUIRE(seat_account(db, code, 2) == 0);

  // A guest's seat keeps the name he typed (a guest has no username).
  WsClient guest(server.port());
  seat_by_token(guest, code, "Typed Name", 3);
  REQUIRE(guest.request(create_guest("Guest Name")).has_account_session());
  const auto guest_bound = guest.wait_for([](const v1::ServerMessage& m) {
    return m.has_room() && m.room().seats_size() > 3 && m.room().seats(3).account();
  });
  REQUIRE(guest_bound.has_value());
  REQUIRE(guest_bound->room().seats(3).display_name() == "Typed Name");
  REQUIRE_FALSE(guest_bound->room().seats(3).claimed());
  REQUIRE(seat_account(db, code, 3) != 0);

  // The seat token still opens the seat, now the account's, after a restart too.
  REQUIRE(server.stop(SIGTERM) != -1);
  ServerProcess again(db);
  WsClient resumed(again.port());
  const auto back = resumed.request(resume_msg(code, token, 0));
  INFO(back.ShortDebugString());
  REQUIRE(back.room().your_seat() == 1);
  REQUIRE(back.room().seats(1).account());
  REQUIRE(back.room().seats(1).claimed());
  REQUIRE(back.room().seats(1).display_name() == "Anne");
}

TEST_CASE("Account lifecycle: signing in during a rated match does not bind the seat (the match stays unrated)") {
  // Otherwise a player could sit without an account and sign in only once
  // he sees himself winning, turning the match rated.
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  {
    WsClient maker(server.port());
    new_account(maker, "Anne");
  }
  WsClient phone(server.port());
  auto create = create_room_msg(kGame, 2, "Pirate");
  create.mutable_create_room()->mutable_settings()->set_rated(true);
  const auto created = phone.request(create);
  INFO(created.ShortDebugString());
  REQUIRE(created.has_room_created());
  const std::string code = created.room_created().room().room_code();
  const auto taken = phone.request(take_seat_msg(code, 0));
  REQUIRE(taken.has_seat_taken());
  v1::ClientMessage bot;
  bot.mutable_add_bot()->set_room_code(code);
  bot.mutable_add_bot()->set_seat(1);
  bot.mutable_add_bot()->set_kind("random");
  REQUIRE(phone.request(bot).has_room());
  REQUIRE(phone.request(start_msg(code)).has_room());
  REQUIRE(phone.request(sign_in("anne", kPassword)).has_account_session());
  // The sign-in's own work on the room is done before a later request's.
  const auto seen = room_seen(server.port(), code);
  REQUIRE(seen.settings().rated());
  REQUIRE(seen.status() == v1::ROOM_STATUS_PLAYING);
  REQUIRE_FALSE(seen.seats(0).account());
  REQUIRE(seat_account(db, code, 0) == 0);
  REQUIRE(phone.request(my_rooms()).my_rooms().rooms_size() == 0);
}

TEST_CASE("Account lifecycle: ended sessions unbind their connections at once, seat tokens stay valid") {
  TempDir dir;
  ServerProcess server(dir.path() + "/db");
  WsClient a(server.port());
  new_account(a, "Anne");
  WsClient b(server.port());
  WsClient c(server.port());
  REQUIRE(b.request(sign_in("anne", kPassword)).has_account_session());
  REQUIRE(c.request(sign_in("anne", kPassword)).has_account_session());
  // b takes a seat as Anne: its token stays the seat's key whatever happens
  // to b's session.
  WsClient host(server.port());
  const std::string code = create_room(host, 2);
  REQUIRE(b.request(join_msg(code, "x")).has_room());
  const auto taken = b.request(take_seat_msg(code, 0));
  REQUIRE(taken.has_seat_taken());
  const std::string seat_token = taken.seat_taken().seat_token();

  SECTION("a new password ends the other connections' sessions") {
    REQUIRE(a.request(change_password(kPassword, "a brand new one")).has_account());
    REQUIRE(told_session_ended(b));
    REQUIRE(told_session_ended(c));
    REQUIRE(error_of(b.request(get_account())) == v1::NOT_SIGNED_IN);
    REQUIRE(error_of(c.request(my_rooms())) == v1::NOT_SIGNED_IN);
    REQUIRE(a.request(get_account()).has_account());
  }
  SECTION("sign-out everywhere ends them all") {
    const auto out = a.request(sign_out(true));
    INFO(out.ShortDebugString());
    REQUIRE(out.has_ok());
    REQUIRE(told_session_ended(b));
    REQUIRE(told_session_ended(c));
    for (WsClient* each : {&a, &b, &c}) REQUIRE(error_of(each->request(get_account())) == v1::NOT_SIGNED_IN);
  }
  SECTION("deleting the account ends them all") {
    REQUIRE(a.request(delete_account(kPassword)).has_ok());
    REQUIRE(told_session_ended(b));
    REQUIRE(told_session_ended(c));
    REQUIRE(error_of(c.request(get_account())) == v1::NOT_SIGNED_IN);
  }
  // b is still on its seat, and the seat's token opens it on a connection
  // signed in to nobody.
  WsClient other(server.port());
  const auto resumed = other.request(resume_msg(code, seat_token, 0));
  INFO(resumed.ShortDebugString());
  REQUIRE(resumed.room().your_seat() == 0);
}

TEST_CASE("Account lifecycle: unused guests are purged, a guest seated in a room that has not expired is kept") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  // 0.0002 days: about 17 s, time enough to set the scene on a loaded
  // machine (the flag takes fractions; housekeeping runs every tenth of it).
  ServerProcess server(db, {"--guest-retention-days", "0.0002"});
  WsClient idle(server.port());
  const std::string idle_token = sign_in_guest(idle, "Idle");
  WsClient seated(server.port());
  const std::string seated_token = sign_in_guest(seated, "Seated");
  WsClient claimed(server.port());
  new_account(claimed, "Kept Forever");
  WsClient host(server.port());
  const std::string code = create_room(host, 2);
  REQUIRE(seated.request(join_msg(code, "Seated")).has_room());
  REQUIRE(seated.request(take_seat_msg(code, 0)).has_seat_taken());
  const std::int64_t seated_id = seat_account(db, code, 0);
  REQUIRE(seated_id != 0);
  REQUIRE(stored_int(db, "SELECT COUNT(*) FROM accounts") == 3);

  // Waited for (not slept): the idle guest goes, with its session.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (stored_int(db, "SELECT COUNT(*) FROM accounts WHERE display_name = 'Idle'") != 0 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(stored_int(db, "SELECT COUNT(*) FROM accounts WHERE display_name = 'Idle'") == 0);
  WsClient again(server.port());
  REQUIRE(error_of(again.request(authenticate(idle_token))) == v1::SESSION_INVALID);
  // The seated guest (in an open room) and the claimed account stay.
  REQUIRE(stored_int(db, "SELECT COUNT(*) FROM accounts WHERE id = " + std::to_string(seated_id)) == 1);
  REQUIRE(stored_int(db, "SELECT COUNT(*) FROM accounts WHERE username_key = 'kept forever'") == 1);
  REQUIRE(again.request(authenticate(seated_token)).has_account());
}
