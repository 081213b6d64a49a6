// The SQLite store on its own: migrations, ordered group commits, reads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <future>
#include <thread>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/support/server_process.h"

using namespace brethren::persistence;
using brethren::testing::TempDir;

namespace {

void wait_ok(Store& store) { store.flush(); }

RoomRecord room(const std::string& code) {
  return RoomRecord{code, "letter-of-marque", "", false, "", 3, "hosthash", RoomStatus::kOpen, 1, 0, ""};
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
  store->upsert_seat(SeatRecord{"AAA", 0, "Anne", "hash0", "", 0}, note("seat"));
  const auto id = store->next_match_id();
  store->commit_unit(Store::Unit().insert_match(
                         MatchRecord{id, "AAA", "letter-of-marque", "opts", 42, 3, MatchStatus::kLive, 5, 0, "", 0, 0}),
                     note("match"));
  for (int seq = 1; seq <= 100; ++seq)
    store->commit_unit(Store::Unit().append_action(ActionRecord{id, seq, seq % 3, "a" + std::to_string(seq), seq, 0}),
                       nullptr);
  // A duplicate sequence number violates the primary key: this write fails, the others stand.
  store->commit_unit(Store::Unit().append_action(ActionRecord{id, 100, 0, "dup", 0, 0}), note("dup"));
  store->commit_unit(Store::Unit().finish_match(ResultRecord{id, "outcome", "red wins", 9, ""}), note("finish"));
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
  REQUIRE(matches[0].status == MatchStatus::kFinished);
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
  store->commit_unit(Store::Unit().insert_match(
                         MatchRecord{id, "BBB", "letter-of-marque", "", 1, 3, MatchStatus::kLive, 0, 0, "", 0, 0}),
                     nullptr);
  std::vector<std::thread> threads;
  std::atomic<int> seq{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 500; ++i) {
        const int s = ++seq;
        store->commit_unit(Store::Unit().append_action(ActionRecord{id, s, 0, "x", 0, 0}), nullptr);
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
  const auto recent = store->load_recovery(0, 3).chat;
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

namespace {

// A database with room RRR playing match `id` with `moves` moves stored.
std::int64_t playing_room(Store& store, int moves) {
  RoomRecord r = room("RRR");
  r.status = RoomStatus::kPlaying;
  store.insert_room(r, nullptr);
  const auto id = store.next_match_id();
  store.commit_unit(Store::Unit().insert_match(
                        MatchRecord{id, "RRR", "letter-of-marque", "", 1, 3, MatchStatus::kLive, 0, 0, "", 0, 0}),
                    nullptr);
  for (int seq = 1; seq <= moves; ++seq)
    store.commit_unit(Store::Unit().append_action(ActionRecord{id, seq, 0, "m", 0, 0}), nullptr);
  store.flush();
  return id;
}

// The stored word, which older databases share.
std::string status_of_room(Store& store, const std::string& code) {
  return std::string(to_string(store.load_room(code)->status));
}

// Runs `unit` in the same group commit as a neighbouring write of another
// room: a held write lock keeps the writer waiting until both are queued.
std::pair<std::string, bool> commit_beside_neighbour(Store& store, const std::string& path, Store::Unit unit,
                                                     std::int64_t neighbour_seq) {
  Connection blocker(path);
  blocker.exec("BEGIN IMMEDIATE");
  // The writer takes a first write and waits for the lock; the next two
  // then wait in the queue together and form the next group.
  store.append_chat(ChatRecord{"NNN", 1000 + neighbour_seq, 0, 0, "Nell", "first", 0}, nullptr);
  while (store.queued_writes() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::promise<std::string> unit_result;
  std::promise<bool> neighbour_result;
  store.commit_unit(std::move(unit),
                    [&](bool ok, const std::string& error) { unit_result.set_value(ok ? "" : error); });
  store.append_chat(ChatRecord{"NNN", neighbour_seq, 0, 0, "Nell", "hi", 0},
                    [&](bool ok, const std::string&) { neighbour_result.set_value(ok); });
  blocker.exec("COMMIT");
  return {unit_result.get_future().get(), neighbour_result.get_future().get()};
}

}  // namespace

TEST_CASE("Store: a unit commits all its rows or none, whichever statement fails, and a retry then succeeds") {
  struct Fault {
    const char* trigger;  // the statement that fails
    bool log_secret;      // the final state replaces the log (the log is deleted)
  };
  const Fault faults[] = {
      {"BEFORE INSERT ON actions", false}, {"BEFORE UPDATE ON matches", false}, {"BEFORE INSERT ON results", false},
      {"BEFORE DELETE ON actions", true},  {"BEFORE UPDATE ON rooms", false},
  };
  for (const Fault& fault : faults) {
    DYNAMIC_SECTION(fault.trigger) {
      TempDir dir;
      const std::string path = dir.path() + "/s.db";
      auto store = Store::open(path);
      store->insert_room(room("NNN"), nullptr);
      const auto id = playing_room(*store, 4);
      auto final_change = [&] {
        Store::Unit unit;
        unit.append_action(ActionRecord{id, 5, 1, "last", 0, 0})
            .finish_match(ResultRecord{id, "outcome", "won", 77, fault.log_secret ? "final" : ""})
            .set_room_status("RRR", RoomStatus::kFinished, 77);
        return unit;
      };
      Connection saboteur(path);
      saboteur.exec(
          (std::string("CREATE TRIGGER fault ") + fault.trigger + " BEGIN SELECT RAISE(ABORT, 'no'); END").c_str());
      const auto [error, neighbour_ok] = commit_beside_neighbour(*store, path, final_change(), 1);
      REQUIRE_THAT(error, Catch::Contains("no"));
      REQUIRE(neighbour_ok);  // the other room's write in the same group stands
      REQUIRE(store->load_chat("NNN").size() == 2);
      REQUIRE(store->load_actions(id).size() == 4);
      REQUIRE(store->load_match(id)->status == MatchStatus::kLive);
      REQUIRE_FALSE(store->load_result(id).has_value());
      REQUIRE(status_of_room(*store, "RRR") == "playing");

      saboteur.exec("DROP TRIGGER fault");
      const auto [retry_error, retry_neighbour_ok] = commit_beside_neighbour(*store, path, final_change(), 2);
      REQUIRE(retry_error.empty());  // no primary-key collision with a half-stored first try
      REQUIRE(retry_neighbour_ok);
      REQUIRE(store->load_actions(id).size() == (fault.log_secret ? 0u : 5u));
      REQUIRE(store->load_match(id)->status == MatchStatus::kFinished);
      REQUIRE(store->load_result(id)->summary == "won");
      REQUIRE(status_of_room(*store, "RRR") == "finished");
    }
  }
}

TEST_CASE("Store: a match start (match row and room status) commits as one unit") {
  for (const char* trigger : {"BEFORE INSERT ON matches", "BEFORE UPDATE ON rooms"}) {
    DYNAMIC_SECTION(trigger) {
      TempDir dir;
      const std::string path = dir.path() + "/s.db";
      auto store = Store::open(path);
      store->insert_room(room("NNN"), nullptr);
      store->insert_room(room("SSS"), nullptr);
      store->flush();
      const auto id = store->next_match_id();
      auto start = [&] {
        Store::Unit unit;
        unit.insert_match(MatchRecord{id, "SSS", "letter-of-marque", "", 1, 3, MatchStatus::kLive, 0, 0, "", 0, 0})
            .set_room_status("SSS", RoomStatus::kPlaying, 5);
        return unit;
      };
      Connection saboteur(path);
      saboteur.exec((std::string("CREATE TRIGGER fault ") + trigger + " BEGIN SELECT RAISE(ABORT, 'no'); END").c_str());
      REQUIRE_FALSE(commit_beside_neighbour(*store, path, start(), 1).first.empty());
      REQUIRE_FALSE(store->load_match(id).has_value());
      REQUIRE(status_of_room(*store, "SSS") == "open");
      saboteur.exec("DROP TRIGGER fault");
      REQUIRE(commit_beside_neighbour(*store, path, start(), 2).first.empty());
      REQUIRE(store->load_match(id)->status == MatchStatus::kLive);
      REQUIRE(status_of_room(*store, "SSS") == "playing");
    }
  }
}

TEST_CASE("Store: start-up reads open, playing and recently finished rooms only, each with its newest match") {
  TempDir dir;
  auto store = Store::open(dir.path() + "/s.db");
  auto add_room = [&](const std::string& code, const std::string& status, std::int64_t status_at) {
    store->insert_room(room(code), nullptr);
    Store::Unit unit;
    unit.set_room_status(code, room_status_from(status), status_at);
    store->commit_unit(std::move(unit), nullptr);
  };
  auto add_match = [&](const std::string& code, bool finished, const std::string& final_state) {
    const auto id = store->next_match_id();
    store->commit_unit(Store::Unit().insert_match(
                           MatchRecord{id, code, "letter-of-marque", "", 1, 3, MatchStatus::kLive, 0, 0, "", 0, 0}),
                       nullptr);
    for (int seq = 1; seq <= 3; ++seq)
      store->commit_unit(Store::Unit().append_action(ActionRecord{id, seq, 0, code, 0, 0}), nullptr);
    if (finished) store->commit_unit(Store::Unit().finish_match(ResultRecord{id, "o", "s", 0, final_state}), nullptr);
    return id;
  };
  add_room("OPN", "open", 10);
  add_room("PLY", "playing", 10);
  add_match("PLY", true, "");
  const auto live = add_match("PLY", false, "");  // a rematch, still running
  add_room("NEW", "finished", 1000);
  const auto recent = add_match("NEW", true, "final");
  add_room("OLD", "finished", 999);
  add_match("OLD", true, "");
  add_room("EXP", "expired", 5000);
  add_match("EXP", false, "");
  for (const char* code : {"OPN", "OLD", "EXP"}) {
    for (int seq = 1; seq <= 5; ++seq) store->append_chat(ChatRecord{code, seq, 0, 0, "A", "c", seq}, nullptr);
  }
  store->flush();

  const RecoverySet set = store->load_recovery(1000, 2);
  std::vector<std::string> rooms;
  for (const auto& r : set.rooms) rooms.push_back(r.code);
  std::sort(rooms.begin(), rooms.end());
  REQUIRE(rooms == std::vector<std::string>{"NEW", "OPN", "PLY"});
  REQUIRE(set.seats.empty());
  REQUIRE(set.matches.size() == 2);
  REQUIRE(set.matches[0].id == live);
  REQUIRE(set.matches[1].id == recent);
  REQUIRE(set.actions.size() == 1);  // the finished match's log gave way to its final state
  REQUIRE(set.actions.at(live).size() == 3);
  REQUIRE(set.final_states.size() == 1);
  REQUIRE(set.final_states.at(recent) == "final");
  REQUIRE(set.chat.size() == 1);
  REQUIRE(set.chat.at("OPN").size() == 2);
  REQUIRE(set.chat.at("OPN")[0].seq == 4);
  REQUIRE(set.chat.at("OPN")[1].seq == 5);
}

TEST_CASE("Store: the migration to schema 6 dates each finished room from its match's end") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  {
    auto store = Store::open(path);
    RoomRecord done = room("FIN");
    done.status = RoomStatus::kFinished;
    done.created_at = 100;
    store->insert_room(done, nullptr);
    const auto id = store->next_match_id();
    store->commit_unit(Store::Unit().insert_match(
                           MatchRecord{id, "FIN", "letter-of-marque", "", 1, 3, MatchStatus::kLive, 100, 0, "", 0, 0}),
                       nullptr);
    store->commit_unit(Store::Unit().finish_match(ResultRecord{id, "o", "s", 5000, ""}), nullptr);
    store->flush();
  }
  {
    // Back to schema 5 as an older server left it: no status_at (nor the
    // later rules_version, accounts, sessions, ratings, sign-in failures, the
    // ratings outbox and the followed deletions).
    Connection db(path);
    db.exec(
        "DROP TABLE followed_deletions; DROP INDEX seats_by_account; DROP TABLE rating_outbox_seats; DROP TABLE "
        "rating_outbox; DROP TABLE sign_in_failures; "
        "DROP TABLE match_players; DROP TABLE ratings; DROP INDEX rooms_by_status; "
        "ALTER TABLE rooms DROP COLUMN "
        "status_at; "
        "ALTER TABLE matches DROP COLUMN rules_version; DROP TABLE sessions; DROP TABLE accounts; "
        "ALTER TABLE seats DROP COLUMN account_id; PRAGMA user_version = 5");
  }
  auto store = Store::open(path);
  REQUIRE(store->schema_version() == Store::kSchemaVersion);
  REQUIRE(store->load_recovery(5000, 1).rooms.size() == 1);
  REQUIRE(store->load_recovery(5001, 1).rooms.empty());
}

TEST_CASE("Store: a seat keeps the account that took it, and a change of holder rewrites it") {
  TempDir dir;
  auto store = Store::open(dir.path() + "/s.db");
  store->insert_room(room("ACC"), nullptr);
  store->upsert_seat(SeatRecord{"ACC", 0, "Anne", "hash0", "", 77}, nullptr);
  store->upsert_seat(SeatRecord{"ACC", 1, "Ben", "hash1", "", 0}, nullptr);
  store->flush();
  auto seats = store->load_seats("ACC");
  REQUIRE(seats.size() == 2);
  REQUIRE(seats[0].account_id == 77);
  REQUIRE(seats[1].account_id == 0);
  // A bot takes over seat 0 (a kicked player's): no account any more.
  store->upsert_seat(SeatRecord{"ACC", 0, "Bot (easy)", "", "easy", 0}, nullptr);
  store->flush();
  REQUIRE(store->load_seats("ACC")[0].account_id == 0);
  REQUIRE(store->load_recovery(0, 1).seats.size() == 2);
}

TEST_CASE("Store: a match keeps the rules version it was started under") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  {
    auto store = Store::open(path);
    store->insert_room(room("VER"), nullptr);
    MatchRecord match{
        store->next_match_id(), "VER", "letter-of-marque", "", 1, 3, MatchStatus::kLive, 100, 0, "", 0, 0};
    REQUIRE(match.rules_version == 1);  // the default: what every earlier match was played under
    match.rules_version = 7;
    store->commit_unit(Store::Unit().insert_match(match), nullptr);
    store->flush();
  }
  auto store = Store::open(path);
  REQUIRE(store->load_matches().at(0).rules_version == 7);
  REQUIRE(store->load_match(1)->rules_version == 7);
  REQUIRE(store->load_recovery(0, 1).matches.at(0).rules_version == 7);
}
