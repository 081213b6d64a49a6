#include "server/rating/ratings_outbox_sender.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <future>
#include <stdexcept>
#include <utility>

#include "server/rating/bot_ratings.h"
#include "server/rating/match_rating.h"

namespace brethren::rating {

namespace {

bool is_account(const persistence::OutboxMatch::Seat& seat) { return seat.bot_kind.empty() && seat.account_id != 0; }

}  // namespace

persistence::postgres::FinishedMatchRows applier_rows(const persistence::OutboxMatch& match, int node_id) {
  persistence::postgres::FinishedMatchRows rows;
  rows.node_id = node_id;
  rows.match_id = match.match_id;
  rows.room_code = match.room_code;
  rows.game_id = match.game_id;
  rows.finished_at = match.finished_at;
  rows.rated = match.rated;
  for (const auto& seat : match.seats) {
    if (!is_account(seat)) continue;
    // As on a single node (finished_match.cc): a player who left has no
    // place and has not won.
    rows.players.push_back(
        {seat.seat, seat.account_id, seat.abandoned ? 0 : seat.place, seat.place == 1 && !seat.abandoned});
  }
  return rows;
}

persistence::postgres::MatchRatingApplier::Rate applier_rate(const persistence::OutboxMatch& match) {
  return [match](const std::vector<persistence::RatingRecord>& before) {
    std::vector<SeatResult> seats;
    std::vector<std::size_t> account_seats;  // indices into `seats`, in `before`'s order
    for (const auto& seat : match.seats) {
      SeatResult result;
      result.team = seat.side;
      result.rank = seat.place;
      result.abandoned = seat.abandoned;
      if (!seat.bot_kind.empty()) {
        const auto fixed = bot_rating(seat.bot_kind);
        if (!fixed) throw std::invalid_argument("a rated match with a bot without a fixed rating");
        result.rating = *fixed;
        result.fixed = true;
      } else {
        if (!is_account(seat)) throw std::invalid_argument("a rated match with a seat without an account");
        if (account_seats.size() >= before.size()) throw std::invalid_argument("more players than ratings");
        const auto& mine = before[account_seats.size()];
        result.rating = Rating{mine.mu, mine.sigma};
        account_seats.push_back(seats.size());
      }
      seats.push_back(result);
    }
    const std::vector<Rating> after = rate_seats(seats);
    std::vector<persistence::postgres::NewRating> out;
    for (const auto index : account_seats) out.push_back({after[index].mu, after[index].sigma, ordinal(after[index])});
    return out;
  };
}

persistence::postgres::NewRating applier_initial() {
  const Rating fresh = initial_rating();
  return {fresh.mu, fresh.sigma, ordinal(fresh)};
}

RatingsOutboxSender::RatingsOutboxSender(persistence::Store& store, const std::string& db_path,
                                         persistence::postgres::Pool& pool, int node_id, Options options)
    : store_(store), outbox_(db_path), applier_(pool), node_id_(node_id), options_(options) {
  // PostgreSQL knows a match by (node id, match id): nodes without their own
  // ids would take each other's matches for applied ones.
  if (node_id < 0) throw std::invalid_argument("the ratings outbox needs the node's id (--node-id)");
  thread_ = std::thread([this] { run(); });
}

RatingsOutboxSender::~RatingsOutboxSender() { stop(); }

void RatingsOutboxSender::nudge() {
  {
    std::lock_guard lock(mutex_);
    nudged_ = true;
  }
  wake_.notify_one();
}

void RatingsOutboxSender::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::uint64_t RatingsOutboxSender::applied() const {
  std::lock_guard lock(mutex_);
  return applied_;
}
std::uint64_t RatingsOutboxSender::already_applied() const {
  std::lock_guard lock(mutex_);
  return already_applied_;
}
std::uint64_t RatingsOutboxSender::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}
std::uint64_t RatingsOutboxSender::failures() const {
  std::lock_guard lock(mutex_);
  return failures_;
}

void RatingsOutboxSender::run() {
  auto backoff = options_.first_backoff;
  for (;;) {
    {
      // Cleared before reading the outbox: a row committed from here on
      // leaves the flag set, so the wait below does not miss it.
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      nudged_ = false;
    }
    bool sent = false;
    bool failed = false;
    try {
      sent = send_oldest();
      backoff = options_.first_backoff;
    } catch (const std::exception& e) {
      failed = true;
      spdlog::warn("ratings outbox: {} (retrying in {} ms; {} rows wait)", e.what(), backoff.count(), outbox_.size());
    }
    std::unique_lock lock(mutex_);
    if (failed) {
      ++failures_;
      // A nudge does not cut the back-off short: PostgreSQL or the store is failing.
      wake_.wait_for(lock, backoff, [this] { return stopping_; });
      backoff = std::min(backoff * 2, options_.max_backoff);
    } else if (!sent) {
      wake_.wait(lock, [this] { return stopping_ || nudged_; });
    }
  }
}

bool RatingsOutboxSender::send_oldest() {
  const auto row = outbox_.oldest();
  if (!row) return false;
  const auto rows = applier_rows(*row, node_id_);
  persistence::postgres::MatchRatingApplier::Outcome outcome;
  try {
    outcome = applier_.apply(rows, applier_initial(), applier_rate(*row));
  } catch (const std::invalid_argument& e) {
    // A row no retry can apply (the model refuses it): dropped, so that the
    // matches after it are not held up for good.
    spdlog::error("ratings outbox: match {} of room {} dropped: {}", row->match_id, row->room_code, e.what());
    remove(row->match_id);
    std::lock_guard lock(mutex_);
    ++dropped_;
    return true;
  }
  remove(row->match_id);
  std::lock_guard lock(mutex_);
  if (outcome == persistence::postgres::MatchRatingApplier::Outcome::applied)
    ++applied_;
  else
    ++already_applied_;
  return true;
}

void RatingsOutboxSender::remove(std::int64_t match_id) {
  std::promise<std::string> done;
  auto error = done.get_future();
  store_.commit_unit(persistence::Store::Unit().run(
                         [match_id](persistence::Connection& db) { persistence::outbox_rows::remove(db, match_id); }),
                     [&done](bool ok, const std::string& why) {
                       done.set_value(ok ? std::string() : why.empty() ? "failed" : why);
                     });
  const std::string why = error.get();
  if (!why.empty()) throw std::runtime_error("deleting an applied outbox row: " + why);
}

}  // namespace brethren::rating
