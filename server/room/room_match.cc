// What a room gives its match runner (server/match/match_runner.h): the store,
// with the room's commit accounting and the answer back on its strand;
// timers on its strand that keep the room alive while they fire; the
// server's bot pool, whose results come back on its strand; and its
// members, who see the match move on.
#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>

#include "server/room/room.h"
#include "server/base/unix_time.h"
#include "server/rating/finished_match.h"

namespace brethren::server {
namespace {

class StrandTimer final : public MatchTimer {
 public:
  StrandTimer(boost::asio::strand<boost::asio::io_context::executor_type> strand, std::weak_ptr<Room> owner)
      : timer_(std::move(strand)), owner_(std::move(owner)) {}
  ~StrandTimer() override { timer_.cancel(); }

  void start(std::chrono::milliseconds delay, std::function<void()> fire) override {
    // Waiting again aborts the pending wait.
    timer_.expires_after(delay);
    timer_.async_wait([owner = owner_, fire = std::move(fire)](boost::system::error_code ec) {
      if (ec) return;
      // The room (and so its runner) lives while the timer fires.
      if (auto keep = owner.lock()) fire();
    });
  }
  void cancel() override { timer_.cancel(); }

 private:
  boost::asio::steady_timer timer_;
  std::weak_ptr<Room> owner_;
};

// A search on the bot pool; cancelled when the runner lets it go.
class PoolSearch final : public MatchSearcher::Search {
 public:
  explicit PoolSearch(std::shared_ptr<BotPool::Job> job) : job_(std::move(job)) {}
  ~PoolSearch() override { job_->cancel(); }
  void cancel() override { job_->cancel(); }

 private:
  std::shared_ptr<BotPool::Job> job_;
};

// Stands for a search the stopping server will not run: nothing comes of it.
class NoSearch final : public MatchSearcher::Search {
 public:
  void cancel() override {}
};

}  // namespace

std::unique_ptr<MatchSearcher::Search> Room::search(std::unique_ptr<rules::State> state, int seat,
                                                    std::unique_ptr<rules::SearchBot> bot, MatchSearcher::Done done) {
  // The server is stopping: the seat waits (a quick move instead would be
  // a move nobody asked for, made while the connections close).
  if (services_.shutting_down) return std::make_unique<NoSearch>();
  if (!services_.bot_pool) return nullptr;
  // The result goes to the strand; the pool holds the room weakly, so a
  // room forgotten meanwhile is not kept for a search's sake.
  auto job = services_.bot_pool->submit(
      std::move(state), seat, std::move(bot),
      [owner = weak_from_this(), strand = strand_, done = std::move(done)](std::optional<rules::ActionId> result) {
        boost::asio::post(strand, [owner, done, result] {
          if (auto keep = owner.lock()) done(result);
        });
      });
  if (!job) return nullptr;
  return std::make_unique<PoolSearch>(std::move(job));
}

void Room::commit_move(persistence::ActionRecord action, std::optional<persistence::ResultRecord> result,
                       MatchStore::Done done) {
  persistence::Store::Unit unit;
  unit.append_action(std::move(action));
  if (result) {
    const std::int64_t at = result->finished_at;
    if (services_.ratings_outbox_written) {
      // A cluster: the outbox row commits with the result, or neither does;
      // the sender rates it on the shared PostgreSQL (docs/accounts.md).
      unit.run(rating::outbox_step(finished_match(result->match_id, at)));
      unit.finish_match(std::move(*result)).set_room_status(code(), persistence::RoomStatus::kFinished, at);
      services_.store.commit_unit(std::move(unit),
                                  [wake = services_.ratings_outbox_written, done = on_strand(std::move(done))](
                                      bool ok, const std::string& why) {
                                    if (ok) wake();
                                    done(ok, why);
                                  });
      return;
    }
    // The ratings commit with the result, or neither does (docs/ratings.md).
    unit.run(rating::finished_match_step(finished_match(result->match_id, at)));
    unit.finish_match(std::move(*result)).set_room_status(code(), persistence::RoomStatus::kFinished, at);
  }
  services_.store.commit_unit(std::move(unit), on_strand(std::move(done)));
}

rating::FinishedMatch Room::finished_match(std::int64_t match_id, std::int64_t finished_at) const {
  rating::FinishedMatch match;
  match.match_id = match_id;
  match.room_code = code();
  match.game_id = game_.id();
  match.finished_at = finished_at;
  match.room_rated = settings_.rated();
  // A player who abandoned: the autopilot plays his seat at the end (he was
  // away longer than the room's grace and has not come back).
  const auto sides = runner_->state().rated_sides();
  for (std::size_t s = 0; s < sides.size(); ++s) {
    match.seats.push_back({sides[s].side, sides[s].place, on_autopilot(static_cast<int>(s))});
  }
  return match;
}

std::int64_t Room::now_unix_ms() const { return unix_millis(); }

Room::Clock::time_point Room::now_steady() const { return Clock::now(); }

std::unique_ptr<MatchTimer> Room::make_timer() { return std::make_unique<StrandTimer>(strand_, weak_from_this()); }

void Room::match_advanced(std::shared_ptr<Client> mover, v1::ServerMessage ack) {
  // The final move (committed): the room is finished before anyone hears
  // of it, or a myRooms that the final update prompts, served on another
  // thread before match_finished(), would still list it as live.
  if (runner_->state().is_terminal()) mark_finished();
  update_summary();  // whose turn it is (myRooms)
  broadcast_match(mover, std::move(ack));
}

void Room::match_finished() {
  mark_finished();
  broadcast_room();
}

void Room::mark_finished() {
  if (status_ == Status::kFinished) return;
  status_ = Status::kFinished;
  last_occupied_ = Clock::now();  // a finished room's retention counts from the end
  --services_.metrics.live_matches;
  ++services_.metrics.matches_finished;
  spdlog::info("room {}: match {} finished: {}", code(), match_id(), runner_->state().outcome().summary());
}

}  // namespace brethren::server
