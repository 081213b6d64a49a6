#include "bench/load/result_check.h"

namespace brethren::bench {

std::string check_finished_game(const std::vector<const v1::MatchView*>& views, int seat_count) {
  if (views.empty()) return "no views";
  const v1::MatchView& first = *views.front();
  const std::string outcome = first.outcome().SerializeAsString();
  for (const auto* v : views) {
    if (!v->finished()) return "seat " + std::to_string(v->viewer_seat()) + " has no final view";
    if (v->version() != first.version()) return "final versions differ between seats";
    if (v->outcome().SerializeAsString() != outcome) return "seats saw different outcomes";
  }
  const auto& seats = first.outcome().seats();
  if (seats.size() != seat_count) return "the outcome lists " + std::to_string(seats.size()) + " seats";
  std::vector<bool> seen(static_cast<std::size_t>(seat_count), false);
  int winners = 0;
  for (const auto& r : seats) {
    if (r.seat() < 0 || r.seat() >= seat_count || seen[static_cast<std::size_t>(r.seat())])
      return "seat listed twice or out of range";
    seen[static_cast<std::size_t>(r.seat())] = true;
    if (r.rank() < 1 || r.rank() > seat_count) return "rank out of range";
    if (r.winner() != (r.rank() == 1)) return "winners are not exactly the rank-1 seats";
    winners += r.winner() ? 1 : 0;
  }
  if (winners == 0) return "nobody won";
  // Scores are the first ranking key: a higher score never ranks worse.
  for (const auto& a : seats) {
    for (const auto& b : seats) {
      if (a.score() > b.score() && a.rank() >= b.rank()) return "a higher score ranks no better";
    }
  }
  return {};
}

}  // namespace brethren::bench
