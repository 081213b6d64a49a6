// Tortuga 1667: small helpers shared by the rules files.
#pragma once

#include <algorithm>
#include <vector>

#include "brethren/v1/game.pb.h"

namespace brethren::rules::tortuga_1667::util {

inline v1::GameEvent wrap(v1::tortuga_1667::Event event) {
  v1::GameEvent out;
  *out.mutable_tortuga_1667() = std::move(event);
  return out;
}
// Hands are kept sorted: a multiset of vote kinds without identities.
inline void insert_sorted(std::vector<int>& v, int x) { v.insert(std::upper_bound(v.begin(), v.end(), x), x); }
inline void erase_one(std::vector<int>& v, int x) { v.erase(std::find(v.begin(), v.end(), x)); }

}  // namespace brethren::rules::tortuga_1667::util
