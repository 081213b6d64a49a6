// Tortuga 1667: what the others' public acts tell of their loyalty (the
// search bots' inference, rules/core/belief.h).
//
// A chest put into a hold (T67-6 at set-up, T67-21 after an attack) and a
// chest shifted by a Cabin Boy (T67-24) are public, and a player moves
// treasure toward his own team's side: the heuristic bot always does, and
// so do most people. So each such act of a seat makes the samples in which
// that seat belongs to the favoured team likelier, by (1 - kSlip) against
// kSlip; the Dutch (odd counts, T67-45) helps whichever team trails, so his
// acts count as chance. After Cabin Fever (T67-37) the two seats' cards may
// have swapped: what they did before says nothing of them any more.
#include <array>
#include <cmath>
#include <vector>

#include "brethren/v1/tortuga_1667.pb.h"
#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_bot.h"
#include "rules/tortuga_1667/tortuga_1667_cards.h"

namespace brethren::rules::tortuga_1667 {
namespace {

namespace pb = brethren::v1::tortuga_1667;

// How often a player moves treasure against his own team (a bluff, or a
// slip). Not fitted: a guess that keeps one act from deciding a sample.
constexpr double kSlip = 0.1;

class LoyaltyBelief final : public Belief {
 public:
  // likelihood[seat][loyalty]: the seats' acts if the seat holds that card.
  explicit LoyaltyBelief(std::vector<std::array<double, 3>> likelihood) : likelihood_(std::move(likelihood)) {}

  double weight(const State& sample) const override {
    const auto& tortuga = static_cast<const TortugaState&>(sample);
    double w = 1;
    for (std::size_t s = 0; s < likelihood_.size(); ++s) {
      w *= likelihood_[s][static_cast<std::size_t>(tortuga.loyalty(static_cast<Seat>(s)))];
    }
    return w;
  }

 private:
  std::vector<std::array<double, 3>> likelihood_;
};

}  // namespace

std::unique_ptr<Belief> make_belief(const State& state, Seat seat) {
  const int n = state.num_seats();
  // favoured[s][team]: the acts of seat s that moved treasure toward `team`.
  std::vector<std::array<int, 2>> favoured(static_cast<std::size_t>(n), {0, 0});
  Seat turn = -1;
  int acts = 0;
  const Viewer me = Viewer::player(seat);
  for (const auto& logged : state.events()) {
    if (!logged.audience.includes(me) || !logged.event->has_tortuga_1667()) continue;
    const pb::Event& e = logged.event->tortuga_1667();
    if (e.has_turn_started()) {
      turn = e.turn_started().seat();
    } else if (e.has_treasure_placed()) {
      const auto& placed = e.treasure_placed();
      if (placed.seat() >= 0 && placed.seat() < n && placed.hold() <= pb::TEAM_FRENCH) {
        ++favoured[static_cast<std::size_t>(placed.seat())][static_cast<std::size_t>(placed.hold())];
        ++acts;
      }
    } else if (e.has_treasure_shifted()) {
      // A Cabin Boy's turn action (T67-24): the seat whose turn it is.
      const int to = e.treasure_shifted().from() == pb::TEAM_BRITISH ? kFrench : kBritish;
      if (turn >= 0 && turn < n) {
        ++favoured[static_cast<std::size_t>(turn)][static_cast<std::size_t>(to)];
        ++acts;
      }
    } else if (e.has_cabin_fever()) {
      for (int s : {e.cabin_fever().reader(), e.cabin_fever().other()}) {
        if (s >= 0 && s < n) favoured[static_cast<std::size_t>(s)] = {0, 0};
      }
    }
  }
  if (acts == 0) return nullptr;
  std::vector<std::array<double, 3>> likelihood(static_cast<std::size_t>(n));
  for (int s = 0; s < n; ++s) {
    const auto& f = favoured[static_cast<std::size_t>(s)];
    const auto& [british, french] = f;
    auto& l = likelihood[static_cast<std::size_t>(s)];
    if (s == seat) {
      l = {1, 1, 1};  // its own card is the same in every sample
      continue;
    }
    l[kBritish] = std::pow(1 - kSlip, british) * std::pow(kSlip, french);
    l[kFrench] = std::pow(1 - kSlip, french) * std::pow(kSlip, british);
    l[kDutch] = std::pow(0.5, british + french);
  }
  return std::make_unique<LoyaltyBelief>(std::move(likelihood));
}

}  // namespace brethren::rules::tortuga_1667
