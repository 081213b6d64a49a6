// The action log's commit rate in a temporary database: one move per
// transaction (each waits for its own commit, as a lone room does) against
// group commit (many rooms' moves queued together, one transaction and one
// fsync for all), with PRAGMA synchronous FULL (the default) and NORMAL.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>

#include "persistence/store.h"

namespace {

using namespace brethren::persistence;

class TempStore {
 public:
  explicit TempStore(bool full) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "brethren-bench-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    store_ = Store::open(dir_ + "/bench.db", StoreOptions{full});
    RoomRecord room;
    room.code = "BENCH0001";
    room.game_id = "letter-of-marque";
    room.seat_count = 4;
    room.host_token_hash = "h";
    room.status = RoomStatus::kPlaying;
    store_->insert_room(std::move(room), nullptr);
    MatchRecord match;
    match.id = store_->next_match_id();
    match.room_code = "BENCH0001";
    match.game_id = "letter-of-marque";
    match.seed = 1;
    match.seat_count = 4;
    match.status = MatchStatus::kLive;
    store_->commit_unit(Store::Unit().insert_match(std::move(match)), nullptr);
    store_->flush();
  }
  ~TempStore() {
    store_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  Store& store() { return *store_; }

 private:
  std::string dir_;
  std::unique_ptr<Store> store_;
};

// A typical binary Letter of Marque action.
const std::string kAction = std::string("\x0a\x04\x12\x02\x08\x01", 6);

ActionRecord action_row(std::int64_t seq) {
  ActionRecord a;
  a.match_id = 1;
  a.seq = seq;
  a.action = kAction;
  return a;
}

void one_by_one(benchmark::State& st, bool full) {
  TempStore temp(full);
  std::int64_t seq = 0;
  for (auto _ : st) {
    temp.store().commit_unit(Store::Unit().append_action(action_row(++seq)), nullptr);
    temp.store().flush();
  }
  st.SetItemsProcessed(st.iterations());  // items/s = committed moves/s
}

void grouped(benchmark::State& st, bool full) {
  TempStore temp(full);
  const auto batch = static_cast<std::int64_t>(st.range(0));
  std::int64_t seq = 0;
  std::atomic<std::int64_t> failed{0};
  for (auto _ : st) {
    for (std::int64_t i = 0; i < batch; ++i) {
      temp.store().commit_unit(Store::Unit().append_action(action_row(++seq)), [&failed](bool ok, const std::string&) {
        if (!ok) ++failed;
      });
    }
    temp.store().flush();
  }
  if (failed) st.SkipWithError("a write failed");
  st.SetItemsProcessed(st.iterations() * batch);
}

BENCHMARK_CAPTURE(one_by_one, sync_full, true)->UseRealTime();
BENCHMARK_CAPTURE(one_by_one, sync_normal, false)->UseRealTime();
BENCHMARK_CAPTURE(grouped, sync_full, true)->Arg(250)->Arg(2500)->UseRealTime();
BENCHMARK_CAPTURE(grouped, sync_normal, false)->Arg(250)->Arg(2500)->UseRealTime();

}  // namespace
