// Port Royal (Panning): what the others' bids and trump tell of their hands
// (the search bots' inference, rules/core/belief.h).
//
// The auction (PRQ-9) and the trump (PRQ-13.2) are public, and a player bids
// on a strong hand and names the colour he holds most of: the heuristic bot
// does exactly that (highest_acceptable_bid, strongest_colour), and people
// roughly so. So each bid or pass of a seat this round makes the samples in
// which his hand, as it was dealt, would have led the bot to the same act
// likelier, by (1 - kSlip) against kSlip; so does the trump for the
// privileged player's hand after the exchange. A sample's hands are rebuilt
// from its own cards: what a seat holds and has played this round; the
// privileged player's dealt hand also gets back the two cards he set aside
// and loses the two face-up ones he took (PRQ-13.1). Earlier rounds tell
// nothing: every round deals the whole crew deck again (PRQ-8).
//
// The search does not use it (no BELIEF on the game's line): in the arena
// it cost 46 % of `medium`'s iterations and won no more (docs/performance.md,
// "Inference").
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "brethren/v1/port_royal_panning.pb.h"
#include "rules/port_royal_panning/port_royal_panning.h"
#include "rules/port_royal_panning/port_royal_panning_bot.h"

namespace brethren::rules::port_royal_panning {
namespace {

namespace pb = brethren::v1::port_royal_panning;

// How often a player bids or names trump unlike the heuristic bot with the
// same hand. Not fitted: a guess that keeps one act from deciding a sample
// (the same as Tortuga's, tortuga_1667_belief.cc).
constexpr double kSlip = 0.1;

// Metropolis swaps a sample takes toward the belief (walk_hidden_hands):
// enough that the search's samples follow the posterior
// (tests/bots/belief_test.cc), where 16 weighed candidates did not.
constexpr int kWalkSteps = 300;

// One bid or pass of the auction, as the bot would judge it.
struct AuctionAct {
  Seat seat = 0;
  int high_before = 0;  // the highest bid when he acted (0: none yet)
  int amount = 0;       // his bid; 0 when he passed
  int debt = 0;         // his debt, unchanged during the round (PRQ-12)
};

// The cards `seat` held before any trick of the round: his hand and what he
// has played.
std::vector<int> held_before_tricks(const PortRoyalPanningState& s, Seat seat) {
  std::vector<int> hand = s.player(seat).hand;
  for (const auto& trick : s.tricks()) {
    for (const Play& play : trick) {
      if (play.seat == seat) hand.push_back(play.card);
    }
  }
  return hand;
}

// The eight cards `seat` was dealt (PRQ-8), before the exchange (PRQ-13.1).
std::vector<int> dealt(const PortRoyalPanningState& s, Seat seat) {
  std::vector<int> hand = held_before_tricks(s, seat);
  if (seat != s.privileged()) return hand;
  hand.insert(hand.end(), s.set_aside().begin(), s.set_aside().end());
  for (int card : s.taken_face_up()) {
    const auto it = std::find(hand.begin(), hand.end(), card);
    if (it != hand.end()) hand.erase(it);
  }
  return hand;
}

double agree(bool as_the_bot) { return as_the_bot ? 1 - kSlip : kSlip; }

class HandBelief final : public Belief {
 public:
  HandBelief(Seat me, std::vector<AuctionAct> acts, Seat trump_namer, int trump)
      : me_(me), acts_(std::move(acts)), trump_namer_(trump_namer), trump_(trump) {}

  // A few acts of a strong hand leave most uniform samples unlikely, so the
  // likeliest of a few candidates would stay near the uniform law: a walk
  // from the sample toward the posterior instead.
  bool can_redraw() const override { return true; }
  void redraw(State& sample, Rng& rng) const override {
    static_cast<PortRoyalPanningState&>(sample).walk_hidden_hands(
        me_, [this](const PortRoyalPanningState& s) { return weight(s); }, kWalkSteps, rng);
  }

  double weight(const State& sample) const override {
    const auto& s = static_cast<const PortRoyalPanningState&>(sample);
    // The highest bid each seat's dealt hand accepts, once per seat.
    std::vector<int> acceptable(static_cast<std::size_t>(s.num_seats()), 0);
    std::vector<bool> known(acceptable.size(), false);
    double w = 1;
    for (const AuctionAct& act : acts_) {
      const auto k = static_cast<std::size_t>(act.seat);
      if (!known[k]) {
        acceptable[k] = highest_acceptable_bid(dealt(s, act.seat), s.num_seats(), act.debt);
        known[k] = true;
      }
      // The bot bids the least it may while that is acceptable, else passes;
      // a higher bid says at least as much of the hand.
      w *= agree(act.amount > 0 ? act.amount <= acceptable[k] : act.high_before + 1 > acceptable[k]);
    }
    if (trump_namer_ >= 0) w *= agree(strongest_colour(held_before_tricks(s, trump_namer_)) == trump_);
    return w;
  }

 private:
  Seat me_;
  std::vector<AuctionAct> acts_;
  Seat trump_namer_;
  int trump_;
};

}  // namespace

std::unique_ptr<Belief> make_belief(const State& state, Seat seat) {
  const auto& panning = static_cast<const PortRoyalPanningState&>(state);
  const int n = state.num_seats();
  std::vector<AuctionAct> acts;
  Seat trump_namer = -1;
  int trump = -1;
  int high = 0;
  const Viewer me = Viewer::player(seat);
  for (const auto& logged : state.events()) {
    if (!logged.audience.includes(me) || !logged.event->has_port_royal_panning()) continue;
    const pb::Event& e = logged.event->port_royal_panning();
    if (e.has_round_started()) {  // a new deal (PRQ-8)
      acts.clear();
      trump_namer = -1;
      high = 0;
    } else if (e.has_bid_made() || e.has_passed()) {
      const Seat actor = e.has_bid_made() ? e.bid_made().seat() : e.passed().seat();
      const int amount = e.has_bid_made() ? e.bid_made().amount() : 0;
      if (actor >= 0 && actor < n && actor != seat) {
        acts.push_back({actor, high, amount, panning.player(actor).debt});
      }
      if (amount > 0) high = amount;
    } else if (e.has_trump_named()) {
      const Seat actor = e.trump_named().seat();
      const int colour = static_cast<int>(e.trump_named().colour()) - 1;
      if (actor >= 0 && actor < n && actor != seat && colour >= 0 && colour < kColours) {
        trump_namer = actor;
        trump = colour;
      }
    }
  }
  if (acts.empty() && trump_namer < 0) return nullptr;
  return std::make_unique<HandBelief>(seat, std::move(acts), trump_namer, trump);
}

}  // namespace brethren::rules::port_royal_panning
