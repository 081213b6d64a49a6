// Rooms expire, so that rooms nobody uses do not pile up in memory and in
// the lobby: an open room nobody is in, a finished room some time after its
// end, and a match nobody plays any more (no clock, no bot, nobody in the
// room). A match that runs on its own (clock, bots, autopilot) is never
// expired. The store keeps the room as "expired" (recovery skips it) and
// every finished match stays readable through the match history API.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <algorithm>

#include "server/base/unix_time.h"
#include "server/room/room.h"
#include "server/room/room_expiry.h"

namespace brethren::server {

bool RoomExpiry::idle_too_long(const Activity& activity, Clock::time_point now) const {
  auto older_than = [now](Clock::time_point since, std::chrono::milliseconds limit) {
    return limit.count() > 0 && now - since >= limit;
  };
  switch (activity.phase) {
    case RoomPhase::kOpen: return older_than(activity.last_occupied, policy_.idle_open);
    case RoomPhase::kFinished: return older_than(activity.last_occupied, policy_.finished_retention);
    case RoomPhase::kPlaying:
      // A pending clock or a bot will move: the match runs, it is not abandoned.
      if (activity.match_runs_on) return false;
      return older_than(std::max(activity.last_occupied, activity.last_move), policy_.abandoned_match);
    case RoomPhase::kStarting: return false;
  }
  return false;
}

RoomExpiry::Activity Room::activity() const {
  RoomExpiry::Activity activity{status_, last_occupied_, !runner_ || runner_->busy(), {}};
  if (runner_) activity.last_move = runner_->last_move();
  return activity;
}

void Room::expire_if_idle(ExpiryPolicy policy, std::function<void()> forget) {
  boost::asio::post(strand_, [self = shared_from_this(), policy, forget = std::move(forget)] {
    if (self->expiring_ || self->expired_) return;
    const auto now = Clock::now();
    if (self->members_.anyone_connected()) {
      self->last_occupied_ = now;
      return;
    }
    if (!RoomExpiry(policy).idle_too_long(self->activity(), now)) return;
    self->expiring_ = true;
    if (self->runner_) self->runner_->hold();
    const bool abandoning = self->status_ == Status::kPlaying;
    persistence::Store::Unit unit;
    unit.set_room_status(self->code(), persistence::RoomStatus::kExpired, unix_millis());
    if (abandoning) unit.set_match_status(self->match_id(), persistence::MatchStatus::kAbandoned);
    self->services_.store.commit_unit(
        std::move(unit), self->on_strand([self, abandoning, forget](bool ok, const std::string& error) {
          self->expiring_ = false;
          auto held = std::move(self->held_requests_);
          self->held_requests_.clear();
          if (!ok) {
            // Still in play; the next sweep tries again.
            spdlog::error("room {}: expiry not stored: {}", self->code(), error);
            for (auto& r : held) self->dispatch(r.client, r.request_id, r.message, r.received, r.caller);
            if (self->runner_) self->runner_->release();
            return;
          }
          self->expired_ = true;
          for (auto& r : held) {
            self->reply_error(r.client, r.request_id, v1::UNKNOWN_ROOM, "room '" + self->code() + "' has expired");
          }
          if (self->runner_) self->runner_->stop();
          for (auto& absence : self->absences_) {
            if (absence.timer) absence.timer->cancel();
          }
          if (abandoning) --self->services_.metrics.live_matches;
          spdlog::info("room {}: expired{}", self->code(),
                       abandoning ? ", its match " + std::to_string(self->match_id()) + " abandoned" : "");
          for (std::size_t seat = 0; seat < self->seats_.size(); ++seat) {
            self->services_.account_rooms.remove(self->seats_[seat].account_id, self->code());
          }
          forget();
        }));
  });
}

}  // namespace brethren::server
