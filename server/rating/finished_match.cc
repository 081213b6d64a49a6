#include "server/rating/finished_match.h"

#include <set>
#include <stdexcept>
#include <utility>

#include "persistence/rating_outbox.h"
#include "persistence/ratings.h"
#include "server/rating/bot_ratings.h"
#include "server/rating/match_rating.h"

namespace brethren::rating {

namespace {

struct Seating {
  std::vector<persistence::SeatHolder> holders;  // by seat number
  std::string unrated;                           // why not rated; "" when rated
};

Seating seating(persistence::Connection& db, const FinishedMatch& match) {
  Seating out;
  out.holders.resize(match.seats.size());
  for (std::size_t s = 0; s < out.holders.size(); ++s) out.holders[s].seat = static_cast<int>(s);
  for (auto& holder : persistence::rating_rows::seat_holders(db, match.room_code)) {
    if (holder.seat >= 0 && static_cast<std::size_t>(holder.seat) < out.holders.size())
      out.holders[static_cast<std::size_t>(holder.seat)] = std::move(holder);
  }
  if (!match.room_rated) {
    out.unrated = "the room is not rated";
    return out;
  }
  if (match.seats.size() < 2) {
    out.unrated = "fewer than two seats";
    return out;
  }
  std::set<std::int64_t> accounts;
  std::set<int> sides;
  for (const auto& holder : out.holders) {
    if (!holder.bot_kind.empty()) {
      if (!bot_rating(holder.bot_kind)) out.unrated = "a bot without a fixed rating";
    } else if (holder.account_id == 0) {
      out.unrated = "a seat without an account";
    } else if (!accounts.insert(holder.account_id).second) {
      out.unrated = "one account holds two seats";
    }
    if (!out.unrated.empty()) return out;
  }
  if (accounts.empty()) out.unrated = "no account plays";
  return out;
}

// Whether the model can rate these sides and places at all (two sides or
// more, a team's seats at one place): the same test rate_seats makes.
bool rateable(const FinishedMatch& match) {
  std::vector<SeatResult> seats;
  for (const auto& seat : match.seats)
    seats.push_back({initial_rating(), seat.side, seat.place, seat.abandoned, false});
  try {
    rate_seats(seats);
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

}  // namespace

std::string unrated_reason(persistence::Connection& db, const FinishedMatch& match) {
  return seating(db, match).unrated;
}

std::function<void(persistence::Connection&)> finished_match_step(FinishedMatch match) {
  return [match = std::move(match)](persistence::Connection& db) {
    Seating seated = seating(db, match);
    const std::size_t n = match.seats.size();
    std::vector<persistence::RatingRecord> before(n);
    std::vector<Rating> after(n);
    bool rated = seated.unrated.empty();
    if (rated) {
      std::vector<SeatResult> seats;
      for (std::size_t s = 0; s < n; ++s) {
        const auto& holder = seated.holders[s];
        SeatResult seat;
        seat.team = match.seats[s].side;
        seat.rank = match.seats[s].place;
        seat.abandoned = match.seats[s].abandoned;
        if (!holder.bot_kind.empty()) {
          seat.rating = *bot_rating(holder.bot_kind);
          seat.fixed = true;
        } else {
          const Rating fresh = initial_rating();
          before[s] = persistence::rating_rows::rating(db, holder.account_id, match.game_id)
                          .value_or(persistence::RatingRecord{holder.account_id, match.game_id, fresh.mu, fresh.sigma,
                                                              ordinal(fresh), 0, 0, 0});
          seat.rating = Rating{before[s].mu, before[s].sigma};
        }
        seats.push_back(seat);
      }
      try {
        after = rate_seats(seats);
      } catch (const std::invalid_argument&) {
        rated = false;  // one side only, or a team split over places: nothing to learn from
      }
    }
    for (std::size_t s = 0; s < n; ++s) {
      const auto& holder = seated.holders[s];
      if (holder.account_id == 0 || !holder.bot_kind.empty()) continue;
      const bool won = match.seats[s].place == 1 && !match.seats[s].abandoned;
      persistence::MatchPlayerRecord player{match.match_id,
                                            static_cast<int>(s),
                                            holder.account_id,
                                            match.game_id,
                                            match.seats[s].place,
                                            won,
                                            rated,
                                            0.0,
                                            0.0,
                                            match.finished_at};
      if (match.seats[s].abandoned) player.place = 0;  // left: no place
      if (rated) {
        persistence::RatingRecord next = before[s];
        next.mu = after[s].mu;
        next.sigma = after[s].sigma;
        next.shown = ordinal(after[s]);
        next.games += 1;
        next.wins += won ? 1 : 0;
        next.updated_at = match.finished_at;
        persistence::rating_rows::put_rating(db, next);
        player.shown_before = before[s].shown;
        player.shown_after = next.shown;
      }
      persistence::rating_rows::add_match_player(db, player);
    }
  };
}

std::function<void(persistence::Connection&)> outbox_step(FinishedMatch match) {
  return [match = std::move(match)](persistence::Connection& db) {
    const Seating seated = seating(db, match);
    persistence::OutboxMatch row;
    row.match_id = match.match_id;
    row.room_code = match.room_code;
    row.game_id = match.game_id;
    row.finished_at = match.finished_at;
    row.rated = seated.unrated.empty() && rateable(match);
    for (std::size_t s = 0; s < match.seats.size(); ++s) {
      const auto& holder = seated.holders[s];
      row.seats.push_back({static_cast<int>(s), holder.bot_kind.empty() ? holder.account_id : 0, holder.bot_kind,
                           match.seats[s].side, match.seats[s].place, match.seats[s].abandoned});
    }
    persistence::outbox_rows::add(db, row);
  };
}

}  // namespace brethren::rating
