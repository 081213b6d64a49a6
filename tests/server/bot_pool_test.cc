// The bot worker pool (server/match/bot_pool.h) in-process, with a fake search bot
// that thinks until the test lets it go or its stop token is requested:
// the bound on running searches, the FIFO queue and its limit, cancellation
// (queued and running), the pool's own deadline, and a shutdown that does
// not wait for the searches' budgets, and the hold of a result found early
// until its deadline (so that a bot's think time tells nothing of its
// cards). Every wait is for an event (a condition variable), with a
// generous limit only against a hang; times are only checked as lower
// bounds, which a loaded machine cannot break.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "rules/registry/all_games.h"
#include "server/match/bot_pool.h"

using namespace brethren;
using namespace std::chrono_literals;
using server::BotPool;
using server::BotPoolOptions;

namespace {

constexpr auto kHang = 30s;  // only against a hang: every wait ends on its event

// What the fake bots do, seen by the test.
struct Board {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<int> started;                                          // bot ids, in the order they began thinking
  std::set<int> released;                                            // bots the test lets return
  std::vector<int> stopped;                                          // bots that returned on their stop token
  std::vector<std::pair<int, std::optional<rules::ActionId>>> done;  // results delivered
  std::vector<int> returned;                                         // bots whose choose() returned
  std::map<int, std::chrono::steady_clock::time_point> started_at, done_at;

  template <class Pred>
  bool wait(Pred pred) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kHang, pred);
  }
  void release(int id) {
    std::lock_guard lock(mutex);
    released.insert(id);
    changed.notify_all();
  }
  std::size_t started_count() {
    std::lock_guard lock(mutex);
    return started.size();
  }
};

class FakeSearch final : public rules::SearchBot {
 public:
  FakeSearch(Board& board, int id, std::chrono::milliseconds budget = 10s) : board_(board), id_(id), budget_(budget) {}
  std::optional<rules::ActionId> choose(const rules::State&, rules::Seat, std::stop_token stop) override {
    // Wakes on a release or on the stop token (set up before the lock: it
    // runs at once when the stop was requested already).
    std::stop_callback on_stop(stop, [this] {
      std::lock_guard inner(board_.mutex);
      board_.changed.notify_all();
    });
    std::unique_lock lock(board_.mutex);
    board_.started.push_back(id_);
    board_.started_at[id_] = std::chrono::steady_clock::now();
    board_.changed.notify_all();
    board_.changed.wait(lock, [&] { return stop.stop_requested() || board_.released.count(id_) > 0; });
    if (board_.released.count(id_) == 0) board_.stopped.push_back(id_);
    board_.returned.push_back(id_);
    board_.changed.notify_all();
    return static_cast<rules::ActionId>(100 + id_);
  }
  std::chrono::milliseconds time_budget() const override { return budget_; }

 private:
  Board& board_;
  int id_;
  std::chrono::milliseconds budget_;
};

std::unique_ptr<rules::State> some_state() {
  static const rules::GameRegistry games = rules::make_all_games_registry();
  auto state = games.find("letter-of-marque")->new_match(rules::MatchSetup{{}, 3, 1});
  REQUIRE(state);
  return std::move(state).value();
}

std::shared_ptr<BotPool::Job> submit(BotPool& pool, Board& board, int id, std::chrono::milliseconds budget = 10s) {
  return pool.submit(some_state(), 0, std::make_unique<FakeSearch>(board, id, budget),
                     [&board, id](std::optional<rules::ActionId> result) {
                       std::lock_guard lock(board.mutex);
                       board.done.emplace_back(id, result);
                       board.done_at[id] = std::chrono::steady_clock::now();
                       board.changed.notify_all();
                     });
}

// The queue's mechanics, without waiting for budgets (hold_early_results off).
BotPoolOptions mechanics(int threads, int max_searches, std::size_t max_queued) {
  BotPoolOptions options{threads, max_searches, max_queued, 1.0};
  options.hold_early_results = false;
  return options;
}

}  // namespace

TEST_CASE("BotPool: at most max_searches run at once, the others wait in order and all finish") {
  server::Metrics metrics;
  Board board;
  // Three threads but two searches at once: the bound is the searches'.
  BotPool pool(mechanics(3, 2, 16), metrics);
  for (int id = 1; id <= 5; ++id) REQUIRE(submit(pool, board, id));
  REQUIRE(board.wait([&] { return board.started.size() == 2; }));
  CHECK(pool.running() == 2);
  CHECK(pool.queued() == 3);
  CHECK(metrics.bot_searches_running == 2);
  CHECK(metrics.bot_searches_queued == 3);
  {
    std::lock_guard lock(board.mutex);
    CHECK(std::set<int>(board.started.begin(), board.started.end()) == std::set<int>{1, 2});
  }
  // Each release frees one slot: the next in line starts, never a third at once.
  for (int id = 1; id <= 5; ++id) {
    board.release(id);
    REQUIRE(board.wait([&] { return board.done.size() == static_cast<std::size_t>(id); }));
    // One slot came free: the head of the queue (and nothing else) starts.
    REQUIRE(board.wait([&] { return board.started.size() == std::min<std::size_t>(id + 2, 5); }));
    CHECK(pool.running() <= 2);
  }
  // The threads' bookkeeping after the last result: done once they are joined.
  pool.stop();
  std::lock_guard lock(board.mutex);
  // 1 and 2 started together (either first); the waiting ones in their order.
  REQUIRE(board.started.size() == 5);
  CHECK(std::set<int>(board.started.begin(), board.started.begin() + 2) == std::set<int>{1, 2});
  CHECK(std::vector<int>(board.started.begin() + 2, board.started.end()) == std::vector<int>{3, 4, 5});
  for (const auto& [id, result] : board.done) CHECK(result == static_cast<rules::ActionId>(100 + id));
  CHECK(board.stopped.empty());
  CHECK(metrics.bot_searches == 5);
  CHECK(metrics.bot_searches_running == 0);
  CHECK(metrics.bot_searches_queued == 0);
}

TEST_CASE("BotPool: a full queue refuses a search, and takes one again once there is room") {
  server::Metrics metrics;
  Board board;
  BotPool pool(mechanics(1, 1, 1), metrics);
  REQUIRE(submit(pool, board, 1));
  REQUIRE(board.wait([&] { return board.started.size() == 1; }));
  REQUIRE(submit(pool, board, 2));      // waits
  CHECK_FALSE(submit(pool, board, 3));  // no room: the caller decides otherwise
  CHECK(metrics.bot_searches_refused == 1);
  board.release(1);
  REQUIRE(board.wait([&] { return board.started.size() == 2; }));
  REQUIRE(submit(pool, board, 4));
  board.release(2);
  board.release(4);
  REQUIRE(board.wait([&] { return board.done.size() == 3; }));
}

TEST_CASE("BotPool: a cancelled search never delivers, and a running one stops at once") {
  server::Metrics metrics;
  Board board;
  BotPool pool(mechanics(1, 1, 8), metrics);
  auto running = submit(pool, board, 1);
  REQUIRE(board.wait([&] { return board.started.size() == 1; }));
  auto queued = submit(pool, board, 2);
  auto after = submit(pool, board, 3);
  queued->cancel();
  running->cancel();  // its bot sees the stop token, returns, and its result is dropped
  REQUIRE(board.wait([&] { return board.started.size() == 2; }));
  {
    std::lock_guard lock(board.mutex);
    CHECK(board.stopped == std::vector<int>{1});
    CHECK(board.started == std::vector<int>{1, 3});  // 2 never ran
  }
  board.release(3);
  REQUIRE(board.wait([&] { return board.done.size() == 1; }));
  std::lock_guard lock(board.mutex);
  CHECK(board.done.front().first == 3);
  CHECK(metrics.bot_searches_cancelled == 1);
}

TEST_CASE("BotPool: the pool stops a search at its budget times the time scale") {
  server::Metrics metrics;
  Board board;
  // A 10 s budget at 0.001: stopped after 10 ms by the pool, not by the bot.
  BotPool pool(BotPoolOptions{1, 1, 8, 0.001}, metrics);
  CHECK(pool.deadline_for(10s) == 10ms);
  REQUIRE(submit(pool, board, 1, 10s));
  REQUIRE(board.wait([&] { return board.done.size() == 1; }));
  std::lock_guard lock(board.mutex);
  CHECK(board.stopped == std::vector<int>{1});
  CHECK(board.done.front().second == static_cast<rules::ActionId>(101));  // the best so far is played
}

TEST_CASE("BotPool: stop() ends running searches at once, drops the queue and refuses more") {
  server::Metrics metrics;
  Board board;
  BotPool pool(BotPoolOptions{2, 2, 8, 1.0}, metrics);
  for (int id = 1; id <= 4; ++id) REQUIRE(submit(pool, board, id, 3600s));
  REQUIRE(board.wait([&] { return board.started.size() == 2; }));
  const auto before = std::chrono::steady_clock::now();
  pool.stop();  // returns once both threads are joined
  const auto took = std::chrono::steady_clock::now() - before;
  // An hour's budget: only the stop token can have ended them.
  CHECK(took < kHang);
  std::lock_guard lock(board.mutex);
  CHECK(board.stopped.size() == 2);
  CHECK(board.started.size() == 2);  // the queued two never ran
  CHECK(board.done.empty());         // nothing is played after the stop
  CHECK(pool.queued() == 0);
  CHECK(metrics.bot_searches_queued == 0);
  CHECK(metrics.bot_searches_running == 0);
  CHECK_FALSE(pool.submit(some_state(), 0, std::make_unique<FakeSearch>(board, 9), [](auto) {}));
}

TEST_CASE("BotPool: a result found before the deadline is delivered at the deadline, and keeps its slot until then") {
  server::Metrics metrics;
  Board board;
  BotPool pool(BotPoolOptions{1, 1, 8, 1.0}, metrics);  // the server's setting: results held
  constexpr auto kBudget = 400ms;
  // Both bots know their move at once, as a settled search or a single
  // legal action does.
  board.release(1);
  board.release(2);
  // The pool sets a search's deadline as it hands it to a worker, a moment
  // before the fake notes its start (longer on a loaded machine), so the
  // bounds count from before the submissions, which precede both.
  const auto submitted = std::chrono::steady_clock::now();
  REQUIRE(submit(pool, board, 1, kBudget));
  REQUIRE(submit(pool, board, 2, kBudget));
  REQUIRE(board.wait([&] { return board.done.size() == 2; }));
  std::lock_guard lock(board.mutex);
  CHECK(board.stopped.empty());  // they returned by themselves, early
  CHECK(board.done == decltype(board.done){{1, 101}, {2, 102}});
  // Seen from outside, each took its whole budget: the first is delivered
  // no sooner than its deadline, and the second began only then (the held
  // result kept the one running slot), so it is delivered a budget later.
  CHECK(board.done_at[1] - submitted >= kBudget);
  CHECK(board.started_at[2] - submitted >= kBudget);
  CHECK(board.done_at[2] - submitted >= 2 * kBudget);
  CHECK(metrics.bot_searches == 2);
}

TEST_CASE("BotPool: a held result is dropped by cancel() and by stop(), which does not wait for its deadline") {
  server::Metrics metrics;
  Board board;
  BotPool pool(BotPoolOptions{2, 2, 8, 1.0}, metrics);
  board.release(1);
  board.release(2);
  auto cancelled = submit(pool, board, 1, 3600s);
  REQUIRE(cancelled);
  REQUIRE(submit(pool, board, 2, 3600s));
  // Both have returned and wait for an hour's deadline.
  REQUIRE(board.wait([&] { return board.returned.size() == 2; }));
  CHECK(pool.running() == 2);
  cancelled->cancel();
  const auto before = std::chrono::steady_clock::now();
  pool.stop();
  CHECK(std::chrono::steady_clock::now() - before < kHang);
  std::lock_guard lock(board.mutex);
  CHECK(board.done.empty());  // neither was played: one cancelled, one held at the stop
  CHECK(pool.running() == 0);
  CHECK(metrics.bot_searches_running == 0);
  CHECK(metrics.bot_searches_cancelled == 2);
}
