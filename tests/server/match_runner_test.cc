// MatchRunner in-process (server/match/match_runner.h): the move pipeline's rules
// without sockets, threads or sleeps. A fake store completes (or fails)
// commits when the test says, a manual clock fires timers when the test
// moves time, fake clients and a fake observer record what they are told.
// The match is a Letter of Marque match for three seats (it opens with every
// seat choosing a ship at once: LOM-5); its moves come from the random bot
// deciding on a seat's view, as any client could.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <map>

#include "rules/bots/random_bot.h"
#include "rules/registry/all_games.h"
#include "server/match/match_runner.h"

using namespace brethren;
using server::MatchRunner;

namespace {

constexpr int kSeats = 3;
constexpr std::uint64_t kSeed = 42;

struct PendingCommit {
  persistence::ActionRecord action;
  std::optional<persistence::ResultRecord> result;
  server::MatchStore::Done done;
};

class FakeStore final : public server::MatchStore {
 public:
  void commit_move(persistence::ActionRecord action, std::optional<persistence::ResultRecord> result,
                   Done done) override {
    pending.push_back({std::move(action), std::move(result), std::move(done)});
  }
  // Completes the oldest commit: committed (ok) or failed.
  PendingCommit complete(bool ok) {
    REQUIRE_FALSE(pending.empty());
    PendingCommit commit = std::move(pending.front());
    pending.pop_front();
    if (ok) committed.push_back(commit.action);
    commit.done(ok, ok ? "" : "disk on fire (fake)");
    return commit;
  }
  std::deque<PendingCommit> pending;
  std::vector<persistence::ActionRecord> committed;
};

class ManualClock final : public server::MatchClock {
  struct Entry {
    std::int64_t due = 0;
    std::function<void()> fire;
    bool armed = false;
  };

  class Timer final : public server::MatchTimer {
   public:
    Timer(ManualClock& clock, std::shared_ptr<Entry> entry) : clock_(clock), entry_(std::move(entry)) {}
    ~Timer() override { entry_->armed = false; }
    void start(std::chrono::milliseconds delay, std::function<void()> fire) override {
      entry_->due = clock_.now_ + delay.count();
      entry_->fire = std::move(fire);
      entry_->armed = true;
    }
    void cancel() override { entry_->armed = false; }

   private:
    ManualClock& clock_;
    std::shared_ptr<Entry> entry_;
  };

 public:
  std::int64_t now_unix_ms() const override { return now_; }
  std::chrono::steady_clock::time_point now_steady() const override {
    return std::chrono::steady_clock::time_point(std::chrono::milliseconds(now_));
  }
  std::unique_ptr<server::MatchTimer> make_timer() override {
    auto entry = std::make_shared<Entry>();
    entries_.push_back(entry);
    return std::make_unique<Timer>(*this, entry);
  }
  // Moves time on by `ms`, firing every timer that falls due on the way (in
  // order of their due times, timers started meanwhile included).
  void advance(std::int64_t ms) {
    const std::int64_t until = now_ + ms;
    for (;;) {
      std::shared_ptr<Entry> next;
      for (auto& weak : entries_) {
        auto entry = weak.lock();
        if (entry && entry->armed && entry->due <= until && (!next || entry->due < next->due)) next = entry;
      }
      if (!next) break;
      now_ = std::max(now_, next->due);
      next->armed = false;
      auto fire = next->fire;
      fire();
    }
    now_ = until;
  }
  int armed_timers() const {
    int n = 0;
    for (auto& weak : entries_) {
      auto entry = weak.lock();
      n += entry && entry->armed ? 1 : 0;
    }
    return n;
  }

 private:
  std::int64_t now_ = 1'700'000'000'000;
  std::vector<std::weak_ptr<Entry>> entries_;
};

class FakeClient final : public server::Client {
 public:
  explicit FakeClient(std::uint64_t id) : id_(id) {}
  std::uint64_t client_id() const override { return id_; }
  void deliver(v1::ServerMessage message) override { received.push_back(std::move(message)); }
  void deliver_all(std::vector<v1::ServerMessage> messages) override {
    for (auto& message : messages) received.push_back(std::move(message));
  }
  void close(std::uint16_t, std::string) override {}
  void joined_room(const std::string&) override {}
  void left_room(const std::string&) override {}
  std::vector<v1::ServerMessage> received;

 private:
  std::uint64_t id_;
};

class FakeObserver final : public server::MatchObserver {
 public:
  // As the room does: the acknowledgement goes to the mover with its view.
  void match_advanced(std::shared_ptr<server::Client> mover, v1::ServerMessage ack) override {
    ++advanced;
    if (mover) mover->deliver(std::move(ack));
  }
  void match_finished() override {
    ++finished;
    advanced_before_finish = advanced;
  }
  int advanced = 0;
  int finished = 0;
  int advanced_before_finish = 0;
};

// Searches the test completes by hand: what the runner asked, and whether
// it took the search back.
class FakeSearcher final : public server::MatchSearcher {
 public:
  struct Request {
    std::unique_ptr<rules::State> state;
    int seat = 0;
    Done done;
    bool cancelled = false;
  };
  class Handle final : public Search {
   public:
    explicit Handle(std::shared_ptr<Request> request) : request_(std::move(request)) {}
    ~Handle() override { cancel(); }
    void cancel() override { request_->cancelled = true; }

   private:
    std::shared_ptr<Request> request_;
  };

  std::unique_ptr<Search> search(std::unique_ptr<rules::State> state, int seat, std::unique_ptr<rules::SearchBot>,
                                 Done done) override {
    if (full) return nullptr;
    auto request = std::make_shared<Request>(Request{std::move(state), seat, std::move(done)});
    requests.push_back(request);
    return std::make_unique<Handle>(request);
  }
  // The searches still wanted, oldest first.
  std::vector<std::shared_ptr<Request>> live() const {
    std::vector<std::shared_ptr<Request>> out;
    for (const auto& r : requests) {
      if (!r->cancelled) out.push_back(r);
    }
    return out;
  }
  std::shared_ptr<Request> live_for(int seat) const {
    for (const auto& r : live()) {
      if (r->seat == seat) return r;
    }
    return nullptr;
  }
  // Answers a search with the first legal action of its seat on its own state.
  static void answer(Request& request) {
    REQUIRE_FALSE(request.cancelled);
    auto legal = request.state->legal_actions(request.seat);
    REQUIRE_FALSE(legal.empty());
    request.done(legal.front());
  }

  std::vector<std::shared_ptr<Request>> requests;
  bool full = false;  // the pool's queue is full
};

// A search bot is never run here (the fake searcher answers for it).
class UnusedSearchBot final : public rules::SearchBot {
 public:
  std::optional<rules::ActionId> choose(const rules::State&, rules::Seat, std::stop_token) override {
    FAIL("the fake searcher does not run bots");
    return std::nullopt;
  }
  std::chrono::milliseconds time_budget() const override { return std::chrono::milliseconds(1); }
};

const rules::Game& letter_of_marque() {
  static const rules::GameRegistry games = rules::make_all_games_registry();
  const rules::Game* game = games.find("letter-of-marque");
  REQUIRE(game != nullptr);
  return *game;
}

// A runner on a fresh match, with everything it talks to.
struct Fixture {
  explicit Fixture(std::int64_t turn_time_limit_ms = 0) {
    const rules::Game& game = letter_of_marque();
    persistence::MatchRecord match;
    match.id = 7;
    match.room_code = "ABCDEF";
    match.game_id = "letter-of-marque";
    match.seed = kSeed;
    match.seat_count = kSeats;
    auto state = game.new_match(rules::MatchSetup{{}, kSeats, kSeed});
    REQUIRE(state);
    runner = std::make_unique<MatchRunner>(
        MatchRunner::Context{game, store, clock, observer, metrics, "ABCDEF", turn_time_limit_ms, 1, &searcher},
        std::move(match), std::move(state).value(), std::vector<rules::LoggedAction>{});
  }

  // A legal move for the first acting seat, as a client would send it.
  std::pair<int, v1::GameAction> legal_move() {
    const int seat = runner->state().acting_seats().front();
    auto action = chooser.choose(runner->state().view(rules::Viewer::player(seat)));
    REQUIRE(action);
    return {seat, *action};
  }
  // A seat that may not act now.
  int idle_seat() const {
    for (int seat = 0; seat < kSeats; ++seat) {
      if (!runner->state().is_acting(seat)) return seat;
    }
    FAIL("every seat acts");
    return -1;
  }

  // A search bot for `seat`, with a random bot as its quick stand-in.
  void set_search_bot(int seat) {
    runner->set_bot(seat, MatchRunner::SeatBot{std::make_unique<rules::RandomBot>(seat + 50),
                                               [] { return std::make_unique<UnusedSearchBot>(); }});
  }

  FakeSearcher searcher;
  FakeStore store;
  ManualClock clock;
  FakeObserver observer;
  server::Metrics metrics;
  rules::RandomBot chooser{99};
  std::unique_ptr<MatchRunner> runner;
};

const v1::ServerMessage& only_message(const FakeClient& client) {
  REQUIRE(client.received.size() == 1);
  return client.received.front();
}

}  // namespace

TEST_CASE("MatchRunner: a move is acknowledged and broadcast only after its commit") {
  Fixture f;
  auto client = std::make_shared<FakeClient>(1);
  const auto [seat, action] = f.legal_move();
  f.runner->submit(client, 11, seat, action, std::chrono::steady_clock::now());

  REQUIRE(f.store.pending.size() == 1);
  CHECK(f.store.pending.front().action.seat == seat);
  CHECK(f.store.pending.front().action.seq == 1);
  CHECK(f.store.pending.front().action.match_id == 7);
  CHECK(client->received.empty());
  CHECK(f.observer.advanced == 0);
  CHECK(f.metrics.moves_accepted == 0);

  f.store.complete(true);
  const auto& ack = only_message(*client);
  REQUIRE(ack.has_action_accepted());
  CHECK(ack.request_id() == 11);
  CHECK(ack.action_accepted().version() == f.runner->state().version());
  CHECK(f.observer.advanced == 1);
  CHECK(f.metrics.moves_accepted == 1);
}

TEST_CASE("MatchRunner: a refused move is answered with its error and never committed") {
  Fixture f;
  auto client = std::make_shared<FakeClient>(1);
  const auto [acting, action] = f.legal_move();
  f.runner->submit(client, 11, acting, action, std::chrono::steady_clock::now());
  f.store.complete(true);
  client->received.clear();
  // The seat has chosen; the same move again is not its turn.
  const std::string before = f.runner->state().serialize();
  const int seat = f.idle_seat();
  f.runner->submit(client, 12, seat, action, std::chrono::steady_clock::now());

  CHECK(f.store.pending.empty());
  const auto& reply = only_message(*client);
  REQUIRE(reply.has_error());
  CHECK(reply.request_id() == 12);
  CHECK(reply.error().code() == v1::NOT_YOUR_TURN);
  CHECK(f.runner->state().serialize() == before);
  CHECK(f.metrics.moves_rejected == 1);
}

TEST_CASE("MatchRunner: a failed commit rolls the move back and the client gets INTERNAL") {
  Fixture f;
  auto client = std::make_shared<FakeClient>(1);
  const std::string before = f.runner->state().serialize();
  const std::uint64_t version_before = f.runner->state().version();
  const auto [seat, action] = f.legal_move();
  f.runner->submit(client, 13, seat, action, std::chrono::steady_clock::now());
  REQUIRE(f.runner->state().version() > version_before);  // applied while in flight

  f.store.complete(false);
  const auto& reply = only_message(*client);
  REQUIRE(reply.has_error());
  CHECK(reply.request_id() == 13);
  CHECK(reply.error().code() == v1::INTERNAL);
  CHECK(f.runner->state().version() == version_before);
  CHECK(f.runner->state().serialize() == before);
  CHECK(f.observer.advanced == 0);
  CHECK(f.runner->retry_backoff() == MatchRunner::kFirstRetry);

  SECTION("the same move is played once the store works again, as the log's first row") {
    client->received.clear();
    f.runner->submit(client, 14, seat, action, std::chrono::steady_clock::now());
    REQUIRE(f.store.pending.size() == 1);
    CHECK(f.store.pending.front().action.seq == 1);
    f.store.complete(true);
    CHECK(only_message(*client).has_action_accepted());
    CHECK(f.runner->retry_backoff().count() == 0);
  }
}

TEST_CASE("MatchRunner: one commit is in flight at a time and later moves wait in order") {
  Fixture f;
  auto first_client = std::make_shared<FakeClient>(1);
  auto second_client = std::make_shared<FakeClient>(2);
  const auto [first_seat, first_action] = f.legal_move();
  // The second move is chosen on a copy of the match after the first one.
  auto after_first = rules::replay(letter_of_marque(), rules::MatchSetup{{}, kSeats, kSeed},
                                   std::vector<rules::LoggedAction>{{first_seat, first_action}});
  REQUIRE(after_first);
  const int second_seat = (*after_first)->acting_seats().front();
  auto second_action = f.chooser.choose((*after_first)->view(rules::Viewer::player(second_seat)));
  REQUIRE(second_action);

  f.runner->submit(first_client, 1, first_seat, first_action, std::chrono::steady_clock::now());
  const std::uint64_t version_in_flight = f.runner->state().version();
  f.runner->submit(second_client, 2, second_seat, *second_action, std::chrono::steady_clock::now());
  // The second waits: not applied, not committed, not answered.
  CHECK(f.store.pending.size() == 1);
  CHECK(f.runner->state().version() == version_in_flight);
  CHECK(second_client->received.empty());
  CHECK(f.runner->busy());

  f.store.complete(true);
  CHECK(only_message(*first_client).has_action_accepted());
  REQUIRE(f.store.pending.size() == 1);
  CHECK(f.store.pending.front().action.seq == 2);
  CHECK(f.store.pending.front().action.seat == second_seat);
  CHECK(second_client->received.empty());

  f.store.complete(true);
  CHECK(only_message(*second_client).has_action_accepted());
  CHECK(f.observer.advanced == 2);
}

TEST_CASE("MatchRunner: a bot whose move failed to commit is asked again after the back-off") {
  Fixture f;
  f.runner->set_bot(0, std::make_unique<rules::RandomBot>(1));  // the other seats are people
  f.runner->start(0);
  f.runner->wake_bots();
  REQUIRE(f.store.pending.size() == 1);

  f.store.complete(false);
  CHECK(f.store.pending.empty());
  CHECK(f.runner->retry_backoff() == MatchRunner::kFirstRetry);
  // Nothing until the back-off has passed; then the bot is asked again.
  f.clock.advance(MatchRunner::kFirstRetry.count() - 1);
  CHECK(f.store.pending.empty());
  f.clock.advance(1);
  REQUIRE(f.store.pending.size() == 1);

  // The back-off doubles while the store fails, and is forgotten on success.
  f.store.complete(false);
  CHECK(f.runner->retry_backoff() == 2 * MatchRunner::kFirstRetry);
  f.clock.advance(2 * MatchRunner::kFirstRetry.count());
  REQUIRE(f.store.pending.size() == 1);
  f.store.complete(true);
  CHECK(f.runner->retry_backoff().count() == 0);
  CHECK(f.observer.advanced == 1);
  CHECK(f.store.pending.empty());  // seat 0 has chosen its ship; the people choose theirs
}

TEST_CASE("MatchRunner: the back-off stops doubling at its longest") {
  Fixture f;
  f.runner->set_bot(0, std::make_unique<rules::RandomBot>(1));
  f.runner->wake_bots();
  std::chrono::milliseconds expected = MatchRunner::kFirstRetry;
  for (int failure = 0; failure < 10; ++failure) {
    REQUIRE(f.store.pending.size() == 1);
    f.store.complete(false);
    CHECK(f.runner->retry_backoff() == expected);
    f.clock.advance(expected.count());
    expected = std::min(expected * 2, MatchRunner::kLongestRetry);
  }
  CHECK(f.runner->retry_backoff() == MatchRunner::kLongestRetry);
}

TEST_CASE("MatchRunner: the clock plays for a seat out of time, and is re-armed after a failed commit") {
  constexpr std::int64_t kLimit = 30'000;
  Fixture f(kLimit);
  f.runner->start(f.clock.now_unix_ms() + kLimit);
  // Bots choose for seats 1 and 2, so that seat 0 alone has to decide.
  f.runner->set_bot(1, std::make_unique<rules::RandomBot>(2));
  f.runner->set_bot(2, std::make_unique<rules::RandomBot>(3));
  f.runner->wake_bots();
  f.store.complete(true);
  f.store.complete(true);
  REQUIRE(f.store.pending.empty());
  REQUIRE(f.runner->state().acting_seats() == std::vector<int>{0});
  f.runner->set_bot(1, nullptr);
  f.runner->set_bot(2, nullptr);
  const std::int64_t deadline = f.clock.now_unix_ms() + kLimit;
  CHECK(f.runner->deadline_unix_ms() == deadline);
  CHECK(f.runner->busy());

  f.clock.advance(kLimit - 1);
  CHECK(f.store.pending.empty());
  f.clock.advance(1);
  REQUIRE(f.store.pending.size() == 1);
  const int timed_out_seat = f.store.pending.front().action.seat;
  CHECK(timed_out_seat == 0);
  // The next decision's deadline is stored with the move.
  CHECK(f.store.pending.front().action.deadline_ms == f.clock.now_unix_ms() + kLimit);

  f.store.complete(false);
  CHECK(f.store.pending.empty());
  // After the back-off the clock is armed again on its (past) deadline and
  // runs out at once.
  f.clock.advance(MatchRunner::kFirstRetry.count());
  REQUIRE(f.store.pending.size() == 1);
  CHECK(f.store.pending.front().action.seat == timed_out_seat);
  f.store.complete(true);
  CHECK(f.observer.advanced == 3);
  CHECK(f.runner->deadline_unix_ms() == f.clock.now_unix_ms() + kLimit);
}

TEST_CASE("MatchRunner: a move in time restarts the clock") {
  constexpr std::int64_t kLimit = 10'000;
  Fixture f(kLimit);
  f.runner->start(f.clock.now_unix_ms() + kLimit);
  auto client = std::make_shared<FakeClient>(1);
  f.clock.advance(kLimit - 100);
  const auto [seat, action] = f.legal_move();
  f.runner->submit(client, 1, seat, action, std::chrono::steady_clock::now());
  f.store.complete(true);
  CHECK(f.runner->deadline_unix_ms() == f.clock.now_unix_ms() + kLimit);
  // The old deadline passes without a server move.
  f.clock.advance(200);
  CHECK(f.store.pending.empty());
  CHECK(f.clock.armed_timers() == 1);
}

TEST_CASE("MatchRunner: bots play a match to its end, its final move committed with the result") {
  Fixture f;
  for (int seat = 0; seat < kSeats; ++seat) f.runner->set_bot(seat, std::make_unique<rules::RandomBot>(seat + 1));
  f.runner->wake_bots();
  std::size_t commits = 0;
  std::optional<persistence::ResultRecord> result;
  while (!f.store.pending.empty()) {
    REQUIRE(f.store.pending.size() == 1);
    REQUIRE_FALSE(result);  // nothing after the final move
    result = f.store.complete(true).result;
    ++commits;
    REQUIRE(commits <= letter_of_marque().max_moves());
  }
  REQUIRE(result);
  CHECK(f.runner->finished());
  CHECK(result->match_id == 7);
  CHECK_FALSE(result->summary.empty());
  CHECK(f.observer.finished == 1);
  CHECK(f.observer.advanced_before_finish == static_cast<int>(commits));
  CHECK(f.store.committed.size() == commits);
  CHECK_FALSE(f.runner->busy());
  CHECK(f.clock.armed_timers() == 0);
}

TEST_CASE("MatchRunner: a failed final commit leaves the match unfinished until it is stored") {
  Fixture f;
  for (int seat = 0; seat < kSeats; ++seat) f.runner->set_bot(seat, std::make_unique<rules::RandomBot>(seat + 1));
  f.runner->wake_bots();
  // Commit every move up to the final one.
  while (!f.store.pending.empty() && !f.store.pending.front().result) f.store.complete(true);
  REQUIRE(f.store.pending.size() == 1);
  REQUIRE(f.runner->finished());  // applied, in flight

  f.store.complete(false);
  CHECK_FALSE(f.runner->finished());
  CHECK(f.observer.finished == 0);
  // The bots are asked again after the back-off (a bot may choose another
  // move this time, so the match may take a few more).
  f.clock.advance(MatchRunner::kFirstRetry.count());
  while (!f.store.pending.empty() && !f.store.pending.front().result) f.store.complete(true);
  REQUIRE(f.store.pending.size() == 1);
  CHECK(f.observer.finished == 0);
  f.store.complete(true);
  CHECK(f.runner->finished());
  CHECK(f.observer.finished == 1);
}

TEST_CASE("MatchRunner: hold keeps moves waiting, stop drops them with the clock") {
  constexpr std::int64_t kLimit = 5'000;
  Fixture f(kLimit);
  f.runner->start(f.clock.now_unix_ms() + kLimit);
  auto client = std::make_shared<FakeClient>(1);
  const auto [seat, action] = f.legal_move();

  f.runner->hold();
  f.runner->submit(client, 1, seat, action, std::chrono::steady_clock::now());
  CHECK(f.store.pending.empty());
  f.runner->release();
  REQUIRE(f.store.pending.size() == 1);
  f.store.complete(true);
  CHECK(only_message(*client).has_action_accepted());

  f.runner->hold();
  const auto [next_seat, next_action] = f.legal_move();
  f.runner->submit(client, 2, next_seat, next_action, std::chrono::steady_clock::now());
  f.runner->stop();
  CHECK_FALSE(f.runner->busy());
  CHECK(f.clock.armed_timers() == 0);
  f.clock.advance(2 * kLimit);
  CHECK(f.store.pending.empty());
}

TEST_CASE("MatchRunner: a commit answered after the runner is gone does nothing") {
  auto f = std::make_unique<Fixture>();
  auto client = std::make_shared<FakeClient>(1);
  const auto [seat, action] = f->legal_move();
  f->runner->submit(client, 1, seat, action, std::chrono::steady_clock::now());
  REQUIRE(f->store.pending.size() == 1);
  auto done = f->store.pending.front().done;
  f->runner.reset();  // a rematch replaced it
  done(true, "");
  CHECK(client->received.empty());
  CHECK(f->observer.advanced == 0);
}

// --- Bots that look ahead: their searches run elsewhere (server/match/bot_pool.h) --

TEST_CASE("MatchRunner: a search bot's move takes the commit pipeline like anybody's") {
  Fixture f;
  f.set_search_bot(0);
  f.runner->wake_bots();
  // Thinking, on a clone: nothing is applied or committed yet.
  REQUIRE(f.searcher.live().size() == 1);
  CHECK(f.searcher.live_for(0)->state->serialize() == f.runner->state().serialize());
  CHECK(f.store.pending.empty());
  CHECK(f.runner->busy());
  CHECK(f.runner->searches_under_way() == 1);
  // Asked again on the same state: still the one search.
  f.runner->wake_bots();
  CHECK(f.searcher.requests.size() == 1);

  const std::uint64_t version = f.runner->state().version();
  FakeSearcher::answer(*f.searcher.live_for(0));
  REQUIRE(f.store.pending.size() == 1);
  CHECK(f.store.pending.front().action.seat == 0);
  CHECK(f.runner->state().version() > version);  // applied, in flight
  CHECK(f.observer.advanced == 0);               // told only once committed
  f.store.complete(true);
  CHECK(f.observer.advanced == 1);
  CHECK(f.metrics.moves_accepted == 1);
  CHECK(f.runner->searches_under_way() == 0);  // seat 0 has chosen; the people choose theirs
}

TEST_CASE("MatchRunner: a search bot's simultaneous choice stands while another seat chooses") {
  Fixture f;
  // Letter of Marque opens with every seat choosing at once (LOM-5): the
  // others' choices do not inform seat 1's, so its search goes on and its
  // result stands while seat 1 has the same choices (issue #24: N search
  // bots in one simultaneous decision must not take N budgets).
  f.set_search_bot(1);
  f.runner->wake_bots();
  auto first = f.searcher.live_for(1);
  REQUIRE(first);
  REQUIRE(f.runner->state().acting_seats().size() > 1);
  const auto choices_before = f.runner->state().legal_actions(1);
  auto client = std::make_shared<FakeClient>(1);
  const auto [seat, action] = f.legal_move();
  REQUIRE(seat == 0);

  SECTION("a result that comes back once another seat has chosen") {
    f.runner->submit(client, 1, seat, action, std::chrono::steady_clock::now());  // applied, in flight
    REQUIRE(f.runner->state().legal_actions(1) == choices_before);
    FakeSearcher::answer(*first);
    CHECK(f.metrics.bot_results_stale == 0);
    REQUIRE(f.store.pending.size() == 1);  // the person's move first
    CHECK(f.store.pending.front().action.seat == 0);
    f.store.complete(true);
    // Seat 1's move, as thought out, without a second search.
    REQUIRE(f.store.pending.size() == 1);
    CHECK(f.store.pending.front().action.seat == 1);
    CHECK(f.searcher.requests.size() == 1);
  }
  SECTION("another seat's committed choice does not cancel the search under way") {
    f.runner->submit(client, 1, seat, action, std::chrono::steady_clock::now());
    f.store.complete(true);
    REQUIRE(f.runner->state().is_acting(1));
    CHECK_FALSE(first->cancelled);
    CHECK(f.searcher.live_for(1) == first);
    CHECK(f.searcher.requests.size() == 1);
  }
  SECTION("a failed commit cancels what was thought meanwhile, and the bot thinks again") {
    f.runner->submit(client, 1, seat, action, std::chrono::steady_clock::now());
    f.runner->wake_bots();  // still the one search: the decision is the same
    CHECK(f.searcher.live_for(1) == first);
    f.store.complete(false);
    CHECK(first->cancelled);
    f.clock.advance(MatchRunner::kFirstRetry.count());
    auto after = f.searcher.live_for(1);
    REQUIRE(after);
    CHECK(after != first);
    CHECK(after->state->serialize() == f.runner->state().serialize());
  }
}

TEST_CASE("MatchRunner: with the pool full, the search bot's quick stand-in decides at once") {
  Fixture f;
  f.searcher.full = true;
  f.set_search_bot(0);
  f.runner->wake_bots();
  CHECK(f.searcher.requests.empty());
  REQUIRE(f.store.pending.size() == 1);
  CHECK(f.store.pending.front().action.seat == 0);
}

TEST_CASE("MatchRunner: a search is cancelled when its seat's player is back, at stop and with the runner") {
  Fixture f;
  for (int seat = 0; seat < kSeats; ++seat) f.set_search_bot(seat);
  f.runner->wake_bots();
  REQUIRE(f.searcher.live().size() == 3);
  auto seat0 = f.searcher.live_for(0);
  auto seat1 = f.searcher.live_for(1);
  auto seat2 = f.searcher.live_for(2);

  f.runner->set_bot(0, nullptr);  // the player resumed his seat
  CHECK(seat0->cancelled);
  CHECK_FALSE(seat1->cancelled);
  CHECK(f.runner->searches_under_way() == 2);

  SECTION("stop (the room expired)") {
    f.runner->stop();
    CHECK(seat1->cancelled);
    CHECK(seat2->cancelled);
    CHECK_FALSE(f.runner->busy());
  }
  SECTION("the runner goes (a rematch replaced it)") {
    f.runner.reset();
    CHECK(seat1->cancelled);
    CHECK(seat2->cancelled);
  }
  CHECK(f.store.pending.empty());
}

TEST_CASE("MatchRunner: search bots play a match to its end") {
  Fixture f;
  for (int seat = 0; seat < kSeats; ++seat) f.set_search_bot(seat);
  f.runner->wake_bots();
  std::size_t steps = 0;
  while (!f.runner->finished() || !f.store.pending.empty()) {
    REQUIRE(++steps < 4 * letter_of_marque().max_moves());
    if (!f.store.pending.empty()) {
      f.store.complete(true);
    } else {
      auto live = f.searcher.live();
      REQUIRE_FALSE(live.empty());  // somebody thinks, or the match stalled
      FakeSearcher::answer(*live.front());
    }
  }
  CHECK(f.observer.finished == 1);
  CHECK(f.runner->searches_under_way() == 0);
  CHECK_FALSE(f.runner->busy());
}
