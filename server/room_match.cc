// What a room gives its match runner (server/match_runner.h): the store,
// with the room's commit accounting and the answer back on its strand;
// timers on its strand that keep the room alive while they fire; and its
// members, who see the match move on.
#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>

#include "server/room.h"

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

}  // namespace

void Room::commit_move(persistence::ActionRecord action, std::optional<persistence::ResultRecord> result, Done done) {
  persistence::Store::Unit unit;
  unit.append_action(std::move(action));
  if (result) {
    const std::int64_t at = result->finished_at;
    unit.finish_match(std::move(*result)).set_room_status(code(), persistence::RoomStatus::kFinished, at);
  }
  services_.store.commit_unit(std::move(unit), on_strand(std::move(done)));
}

std::int64_t Room::now_unix_ms() const { return unix_millis(); }

std::unique_ptr<MatchTimer> Room::make_timer() { return std::make_unique<StrandTimer>(strand_, weak_from_this()); }

void Room::match_advanced(std::shared_ptr<Client> mover, v1::ServerMessage ack) {
  broadcast_match(mover, std::move(ack));
}

void Room::match_finished() {
  if (status_ == Status::kFinished) return;
  status_ = Status::kFinished;
  last_occupied_ = Clock::now();  // a finished room's retention counts from the end
  --services_.metrics.live_matches;
  ++services_.metrics.matches_finished;
  spdlog::info("room {}: match {} finished: {}", code(), match_id(), runner_->state().outcome().summary());
  broadcast_room();
}

}  // namespace brethren::server
