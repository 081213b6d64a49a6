// Letter of Marque: what the owners' public acts tell of their ships'
// hidden bases (the search bots' inference, rules/core/belief.h).
//
// Every player has two armed ships among five (LOM-1), and a ship's base
// stays hidden until an attack shows it (LOM-H-1), even once it has gone
// home (LOM-H-3). But an owner knows his ships: an unarmed one at sea can be
// taken by any opponent's cannon (LOM-10), so he brings it home soon
// (LOM-9), while an armed one is safe there. So, on each of an owner's turns
// while opponents still hold cannons, every ship of his he leaves at sea is
// likelier armed, and the one he brings home likelier unarmed, by
// (1 - kBluff) against kBluff. The preliminary ship is chosen with its card
// in sight (LOM-5): a high card (5 or more) is likelier guarded by an armed
// ship. A ship an attack revealed counts no more: its base is the same in
// every sample.
#include <array>
#include <bit>
#include <utility>
#include <vector>

#include "brethren/v1/letter_of_marque.pb.h"
#include "rules/letter_of_marque/letter_of_marque.h"
#include "rules/letter_of_marque/letter_of_marque_bot.h"

namespace brethren::rules::letter_of_marque {
namespace {

namespace pb = brethren::v1::letter_of_marque;

// How often an owner leaves an unarmed ship at sea under threat (a bluff,
// or a better use of the turn), or brings an armed one home. Not fitted: a
// guess that keeps one act from deciding a sample.
constexpr double kBluff = 0.2;
// How often the preliminary ship's base follows its card (armed on 5+).
constexpr double kGuardsItsCard = 0.7;

// One ship of another owner whose base is still hidden, and how likely its
// record is if it is armed and if it is not.
struct Record {
  Seat owner = -1;
  int ship_id = 0;
  bool at_sea = true;
  bool revealed = false;
  double if_armed = 1;
  double if_unarmed = 1;
};

// The likelihoods of one ship of an owner, by its index among his five
// (1 and 1 for a ship with no record).
struct Likelihood {
  double if_armed = 1;
  double if_unarmed = 1;
};

class BaseBelief final : public Belief {
 public:
  BaseBelief(std::vector<Record> records, int seats) : records_(std::move(records)), seats_(seats) {}

  double weight(const State& sample) const override {
    const auto& lom = static_cast<const LetterOfMarqueState&>(sample);
    double w = 1;
    for (Seat owner = 0; owner < seats_; ++owner) {
      const auto likelihood = likelihoods(lom, owner);
      const Ship* ships = lom.ships_of(owner);
      for (int k = 0; k < kShipsPerPlayer; ++k) {
        w *= ships[k].armed ? likelihood[k].if_armed : likelihood[k].if_unarmed;
      }
    }
    return w;
  }

  // Owners' bases are independent given what is public (each has two armed
  // ships), and an owner's hidden ones take at most C(5, 2) = 10 ways: each
  // owner's are drawn from their exact posterior.
  bool can_redraw() const override { return true; }

  void redraw(State& sample, Rng& rng) const override {
    auto& lom = static_cast<LetterOfMarqueState&>(sample);
    for (Seat owner = 0; owner < seats_; ++owner) {
      const auto likelihood = likelihoods(lom, owner);
      const Ship* ships = lom.ships_of(owner);
      // The ships whose base is hidden, and how many of them are armed (the
      // same in every sample: two less those revealed armed).
      std::vector<int> hidden;
      int armed = 0;
      bool informed = false;
      for (int k = 0; k < kShipsPerPlayer; ++k) {
        if (ships[k].revealed) continue;
        hidden.push_back(k);
        armed += ships[k].armed ? 1 : 0;
        informed = informed || likelihood[k].if_armed != likelihood[k].if_unarmed;
      }
      if (!informed) continue;
      const int n = static_cast<int>(hidden.size());
      std::vector<std::pair<unsigned, double>> ways;
      double total = 0;
      for (unsigned mask = 0; mask < (1u << n); ++mask) {
        if (std::popcount(mask) != armed) continue;
        double w = 1;
        for (int j = 0; j < n; ++j) {
          const auto& l = likelihood[static_cast<std::size_t>(hidden[static_cast<std::size_t>(j)])];
          w *= (mask >> j) & 1u ? l.if_armed : l.if_unarmed;
        }
        ways.emplace_back(mask, w);
        total += w;
      }
      if (!(total > 0)) continue;
      double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * total;
      unsigned chosen = ways.back().first;
      for (const auto& [mask, w] : ways) {
        if (u < w) {
          chosen = mask;
          break;
        }
        u -= w;
      }
      for (int j = 0; j < n; ++j) {
        lom.set_armed_in_sample(owner, hidden[static_cast<std::size_t>(j)], (chosen >> j) & 1u);
      }
    }
  }

 private:
  std::array<Likelihood, kShipsPerPlayer> likelihoods(const LetterOfMarqueState& lom, Seat owner) const {
    std::array<Likelihood, kShipsPerPlayer> out{};
    const Ship* ships = lom.ships_of(owner);
    for (const auto& r : records_) {
      if (r.owner != owner) continue;
      for (int k = 0; k < kShipsPerPlayer; ++k) {
        if (ships[k].id == r.ship_id) out[static_cast<std::size_t>(k)] = {r.if_armed, r.if_unarmed};
      }
    }
    return out;
  }

  std::vector<Record> records_;
  int seats_;
};

}  // namespace

std::unique_ptr<Belief> make_belief(const State& state, Seat seat) {
  const int n = state.num_seats();
  std::vector<int> cannons(static_cast<std::size_t>(n), kCannonsPerPlayer);
  std::vector<Record> records;
  const auto threatened = [&](Seat owner) {
    for (Seat s = 0; s < n; ++s) {
      if (s != owner && cannons[static_cast<std::size_t>(s)] > 0) return true;
    }
    return false;
  };
  // An owner's turn: the ships he leaves at sea (all but `acted_on`).
  const auto kept_at_sea = [&](Seat owner, int acted_on) {
    if (!threatened(owner)) return;
    for (auto& r : records) {
      if (r.owner == owner && r.at_sea && !r.revealed && r.ship_id != acted_on) {
        r.if_armed *= 1 - kBluff;
        r.if_unarmed *= kBluff;
      }
    }
  };
  const auto record_of = [&](int ship_id) -> Record* {
    for (auto& r : records) {
      if (r.ship_id == ship_id) return &r;
    }
    return nullptr;
  };
  const Viewer me = Viewer::player(seat);
  for (const auto& logged : state.events()) {
    if (!logged.audience.includes(me) || !logged.event->has_letter_of_marque()) continue;
    const pb::Event& e = logged.event->letter_of_marque();
    if (e.has_ships_set_sail()) {
      for (const auto& ship : e.ships_set_sail().ships()) {
        if (ship.owner() == seat || ship.owner() < 0 || ship.owner() >= n || ship.revealed()) continue;
        const bool high = ship.treasure() >= 5;
        records.push_back({ship.owner(), ship.ship_id(), true, false, high ? kGuardsItsCard : 1 - kGuardsItsCard,
                           high ? 1 - kGuardsItsCard : kGuardsItsCard});
      }
    } else if (e.has_departed()) {
      const auto& d = e.departed();
      kept_at_sea(d.seat(), d.ship_id());
      if (d.seat() != seat && d.seat() >= 0 && d.seat() < n) records.push_back({d.seat(), d.ship_id()});
    } else if (e.has_returned()) {
      const auto& r = e.returned();
      kept_at_sea(r.seat(), r.ship_id());
      if (Record* home = record_of(r.ship_id())) {
        if (threatened(r.seat()) && !home->revealed) {
          home->if_armed *= kBluff;
          home->if_unarmed *= 1 - kBluff;
        }
        home->at_sea = false;
      }
    } else if (e.has_attacked()) {
      const auto& a = e.attacked();
      kept_at_sea(a.attacker(), 0);
      if (a.attacker() >= 0 && a.attacker() < n) --cannons[static_cast<std::size_t>(a.attacker())];
      if (Record* shown = record_of(a.ship_id())) shown->revealed = true;
    }
  }
  std::erase_if(records, [](const Record& r) { return r.revealed || r.if_armed == r.if_unarmed; });
  if (records.empty()) return nullptr;
  return std::make_unique<BaseBelief>(std::move(records), n);
}

}  // namespace brethren::rules::letter_of_marque
