// A room brought back at start-up (issue #26): its seats, and its match
// rebuilt by replaying the stored log under the rules version it was started
// under. A match that does not replay is never shown as playing: a live one
// is ended as abandoned (in the store too, so that the room expires like a
// finished one), a finished one keeps its stored result; either way the
// members are told why in words, moves are answered MATCH_ABANDONED, and the
// room leaves the lobby. A rematch starts a new match under today's rules.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "server/base/unix_time.h"
#include "server/protocol/fairness.h"
#include "server/room/room.h"

namespace brethren::server {

Room::Clock::time_point Room::steady_time_of(std::int64_t unix_ms) {
  const std::int64_t ago_ms = std::max<std::int64_t>(0, unix_millis() - unix_ms);
  return Clock::now() - std::chrono::milliseconds(ago_ms);
}

void Room::restore_seat(const persistence::SeatRecord& seat) {
  if (seat.seat < 0 || seat.seat >= static_cast<int>(seats_.size())) return;
  // Claimed while the account's username is still the seat's name (a seat
  // a guest took keeps its typed name after he claims the account).
  const bool claimed = !seat.account_username.empty() && seat.account_username == seat.display_name;
  seats_[seat.seat] = SeatSlot{true, seat.display_name, seat.token_hash, 0, seat.bot_kind, seat.account_id, claimed};
  services_.account_rooms.add(seat.account_id, code());
  update_summary();
}

ReplayFailure Room::restore_match(const persistence::MatchRecord& match,
                                  const std::vector<persistence::ActionRecord>& actions, const std::string& final_state,
                                  std::string& error) {
  if (!final_state.empty()) {
    // The log was discarded at the end (action_log_secret); the final state stands alone.
    auto state = game_.deserialize(final_state);
    if (!state) {
      error = "its final position does not load: " + state.error().message;
      end_unrestored(match, ReplayFailure::kCorruptRow, error);
      return ReplayFailure::kCorruptRow;
    }
    make_runner(match, std::move(state).value(), {});
    broadcast_version_ = runner_->state().version();
    status_ = Status::kFinished;
    last_occupied_ = steady_time_of(match.finished_at);
    update_summary();
    return ReplayFailure::kNone;
  }
  StoredPrefix replayed = replay_stored_prefix(game_, match, actions);
  if (replayed.failure != ReplayFailure::kNone) {
    error = replayed.reason;
    end_unrestored(match, replayed.failure, error);
    return replayed.failure;
  }
  make_runner(match, std::move(replayed.state), std::move(replayed.log));
  broadcast_version_ = runner_->state().version();
  status_ = runner_->finished() ? Status::kFinished : Status::kPlaying;
  if (status_ == Status::kFinished) last_occupied_ = steady_time_of(match.finished_at);
  if (status_ == Status::kPlaying) {
    ++services_.metrics.live_matches;
    // The stored deadline of the pending decision holds across the restart
    // (one already past runs out at once). Rows from before deadlines were
    // stored say 0: those get a full decision time from the restart. Every
    // player is away after a restart, so the autopilot watch starts again;
    // the bots pick up where they were.
    std::int64_t deadline = actions.empty() ? match.first_deadline_ms : actions.back().deadline_ms;
    boost::asio::post(strand_, [self = shared_from_this(), deadline]() mutable {
      if (deadline == 0) deadline = self->decision_deadline_from_now(self->runner_->state());
      self->run_match(deadline);
    });
  }
  update_summary();
  return ReplayFailure::kNone;
}

namespace {

v1::EndedCause cause_of(ReplayFailure failure) {
  switch (failure) {
    case ReplayFailure::kRulesVersion: return v1::ENDED_RULES_VERSION;
    case ReplayFailure::kCorruptRow: return v1::ENDED_CORRUPT_RECORD;
    case ReplayFailure::kRefusedStep: return v1::ENDED_REPLAY_FAILED;
    case ReplayFailure::kNone: break;
  }
  return v1::ENDED_CAUSE_UNSPECIFIED;
}

// What the players read: the cause in plain words, then the technical
// detail (which version, which stored move) for whoever reports it.
std::string words_for(ReplayFailure failure, bool was_live, const std::string& detail) {
  std::string what;
  switch (failure) {
    case ReplayFailure::kRulesVersion:
      what = "it was started under a version of the game's rules that this server no longer plays";
      break;
    case ReplayFailure::kCorruptRow: what = "part of its stored record is damaged and cannot be read"; break;
    case ReplayFailure::kRefusedStep: what = "its stored moves no longer replay under its rules"; break;
    case ReplayFailure::kNone: break;
  }
  return (was_live ? "This match could not be restored after a server restart and was ended without a result: "
                   : "This finished match's final position could not be restored after a server restart (its result "
                     "stands): ") +
         what + ". (" + detail + ")";
}

}  // namespace

void Room::end_unrestored(const persistence::MatchRecord& match, ReplayFailure failure, const std::string& reason) {
  // Live, or abandoned by this same path at an earlier start.
  const bool was_live = match.status != persistence::MatchStatus::kFinished;
  Unrestored ended{match, {}, was_live};
  ended.ended.set_cause(cause_of(failure));
  ended.ended.set_reason(words_for(failure, was_live, reason));
  unrestored_ = std::move(ended);
  runner_.reset();
  // Not playing: kFinished lets the host start a rematch and the room
  // expire after the finished rooms' retention, counted from now.
  status_ = Status::kFinished;
  last_occupied_ = Clock::now();
  update_summary();
  if (match.status != persistence::MatchStatus::kLive && record_.status != persistence::RoomStatus::kPlaying) return;
  // Stored as a match nobody plays any more: abandoned, its room finished,
  // so that the next start does not try it as a live match again and the
  // room leaves the store's live rooms when it expires.
  persistence::Store::Unit unit;
  if (match.status == persistence::MatchStatus::kLive)
    unit.set_match_status(match.id, persistence::MatchStatus::kAbandoned);
  unit.set_room_status(code(), persistence::RoomStatus::kFinished, unix_millis());
  record_.status = persistence::RoomStatus::kFinished;
  services_.store.commit_unit(std::move(unit), [room = code(), id = match.id](bool ok, const std::string& error) {
    if (!ok) spdlog::error("room {}: match {} not stored as abandoned: {}", room, id, error);
  });
}

v1::RoomStatus Room::shown_status() const {
  if (match_ended_unrestored() && unrestored_->abandoned) return v1::ROOM_STATUS_ABANDONED;
  return wire_status(status_);
}

void Room::describe_ended(v1::RoomInfo& info) const {
  if (!match_ended_unrestored()) return;
  info.set_status(shown_status());
  *info.mutable_ended() = unrestored_->ended;
  // The match's id (for its history) and the commitment published at its
  // start; the seed stays secret: an ended match revealed nothing more.
  const auto& match = unrestored_->match;
  *info.mutable_match() = fairness::public_match_info(match.id, match.seed, match.seed_salt,
                                                      match.status == persistence::MatchStatus::kFinished);
}

void Room::reply_match_ended(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  reply_error(c, rid, v1::MATCH_ABANDONED, unrestored_->ended.reason());
}

}  // namespace brethren::server
