// Checks a finished game as its players saw it: every seat's last view is
// final, at the same version, with the same outcome, and the outcome itself
// is coherent (each seat once, winners exactly the rank-1 seats).
#pragma once

#include <string>
#include <vector>

#include "brethren/v1/game.pb.h"

namespace brethren::bench {

// Empty if consistent, else what is wrong.
std::string check_finished_game(const std::vector<const v1::MatchView*>& final_views, int seat_count);

}  // namespace brethren::bench
