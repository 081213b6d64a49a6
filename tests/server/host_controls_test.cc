// Host controls through the real server: kick (before and after the start),
// lock, transfer host, update the room, rematch; each stored and restored
// after a restart, each refusal a stable code on a connection that goes on.
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

bool is_kicked(const v1::ServerMessage& m) { return m.has_kicked(); }

}  // namespace

TEST_CASE("Host controls: only the host and only members") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port()), guest(server.port()), stranger(server.port());
  const std::string code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
  auto joined = guest.request(join_msg(code, "Guest"));
  const std::uint32_t host_id = member_id_of(joined.room(), "Host");
  const std::uint32_t guest_id = joined.room().your_member_id();
  REQUIRE(guest_id != host_id);
  for (const auto& request : {kick_seat_msg(code, 0), kick_member_msg(code, host_id), lock_msg(code, true),
                              transfer_msg(code, guest_id), update_msg(code), rematch_msg(code)}) {
    REQUIRE(error_of(guest.request(request)) == v1::NOT_HOST);
    REQUIRE(error_of(stranger.request(request)) == v1::NOT_IN_ROOM);
  }
  auto unknown = lock_msg("NOSUCHROOM", true);
  REQUIRE(error_of(host.request(unknown)) == v1::UNKNOWN_ROOM);
  still_usable(guest);
  still_usable(stranger);
}

TEST_CASE("Host controls: kick before the start frees the seat - kicked connections keep working") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port()), anne(server.port()), watcher(server.port());
  const std::string code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
  REQUIRE(anne.request(join_msg(code, "Anne")).has_room());
  REQUIRE(anne.request(take_seat_msg(code, 1)).has_seat_taken());
  auto watching = watcher.request(join_msg(code, "Watcher"));
  const std::uint32_t watcher_id = watching.room().your_member_id();

  REQUIRE(error_of(host.request(kick_seat_msg(code, 2))) == v1::INVALID_ARGUMENT);  // a free seat
  REQUIRE(error_of(host.request(kick_seat_msg(code, 9))) == v1::INVALID_ARGUMENT);  // no such seat
  REQUIRE(error_of(host.request(kick_member_msg(code, 999))) == v1::INVALID_ARGUMENT);
  const std::uint32_t host_id = member_id_of(watching.room(), "Host");
  REQUIRE(error_of(host.request(kick_member_msg(code, host_id))) == v1::INVALID_ARGUMENT);  // himself

  auto kicked_seat = host.request(kick_seat_msg(code, 1));
  REQUIRE(kicked_seat.has_room());
  REQUIRE_FALSE(kicked_seat.room().seats(1).taken());
  auto told = anne.wait_for(is_kicked);
  REQUIRE(told.has_value());
  REQUIRE(told->kicked().room_code() == code);
  REQUIRE(error_of(anne.request(take_seat_msg(code, 1))) == v1::NOT_IN_ROOM);
  still_usable(anne);
  REQUIRE_FALSE(anne.closed());

  auto kicked_watcher = host.request(kick_member_msg(code, watcher_id));
  REQUIRE(kicked_watcher.room().spectator_count() == 1);  // the host himself
  REQUIRE(watcher.wait_for(is_kicked).has_value());
  REQUIRE(error_of(watcher.request(chat_msg(code, "hey"))) == v1::NOT_IN_ROOM);
  // Not locked: they may come back; the freed seat is free for anyone.
  REQUIRE(anne.request(join_msg(code, "Anne")).has_room());
  REQUIRE(anne.request(take_seat_msg(code, 1)).has_seat_taken());
  // A kicked bot seat is simply free again.
  REQUIRE(host.request(add_bot_msg(code, 2)).room().seats(2).taken());
  REQUIRE_FALSE(host.request(kick_seat_msg(code, 2)).room().seats(2).taken());
}

TEST_CASE("Host controls: lock refuses new members - seat holders resume and the host claims - unlock - JSON") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port(), server::Encoding::kJson);
  host.send_raw(
      R"({"requestId": 1, "createRoom": {"gameId": "letter-of-marque", "seatCount": 3, "displayName": "Anne"}})", true);
  auto created = host.next();
  REQUIRE(created.has_value());
  const std::string code = created->room_created().room().room_code();
  const std::string host_token = created->room_created().host_token();
  WsClient bart(server.port());
  REQUIRE(bart.request(join_msg(code, "Bart")).has_room());
  const std::string token = bart.request(take_seat_msg(code, 1)).seat_taken().seat_token();

  host.send_raw(R"({"requestId": 2, "lockRoom": {"roomCode": ")" + code + R"(", "locked": true}})", true);
  auto locked = host.wait_for([](const v1::ServerMessage& m) { return m.request_id() == 2; });
  REQUIRE(locked->room().settings().locked());
  REQUIRE_THAT(host.frames().back().bytes, Catch::Contains("\"locked\":true"));
  WsClient newcomer(server.port());
  REQUIRE(error_of(newcomer.request(join_msg(code, "New"))) == v1::ROOM_LOCKED);
  still_usable(newcomer);
  // Members already in stay; a seat holder resumes, the host claims.
  REQUIRE(bart.request(join_msg(code, "Bart B.")).has_room());
  WsClient bart_again(server.port());
  REQUIRE(bart_again.request(resume_msg(code, token, 0)).room().your_seat() == 1);
  WsClient host_again(server.port());
  REQUIRE(host_again.request(claim_host_msg(code, host_token)).room().you_are_host());
  REQUIRE(host_again.request(take_seat_msg(code, 0)).has_seat_taken());
  REQUIRE(host_again.request(add_bot_msg(code, 2)).has_room());
  REQUIRE(host_again.request(start_msg(code)).has_room());  // locking does not stop the match
  REQUIRE(error_of(newcomer.request(join_msg(code, "New"))) == v1::ROOM_LOCKED);
  REQUIRE_FALSE(host_again.request(lock_msg(code, false)).room().settings().locked());
  REQUIRE(newcomer.request(join_msg(code, "New")).has_room());
}

TEST_CASE(
    "Host controls: kicked after the start a bot plays the seat to the end - lock and chat and bot survive a crash") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code, host_token, seat0_token, anne_token;
  {
    ServerProcess server(db);
    WsClient host(server.port()), anne(server.port()), bart(server.port());
    // The kicked seats' bot decides at once (the strongest, hard, thinks a
    // second per move: search_bots_test.cc).
    auto create = create_room_msg("letter-of-marque", 3, "Host");
    create.mutable_create_room()->mutable_settings()->set_autopilot_bot("heuristic");
    auto created = host.request(create);
    code = created.room_created().room().room_code();
    host_token = created.room_created().host_token();
    seat0_token = host.request(take_seat_msg(code, 0)).seat_taken().seat_token();
    REQUIRE(anne.request(join_msg(code, "Anne")).has_room());
    anne_token = anne.request(take_seat_msg(code, 1)).seat_taken().seat_token();
    REQUIRE(bart.request(join_msg(code, "Bart")).has_room());
    REQUIRE(bart.request(take_seat_msg(code, 2)).has_seat_taken());
    REQUIRE(host.request(start_msg(code)).has_room());

    auto after_kick = host.request(kick_seat_msg(code, 1));
    REQUIRE(after_kick.has_room());
    REQUIRE(after_kick.room().seats(1).taken());
    REQUIRE_FALSE(after_kick.room().seats(1).bot().empty());
    REQUIRE(after_kick.room().seats(1).connected());
    REQUIRE(anne.wait_for(is_kicked).has_value());
    REQUIRE(error_of(anne.request(submit_msg(code, v1::GameAction{}))) == v1::NOT_IN_ROOM);
    WsClient anne_again(server.port());
    REQUIRE(error_of(anne_again.request(resume_msg(code, anne_token, 0))) == v1::INVALID_TOKEN);
    // Bart may be kicked by member id too.
    REQUIRE(host.request(kick_member_msg(code, member_id_of(after_kick.room(), "Bart"))).room().seats(2).bot() != "");
    REQUIRE(error_of(host.request(kick_seat_msg(code, 2))) == v1::INVALID_ARGUMENT);  // a bot already
    REQUIRE(host.request(lock_msg(code, true)).room().settings().locked());
    REQUIRE(host.request(chat_msg(code, "Bots it is")).has_ok());
    rules::RandomBot me(8);
    play_alone(host, code, me, 6);
    REQUIRE(server.stop(SIGKILL) != -1);
  }
  ServerProcess again(db);
  WsClient newcomer(again.port());
  REQUIRE(error_of(newcomer.request(join_msg(code, "New"))) == v1::ROOM_LOCKED);
  WsClient anne(again.port());
  REQUIRE(error_of(anne.request(resume_msg(code, anne_token, 0))) == v1::INVALID_TOKEN);
  WsClient host(again.port());
  auto resumed = host.request(resume_msg(code, seat0_token, 0));
  REQUIRE(resumed.room().your_seat() == 0);
  REQUIRE(resumed.room().settings().locked());
  REQUIRE_FALSE(resumed.room().seats(1).bot().empty());
  REQUIRE_FALSE(resumed.room().seats(2).bot().empty());
  auto history = host.wait_for([](const v1::ServerMessage& m) { return m.has_chat_history(); });
  REQUIRE(history->chat_history().messages_size() == 1);
  REQUIRE(history->chat_history().messages(0).text() == "Bots it is");
  REQUIRE(host.request(claim_host_msg(code, host_token)).room().you_are_host());
  rules::RandomBot me(9);
  const auto last = play_alone(host, code, me);
  REQUIRE(last.finished());
  REQUIRE(last.outcome().seats_size() == 3);
}

TEST_CASE("Host controls: transfer host gives the new host a token - the old one loses rights and token") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code, old_token, new_token;
  {
    ServerProcess server(db);
    WsClient host(server.port()), mate(server.port());
    auto created = host.request(create_room_msg("port-royal-pfister", 2, "Old"));
    code = created.room_created().room().room_code();
    old_token = created.room_created().host_token();
    auto joined = mate.request(join_msg(code, "Mate"));
    const std::uint32_t mate_id = joined.room().your_member_id();
    REQUIRE(error_of(host.request(transfer_msg(code, 999))) == v1::INVALID_ARGUMENT);
    REQUIRE(error_of(host.request(transfer_msg(code, member_id_of(joined.room(), "Old")))) == v1::INVALID_ARGUMENT);

    auto transferred = host.request(transfer_msg(code, mate_id));
    REQUIRE(transferred.has_room());
    REQUIRE_FALSE(transferred.room().you_are_host());
    auto granted = mate.wait_for([](const v1::ServerMessage& m) { return m.has_host_granted(); });
    REQUIRE(granted.has_value());
    REQUIRE(granted->host_granted().room_code() == code);
    new_token = granted->host_granted().host_token();
    REQUIRE_FALSE(new_token.empty());
    REQUIRE(new_token != old_token);
    auto mate_room = mate.wait_for([](const v1::ServerMessage& m) { return m.has_room() && m.room().you_are_host(); });
    REQUIRE(mate_room.has_value());
    REQUIRE(error_of(host.request(lock_msg(code, true))) == v1::NOT_HOST);
    WsClient again(server.port());
    REQUIRE(error_of(again.request(claim_host_msg(code, old_token))) == v1::INVALID_TOKEN);
    REQUIRE(mate.request(lock_msg(code, false)).room().you_are_host());
    still_usable(host);
    REQUIRE(server.stop(SIGTERM) != -1);
  }
  ServerProcess server(db);
  WsClient c(server.port());
  REQUIRE(error_of(c.request(claim_host_msg(code, old_token))) == v1::INVALID_TOKEN);
  REQUIRE(c.request(claim_host_msg(code, new_token)).room().you_are_host());
}

TEST_CASE("Host controls: update room before the start - options seats clock settings listing - validated and stored") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code, host_token;
  {
    ServerProcess server(db);
    WsClient host(server.port()), guest(server.port());
    auto created = host.request(create_room_msg("letter-of-marque", 3));
    code = created.room_created().room().room_code();
    host_token = created.room_created().host_token();
    REQUIRE(guest.request(join_msg(code, "Guest")).has_room());
    REQUIRE(guest.request(take_seat_msg(code, 2)).has_seat_taken());

    auto update = update_msg(code);
    update.mutable_update_room()->mutable_options()->mutable_letter_of_marque()->set_cannon_tiebreak(
        v1::letter_of_marque::CANNON_TIEBREAK_CAPTURED_ONLY);
    update.mutable_update_room()->set_seat_count(4);
    update.mutable_update_room()->set_turn_time_limit_ms(45000);
    update.mutable_update_room()->set_public_(true);
    update.mutable_update_room()->mutable_settings()->set_spectators(v1::SPECTATORS_NONE);
    update.mutable_update_room()->mutable_settings()->set_spectator_chat(true);
    auto updated = host.request(update);
    REQUIRE(updated.has_room());
    REQUIRE(updated.room().seat_count() == 4);
    REQUIRE(updated.room().seats_size() == 4);
    REQUIRE(updated.room().seats(2).taken());
    REQUIRE(updated.room().turn_time_limit_ms() == 45000);
    REQUIRE(updated.room().public_());
    REQUIRE(updated.room().options().letter_of_marque().cannon_tiebreak() ==
            v1::letter_of_marque::CANNON_TIEBREAK_CAPTURED_ONLY);
    REQUIRE(updated.room().settings().spectators() == v1::SPECTATORS_NONE);
    // Everyone was told.
    REQUIRE(guest.wait_for([](const v1::ServerMessage& m) { return m.has_room() && m.room().seat_count() == 4; }));
    v1::ClientMessage list;
    list.mutable_list_rooms();
    REQUIRE(guest.request(list).rooms().rooms_size() == 1);

    // Unset fields stay.
    auto nothing = host.request(update_msg(code));
    REQUIRE(nothing.room().seat_count() == 4);
    REQUIRE(nothing.room().turn_time_limit_ms() == 45000);

    REQUIRE(host.request(take_seat_msg(code, 3)).has_seat_taken());
    auto shrink = update_msg(code);
    shrink.mutable_update_room()->set_seat_count(3);
    REQUIRE(error_of(host.request(shrink)) == v1::SEAT_TAKEN);  // seat 3 is the host's
    v1::ClientMessage leave;
    leave.mutable_leave_seat()->set_room_code(code);
    REQUIRE(host.request(leave).has_room());
    shrink.mutable_update_room()->set_seat_count(7);
    REQUIRE(error_of(host.request(shrink)) == v1::INVALID_SEAT_COUNT);
    auto bad = update_msg(code);
    bad.mutable_update_room()->mutable_options()->mutable_letter_of_marque()->set_cannon_tiebreak(
        static_cast<v1::letter_of_marque::CannonTiebreak>(9));
    REQUIRE(error_of(host.request(bad)) == v1::INVALID_OPTIONS);
    auto wrong_game = update_msg(code);
    wrong_game.mutable_update_room()->mutable_options()->mutable_tortuga_1667();
    REQUIRE(error_of(host.request(wrong_game)) == v1::INVALID_OPTIONS);
    auto bad_policy = update_msg(code);
    bad_policy.mutable_update_room()->mutable_settings()->set_spectators(static_cast<v1::SpectatorPolicy>(9));
    REQUIRE(error_of(host.request(bad_policy)) == v1::INVALID_ARGUMENT);
    shrink.mutable_update_room()->set_seat_count(3);
    REQUIRE(host.request(shrink).room().seat_count() == 3);
    still_usable(host);
    REQUIRE(server.stop(SIGKILL) != -1);
  }
  ServerProcess server(db);
  WsClient host(server.port());
  auto claimed = host.request(claim_host_msg(code, host_token));
  REQUIRE(claimed.room().seat_count() == 3);
  REQUIRE(claimed.room().seats(2).taken());
  REQUIRE(claimed.room().turn_time_limit_ms() == 45000);
  REQUIRE(claimed.room().public_());
  REQUIRE(claimed.room().settings().spectators() == v1::SPECTATORS_NONE);
  REQUIRE(claimed.room().settings().spectator_chat());
  REQUIRE(claimed.room().options().letter_of_marque().cannon_tiebreak() ==
          v1::letter_of_marque::CANNON_TIEBREAK_CAPTURED_ONLY);
  // After the start nothing changes any more.
  REQUIRE(host.request(take_seat_msg(code, 0)).has_seat_taken());
  REQUIRE(host.request(add_bot_msg(code, 1)).has_room());
  REQUIRE(host.request(start_msg(code)).has_room());
  auto late = update_msg(code);
  late.mutable_update_room()->set_public_(false);
  REQUIRE(error_of(host.request(late)) == v1::ALREADY_STARTED);
  still_usable(host);
}

TEST_CASE(
    "Host controls: rematch with the same seats and a fresh seed - new match id - versions from 0 - recovery takes the "
    "newest") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code, seat0_token;
  std::int64_t first_match = 0, second_match = 0;
  {
    ServerProcess server(db);  // no --insecure-fixed-seed: real seeds
    WsClient host(server.port()), watcher(server.port());
    code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
    REQUIRE(error_of(host.request(rematch_msg(code))) == v1::NOT_FINISHED);
    seat0_token = host.request(take_seat_msg(code, 0)).seat_taken().seat_token();
    REQUIRE(host.request(add_bot_msg(code, 1)).has_room());
    REQUIRE(host.request(add_bot_msg(code, 2)).has_room());
    REQUIRE(watcher.request(join_msg(code, "Watcher")).has_room());
    REQUIRE(host.request(start_msg(code)).has_room());
    REQUIRE(error_of(host.request(rematch_msg(code))) == v1::NOT_FINISHED);
    rules::RandomBot me(21);
    auto first = play_alone(host, code, me, -1, &first_match);
    REQUIRE(first.finished());
    REQUIRE(first_match > 0);

    auto rematch = host.request(rematch_msg(code));
    REQUIRE(rematch.has_room());
    REQUIRE(rematch.room().status() == v1::ROOM_STATUS_PLAYING);
    REQUIRE(rematch.room().your_seat() == 0);
    REQUIRE_FALSE(rematch.room().seats(1).bot().empty());
    REQUIRE_FALSE(rematch.room().seats(2).bot().empty());
    // Every member gets the new match from its start.
    auto fresh = [&](const v1::ServerMessage& m) {
      return m.has_match_update() && m.match_update().match_id() != first_match;
    };
    auto watcher_update = watcher.wait_for(fresh, std::chrono::seconds(10));
    REQUIRE(watcher_update.has_value());
    REQUIRE(watcher_update->match_update().view().viewer_seat() == -1);
    REQUIRE(watcher_update->match_update().view().version() < 10);
    auto host_update = host.wait_for(fresh, std::chrono::seconds(10));
    REQUIRE(host_update.has_value());
    second_match = host_update->match_update().match_id();
    REQUIRE(second_match > first_match);
    REQUIRE(host_update->match_update().view().version() < 10);
    REQUIRE_FALSE(host_update->match_update().view().finished());
    play_alone(host, code, me, 4);
    REQUIRE(server.stop(SIGKILL) != -1);
  }
  {
    ServerProcess server(db);
    WsClient host(server.port());
    REQUIRE(host.request(resume_msg(code, seat0_token, 0)).room().status() == v1::ROOM_STATUS_PLAYING);
    rules::RandomBot me(22);
    std::int64_t match_id = 0;
    auto last = play_alone(host, code, me, -1, &match_id);
    REQUIRE(last.finished());
    REQUIRE(match_id == second_match);
    REQUIRE(server.stop(SIGTERM) != -1);
  }
  auto store = persistence::Store::open(db);
  std::vector<persistence::MatchRecord> matches;
  for (auto& m : store->load_matches()) {
    if (m.room_code == code) matches.push_back(m);
  }
  REQUIRE(matches.size() == 2);
  REQUIRE(matches[0].seed != matches[1].seed);
  REQUIRE(matches[0].status == persistence::MatchStatus::kFinished);
  REQUIRE(matches[1].status == persistence::MatchStatus::kFinished);
}

TEST_CASE(
    "Host controls: a host who claims his room on a new connection shows the name he gives - the others see him "
    "come back - a name against the text rules is refused") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient guest(server.port());
  std::string code, token;
  {
    WsClient host(server.port());
    auto created = host.request(create_room_msg("letter-of-marque", 3, "Anne"));
    code = created.room_created().room().room_code();
    token = created.room_created().host_token();
    REQUIRE(guest.request(join_msg(code, "Guest")).has_room());
  }  // the host's connection ends (a reload, a lost network)
  auto name_of = [](const v1::RoomInfo& room, std::uint32_t member_id) {
    for (const auto& m : room.members()) {
      if (m.member_id() == member_id) return m.display_name();
    }
    return std::string("(not a member)");
  };
  auto claim_named = [&](const std::string& name) {
    auto m = claim_host_msg(code, token);
    m.mutable_claim_host()->set_display_name(name);
    return m;
  };

  WsClient forger(server.port());
  REQUIRE(error_of(forger.request(claim_named("Anne\n2026-01-01T00:00:00.000 info forged"))) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(forger.request(claim_named("\xE2\x80\xAE"
                                              "ennA"))) == v1::INVALID_ARGUMENT);  // U+202E
  still_usable(forger);

  WsClient back(server.port());
  auto claimed = back.request(claim_named("Anne"));
  REQUIRE(claimed.room().you_are_host());
  const std::uint32_t anne = claimed.room().your_member_id();
  REQUIRE(name_of(claimed.room(), anne) == "Anne");
  auto seen = guest.wait_for([&](const v1::ServerMessage& m) {
    if (!m.has_room()) return false;
    for (const auto& member : m.room().members()) {
      if (member.member_id() == anne) return member.host() && member.display_name() == "Anne";
    }
    return false;
  });
  REQUIRE(seen.has_value());
  // Again on the same connection: no name keeps his, a name renames him.
  REQUIRE(name_of(back.request(claim_host_msg(code, token)).room(), anne) == "Anne");
  REQUIRE(name_of(back.request(claim_named("Anne Bonny")).room(), anne) == "Anne Bonny");
  // A connection that gives no name is shown as "Host", as before.
  WsClient unnamed(server.port());
  auto plain = unnamed.request(claim_host_msg(code, token));
  REQUIRE(name_of(plain.room(), plain.room().your_member_id()) == "Host");
}
