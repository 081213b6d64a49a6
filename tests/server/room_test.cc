// Room in-process: a real store in a temporary directory, the real games,
// fake clients that keep what they are sent, and the event loop run on the
// test's thread until the awaited reply has arrived; no server process, no
// sockets. Faults are injected through the database file (a trigger), as
// in store_failure_test.cc.
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <google/protobuf/descriptor.h>

#include "persistence/rating_outbox.h"
#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "server/base/config.h"
#include "server/base/metrics.h"
#include "server/room/chat_log.h"
#include "server/room/room.h"
#include "server/room/services.h"

using namespace brethren;
using namespace std::chrono_literals;

namespace {

class FakeClient : public server::Client {
 public:
  explicit FakeClient(std::uint64_t id) : id_(id) {}
  std::uint64_t client_id() const override { return id_; }
  void deliver(v1::ServerMessage message) override { received.push_back(std::move(message)); }
  void deliver_all(std::vector<v1::ServerMessage> messages) override {
    for (auto& m : messages) received.push_back(std::move(m));
  }
  void close(std::uint16_t code, std::string) override { closed_with = code; }
  void joined_room(const std::string&) override {}
  void left_room(const std::string&) override {}

  // The reply to `request_id`, once it has come (nullptr until then).
  const v1::ServerMessage* reply_to(std::uint64_t request_id) const {
    for (const auto& m : received) {
      if (m.request_id() == request_id) return &m;
    }
    return nullptr;
  }

  std::vector<v1::ServerMessage> received;
  std::uint16_t closed_with = 0;

 private:
  std::uint64_t id_;
};

class TempDb {
 public:
  TempDb() {
    std::string pattern = (std::filesystem::temp_directory_path() / "brethren-room-test-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    dir_ = pattern;
  }
  ~TempDb() { std::filesystem::remove_all(dir_); }
  std::string path() const { return dir_ + "/b.db"; }

 private:
  std::string dir_;
};

// One server's worth of Services around one room of `game_id`.
class RoomFixture {
 public:
  explicit RoomFixture(const std::string& game_id, int seats)
      : store_(persistence::Store::open(db_.path())), services_{config_,           games_,  *store_,
                                                                metrics_,          io_,     &rules::make_bot,
                                                                &rules::bot_kinds, nullptr, nullptr} {
    persistence::RoomRecord record;
    record.code = "ROOMTEST1";
    record.game_id = game_id;
    record.seat_count = seats;
    record.status = persistence::RoomStatus::kOpen;
    record.created_at = 1;
    const rules::Game* game = games_.find(game_id);
    REQUIRE(game != nullptr);
    room = std::make_shared<server::Room>(services_, *game, record);
  }
  ~RoomFixture() {
    room.reset();
    store_.reset();  // its last commits post to io_, which outlives it
  }

  // Runs the event loop until `done` holds; fails after 30 s without it (a
  // bound for a loaded machine, never a wait for its own sake).
  void run_until(const std::function<bool()>& done) {
    const auto give_up = std::chrono::steady_clock::now() + 30s;
    while (!done()) {
      REQUIRE(std::chrono::steady_clock::now() < give_up);
      io_.restart();
      io_.run_one_for(100ms);
    }
  }
  // Sends `message` from `client` and waits for the reply to it.
  const v1::ServerMessage& request(const std::shared_ptr<FakeClient>& client, v1::ClientMessage message) {
    const std::uint64_t rid = next_request_id_++;
    room->handle(client, rid, std::move(message), std::chrono::steady_clock::now());
    run_until([&] { return client->reply_to(rid) != nullptr; });
    return *client->reply_to(rid);
  }
  const v1::ServerMessage& create(const std::shared_ptr<FakeClient>& host) {
    const std::uint64_t rid = next_request_id_++;
    room->create(host, rid, "host-token", "Host");
    run_until([&] { return host->reply_to(rid) != nullptr; });
    return *host->reply_to(rid);
  }
  std::string db_path() const { return db_.path(); }
  server::Metrics& metrics() { return metrics_; }
  server::Services& services() { return services_; }
  persistence::Store& store() { return *store_; }

  std::shared_ptr<server::Room> room;

 private:
  TempDb db_;
  server::Config config_;
  const rules::GameRegistry games_ = rules::make_all_games_registry();
  boost::asio::io_context io_;
  server::Metrics metrics_;
  std::unique_ptr<persistence::Store> store_;
  server::Services services_;
  std::uint64_t next_request_id_ = 1;
};

v1::ClientMessage join(const std::string& name) {
  v1::ClientMessage m;
  m.mutable_join_room()->set_room_code("ROOMTEST1");
  m.mutable_join_room()->set_display_name(name);
  return m;
}

v1::ClientMessage take_seat(int seat) {
  v1::ClientMessage m;
  m.mutable_take_seat()->set_room_code("ROOMTEST1");
  m.mutable_take_seat()->set_seat(seat);
  return m;
}

v1::ClientMessage leave_seat() {
  v1::ClientMessage m;
  m.mutable_leave_seat()->set_room_code("ROOMTEST1");
  return m;
}

v1::ClientMessage add_bot(int seat) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_room_code("ROOMTEST1");
  m.mutable_add_bot()->set_seat(seat);
  return m;
}

v1::ClientMessage start() {
  v1::ClientMessage m;
  m.mutable_start_match()->set_room_code("ROOMTEST1");
  return m;
}

v1::ClientMessage chat(const std::string& text) {
  v1::ClientMessage m;
  m.mutable_send_chat()->set_room_code("ROOMTEST1");
  m.mutable_send_chat()->set_text(text);
  return m;
}

}  // namespace

TEST_CASE("Room: the creator becomes host, seats are picked first-free and refused when taken or full") {
  RoomFixture f("letter-of-marque", 3);
  auto host = std::make_shared<FakeClient>(1);
  auto guest = std::make_shared<FakeClient>(2);
  const auto& created = f.create(host);
  REQUIRE(created.has_room_created());
  REQUIRE(created.room_created().host_token() == "host-token");

  REQUIRE(f.request(guest, take_seat(-1)).error().code() == v1::NOT_IN_ROOM);
  REQUIRE(f.request(guest, join("Guest")).has_room());
  const auto& first = f.request(host, take_seat(-1));
  REQUIRE(first.has_seat_taken());
  REQUIRE(first.seat_taken().seat() == 0);
  REQUIRE(f.request(guest, take_seat(0)).error().code() == v1::SEAT_TAKEN);
  REQUIRE(f.request(guest, take_seat(7)).error().code() == v1::INVALID_ARGUMENT);
  const auto& second = f.request(guest, take_seat(-1));
  REQUIRE(second.has_seat_taken());
  REQUIRE(second.seat_taken().seat() == 1);
  REQUIRE(f.request(guest, take_seat(-1)).error().code() == v1::INVALID_ARGUMENT);  // holds one already

  REQUIRE(f.request(host, add_bot(-1)).has_room());  // the last free seat
  auto late = std::make_shared<FakeClient>(3);
  REQUIRE(f.request(late, join("Late")).has_room());
  REQUIRE(f.request(late, take_seat(-1)).error().code() == v1::ROOM_FULL);
  REQUIRE(f.request(late, add_bot(-1)).error().code() == v1::NOT_HOST);
}

TEST_CASE("Room: the start needs the host and every seat, then every seat sees the match") {
  RoomFixture f("letter-of-marque", 3);
  auto host = std::make_shared<FakeClient>(1);
  REQUIRE(f.create(host).has_room_created());
  REQUIRE(f.request(host, take_seat(0)).has_seat_taken());
  REQUIRE(f.request(host, add_bot(1)).has_room());
  REQUIRE(f.request(host, start()).error().code() == v1::SEATS_NOT_FILLED);
  REQUIRE(f.request(host, add_bot(2)).has_room());

  const auto& started = f.request(host, start());
  INFO(started.ShortDebugString());
  REQUIRE(started.has_room());
  REQUIRE(started.room().status() == v1::ROOM_STATUS_PLAYING);
  f.run_until([&] {
    for (const auto& m : host->received) {
      if (m.has_match_update()) return true;
    }
    return false;
  });
  REQUIRE(f.request(host, start()).error().code() == v1::ALREADY_STARTED);
}

TEST_CASE(
    "Room: on a node of a cluster the finished match's outbox row commits with its result, then the sender is woken") {
  RoomFixture f("letter-of-marque", 3);
  // The outbox's size when woken (on the store's writer thread); -1 until then.
  std::atomic<std::int64_t> woken_with_outbox{-1};
  f.services().ratings_outbox_written = [path = f.db_path(), &woken_with_outbox] {
    woken_with_outbox = static_cast<std::int64_t>(persistence::RatingOutbox(path).size());
  };
  auto host = std::make_shared<FakeClient>(1);
  REQUIRE(f.create(host).has_room_created());
  for (int seat = 0; seat < 3; ++seat) REQUIRE(f.request(host, add_bot(seat)).has_room());
  REQUIRE(f.request(host, start()).has_room());
  // The bots play it out.
  f.run_until([&] { return woken_with_outbox >= 0; });
  REQUIRE(woken_with_outbox == 1);
  const auto row = persistence::RatingOutbox(f.db_path()).oldest();
  REQUIRE(row.has_value());
  REQUIRE(f.store().load_result(row->match_id).has_value());
  REQUIRE(row->room_code == "ROOMTEST1");
  REQUIRE(row->seats.size() == 3);
  REQUIRE_FALSE(row->rated);  // the room was not created rated, and bots alone are no accounts
  for (const auto& seat : row->seats) REQUIRE_FALSE(seat.bot_kind.empty());
  persistence::Connection db(f.db_path(), true);
  auto local = db.prepare("SELECT (SELECT COUNT(*) FROM ratings) + (SELECT COUNT(*) FROM match_players)");
  REQUIRE(local.step());
  REQUIRE(local.column_int(0) == 0);
}

TEST_CASE("Room: chat reaches every member, spectators included") {
  RoomFixture f("letter-of-marque", 3);
  auto host = std::make_shared<FakeClient>(1);
  auto watcher = std::make_shared<FakeClient>(2);
  REQUIRE(f.create(host).has_room_created());
  REQUIRE(f.request(watcher, join("Watcher")).has_room());
  f.request(host, chat("ahoy"));
  f.run_until([&] {
    for (const auto& m : watcher->received) {
      if (m.has_chat() && m.chat().text() == "ahoy") return true;
    }
    return false;
  });
}

TEST_CASE("Room: a store failure is INTERNAL with a fixed sentence and the database words stay in the log") {
  RoomFixture f("letter-of-marque", 3);
  auto host = std::make_shared<FakeClient>(1);
  REQUIRE(f.create(host).has_room_created());
  REQUIRE(f.request(host, take_seat(0)).has_seat_taken());
  auto guest = std::make_shared<FakeClient>(2);
  REQUIRE(f.request(guest, join("Guest")).has_room());

  persistence::Connection saboteur(f.db_path());
  saboteur.exec("CREATE TRIGGER refuse_deletes BEFORE DELETE ON seats BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
  saboteur.exec("CREATE TRIGGER refuse_inserts BEFORE INSERT ON seats BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
  const std::uint64_t errors_before = f.metrics().errors_sent;
  const std::vector<std::pair<std::shared_ptr<FakeClient>, v1::ClientMessage>> requests = {
      {host, leave_seat()}, {host, add_bot(1)}, {guest, take_seat(2)}};
  for (const auto& [client, request] : requests) {
    const auto& refused = f.request(client, request);
    REQUIRE(refused.has_error());
    REQUIRE(refused.error().code() == v1::INTERNAL);
    REQUIRE_THAT(refused.error().message(), !Catch::Contains("disk says no"));
    REQUIRE_THAT(refused.error().message(), !Catch::Contains("constraint"));
  }
  REQUIRE(f.metrics().errors_sent == errors_before + 3);

  // Nothing was half-done: the seat is still held, the others still free.
  saboteur.exec("DROP TRIGGER refuse_deletes");
  saboteur.exec("DROP TRIGGER refuse_inserts");
  REQUIRE(f.request(guest, take_seat(2)).seat_taken().seat() == 2);
  REQUIRE(f.request(host, add_bot(1)).has_room());
  REQUIRE(f.request(host, leave_seat()).has_room());
}

TEST_CASE("ChatLog: text rules, the rate per member, numbering and the recent history") {
  std::string kept;
  REQUIRE_FALSE(server::ChatLog::check_text("  ahoy \n", kept).has_value());
  REQUIRE(kept == "ahoy");
  REQUIRE(server::ChatLog::check_text(" \t ", kept)->code == v1::INVALID_ARGUMENT);
  REQUIRE(server::ChatLog::check_text("\xff", kept)->code == v1::INVALID_ARGUMENT);
  REQUIRE(server::ChatLog::check_text(std::string(501, 'a'), kept)->code == v1::MESSAGE_TOO_LONG);

  std::deque<std::chrono::steady_clock::time_point> sent;
  const auto t0 = std::chrono::steady_clock::time_point{} + 1h;
  for (std::size_t i = 0; i < server::ChatLog::kBurst; ++i) REQUIRE(server::ChatLog::take_rate(sent, t0));
  REQUIRE_FALSE(server::ChatLog::take_rate(sent, t0 + 9s));
  REQUIRE(server::ChatLog::take_rate(sent, t0 + server::ChatLog::kWindow));

  server::ChatLog log("ROOMTEST1");
  std::vector<persistence::ChatRecord> stored;
  for (std::int64_t seq = 1; seq <= 120; ++seq) stored.push_back({"ROOMTEST1", seq, 0, 0, "Anne", "line", seq});
  log.restore(stored);
  const auto history = log.history();
  REQUIRE(history.messages_size() == static_cast<int>(server::ChatLog::kHistorySize));
  REQUIRE(history.messages(0).seq() == 21);
  auto next = log.next_message(1, "Ben", "hello", 500);
  REQUIRE(next.seq() == 121);
  REQUIRE(next.room_code() == "ROOMTEST1");
  log.add(next);
  REQUIRE(log.history().messages().rbegin()->text() == "hello");
}

TEST_CASE("Room requests: every request that names a room is in the room's table, and reads its code") {
  const auto* body = v1::ClientMessage::descriptor()->FindOneofByName("body");
  REQUIRE(body != nullptr);
  int room_requests = 0;
  for (int i = 0; i < body->field_count(); ++i) {
    const auto* field = body->field(i);
    const bool names_room = field->message_type()->FindFieldByName("room_code") != nullptr;
    v1::ClientMessage message;
    auto* inner = message.GetReflection()->MutableMessage(&message, field);
    if (names_room) {
      inner->GetReflection()->SetString(inner, inner->GetDescriptor()->FindFieldByName("room_code"),
                                        "CODE-" + field->name());
    }
    INFO(field->name());
    const std::string* code = server::Room::room_code_of(message);
    REQUIRE((code != nullptr) == names_room);
    if (code) REQUIRE(*code == "CODE-" + field->name());
    room_requests += names_room ? 1 : 0;
  }
  REQUIRE(room_requests == 16);
}
