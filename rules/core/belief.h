// Inference for the search bots: how likely a seat's model of the players
// makes each sample of what it cannot see.
//
// State::resample_hidden(seat) draws uniformly among the hidden states
// consistent with what the seat has seen. But the others' public actions
// also tell something: in Tortuga a captain who puts his chest into the
// French hold is more likely French. A Belief, made once per decision from
// the seat's own information (its events: State::events_for(seat)), weighs
// a sample by its hidden part, so that the search can prefer the likely
// ones (rules/bots/ismcts.h, IsmctsConfig::make_belief).
//
// It must read nothing of the true state that the seat may not see: the
// search bots' no-cheating test (tests/bots/ismcts_test.cc) gives it pairs
// of true states that differ only in hidden information.
#pragma once

#include <memory>

#include "rules/core/rng.h"
#include "rules/core/state.h"
#include "rules/core/types.h"

namespace brethren::rules {

class Belief {
 public:
  virtual ~Belief() = default;
  // The relative likelihood (>= 0, any scale) of a sample's hidden part.
  virtual double weight(const State& sample) const = 0;

  // A belief whose hidden part falls into small independent pieces (Letter
  // of Marque: each owner's bases) can draw from its posterior exactly:
  // redraw() replaces the hidden part of a sample that resample_hidden()
  // just drew, reading only what the seat may see and `rng`. The others
  // keep the likeliest of several candidates (resample_by_belief).
  virtual bool can_redraw() const { return false; }
  virtual void redraw(State& sample, Rng& rng) const {
    (void)sample;
    (void)rng;
  }
};

// Made from the true state for `seat`, reading only what `seat` may see;
// nullptr when there is nothing to infer.
using MakeBelief = std::unique_ptr<Belief> (*)(const State& state, Seat seat);

}  // namespace brethren::rules
