// Online backups through the real server (issue #26, item 6): matches are
// played at several tables while backups are taken, by the schedule
// (--backup-interval) and on request (brethren-backup from another process,
// and POST /admin/backup);
// each backup restored into a NEW server holds every move acknowledged before
// it started, its logs are the live logs' beginnings, and its matches play on
// with the players' own seat tokens.
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "rules/bots/random_bot.h"
#include "server/backup/backup_scheduler.h"
#include "tests/support/raw_http.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
namespace fs = std::filesystem;

namespace {

constexpr int kTables = 4;

// What a table's players had acknowledged at one moment.
struct Acked {
  int moves = 0;
  std::uint64_t version = 0;
};

// Tables playing on their own threads until stopped (or finished), each
// publishing its acknowledged moves after every move.
class Load {
 public:
  explicit Load(std::uint16_t port) {
    for (int i = 0; i < kTables; ++i) {
      tables_.push_back(open_table(port, "letter-of-marque", 3, server::Encoding::kBinary));
    }
    acked_.resize(kTables);
    for (int i = 0; i < kTables; ++i) {
      threads_.emplace_back([this, i] {
        rules::RandomBot bot(100 + static_cast<std::uint64_t>(i));
        Table& t = tables_[static_cast<std::size_t>(i)];
        while (!stop_ && play_moves(t, bot, 1) == 1) {
          std::lock_guard lock(mutex_);
          ++acked_[static_cast<std::size_t>(i)].moves;
          acked_[static_cast<std::size_t>(i)].version = t.version;
        }
      });
    }
  }
  ~Load() { stop(); }

  void stop() {
    stop_ = true;
    for (auto& th : threads_) {
      if (th.joinable()) th.join();
    }
  }
  std::vector<Acked> acked() const {
    std::lock_guard lock(mutex_);
    return acked_;
  }
  std::vector<Table>& tables() { return tables_; }

 private:
  std::vector<Table> tables_;
  std::vector<std::thread> threads_;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::vector<Acked> acked_;
};

std::uint64_t metric(std::uint16_t port, const std::string& name) {
  const auto [status, body] = http_get(port, "/metrics");
  REQUIRE(status == 200);
  const auto at = body.find("\n" + name + " ");
  REQUIRE(at != std::string::npos);
  return std::stoull(body.substr(at + name.size() + 2));
}

// Waits for the event, not a time: until `pred`, or fails after a minute.
template <class Pred>
void wait_until(Pred pred, const char* what) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!pred()) {
    INFO(what);
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Each room's stored action payloads, in seq order.
std::map<std::string, std::vector<std::string>> logs_by_room(const std::string& db) {
  persistence::Connection c(db, true);
  std::map<std::string, std::vector<std::string>> out;
  auto st = c.prepare(
      "SELECT m.room_code, a.action FROM actions a JOIN matches m ON m.id = a.match_id ORDER BY m.room_code, a.seq");
  while (st.step()) out[st.column_text(0)].push_back(st.column_blob(1));
  return out;
}

// The newest scheduled backup, copied out of the folder (rotation may delete
// it at any time) to `copy`.
void copy_newest_backup(const std::string& dir, const std::string& copy) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) {
      const auto name = e.path().filename().string();
      if (name.rfind("brethren-", 0) == 0 && e.path().extension() == ".db") names.push_back(e.path().string());
    }
    REQUIRE_FALSE(names.empty());
    std::sort(names.begin(), names.end());
    std::error_code ec;
    if (fs::copy_file(names.back(), copy, fs::copy_options::overwrite_existing, ec)) return;
  }
  FAIL("the newest backup kept disappearing");
}

// Every move acknowledged before the backup is in it; its logs are the live
// logs' beginnings; a new server on it resumes every seat and plays on.
// `db`: where the restored server's --db points (the backup is copied there,
// replacing what is there with its -wal and -shm files, as documented).
void check_restore(const std::string& backup, const std::vector<Acked>& before,
                   const std::map<std::string, std::vector<std::string>>& live_logs, std::vector<Table>& tables,
                   const std::string& db) {
  INFO("restoring " << backup << " to " << db);
  const auto restored_logs = logs_by_room(backup);
  for (int i = 0; i < kTables; ++i) {
    const Table& t = tables[static_cast<std::size_t>(i)];
    INFO("table " << t.code << " acknowledged " << before[static_cast<std::size_t>(i)].moves);
    const auto& restored = restored_logs.count(t.code) ? restored_logs.at(t.code) : std::vector<std::string>{};
    const auto& live = live_logs.at(t.code);
    REQUIRE(static_cast<int>(restored.size()) >= before[static_cast<std::size_t>(i)].moves);
    REQUIRE(restored.size() <= live.size());
    REQUIRE(std::equal(restored.begin(), restored.end(), live.begin()));
  }

  // The documented restore: the backup copied to where --db points, the old
  // database's -wal and -shm removed.
  fs::copy_file(backup, db, fs::copy_options::overwrite_existing);
  fs::remove(db + "-wal");
  fs::remove(db + "-shm");
  ServerProcess server(db);
  for (int i = 0; i < kTables; ++i) {
    Table t;
    t.code = tables[static_cast<std::size_t>(i)].code;
    const std::uint64_t acked_version = before[static_cast<std::size_t>(i)].version;
    for (const auto& old : tables[static_cast<std::size_t>(i)].players) {
      SeatedPlayer p;
      p.seat = old.seat;
      p.token = old.token;
      p.client = std::make_unique<WsClient>(server.port());
      auto resumed = p.client->request(resume_msg(t.code, p.token, 0));
      REQUIRE(resumed.has_room());
      REQUIRE(resumed.room().your_seat() == p.seat);
      auto update = p.client->wait_for_version(acked_version);
      REQUIRE(update.has_value());
      p.view = update->view();
      REQUIRE(p.view.version() >= acked_version);
      t.version = p.view.version();
      t.players.push_back(std::move(p));
    }
    if (t.finished()) continue;
    REQUIRE(t.players[0].view.version() == t.players.back().view.version());
    rules::RandomBot bot(7);
    REQUIRE(play_moves(t, bot, 2) >= 1);
  }
  REQUIRE(server.stop(SIGTERM) != -1);
}

}  // namespace

TEST_CASE("Backups under load: scheduled and on request, each restores into a new server that plays on") {
  TempDir dir;
  const std::string live_db = dir.path() + "/live.db";
  const std::string backup_dir = dir.path() + "/backups";
  auto server = std::make_unique<ServerProcess>(
      live_db, std::vector<std::string>{"--backup-dir", backup_dir, "--backup-interval", "0.2", "--backup-keep", "3"});
  const std::uint16_t port = server->port();
  Load load(port);
  wait_until(
      [&] {
        for (const auto& a : load.acked()) {
          if (a.moves < 5) return false;
        }
        return true;
      },
      "every table has played");

  // Scheduled: every move acknowledged now is in the backup after the next
  // one to end (that one may have started already).
  const auto before_scheduled = load.acked();
  const auto taken = metric(port, "brethren_backups_total");
  wait_until([&] { return metric(port, "brethren_backups_total") >= taken + 2; }, "two more scheduled backups");
  const std::string scheduled = dir.path() + "/scheduled-copy.db";
  copy_newest_backup(backup_dir, scheduled);

  // On request, from another process, while the tables play on.
  const auto before_request = load.acked();
  const std::string requested = dir.path() + "/requested.db";
  const std::string command = std::string(BRETHREN_BACKUP_BINARY) + " --db '" + live_db + "' --out '" + requested +
                              "' --pages-per-step 2 --pause-us 2000";
  REQUIRE(std::system(command.c_str()) == 0);
  wait_until([&] { return load.acked()[0].moves > before_request[0].moves || load.tables()[0].finished(); },
             "a move after the requested backup");

  load.stop();
  REQUIRE(metric(port, "brethren_backup_failures_total") == 0);
  REQUIRE(metric(port, "brethren_backup_last_bytes") > 0);
  REQUIRE(metric(port, "brethren_backup_last_success_timestamp_seconds") > 0);
  // Rotation keeps the newest three, and nothing else is left in the folder.
  REQUIRE(server->stop(SIGTERM) != -1);
  std::size_t kept = 0;
  for (const auto& e : fs::directory_iterator(backup_dir)) {
    INFO(e.path().filename().string());
    REQUIRE(e.path().extension() == ".db");
    ++kept;
  }
  REQUIRE(kept == 3);

  const auto live_logs = logs_by_room(live_db);
  // One restored in place of the live database, one into a new server's own file.
  check_restore(scheduled, before_scheduled, live_logs, load.tables(), live_db);
  check_restore(requested, before_request, live_logs, load.tables(), dir.path() + "/restored.db");
}

TEST_CASE("Backups: bad flags are refused, and a failing backup is counted while the server plays on") {
  TempDir dir;
  // An interval without a folder: the server does not start.
  REQUIRE_THROWS(ServerProcess(dir.path() + "/a.db", {"--backup-interval", "5"}));
  // The backup folder's place is taken by a file: every backup fails.
  const std::string blocked = dir.path() + "/blocked";
  std::FILE* f = std::fopen(blocked.c_str(), "w");
  REQUIRE(f != nullptr);
  std::fclose(f);
  ServerProcess server(dir.path() + "/b.db", {"--backup-dir", blocked, "--backup-interval", "0.05"});
  wait_until([&] { return metric(server.port(), "brethren_backup_failures_total") >= 2; }, "failed backups counted");
  REQUIRE(metric(server.port(), "brethren_backups_total") == 0);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(3);
  REQUIRE(play_moves(t, bot, 3) == 3);
  REQUIRE(server.stop(SIGTERM) != -1);
  REQUIRE_THAT(server.log(), Catch::Contains("backup of"));
}

namespace {

const std::string kToken = "backup-test-admin-token-0123456789";

RawReply admin_post(std::uint16_t port, const std::string& target, const std::string& token) {
  std::string request = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n";
  if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
  return raw_request(port, request + "Connection: close\r\n\r\n");
}

// The text of a string field, or the digits of a number field, of a flat JSON object.
std::string json_field(const std::string& json, const std::string& name) {
  const std::string key = "\"" + name + "\":";
  const auto at = json.find(key);
  if (at == std::string::npos) return "";
  const auto start = at + key.size();
  if (json[start] == '"') return json.substr(start + 1, json.find('"', start + 1) - start - 1);
  return json.substr(start, json.find_first_of(",}", start) - start);
}

}  // namespace

TEST_CASE("Backups on request: POST /admin/backup takes one under load, and it restores and plays on") {
  TempDir dir;
  const std::string token_file = dir.path() + "/admin-token";
  std::ofstream(token_file) << kToken << "\n";

  // No backup folder configured: a typed refusal.
  {
    ServerProcess bare(dir.path() + "/bare.db", {"--admin-token-file", token_file});
    const auto refused = admin_post(bare.port(), "/admin/backup", kToken);
    INFO(refused.body);
    REQUIRE(refused.status == 409);
    REQUIRE(json_field(refused.body, "code") == "BACKUP_NOT_CONFIGURED");
  }

  const std::string live_db = dir.path() + "/live.db";
  const std::string backup_dir = dir.path() + "/backups";
  auto server = std::make_unique<ServerProcess>(
      live_db, std::vector<std::string>{"--backup-dir", backup_dir, "--admin-token-file", token_file});
  const std::uint16_t port = server->port();
  // Only the bearer of the token, and only with POST, as for a drain.
  REQUIRE(admin_post(port, "/admin/backup", "").status == 401);
  const auto wrong = admin_post(port, "/admin/backup", kToken + "x");
  REQUIRE(wrong.status == 401);
  REQUIRE(wrong.header("www-authenticate") == "Bearer");
  REQUIRE(raw_request(port, get_request("/admin/backup", "Authorization: Bearer " + kToken + "\r\n")).status == 405);
  REQUIRE_FALSE(fs::exists(backup_dir));  // none of these took one

  Load load(port);
  wait_until(
      [&] {
        for (const auto& a : load.acked()) {
          if (a.moves < 5) return false;
        }
        return true;
      },
      "every table has played");
  const auto before = load.acked();
  const auto taken = admin_post(port, "/admin/backup", kToken);
  INFO(taken.body);
  REQUIRE(taken.status == 201);
  REQUIRE(json_field(taken.body, "status") == "done");
  const std::string file = json_field(taken.body, "file");
  REQUIRE_THAT(file, Catch::StartsWith("brethren-") && Catch::EndsWith(".db"));
  const std::string backup = backup_dir + "/" + file;
  REQUIRE(json_field(taken.body, "path") == backup);
  REQUIRE(std::stoull(json_field(taken.body, "bytes")) == fs::file_size(backup));
  // The tables play on after it.
  wait_until([&] { return load.acked()[0].moves > before[0].moves || load.tables()[0].finished(); },
             "a move after the backup");
  load.stop();
  REQUIRE(metric(port, "brethren_backups_total") == 1);
  REQUIRE(metric(port, "brethren_backup_failures_total") == 0);
  REQUIRE(server->stop(SIGTERM) != -1);
  REQUIRE_THAT(server->log(), Catch::Contains("backup asked for (POST /admin/backup)"));

  check_restore(backup, before, logs_by_room(live_db), load.tables(), dir.path() + "/restored.db");
}

TEST_CASE("Backups on request: one at a time, a request while a backup is being taken is refused") {
  TempDir dir;
  const std::string db = dir.path() + "/live.db";
  {
    auto store = persistence::Store::open(db);  // the schema: a few dozen pages
  }
  // The first backup stops after its first step until the test lets it go.
  std::mutex mutex;
  std::condition_variable changed;
  bool copying = false, let_go = false;
  persistence::BackupOptions options;
  options.pages_per_step = 1;
  options.after_step = [&](int, int) {
    std::unique_lock lock(mutex);
    copying = true;
    changed.notify_all();
    changed.wait(lock, [&] { return let_go; });
  };
  server::Metrics metrics;
  server::BackupScheduler backups({db, dir.path() + "/backups", 0, 3, options}, metrics);
  std::promise<server::BackupOutcome> first;
  REQUIRE(backups.request([&](server::BackupOutcome outcome) { first.set_value(std::move(outcome)); }));
  {
    std::unique_lock lock(mutex);
    REQUIRE(changed.wait_for(lock, std::chrono::minutes(1), [&] { return copying; }));
  }
  std::atomic<bool> second_called{false};
  REQUIRE_FALSE(backups.request([&](server::BackupOutcome) { second_called = true; }));
  {
    std::lock_guard lock(mutex);
    let_go = true;
  }
  changed.notify_all();
  const server::BackupOutcome outcome = first.get_future().get();
  INFO(outcome.error);
  REQUIRE(outcome.ok);
  REQUIRE(fs::file_size(outcome.path) == outcome.bytes);
  REQUIRE_FALSE(second_called);
  // Once the first has answered, the next request is taken.
  std::promise<server::BackupOutcome> next;
  REQUIRE(backups.request([&](server::BackupOutcome o) { next.set_value(std::move(o)); }));
  REQUIRE(next.get_future().get().ok);
  REQUIRE(metrics.backups.load() == 2);
}
