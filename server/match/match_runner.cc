#include "server/match/match_runner.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/match/stored_match.h"
#include "server/match/wire_errors.h"

namespace brethren::server {

MatchRunner::MatchRunner(Context context, persistence::MatchRecord match, std::unique_ptr<rules::State> state,
                         std::vector<rules::LoggedAction> log)
    : context_(std::move(context)),
      match_(std::move(match)),
      state_(std::move(state)),
      log_(std::move(log)),
      clock_timer_(context_.clock.make_timer()),
      retry_timer_(context_.clock.make_timer()),
      timeout_bot_(context_.timeout_bot_seed) {
  const auto seats = static_cast<std::size_t>(std::max(0, match_.seat_count));
  bots_.resize(seats);
  bot_queued_.assign(seats, false);
  thinking_.resize(seats);
  // A restored finished match has nothing left to report.
  finish_reported_ = state_->is_terminal();
  last_move_ = context_.clock.now_steady();
}

MatchRunner::~MatchRunner() {
  cancel_searches();
  if (clock_timer_) clock_timer_->cancel();
  if (retry_timer_) retry_timer_->cancel();
}

std::function<void()> MatchRunner::guarded(std::function<void()> fn) {
  return [alive = std::weak_ptr<bool>(alive_), fn = std::move(fn)] {
    if (alive.lock()) fn();
  };
}

std::int64_t MatchRunner::decision_deadline(const rules::State& state, std::int64_t turn_time_limit_ms,
                                            std::int64_t now_unix_ms) {
  std::int64_t limit_ms = turn_time_limit_ms;
  if (limit_ms <= 0) limit_ms = static_cast<std::int64_t>(state.decision_time_limit_seconds()) * 1000;
  return limit_ms > 0 ? now_unix_ms + limit_ms : 0;
}

void MatchRunner::start(std::int64_t deadline_unix_ms) { arm_clock(deadline_unix_ms); }

void MatchRunner::submit(std::shared_ptr<Client> client, std::uint64_t request_id, int seat, v1::GameAction action,
                         SteadyClock::time_point received) {
  PendingMove move;
  move.client = std::move(client);
  move.request_id = request_id;
  move.seat = seat;
  move.action = std::move(action);
  move.received = received;
  moves_.push_back(std::move(move));
  process_next_move();
}

void MatchRunner::set_bot(int seat, SeatBot bot) {
  if (seat < 0 || static_cast<std::size_t>(seat) >= bots_.size()) return;
  // The old bot's thinking is not the new one's (nor the returning player's).
  cancel_search(seat);
  bots_[seat] = std::move(bot);
}

bool MatchRunner::has_bot(int seat) const {
  return seat >= 0 && static_cast<std::size_t>(seat) < bots_.size() &&
         (bots_[seat].quick != nullptr || bots_[seat].make_search != nullptr);
}

int MatchRunner::searches_under_way() const {
  return static_cast<int>(
      std::count_if(thinking_.begin(), thinking_.end(), [](const auto& t) { return t.has_value(); }));
}

void MatchRunner::wake_bots() {
  if (stopped_) return;
  for (std::size_t seat = 0; seat < thinking_.size(); ++seat) {
    // Thinking on a state that is gone, or for a seat that need not act.
    if (thinking_[seat] && (state_->is_terminal() || !still_open(static_cast<int>(seat), thinking_[seat]->decision))) {
      cancel_search(static_cast<int>(seat));
    }
  }
  if (state_->is_terminal()) return;
  for (int seat : state_->acting_seats()) {
    if (!has_bot(seat) || bot_queued_[seat] || thinking_[seat]) continue;
    ask_bot(seat);
  }
  process_next_move();
}

MatchRunner::Decision MatchRunner::decision_for(int seat) const {
  Decision decision{epoch_, state_->acting_seats().size() > 1, {}};
  if (decision.simultaneous) state_->legal_actions(seat, decision.choices);
  return decision;
}

bool MatchRunner::still_open(int seat, const Decision& decision) const {
  if (decision.epoch == epoch_) return true;
  return decision.simultaneous && !state_->is_terminal() && state_->is_acting(seat) &&
         state_->legal_actions(seat) == decision.choices;
}

void MatchRunner::ask_bot(int seat) {
  if (bots_[seat].make_search && context_.searcher) {
    const std::uint64_t id = next_search_id_++;
    auto search = context_.searcher->search(
        state_->clone(), seat, bots_[seat].make_search(),
        [alive = std::weak_ptr<bool>(alive_), this, seat, id](std::optional<rules::ActionId> result) {
          if (alive.lock()) on_search_done(seat, id, result);
        });
    if (search) {
      thinking_[seat] = Thinking{std::move(search), id, decision_for(seat)};
      return;
    }
    // The pool is full: the quick bot decides this once.
  }
  queue_bot_move(seat, std::nullopt, Decision{});
}

void MatchRunner::queue_bot_move(int seat, std::optional<rules::ActionId> searched, Decision decision) {
  bot_queued_[seat] = true;
  PendingMove move;
  move.seat = seat;
  move.received = context_.clock.now_steady();
  move.source = PendingMove::Source::kBot;
  move.searched = searched;
  move.searched_for = std::move(decision);
  moves_.push_back(std::move(move));
}

void MatchRunner::on_search_done(int seat, std::uint64_t id, std::optional<rules::ActionId> result) {
  if (!thinking_[seat] || thinking_[seat]->id != id) return;  // cancelled meanwhile
  Decision decision = std::move(thinking_[seat]->decision);
  thinking_[seat].reset();
  if (stopped_ || state_->is_terminal() || !has_bot(seat) || !state_->is_acting(seat)) return;
  if (!still_open(seat, decision)) {
    ++context_.metrics.bot_results_stale;
    wake_bots();
    return;
  }
  queue_bot_move(seat, result, std::move(decision));
  process_next_move();
}

void MatchRunner::cancel_search(int seat) {
  if (seat < 0 || static_cast<std::size_t>(seat) >= thinking_.size() || !thinking_[seat]) return;
  thinking_[seat]->search->cancel();
  thinking_[seat].reset();
}

void MatchRunner::cancel_searches() {
  for (std::size_t seat = 0; seat < thinking_.size(); ++seat) cancel_search(static_cast<int>(seat));
}

void MatchRunner::hold() { held_ = true; }

void MatchRunner::release() {
  held_ = false;
  process_next_move();
}

void MatchRunner::stop() {
  stopped_ = true;
  clock_timer_->cancel();
  retry_timer_->cancel();
  deadline_unix_ms_ = 0;
  moves_.clear();
  cancel_searches();
}

bool MatchRunner::busy() const {
  return deadline_unix_ms_ != 0 || move_in_flight_ || !moves_.empty() || searches_under_way() > 0;
}

bool MatchRunner::decide(PendingMove& move) {
  if (move.source == PendingMove::Source::kBot) {
    bot_queued_[move.seat] = false;
    if (!has_bot(move.seat)) return false;  // the player came back meanwhile
  }
  // The seat may have acted meanwhile (or the match ended).
  if (state_->is_terminal() || !state_->is_acting(move.seat)) return false;
  std::optional<v1::GameAction> chosen;
  if (move.source != PendingMove::Source::kBot) {
    chosen = timeout_move(move.seat);
  } else if (move.searched) {
    // Thought out for a decision that has changed since (a move queued
    // ahead of it): think again on this state.
    if (!still_open(move.seat, move.searched_for)) {
      ++context_.metrics.bot_results_stale;
      if (!thinking_[move.seat]) ask_bot(move.seat);
      return false;
    }
    chosen = state_->encode_action(move.seat, *move.searched);
  } else if (bots_[move.seat].quick) {
    chosen = bots_[move.seat].quick->choose(state_->view(rules::Viewer::player(move.seat)));
  }
  if (!chosen) return false;
  move.action = std::move(*chosen);
  if (move.source == PendingMove::Source::kClock) {
    spdlog::info("room {} seat {}: clock ran out, the server plays {}", context_.room_code, move.seat,
                 move.action.ShortDebugString());
  }
  return true;
}

void MatchRunner::process_next_move() {
  if (held_ || stopped_) return;
  while (!move_in_flight_ && !moves_.empty()) {
    PendingMove move = std::move(moves_.front());
    moves_.pop_front();
    if (move.source != PendingMove::Source::kClient && !decide(move)) continue;
    auto applied = state_->apply(move.seat, move.action);
    if (!applied) {
      if (move.searched) {
        // A search bot's bug: its seat must not stall on it.
        spdlog::error("room {} seat {}: the search bot chose an illegal move ({}); its quick bot decides",
                      context_.room_code, move.seat, applied.error().message);
        move.searched.reset();
        bot_queued_[move.seat] = true;
        moves_.push_front(std::move(move));
        continue;
      }
      if (!move.client) continue;
      ++context_.metrics.moves_rejected;
      reply_error(move, to_protocol_error(applied.error().code), applied.error().message);
      continue;
    }
    ++epoch_;
    log_.push_back(rules::LoggedAction{move.seat, move.action});
    const std::int64_t now = context_.clock.now_unix_ms();
    next_deadline_ms_ = state_->is_terminal() ? 0 : decision_deadline(*state_, context_.turn_time_limit_ms, now);
    persistence::ActionRecord record{match_.id, static_cast<std::int64_t>(log_.size()),
                                     move.seat, move.action.SerializeAsString(),
                                     now,       next_deadline_ms_};
    std::optional<persistence::ResultRecord> result;
    if (state_->is_terminal()) {
      // The final move, the result and the room's status commit together,
      // or none of them does: a stored final move without its result would
      // make every retry of the move collide with its own row.
      const auto outcome = state_->outcome();
      result = persistence::ResultRecord{match_.id, outcome.SerializeAsString(), outcome.summary(), now, ""};
      // Every game keeps its log, Tortuga's too (action_log_secret): it stays
      // under seal, replayed only into views (server/history), never served.
    }
    move_in_flight_ = true;
    const std::uint64_t version = state_->version();
    context_.store.commit_move(std::move(record), std::move(result),
                               [alive = std::weak_ptr<bool>(alive_), this, move = std::move(move), version](
                                   bool ok, const std::string& error) mutable {
                                 if (alive.lock()) on_move_committed(std::move(move), version, ok, error);
                               });
  }
}

void MatchRunner::on_move_committed(PendingMove move, std::uint64_t version, bool ok, const std::string& error) {
  move_in_flight_ = false;
  if (!ok) {
    // Not durable, so not played: rebuild the state from the committed log.
    spdlog::error("room {} seat {}: move not stored, rolled back: {}", context_.room_code, move.seat, error);
    log_.pop_back();
    ++epoch_;
    // What the bots were thinking on was never stored.
    cancel_searches();
    auto rebuilt = replay_stored(context_.game, match_, log_);
    if (rebuilt) {
      state_ = std::move(rebuilt).value();
    } else {
      spdlog::critical("room {}: the committed log does not replay: {}", context_.room_code, rebuilt.error().message);
    }
    if (move.client) reply_error(move, v1::INTERNAL, "the move could not be stored and was not played");
    retry_after_failed_commit();
  } else {
    retry_backoff_ = std::chrono::milliseconds{0};
    last_move_ = context_.clock.now_steady();
    ++context_.metrics.moves_accepted;
    context_.metrics.move_latency.observe(
        std::chrono::duration<double>(context_.clock.now_steady() - move.received).count());
    v1::ServerMessage ack;
    if (move.client) {
      ack.set_request_id(move.request_id);
      ack.mutable_action_accepted()->set_version(version);
    }
    arm_clock(next_deadline_ms_);
    context_.observer.match_advanced(std::move(move.client), std::move(ack));
    // Before the bots move on: their next move is applied at once, and
    // only a committed end is the end.
    const bool ended = state_->is_terminal();
    wake_bots();
    if (ended && !finish_reported_) {
      finish_reported_ = true;
      context_.observer.match_finished();
    }
  }
  process_next_move();
}

void MatchRunner::retry_after_failed_commit() {
  retry_backoff_ = retry_backoff_.count() == 0 ? kFirstRetry : std::min(retry_backoff_ * 2, kLongestRetry);
  // A newer failure restarts the wait.
  retry_timer_->start(retry_backoff_, guarded([this] { on_retry_due(); }));
}

void MatchRunner::on_retry_due() {
  if (stopped_ || state_->is_terminal()) return;
  // The clock may have run out (or gone stale) while the failed move was in
  // flight: armed again on its stored deadline, it fires at once if past.
  // The bots' queued moves were spent on the failed commit: ask again.
  arm_clock(deadline_unix_ms_);
  wake_bots();
}

void MatchRunner::arm_clock(std::int64_t deadline_unix_ms) {
  clock_timer_->cancel();
  deadline_unix_ms_ = 0;
  if (stopped_ || state_->is_terminal() || deadline_unix_ms <= 0) return;
  deadline_unix_ms_ = deadline_unix_ms;
  // Unix time, not the steady clock, because the deadline may come from
  // before a restart; a deadline already past fires at once.
  const std::int64_t remaining_ms = std::max<std::int64_t>(0, deadline_unix_ms - context_.clock.now_unix_ms());
  clock_timer_->start(std::chrono::milliseconds(remaining_ms),
                      guarded([this, version = state_->version()] { on_clock(version); }));
}

void MatchRunner::on_clock(std::uint64_t armed_version) {
  // A move since the clock started restarted it; this expiry is stale.
  if (state_->version() != armed_version || state_->is_terminal()) return;
  for (int seat : state_->acting_seats()) {
    PendingMove move;
    move.seat = seat;
    move.received = context_.clock.now_steady();
    move.source = PendingMove::Source::kClock;
    moves_.push_back(std::move(move));
  }
  process_next_move();
}

std::optional<v1::GameAction> MatchRunner::timeout_move(int seat) {
  // The game's own rule first (Tortuga's "look at 2"), else the random bot
  // deciding from the seat's own view, as any bot does.
  if (auto action = state_->timeout_action(seat)) return state_->encode_action(seat, *action);
  return timeout_bot_.choose(state_->view(rules::Viewer::player(seat)));
}

void MatchRunner::reply_error(const PendingMove& move, v1::ErrorCode code, std::string text) {
  server::reply_error(*move.client, context_.metrics, move.request_id, code, std::move(text));
}

}  // namespace brethren::server
