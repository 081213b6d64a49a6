// Rates one finished match seat by seat: the shape the accounts layer has
// (seats with a team, a place, an abandon flag, a bot flag), turned into
// teams and ranks for `rate` (plackett_luce.h) and back.
#pragma once

#include <vector>

#include "server/rating/plackett_luce.h"
#include "server/rating/rating.h"

namespace brethren::rating {

// One seat of a finished match.
struct SeatResult {
  Rating rating;  // before the match; for a bot, its fixed rating (bot_ratings.h)
  // Seats with the same number play as one side (Tortuga's revealed teams);
  // in a free-for-all give every seat its own.
  int team = 0;
  // The seat's finishing place, lower is better, equal is a tie; every
  // remaining seat of a team must have its team's place.
  int rank = 0;
  // He left the match: he is taken out of his team and ranked last, alone
  // (tied with any other who left); his team keeps its place.
  bool abandoned = false;
  // A bot: rated against at its fixed strength, never updated.
  bool fixed = false;
};

// The ratings after the match, one per seat in the seats' order; a fixed
// seat gets its own rating back. Throws std::invalid_argument when the seats
// do not form two sides, or a team's seats disagree on its place.
std::vector<Rating> rate_seats(const std::vector<SeatResult>& seats, const Parameters& parameters = {});

}  // namespace brethren::rating
