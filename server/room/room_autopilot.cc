// Autopilot for absent players: a seated player whose connection is gone
// for longer than the room's grace period (RoomSettings.absent_grace_ms) is
// played by the room's autopilot kind (RoomSettings.autopilot_bot, else the
// strongest the server offers), until he resumes the seat with his token;
// a search bot's thinking for him is cancelled when he is back. Everyone sees the seat's
// `autopilot` flag in RoomInfo. Absence is not stored: after a restart every
// player is away, and the grace period starts again from the restart.
#include <spdlog/spdlog.h>

#include "server/room/room.h"
#include "server/base/secrets.h"

namespace brethren::server {

bool Room::on_autopilot(int seat) const {
  return seat >= 0 && static_cast<std::size_t>(seat) < absences_.size() && absences_[seat].autopilot;
}

void Room::seat_absent(int seat) {
  if (status_ != Status::kPlaying || !runner_ || runner_->finished()) return;
  if (settings_.absent_grace_ms() == 0 || !seats_[seat].bot_kind.empty()) return;
  absences_.resize(seats_.size());
  Absence& absence = absences_[seat];
  if (absence.autopilot) return;
  if (!absence.timer) absence.timer = std::make_unique<boost::asio::steady_timer>(strand_);
  absence.timer->expires_after(std::chrono::milliseconds(settings_.absent_grace_ms()));
  absence.timer->async_wait(
      [self = shared_from_this(), seat, generation = absence.generation](boost::system::error_code ec) {
        if (!ec) self->on_absence_expired(seat, generation);
      });
}

void Room::on_absence_expired(int seat, std::uint64_t generation) {
  Absence& absence = absences_[seat];
  if (absence.generation != generation || absence.autopilot) return;  // he came back meanwhile
  if (seats_[seat].client_id != 0 || status_ != Status::kPlaying || !runner_ || runner_->finished()) return;
  absence.autopilot = true;
  const std::string kind = autopilot_kind();
  runner_->set_bot(seat, seat_bot(kind));
  spdlog::info("room {} seat {}: away for {} ms, a {} bot plays it", code(), seat, settings_.absent_grace_ms(), kind);
  broadcast_room();
  runner_->wake_bots();
}

void Room::seat_returned(int seat) {
  if (static_cast<std::size_t>(seat) >= absences_.size()) return;
  Absence& absence = absences_[seat];
  ++absence.generation;
  if (absence.timer) absence.timer->cancel();
  if (!absence.autopilot) return;
  absence.autopilot = false;
  // Only an autopilot bot is removed; a seat the host gave to a bot stays his.
  if (seats_[seat].bot_kind.empty() && runner_) runner_->set_bot(seat, nullptr);
  spdlog::info("room {} seat {}: back, autopilot off", code(), seat);
  // The caller broadcasts the room (the seat's `autopilot` flag is now off).
}

void Room::watch_absent_seats() {
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    if (seats_[s].client_id == 0 && seats_[s].bot_kind.empty()) seat_absent(static_cast<int>(s));
  }
}

}  // namespace brethren::server
