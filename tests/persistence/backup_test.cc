// Online backups (persistence/backup.h): a copy taken while the store's
// writer commits holds every write committed before it started, its logs
// are prefixes of the live ones, and a failed backup leaves nothing behind.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <thread>

#include "persistence/backup.h"
#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/support/server_process.h"

using namespace brethren::persistence;
using brethren::testing::TempDir;

namespace {

constexpr int kMatches = 4;

// One room and one live match per index, in one unit.
void seed_matches(Store& store) {
  for (int i = 1; i <= kMatches; ++i) {
    const std::string code = "ROOM" + std::to_string(i);
    Store::Unit unit;
    unit.insert_room(
        RoomRecord{code, "letter-of-marque", "", false, "", 3, "hosthash", RoomStatus::kPlaying, 1, 0, ""});
    MatchRecord match;
    match.id = store.next_match_id();
    match.room_code = code;
    match.game_id = "letter-of-marque";
    match.seat_count = 3;
    unit.insert_match(match);
    store.commit_unit(std::move(unit), nullptr);
  }
  store.flush();
}

// Each match's stored action payloads, in seq order.
std::vector<std::vector<std::string>> logs(const std::string& path) {
  Connection db(path, true);
  std::vector<std::vector<std::string>> out(kMatches + 1);
  auto st = db.prepare("SELECT match_id, seq, action FROM actions ORDER BY match_id, seq");
  while (st.step()) {
    auto& log = out.at(static_cast<std::size_t>(st.column_int(0)));
    REQUIRE(st.column_int(1) == static_cast<std::int64_t>(log.size()) + 1);  // no gap
    log.push_back(st.column_blob(2));
  }
  return out;
}

}  // namespace

TEST_CASE("Backup: a copy taken while the writer commits has every write committed before it, as a prefix") {
  const auto method = GENERATE(BackupMethod::kPages, BackupMethod::kVacuumInto);
  TempDir dir;
  const std::string live = dir.path() + "/live.db";
  const std::string copy = dir.path() + "/copy.db";
  auto store = Store::open(live);
  seed_matches(*store);

  // A writer appending to every match round after round, acknowledging each
  // round once committed, like the server acknowledging moves.
  std::atomic<bool> stop{false};
  std::atomic<int> rounds_acked{0};
  std::thread writer([&] {
    for (int round = 1; !stop; ++round) {
      Store::Unit unit;
      for (int m = 1; m <= kMatches; ++m) {
        // Payloads big enough that the database spans many pages.
        unit.append_action(
            ActionRecord{m, round, round % 3, std::string(300, static_cast<char>('a' + round % 26)), round, 0});
      }
      store->commit_unit(std::move(unit), [&rounds_acked, round](bool ok, const std::string&) {
        if (ok) rounds_acked = round;
      });
      store->flush();
    }
  });
  while (rounds_acked < 200) std::this_thread::yield();

  const int acked_before = rounds_acked;
  BackupOptions options;
  options.method = method;
  options.pages_per_step = 8;  // many steps, with commits between them
  options.pause_between_steps = std::chrono::microseconds(200);
  // After the first step (the snapshot is held), wait until the writer has
  // committed two more rounds: the backup never blocks it.
  int acked_at_first_step = -1;
  if (method == BackupMethod::kPages) {
    options.after_step = [&](int remaining, int total) {
      REQUIRE(remaining < total);
      if (acked_at_first_step >= 0) return;
      acked_at_first_step = rounds_acked;
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
      while (rounds_acked < acked_at_first_step + 2) {
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        std::this_thread::yield();
      }
    };
  }
  const BackupResult result = backup_database(live, copy, options);
  const int acked_after = rounds_acked;
  stop = true;
  writer.join();
  store.reset();

  REQUIRE(result.bytes == std::filesystem::file_size(copy));
  REQUIRE(result.bytes > 100 * 1024);
  // Nothing beside it: one self-contained file in rollback-journal mode.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    const auto name = entry.path().filename().string();
    INFO(name);
    REQUIRE((name == "copy.db" || name.rfind("live.db", 0) == 0));
  }
  {
    Connection db(copy, true);
    auto mode = db.prepare("PRAGMA journal_mode");
    REQUIRE(mode.step());
    REQUIRE(mode.column_text(0) == "delete");
  }
  const auto copied = logs(copy);
  const auto original = logs(live);
  for (int m = 1; m <= kMatches; ++m) {
    INFO("match " << m);
    const auto& c = copied[static_cast<std::size_t>(m)];
    const auto& o = original[static_cast<std::size_t>(m)];
    // Every round acknowledged before the backup started is in it ...
    REQUIRE(static_cast<int>(c.size()) >= acked_before);
    // ... nothing committed after it ended (one snapshot) ...
    REQUIRE(static_cast<int>(c.size()) <= acked_after + 1);
    // ... and the copy's log is the live log's beginning.
    REQUIRE(c.size() <= o.size());
    REQUIRE(std::equal(c.begin(), c.end(), o.begin()));
  }
  if (method == BackupMethod::kPages) {
    // Rounds committed while the backup held its snapshot are not in it.
    REQUIRE(acked_at_first_step >= acked_before);
    REQUIRE(static_cast<int>(copied[1].size()) <= acked_at_first_step + 1);
    REQUIRE(acked_after >= acked_at_first_step + 2);
  }
  // One snapshot: every match stopped at the same round.
  for (int m = 2; m <= kMatches; ++m) REQUIRE(copied[static_cast<std::size_t>(m)].size() == copied[1].size());

  // The copy opens as a store at the current schema and takes writes.
  auto restored = Store::open(copy);
  REQUIRE(restored->schema_version() == Store::kSchemaVersion);
  const auto rows = static_cast<std::int64_t>(copied[1].size());
  std::atomic<bool> committed{false};
  Store::Unit unit;
  unit.append_action(ActionRecord{1, rows + 1, 0, "next", 1, 0});
  restored->commit_unit(std::move(unit), [&](bool ok, const std::string&) { committed = ok; });
  restored->flush();
  REQUIRE(committed);
}

TEST_CASE("Backup: a closed database copies too, and an existing target is replaced whole") {
  TempDir dir;
  const std::string live = dir.path() + "/live.db";
  const std::string copy = dir.path() + "/copy.db";
  Store::open(live).reset();
  {
    Connection old(copy);
    old.exec("CREATE TABLE stale (x)");
  }
  backup_database(live, copy);
  Connection db(copy, true);
  auto st = db.prepare("SELECT COUNT(*) FROM sqlite_schema WHERE name = 'stale'");
  REQUIRE(st.step());
  REQUIRE(st.column_int(0) == 0);
  auto version = db.prepare("PRAGMA user_version");
  REQUIRE(version.step());
  REQUIRE(version.column_int(0) == Store::kSchemaVersion);
}

TEST_CASE("Backup: failures throw and leave no file behind") {
  TempDir dir;
  const std::string live = dir.path() + "/live.db";
  Store::open(live).reset();
  // No such source: nothing is created at the target.
  REQUIRE_THROWS(backup_database(dir.path() + "/missing.db", dir.path() + "/a.db"));
  REQUIRE_FALSE(std::filesystem::exists(dir.path() + "/missing.db"));
  REQUIRE_FALSE(std::filesystem::exists(dir.path() + "/a.db"));
  REQUIRE_FALSE(std::filesystem::exists(dir.path() + "/a.db.tmp"));
  // No such folder for the target.
  REQUIRE_THROWS(backup_database(live, dir.path() + "/no/such/folder/b.db"));
  // A source that is not a database: its check fails, nothing is renamed.
  {
    std::FILE* f = std::fopen((dir.path() + "/junk.db").c_str(), "w");
    std::fputs("not a database, only words, long enough to be something else than empty", f);
    std::fclose(f);
  }
  REQUIRE_THROWS(backup_database(dir.path() + "/junk.db", dir.path() + "/c.db"));
  REQUIRE_FALSE(std::filesystem::exists(dir.path() + "/c.db"));
  REQUIRE_FALSE(std::filesystem::exists(dir.path() + "/c.db.tmp"));
}
