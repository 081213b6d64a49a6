// The room's parts in-process, each on plain values: its seats
// (room_seats.h), members (room_members.h), host controls
// (host_controls.h), expiry (room_expiry.h) and status forms
// (room_phase.h). No store, no event loop, no clock but a fake time.
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "rules/registry/all_games.h"
#include "server/base/secrets.h"
#include "server/room/host_controls.h"
#include "server/room/room_expiry.h"
#include "server/room/room_members.h"
#include "server/room/room_phase.h"
#include "server/room/room_seats.h"

using namespace brethren;
using namespace std::chrono_literals;

namespace {

class FakeClient : public server::Client {
 public:
  explicit FakeClient(std::uint64_t id) : id_(id) {}
  std::uint64_t client_id() const override { return id_; }
  void deliver(v1::ServerMessage) override {}
  void deliver_all(std::vector<v1::ServerMessage>) override {}
  void close(std::uint16_t, std::string) override {}
  void joined_room(const std::string&) override {}
  void left_room(const std::string&) override {}

 private:
  std::uint64_t id_;
};

// A room of `seats` seats whose members are: the host (client 1, member 1,
// unseated), Anne (client 2, member 2, seat 0) and a watcher (client 3,
// member 3); seat 1 holds a bot.
struct Room {
  explicit Room(int seats = 3) : seats(seats) {
    for (std::uint64_t id = 1; id <= 3; ++id) clients.push_back(std::make_shared<FakeClient>(id));
    members.add(clients[0], -1, true, "Host");
    members.add(clients[1], 0, false, "Anne");
    members.add(clients[2], -1, false, "Watcher");
    this->seats.take(0, "Anne", "anne-token", 2);
    this->seats.give_bot(1, "heuristic");
  }
  server::HostControls controls(server::RoomPhase phase = server::RoomPhase::kOpen) const {
    return server::HostControls(members, seats, phase);
  }

  std::vector<std::shared_ptr<FakeClient>> clients;
  server::RoomMembers members;
  server::RoomSeats seats;
};

}  // namespace

TEST_CASE("RoomSeats: a seat is picked first-free or as named, and refused when taken, absent or none is free") {
  server::RoomSeats seats(3);
  int seat = -1;
  REQUIRE_FALSE(seats.pick(-1, seat).has_value());
  REQUIRE(seat == 0);
  seats.take(0, "Anne", "anne-token", 7);
  REQUIRE(seats[0].taken);
  REQUIRE(seats[0].client_id == 7);
  REQUIRE(seats[0].token_hash == server::sha256_hex("anne-token"));  // the token itself is never kept
  REQUIRE(seats.pick(0, seat)->code == v1::SEAT_TAKEN);
  REQUIRE(seats.pick(3, seat)->code == v1::INVALID_ARGUMENT);
  REQUIRE(seats.pick(-2, seat)->code == v1::INVALID_ARGUMENT);
  REQUIRE_FALSE(seats.pick(-1, seat).has_value());
  REQUIRE(seat == 1);
  REQUIRE_FALSE(seats.pick(2, seat).has_value());
  REQUIRE(seat == 2);

  seats.give_bot(1, "hard");
  REQUIRE(seats[1].display_name == "Bot (hard)");
  REQUIRE(seats[1].bot_kind == "hard");
  REQUIRE(seats[1].token_hash.empty());
  REQUIRE(seats.taken_count() == 2);
  REQUIRE_FALSE(seats.all_taken());
  seats.give_bot(2, "random");
  REQUIRE(seats.all_taken());
  REQUIRE(seats.pick(-1, seat)->code == v1::ROOM_FULL);

  seats.free(1);
  REQUIRE_FALSE(seats[1].taken);
  REQUIRE(seats.taken_count() == 2);
}

TEST_CASE("RoomSeats: a seat token finds its taken seat only") {
  server::RoomSeats seats(2);
  seats.take(1, "Ben", "ben-token", 4);
  REQUIRE(seats.seat_of_token("ben-token") == 1);
  REQUIRE(seats.seat_of_token("someone-else") == -1);
  seats.free(1);
  REQUIRE(seats.seat_of_token("ben-token") == -1);
}

TEST_CASE("RoomSeats: seats beyond a new count, and going back to a count keeps the taken ones") {
  server::RoomSeats seats(5);
  seats.take(3, "Cid", "cid-token", 9);
  REQUIRE(seats.first_taken_from(3) == 3);
  REQUIRE(seats.first_taken_from(4) == -1);
  seats.resize_keeping_taken(2);  // seat 3 is taken: seats 0-3 stay
  REQUIRE(seats.size() == 4);
  seats.free(3);
  seats.resize_keeping_taken(2);
  REQUIRE(seats.size() == 2);
  seats.resize_keeping_taken(4);  // back to a larger stored count
  REQUIRE(seats.size() == 4);
}

TEST_CASE("RoomMembers: member ids grow in joining order, host rights are kept on a rejoin, lookups by id") {
  server::RoomMembers members;
  auto anne = std::make_shared<FakeClient>(10);
  auto ben = std::make_shared<FakeClient>(20);
  auto cid = std::make_shared<FakeClient>(5);
  members.add(anne, -1, true, "Anne");
  members.add(ben, 1, false, "Ben");
  members.add(cid, -1, false, "Cid");
  REQUIRE(members.find(10)->member_id == 1);
  REQUIRE(members.find(20)->member_id == 2);
  REQUIRE(members.find(5)->member_id == 3);
  REQUIRE(members.find(99) == nullptr);
  REQUIRE(members.client_of(2) == 20);
  REQUIRE(members.client_of(7) == 0);

  // Joining again keeps the member id and host rights; the name and seat are the new ones.
  members.add(anne, 0, false, "Anne B.");
  REQUIRE(members.find(10)->member_id == 1);
  REQUIRE(members.find(10)->host);
  REQUIRE(members.find(10)->seat == 0);
  REQUIRE(members.find(10)->display_name == "Anne B.");

  REQUIRE(members.spectator_count() == 1);
  REQUIRE(members.on_seat(1) == std::vector<std::uint64_t>{20});
  std::vector<std::string> order;
  for (const auto* m : members.in_joining_order()) order.push_back(m->display_name);
  REQUIRE(order == std::vector<std::string>{"Anne B.", "Ben", "Cid"});

  REQUIRE(members.make_sole_host(5) == std::vector<std::uint64_t>{10});
  REQUIRE_FALSE(members.find(10)->host);
  REQUIRE(members.find(5)->host);

  // A member id is never given twice, even after its member left.
  members.remove(20);
  REQUIRE(members.find(20) == nullptr);
  members.add(ben, -1, false, "Ben");
  REQUIRE(members.find(20)->member_id == 4);
}

TEST_CASE("RoomMembers: anyone connected while a member's connection lives") {
  server::RoomMembers members;
  REQUIRE_FALSE(members.anyone_connected());
  auto anne = std::make_shared<FakeClient>(1);
  members.add(anne, -1, false, "Anne");
  REQUIRE(members.anyone_connected());
  anne.reset();  // the session is gone; its member is removed later
  REQUIRE_FALSE(members.anyone_connected());
}

TEST_CASE("HostControls: only the host, and a member first") {
  Room room;
  const auto controls = room.controls();
  REQUIRE_FALSE(controls.check_host(1).has_value());
  REQUIRE(controls.check_host(2)->code == v1::NOT_HOST);
  REQUIRE(controls.check_host(2, "only the host can add bots")->text == "only the host can add bots");
  REQUIRE(controls.check_host(42)->code == v1::NOT_IN_ROOM);
}

TEST_CASE("HostControls: a kick names a seat or a member, and the seat's holders or the spectator go") {
  Room room;
  server::HostControls::Kick kick;
  v1::KickMember by_seat;
  by_seat.set_seat(0);
  REQUIRE_FALSE(room.controls().plan_kick(1, by_seat, kick).has_value());
  REQUIRE(kick.seat == 0);
  REQUIRE(kick.expelled == std::vector<std::uint64_t>{2});

  v1::KickMember by_member;
  by_member.set_seat(-1);
  by_member.set_member_id(2);  // Anne, seated: her seat goes too
  REQUIRE_FALSE(room.controls().plan_kick(1, by_member, kick).has_value());
  REQUIRE(kick.seat == 0);
  by_member.set_member_id(3);  // the watcher
  REQUIRE_FALSE(room.controls().plan_kick(1, by_member, kick).has_value());
  REQUIRE(kick.seat == -1);
  REQUIRE(kick.expelled == std::vector<std::uint64_t>{3});

  // A bot's seat before the start: freed, nobody expelled.
  by_seat.set_seat(1);
  REQUIRE_FALSE(room.controls().plan_kick(1, by_seat, kick).has_value());
  REQUIRE(kick.seat == 1);
  REQUIRE(kick.expelled.empty());
}

TEST_CASE("HostControls: kicks refused") {
  Room room;
  server::HostControls::Kick kick;
  v1::KickMember m;
  m.set_seat(0);
  REQUIRE(room.controls().plan_kick(2, m, kick)->code == v1::NOT_HOST);
  m.set_seat(2);
  REQUIRE(room.controls().plan_kick(1, m, kick)->text == "seat 2 is free");
  m.set_seat(3);
  REQUIRE(room.controls().plan_kick(1, m, kick)->code == v1::INVALID_ARGUMENT);
  m.set_seat(-2);
  REQUIRE(room.controls().plan_kick(1, m, kick)->code == v1::INVALID_ARGUMENT);
  m.set_seat(-1);
  m.set_member_id(9);
  REQUIRE(room.controls().plan_kick(1, m, kick)->text == "no member 9 in this room");
  m.set_member_id(1);
  REQUIRE_THAT(room.controls().plan_kick(1, m, kick)->text, Catch::StartsWith("you cannot kick yourself"));

  m.set_seat(0);
  REQUIRE(room.controls(server::RoomPhase::kStarting).plan_kick(1, m, kick)->code == v1::ALREADY_STARTED);
  m.set_seat(1);  // after the start a bot's seat cannot be kicked: a bot would play it anyway
  REQUIRE(room.controls(server::RoomPhase::kPlaying).plan_kick(1, m, kick)->text == "a bot already plays seat 1");

  // The host on a seat cannot kick his own seat.
  room.members.add(room.clients[0], 2, true, "Host");
  room.seats.take(2, "Host", "host-seat", 1);
  m.set_seat(2);
  REQUIRE_THAT(room.controls().plan_kick(1, m, kick)->text, Catch::StartsWith("you cannot kick yourself"));
  REQUIRE(kick.expelled.size() == 0);  // nothing planned on a refusal
}

TEST_CASE("HostControls: host rights pass to another member") {
  Room room;
  std::uint64_t new_host = 0;
  v1::TransferHost m;
  m.set_member_id(3);
  REQUIRE_FALSE(room.controls().plan_transfer(1, m, new_host).has_value());
  REQUIRE(new_host == 3);
  m.set_member_id(1);
  REQUIRE(room.controls().plan_transfer(1, m, new_host)->text == "that member is the host already");
  m.set_member_id(8);
  REQUIRE(room.controls().plan_transfer(1, m, new_host)->code == v1::INVALID_ARGUMENT);
  m.set_member_id(3);
  REQUIRE(room.controls().plan_transfer(3, m, new_host)->code == v1::NOT_HOST);
}

TEST_CASE("HostControls: an update is checked as at creation and changes the room only when accepted") {
  const auto games = rules::make_all_games_registry();
  const rules::Game& game = *games.find("letter-of-marque");
  Room room(4);
  persistence::RoomRecord record;
  record.game_id = "letter-of-marque";
  record.seat_count = 4;
  record.turn_time_limit_ms = 60000;
  v1::GameOptions options;
  v1::RoomSettings settings;

  v1::UpdateRoom m;
  m.set_seat_count(3);
  m.set_turn_time_limit_ms(30000);
  m.set_public_(true);
  m.mutable_settings()->set_spectator_chat(true);
  REQUIRE_FALSE(room.controls().plan_update(1, m, game, std::nullopt, record, options, settings).has_value());
  REQUIRE(record.seat_count == 3);
  REQUIRE(record.turn_time_limit_ms == 30000);
  REQUIRE(record.is_public);
  REQUIRE(settings.spectator_chat());
  REQUIRE(record.settings == settings.SerializeAsString());

  const persistence::RoomRecord accepted = record;
  auto refused = [&](const v1::UpdateRoom& update, std::optional<std::string> autopilot_problem = std::nullopt,
                     server::RoomPhase phase = server::RoomPhase::kOpen) {
    auto refusal = room.controls(phase).plan_update(1, update, game, autopilot_problem, record, options, settings);
    REQUIRE(refusal.has_value());
    REQUIRE(record.seat_count == accepted.seat_count);  // nothing changed
    REQUIRE(record.settings == accepted.settings);
    return refusal->code;
  };
  REQUIRE(refused(m, std::nullopt, server::RoomPhase::kPlaying) == v1::ALREADY_STARTED);
  v1::UpdateRoom too_many;
  too_many.set_seat_count(7);  // Letter of Marque seats 3 to 6
  REQUIRE(refused(too_many) == v1::INVALID_SEAT_COUNT);
  v1::UpdateRoom wrong_game;
  wrong_game.mutable_options()->mutable_tortuga_1667();
  REQUIRE(refused(wrong_game) == v1::INVALID_OPTIONS);
  room.seats.give_bot(3, "random");
  v1::UpdateRoom drops_taken;
  drops_taken.set_seat_count(3);  // seat 3 now holds a bot
  REQUIRE(refused(drops_taken) == v1::SEAT_TAKEN);
  room.seats.free(3);
  v1::UpdateRoom bad_policy;
  bad_policy.mutable_settings()->set_spectators(static_cast<v1::SpectatorPolicy>(77));
  REQUIRE(refused(bad_policy) == v1::INVALID_ARGUMENT);
  v1::UpdateRoom bad_bot;
  bad_bot.mutable_settings()->set_autopilot_bot("nonesuch");
  REQUIRE(refused(bad_bot, "no 'nonesuch' bot") == v1::INVALID_ARGUMENT);
  REQUIRE(room.controls().plan_update(2, m, game, std::nullopt, record, options, settings)->code == v1::NOT_HOST);
}

TEST_CASE("HostControls: a start needs an open room with every seat taken, a rematch a finished one") {
  Room room(2);  // Anne and the bot fill both seats
  REQUIRE_FALSE(room.controls().check_start(1).has_value());
  REQUIRE(room.controls().check_start(2)->text == "only the host can start the match");
  REQUIRE(room.controls(server::RoomPhase::kPlaying).check_start(1)->code == v1::ALREADY_STARTED);
  REQUIRE(room.controls(server::RoomPhase::kOpen).check_rematch(1, false)->code == v1::NOT_FINISHED);
  REQUIRE(room.controls(server::RoomPhase::kPlaying).check_rematch(1, false)->text == "the match has not ended");
  REQUIRE_FALSE(room.controls(server::RoomPhase::kFinished).check_rematch(1, false).has_value());
  REQUIRE(room.controls(server::RoomPhase::kFinished).check_rematch(1, true)->code == v1::SHUTTING_DOWN);
  room.seats.free(1);
  REQUIRE(room.controls().check_start(1)->code == v1::SEATS_NOT_FILLED);
  REQUIRE(room.controls(server::RoomPhase::kFinished).check_rematch(1, false)->code == v1::SEATS_NOT_FILLED);
}

TEST_CASE("RoomExpiry: each kind of room is idle too long after its own limit, and 0 is never") {
  const server::ExpiryPolicy policy{10min, 1h, 30min};
  const server::RoomExpiry expiry(policy);
  const auto t0 = std::chrono::steady_clock::time_point{} + 24h;
  using Activity = server::RoomExpiry::Activity;

  const Activity open{server::RoomPhase::kOpen, t0, false, {}};
  REQUIRE_FALSE(expiry.idle_too_long(open, t0 + 10min - 1ms));
  REQUIRE(expiry.idle_too_long(open, t0 + 10min));

  const Activity finished{server::RoomPhase::kFinished, t0, false, {}};
  REQUIRE_FALSE(expiry.idle_too_long(finished, t0 + 59min));
  REQUIRE(expiry.idle_too_long(finished, t0 + 1h));

  // A live match: from the later of the last member and the last move.
  const Activity playing{server::RoomPhase::kPlaying, t0, false, t0 + 20min};
  REQUIRE_FALSE(expiry.idle_too_long(playing, t0 + 49min));
  REQUIRE(expiry.idle_too_long(playing, t0 + 50min));
  // A clock, a bot or a search will move it: never abandoned.
  Activity runs_on = playing;
  runs_on.match_runs_on = true;
  REQUIRE_FALSE(expiry.idle_too_long(runs_on, t0 + 100h));
  // Being stored as it starts: never.
  REQUIRE_FALSE(expiry.idle_too_long(Activity{server::RoomPhase::kStarting, t0, false, {}}, t0 + 100h));

  const server::RoomExpiry never(server::ExpiryPolicy{});
  REQUIRE_FALSE(never.idle_too_long(open, t0 + 1000h));
  REQUIRE_FALSE(never.idle_too_long(finished, t0 + 1000h));
  REQUIRE_FALSE(never.idle_too_long(playing, t0 + 1000h));
}

TEST_CASE("RoomPhase: as stored and on the wire") {
  REQUIRE(server::phase_of(persistence::RoomStatus::kOpen) == server::RoomPhase::kOpen);
  REQUIRE(server::phase_of(persistence::RoomStatus::kPlaying) == server::RoomPhase::kPlaying);
  REQUIRE(server::phase_of(persistence::RoomStatus::kFinished) == server::RoomPhase::kFinished);
  REQUIRE(server::wire_status(server::RoomPhase::kStarting) == v1::ROOM_STATUS_OPEN);  // not started for clients yet
  REQUIRE(server::wire_status(server::RoomPhase::kPlaying) == v1::ROOM_STATUS_PLAYING);
  REQUIRE(server::wire_status(server::RoomPhase::kFinished) == v1::ROOM_STATUS_FINISHED);
}
