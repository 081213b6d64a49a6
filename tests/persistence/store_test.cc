// The SQLite store on its own: migrations, ordered group commits, reads.
#include <catch2/catch.hpp>

#include <atomic>
#include <future>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/support/server_process.h"

using namespace brethren::persistence;
using brethren::testing::TempDir;

namespace {

void wait_ok(Store& store) { store.flush(); }

RoomRecord room(const std::string& code) {
  return RoomRecord{code, "letter-of-marque", "", false, "", 3, "hosthash", "open", 1, 0, ""};
}

}  // namespace

TEST_CASE("Store: a new database is migrated to the current schema in WAL mode, and reopening keeps it") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  {
    auto store = Store::open(path);
    REQUIRE(store->schema_version() == Store::kSchemaVersion);
  }
  auto store = Store::open(path);
  REQUIRE(store->schema_version() == Store::kSchemaVersion);
  Connection db(path, true);
  auto mode = db.prepare("PRAGMA journal_mode");
  REQUIRE(mode.step());
  REQUIRE(mode.column_text(0) == "wal");
}

TEST_CASE("Store: a database newer than the server is refused") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  {
    Connection db(path);
    db.exec("PRAGMA user_version = 99");
  }
  REQUIRE_THROWS_WITH(Store::open(path), Catch::Contains("newer"));
}

TEST_CASE("Store: writes commit in order, callbacks report each, failures stay local") {
  TempDir dir;
  auto store = Store::open(dir.path() + "/s.db");
  std::vector<std::string> order;
  std::mutex m;
  auto note = [&](std::string what) {
    return [&, what](bool ok, const std::string& error) {
      std::lock_guard lock(m);
      order.push_back(what + (ok ? ":ok" : ":fail:" + error));
    };
  };
  store->insert_room(room("AAA"), note("room"));
  store->upsert_seat(SeatRecord{"AAA", 0, "Anne", "hash0", ""}, note("seat"));
  const auto id = store->next_match_id();
  store->insert_match(MatchRecord{id, "AAA", "letter-of-marque", "opts", 42, 3, "live", 5, 0, "", 0, 0}, note("match"));
  for (int seq = 1; seq <= 100; ++seq) store->append_action(ActionRecord{id, seq, seq % 3, "a" + std::to_string(seq), seq, 0}, nullptr);
  // A duplicate sequence number violates the primary key: this write fails, the others stand.
  store->append_action(ActionRecord{id, 100, 0, "dup", 0, 0}, note("dup"));
  store->finish_match(ResultRecord{id, "outcome", "red wins", 9, ""}, note("finish"));
  wait_ok(*store);
  REQUIRE(order.size() == 5);
  REQUIRE(order[0] == "room:ok");
  REQUIRE(order[1] == "seat:ok");
  REQUIRE(order[2] == "match:ok");
  REQUIRE_THAT(order[3], Catch::StartsWith("dup:fail:"));
  REQUIRE(order[4] == "finish:ok");

  const auto actions = store->load_actions(id);
  REQUIRE(actions.size() == 100);
  for (std::size_t i = 0; i < actions.size(); ++i) REQUIRE(actions[i].seq == static_cast<std::int64_t>(i + 1));
  REQUIRE(actions[41].action == "a42");
  const auto matches = store->load_matches();
  REQUIRE(matches.size() == 1);
  REQUIRE(matches[0].status == "finished");
  REQUIRE(matches[0].seed == 42);
  REQUIRE(store->load_results().at(0).summary == "red wins");
  REQUIRE(store->load_seats().at(0).token_hash == "hash0");
  REQUIRE(store->next_match_id() == id + 1);
}

TEST_CASE("Store: many writers at once are grouped into few commits") {
  TempDir dir;
  auto store = Store::open(dir.path() + "/s.db", StoreOptions{false, 2048});
  std::atomic<std::size_t> commits{0}, written{0};
  store->set_commit_observer([&](double, std::size_t n) {
    ++commits;
    written += n;
  });
  store->insert_room(room("BBB"), nullptr);
  const auto id = store->next_match_id();
  store->insert_match(MatchRecord{id, "BBB", "letter-of-marque", "", 1, 3, "live", 0, 0, "", 0, 0}, nullptr);
  std::vector<std::thread> threads;
  std::atomic<int> seq{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 500; ++i) {
        const int s = ++seq;
        store->append_action(ActionRecord{id, s, 0, "x", 0, 0}, nullptr);
      }
    });
  }
  for (auto& t : threads) t.join();
  store->flush();
  REQUIRE(store->load_actions(id).size() == 2000);
  REQUIRE(written == 2002);
  // Group commit: far fewer transactions than writes.
  REQUIRE(commits < 2002);
}

TEST_CASE("Store: start-up reads every room's last chat messages in one query, in seq order") {
  TempDir dir;
  auto store = Store::open(dir.path() + "/s.db");
  store->insert_room(room("AAA"), nullptr);
  store->insert_room(room("BBB"), nullptr);
  for (int seq = 1; seq <= 7; ++seq) {
    store->append_chat(ChatRecord{"AAA", seq, 0, 0, "Anne", "a" + std::to_string(seq), seq}, nullptr);
  }
  store->append_chat(ChatRecord{"BBB", 1, 0, -1, "Bart", "b1", 1}, nullptr);
  wait_ok(*store);
  const auto recent = store->load_recent_chat(3);
  REQUIRE(recent.size() == 2);
  const auto& a = recent.at("AAA");
  REQUIRE(a.size() == 3);
  REQUIRE(a[0].seq == 5);
  REQUIRE(a[2].seq == 7);
  REQUIRE(a[2].text == "a7");
  REQUIRE(recent.at("BBB").size() == 1);
  REQUIRE(recent.at("BBB")[0].seat == -1);
  REQUIRE(store->load_chat("AAA").size() == 7);
}
