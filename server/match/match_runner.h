// One match in play: its state and log, the queue of moves, the commit
// pipeline, the decision clock and the bots. The room (server/room/room.h) owns
// a runner while it has a match and keeps membership, seats, chat and the
// host's controls; the runner knows no socket, no strand and no database:
// it reaches them through three narrow interfaces (MatchStore, MatchClock,
// MatchObserver) so that tests/server/match_runner_test.cc drives it
// in-process with fakes.
//
// The pipeline's rules:
// - a move is acknowledged, and the observer told, only after its log row
//   is committed;
// - one commit is in flight at a time; later moves wait in order;
// - a failed commit rolls the move back (the state is rebuilt from the
//   committed log), the client gets INTERNAL, and after a back-off (100 ms,
//   doubling to 5 s) the clock is re-armed and the bots asked again, so no
//   seat the server plays stalls on a database that failed for a while.
//
// Bots: a seat the server plays has a quick bot, which decides from the
// seat's view at once (random, heuristic), or a bot that looks ahead
// (rules/core/bot.h, SearchBot), whose search runs elsewhere through
// MatchSearcher (the server's bot pool, server/match/bot_pool.h) on a clone of the
// state. Its result comes back as a move of the seat's bot and takes the
// queue and the commit pipeline like anybody's move. A result computed for
// an older state (any move since, or a rolled-back commit) is discarded and
// the bot asked again; a change that makes it stale cancels the search at
// once (so does stop(), a new bot for the seat, and the runner's end). When
// the search cannot start (the pool's queue is full) or finds nothing, the
// seat's quick bot decides.
//
// Every member function runs on the owner's executor (the room's strand);
// the interfaces' callbacks must come back there.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "brethren/v1/protocol.pb.h"
#include "persistence/records.h"
#include "rules/bots/random_bot.h"
#include "rules/core/bot.h"
#include "rules/core/game.h"
#include "server/match/client.h"
#include "server/base/metrics.h"

namespace brethren::server {

// What the runner needs from persistence: one move committed, all or nothing.
class MatchStore {
 public:
  using Done = std::function<void(bool ok, const std::string& error)>;
  virtual ~MatchStore() = default;
  // The move's log row; with `result`, the match's end too (the result and
  // the room's status "finished" in the same unit). `done` runs on the
  // runner's executor once committed (ok) or failed.
  virtual void commit_move(persistence::ActionRecord action, std::optional<persistence::ResultRecord> result,
                           Done done) = 0;
};

// A one-shot timer; starting it again replaces the pending wait.
class MatchTimer {
 public:
  virtual ~MatchTimer() = default;
  // `fire` runs on the runner's executor after `delay`, unless cancelled.
  virtual void start(std::chrono::milliseconds delay, std::function<void()> fire) = 0;
  virtual void cancel() = 0;
};

// Time: Unix milliseconds (deadlines are stored and outlive a restart), the
// steady clock (latencies, idleness) and timers. The runner reads time only
// here, so that tests set it.
class MatchClock {
 public:
  virtual ~MatchClock() = default;
  virtual std::int64_t now_unix_ms() const = 0;
  virtual std::chrono::steady_clock::time_point now_steady() const = 0;
  virtual std::unique_ptr<MatchTimer> make_timer() = 0;
};

// What the room hears from its match.
class MatchObserver {
 public:
  virtual ~MatchObserver() = default;
  // A move was committed: send the views. For a client's move, `mover` and
  // its acknowledgement `ack` (ActionAccepted), which leaves before the
  // mover's view and in the same write; for a move the server made, nullptr.
  virtual void match_advanced(std::shared_ptr<Client> mover, v1::ServerMessage ack) = 0;
  // The final move was committed (called once, after match_advanced).
  virtual void match_finished() = 0;
};

// Where bots that look ahead think: off the owner's executor.
class MatchSearcher {
 public:
  using Done = std::function<void(std::optional<rules::ActionId>)>;
  // A search under way; cancel() (or destroying it) stops it, and `done` is
  // then never called.
  class Search {
   public:
    virtual ~Search() = default;
    virtual void cancel() = 0;
  };
  virtual ~MatchSearcher() = default;
  // Runs `bot`'s search for `seat` on `state` elsewhere; `done` runs on the
  // runner's executor with its result. nullptr: the search cannot start
  // (the bot pool's queue is full) and the runner decides otherwise.
  virtual std::unique_ptr<Search> search(std::unique_ptr<rules::State> state, int seat,
                                         std::unique_ptr<rules::SearchBot> bot, Done done) = 0;
};

class MatchRunner {
 public:
  using SteadyClock = std::chrono::steady_clock;

  struct Context {
    const rules::Game& game;
    MatchStore& store;
    MatchClock& clock;
    MatchObserver& observer;
    Metrics& metrics;
    std::string room_code;                // for log lines and the result row
    std::int64_t turn_time_limit_ms = 0;  // 0: the game's own rule, if any
    std::uint64_t timeout_bot_seed = 1;   // the random bot that plays a seat out of time
    MatchSearcher* searcher = nullptr;    // nullptr: search bots' seats are played by their quick bot
  };

  // A seat the server plays.
  struct SeatBot {
    // Decides from the seat's view at once (random, heuristic). For a bot
    // that looks ahead, its stand-in when the search cannot run or finds
    // nothing.
    std::unique_ptr<rules::Bot> quick;
    // Set for a bot that looks ahead: a new SearchBot for each decision (its
    // search runs on another thread, with nothing shared).
    std::function<std::unique_ptr<rules::SearchBot>()> make_search;
  };

  // A started (or restored) match: `state` is `log` replayed on `match`'s setup.
  MatchRunner(Context context, persistence::MatchRecord match, std::unique_ptr<rules::State> state,
              std::vector<rules::LoggedAction> log);
  ~MatchRunner();
  MatchRunner(const MatchRunner&) = delete;
  MatchRunner& operator=(const MatchRunner&) = delete;

  // When a decision starting now in `state` must be made by (Unix ms), or 0:
  // the room's limit, else the game's own rule for that state.
  static std::int64_t decision_deadline(const rules::State& state, std::int64_t turn_time_limit_ms,
                                        std::int64_t now_unix_ms);

  // Starts the decision clock on `deadline_unix_ms` (0: no clock; one
  // already past runs out at once). Then wake_bots() sets the bots going.
  void start(std::int64_t deadline_unix_ms);
  // A client's move for `seat`; answered with ActionAccepted once committed,
  // or with an error.
  void submit(std::shared_ptr<Client> client, std::uint64_t request_id, int seat, v1::GameAction action,
              SteadyClock::time_point received);
  // The bot that plays `seat` from now on (nullptr: nobody, the seat's player
  // decides). Does not ask it yet: call wake_bots().
  void set_bot(int seat, SeatBot bot);
  void set_bot(int seat, std::unique_ptr<rules::Bot> bot) { set_bot(seat, SeatBot{std::move(bot), {}}); }
  bool has_bot(int seat) const;
  // Asks every acting seat a bot holds for its move (once per seat and
  // state): a quick bot's move is queued, a search started.
  void wake_bots();
  // Seats whose bot is thinking now (searches under way).
  int searches_under_way() const;

  // Expiry: hold() keeps queued moves waiting (release() goes on), stop()
  // ends the match's timers and drops what is queued, for good.
  void hold();
  void release();
  void stop();

  // Anything that will move the match on its own: a clock, a commit in
  // flight, a queued move, a bot thinking.
  bool busy() const;
  bool finished() const { return state_->is_terminal(); }
  const rules::State& state() const { return *state_; }
  const persistence::MatchRecord& match() const { return match_; }
  std::int64_t deadline_unix_ms() const { return deadline_unix_ms_; }
  SteadyClock::time_point last_move() const { return last_move_; }
  std::chrono::milliseconds retry_backoff() const { return retry_backoff_; }

  static constexpr std::chrono::milliseconds kFirstRetry{100};
  static constexpr std::chrono::milliseconds kLongestRetry{5000};

 private:
  // A decision a search bot is asked to make: the state it was asked on
  // and, for a simultaneous decision (several seats choosing at once, e.g.
  // a secret vote), the seat's choices then. Another seat's choice does not
  // inform a simultaneous one, so its result stands while the seat still
  // has the same choices; any other change of state asks again.
  struct Decision {
    std::uint64_t epoch = 0;
    bool simultaneous = false;
    std::vector<rules::ActionId> choices;  // only when simultaneous
  };
  Decision decision_for(int seat) const;
  bool still_open(int seat, const Decision& decision) const;

  struct PendingMove {
    std::shared_ptr<Client> client;  // nullptr for a move the server makes
    std::uint64_t request_id = 0;
    int seat = 0;
    v1::GameAction action;
    SteadyClock::time_point received;
    // Who decides: the client (action set), or the server for the seat when
    // its clock ran out or when a bot holds it (action chosen when applied).
    enum class Source { kClient, kClock, kBot } source = Source::kClient;
    // A search bot's result (kBot), valid for the decision it was thought
    // out for (see still_open); unset: the seat's quick bot decides.
    std::optional<rules::ActionId> searched;
    Decision searched_for;
  };
  // A search bot thinking for a seat.
  struct Thinking {
    std::unique_ptr<MatchSearcher::Search> search;
    std::uint64_t id = 0;
    Decision decision;  // the one it thinks about
  };

  void process_next_move();
  // The server's decision for a clock or bot move, on the state as it is
  // now; false when there is nothing to decide any more.
  bool decide(PendingMove& move);
  void on_move_committed(PendingMove move, std::uint64_t version, bool ok, const std::string& error);
  // Asks the seat's bot: starts its search, else queues its quick move.
  void ask_bot(int seat);
  // Queues the bot's move for `seat`: the quick bot decides when it is
  // applied, unless `searched` holds a search's choice for state `epoch`.
  void queue_bot_move(int seat, std::optional<rules::ActionId> searched, Decision decision);
  void on_search_done(int seat, std::uint64_t id, std::optional<rules::ActionId> result);
  void cancel_search(int seat);
  void cancel_searches();
  void arm_clock(std::int64_t deadline_unix_ms);
  void on_clock(std::uint64_t armed_version);
  std::optional<v1::GameAction> timeout_move(int seat);
  void retry_after_failed_commit();
  void on_retry_due();
  void reply_error(const PendingMove& move, v1::ErrorCode code, std::string text);
  // `fn` guarded so that it does nothing once the runner is gone (a late
  // timer or commit callback after a rematch replaced it).
  std::function<void()> guarded(std::function<void()> fn);

  Context context_;
  persistence::MatchRecord match_;
  std::unique_ptr<rules::State> state_;
  std::vector<rules::LoggedAction> log_;

  std::deque<PendingMove> moves_;
  bool move_in_flight_ = false;
  bool held_ = false;
  bool stopped_ = false;
  bool finish_reported_ = false;
  std::int64_t next_deadline_ms_ = 0;  // of the move being committed
  std::int64_t deadline_unix_ms_ = 0;  // of the pending decision; 0: no clock
  SteadyClock::time_point last_move_;

  std::unique_ptr<MatchTimer> clock_timer_;
  std::unique_ptr<MatchTimer> retry_timer_;
  std::chrono::milliseconds retry_backoff_{0};  // 0: the last commit succeeded

  rules::RandomBot timeout_bot_;
  std::vector<SeatBot> bots_;  // per seat; empty for people
  std::vector<bool> bot_queued_;
  std::vector<std::optional<Thinking>> thinking_;  // per seat
  std::uint64_t next_search_id_ = 1;
  // Changes with every change of state_ (a move applied, a commit rolled
  // back): unlike the version, never the same number for two states.
  std::uint64_t epoch_ = 0;

  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace brethren::server
