// The interface of every bot, server-side or in tools.
//
// Bots see exactly what a remote client sees (a MatchView for their seat), so
// they cannot cheat by construction.
#pragma once

#include <optional>

#include "brethren/v1/game.pb.h"

namespace brethren::rules {

class Bot {
 public:
  virtual ~Bot() = default;
  // The action to take given the seat's current view; nullopt when the view
  // lists no legal action (the seat need not act).
  virtual std::optional<v1::GameAction> choose(const v1::MatchView& view) = 0;
};

}  // namespace brethren::rules
