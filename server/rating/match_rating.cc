#include "server/rating/match_rating.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>

namespace brethren::rating {

namespace {

// The sides `rate` sees, and where each seat went.
struct Sides {
  std::vector<Team> teams;
  std::vector<int> ranks;
  std::vector<int> team_numbers;  // the seats' team number per side; unused for an abandoner's side
  std::vector<std::pair<std::size_t, std::size_t>> place_of_seat;  // (side, index in side)
};

Sides group(const std::vector<SeatResult>& seats) {
  Sides sides;
  sides.place_of_seat.resize(seats.size());
  int worst_rank = 0;
  bool any_stayed = false;
  for (const SeatResult& seat : seats) {
    if (seat.abandoned) continue;
    worst_rank = any_stayed ? std::max(worst_rank, seat.rank) : seat.rank;
    any_stayed = true;
  }
  std::vector<bool> abandoner_side;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    const SeatResult& seat = seats[s];
    std::size_t side = sides.teams.size();
    if (!seat.abandoned) {
      for (std::size_t t = 0; t < sides.teams.size(); ++t)
        if (!abandoner_side[t] && sides.team_numbers[t] == seat.team) side = t;
    }
    if (side == sides.teams.size()) {
      sides.teams.emplace_back();
      // Everyone who left shares the place below the last who stayed.
      sides.ranks.push_back(seat.abandoned ? worst_rank + 1 : seat.rank);
      sides.team_numbers.push_back(seat.team);
      abandoner_side.push_back(seat.abandoned);
    } else if (sides.ranks[side] != seat.rank) {
      throw std::invalid_argument("rating: the seats of one team have different places");
    }
    sides.place_of_seat[s] = {side, sides.teams[side].size()};
    sides.teams[side].push_back(seat.rating);
  }
  return sides;
}

}  // namespace

std::vector<Rating> rate_seats(const std::vector<SeatResult>& seats, const Parameters& parameters) {
  const Sides sides = group(seats);
  const std::vector<Team> rated = rate(sides.teams, sides.ranks, parameters);
  std::vector<Rating> result;
  result.reserve(seats.size());
  for (std::size_t s = 0; s < seats.size(); ++s) {
    const auto [side, index] = sides.place_of_seat[s];
    result.push_back(seats[s].fixed ? seats[s].rating : rated[side][index]);
  }
  return result;
}

}  // namespace brethren::rating
