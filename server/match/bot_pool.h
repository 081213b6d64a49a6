// The bot worker pool: where the bots that look ahead (rules/core/bot.h,
// SearchBot) think, never on the network threads nor on a room's strand.
//
// - `threads` worker threads; at most `max_searches` searches run at once
//   (min(threads, max_searches)); the others wait in a FIFO queue of at most
//   `max_queued` searches. When the queue is full, submit() refuses the
//   search (nullptr) and the caller decides without one: the match runner
//   lets the seat's quick bot (the game's heuristic) play that move at once,
//   so a full pool makes bots weaker for a while, never slower.
// - The threads run at a lower priority than the network threads (nice +10
//   above the process by default; +19 also puts them in Linux's idle
//   class): searches take the cores people's moves leave.
// - A search runs until the bot returns, which it does by its own budget
//   (SearchBot::time_budget) or when its stop token is requested: by the
//   pool at budget x time_scale (the pool's own deadline, so that a bot
//   overrunning its budget is stopped too), by cancel(), or by stop().
// - A job holds everything it reads: a clone of the state, the seat and its
//   own bot; nothing of the room. Its `done` runs on the worker thread with
//   the result, and never after cancel() has returned: the caller posts it
//   to where it belongs (the room's strand).
// - A result found before the deadline is held until the deadline, and the
//   search keeps its running slot until then. A search may end early
//   (IsmctsConfig::stop_when_settled, or one legal action), and how early
//   depends on what its seat holds: delivered at once, its timing would
//   tell the players something of the bot's hidden cards. So every search
//   takes its budget x time_scale as seen from outside, and the queue
//   moves as if each had: no one's moves, nor their order, are sooner for
//   another bot's cards. The thread sleeps meanwhile: an early end saves
//   the CPU for people's moves and the rest of the machine, not for more
//   bot moves. (Only a bot overrunning its deadline is late, by its
//   overrun, which depends on the load, not on the cards.)
// - stop() (server shutdown) drops the queued searches, requests every
//   running one to stop and joins the threads: it waits for the bots to
//   notice their stop token (they check it between iterations), not for
//   their budgets. Held results are dropped too.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

#include "rules/core/bot.h"
#include "rules/core/state.h"
#include "server/base/metrics.h"

namespace brethren::server {

struct BotPoolOptions {
  int threads = 1;                // worker threads (>= 1)
  int max_searches = 1;           // searches running at once (>= 1; at most `threads` can)
  std::size_t max_queued = 1024;  // searches waiting for a thread; beyond, submit() refuses
  // Tests and benchmarks: a search's deadline is its bot's budget times
  // this (<= 1: shortens it; the bot's own deadline still holds above 1).
  double time_scale = 1.0;
  // The threads' nice value above the process's own (Linux: per thread),
  // so that people's moves get the cores first while bots think; 19 also
  // puts them in the idle scheduling class.
  int nice = 10;
  // Holds a result found before the deadline until the deadline (see
  // above). The server always does; only the tests of the queue's own
  // mechanics turn it off, to run without waiting for budgets.
  bool hold_early_results = true;
};

class BotPool {
 public:
  using Done = std::function<void(std::optional<rules::ActionId>)>;

  // One submitted search.
  class Job {
   public:
    // Stops the search (queued: it never runs; running: its stop token is
    // requested and it returns promptly). After cancel() returns, `done` is
    // never called. Idempotent; any thread.
    void cancel();

   private:
    friend class BotPool;
    std::unique_ptr<rules::State> state;
    rules::Seat seat = 0;
    std::unique_ptr<rules::SearchBot> bot;
    std::stop_source stop;
    std::chrono::steady_clock::time_point submitted;
    std::chrono::steady_clock::time_point deadline;  // once running
    bool timed_out = false;                          // the pool requested its stop at the deadline
    // Found before the deadline: the result waits for it (guarded by the
    // pool's mutex).
    bool held = false;
    std::optional<rules::ActionId> result;
    std::mutex mutex;  // guards cancelled and done
    bool cancelled = false;
    Done done;
  };

  BotPool(BotPoolOptions options, Metrics& metrics);
  ~BotPool();  // stop()
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  // Queues `bot`'s search for `seat` in `state` (the pool's own copy).
  // nullptr when the queue is full or the pool has stopped: decide otherwise.
  std::shared_ptr<Job> submit(std::unique_ptr<rules::State> state, rules::Seat seat,
                              std::unique_ptr<rules::SearchBot> bot, Done done);
  // Shutdown: drops the queue, stops the running searches, joins the threads.
  // Idempotent.
  void stop();

  // The deadline the pool keeps for a bot with this budget.
  std::chrono::milliseconds deadline_for(std::chrono::milliseconds budget) const;
  const BotPoolOptions& options() const { return options_; }
  std::size_t running() const;
  std::size_t queued() const;

 private:
  void work();
  void keep_time();
  // The bot's choice (empty if it failed); its state and bot are freed.
  std::optional<rules::ActionId> run(const std::shared_ptr<Job>& job);
  // Calls `done` unless the job was cancelled; at most once.
  void deliver(const std::shared_ptr<Job>& job, std::optional<rules::ActionId> result);

  const BotPoolOptions options_;
  Metrics& metrics_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable deadlines_changed_;
  std::deque<std::shared_ptr<Job>> queue_;
  bool stopping_ = false;
  // The running searches and the held results (at most `max_searches`):
  // the time keeper requests the searches' stop and delivers the held
  // results at their deadlines, stop() cancels them.
  std::vector<std::shared_ptr<Job>> running_jobs_;
  std::vector<std::thread> workers_;
  std::thread time_keeper_;
};

}  // namespace brethren::server
