#include "rules/port_royal_panning/port_royal_panning_bot.h"

#include <algorithm>
#include <array>
#include <vector>

#include "brethren/v1/game.pb.h"
#include "rules/port_royal_panning/port_royal_panning_action.h"
#include "rules/port_royal_panning/port_royal_panning_cards.h"

namespace brethren::rules::port_royal_panning {
namespace {

namespace pb = v1::port_royal_panning;

// Expected value of a face-down prisoner card we cannot see (values 1..6).
constexpr double kUnknownPrisoner = 3.5;
// What a Remove-1-card kept beside the board is worth: the option to throw
// away one later card that would otherwise hurt.
constexpr double kKeptRemoveWorth = 2.0;

// --- Ship arithmetic (PRQ-44, PRQ-45) ---------------------------------------

struct ShipModel {
  std::vector<pb::LootCard> loot;
  std::vector<double> prisoners;  // known values, kUnknownPrisoner if hidden
  int base_capacity = 18;         // capacity without Max cards
};

int weight_of(const pb::LootCard& c) {
  switch (c.special()) {
    case pb::SPECIAL_NONE: return c.value();
    case pb::SPECIAL_PLUS8: return 8;
    case pb::SPECIAL_PLUS6: return 6;
    case pb::SPECIAL_MINUS5: return -5;
    case pb::SPECIAL_MINUS10: return -10;
    default: return 0;
  }
}

int capacity_delta(const pb::LootCard& c) {
  if (c.special() == pb::SPECIAL_MAX_PLUS5) return 5;
  if (c.special() == pb::SPECIAL_MAX_MINUS5) return -5;
  return 0;
}

// The ship's final value if the game ended now: 0 when it sinks.
double ship_value(const ShipModel& s) {
  int weight = 0, capacity = s.base_capacity;
  bool x2 = false;
  for (const auto& c : s.loot) {
    weight += weight_of(c);
    capacity += capacity_delta(c);
    x2 = x2 || c.special() == pb::SPECIAL_X2;
  }
  if (weight > capacity) return 0;
  double v = std::max(0, x2 ? 2 * weight : weight);
  for (double p : s.prisoners) v += p;
  return v;
}

// Tons still free on a ship (negative when it would sink).
int headroom(const ShipModel& s) {
  int weight = 0, capacity = s.base_capacity;
  for (const auto& c : s.loot) {
    weight += weight_of(c);
    capacity += capacity_delta(c);
  }
  return capacity - weight;
}

int ship_index(pb::Good g) { return static_cast<int>(g) - 1; }

struct Ctx {
  const pb::View& v;
  int me;
  int seats;
  const pb::PlayerView* my = nullptr;
  std::array<ShipModel, 4> ships;

  Ctx(const pb::View& view, int seat, int seat_count) : v(view), me(seat), seats(seat_count) {
    for (const auto& p : v.players())
      if (p.seat() == me) my = &p;
    const int base = seats == 3 ? 24 : 18;
    for (auto& s : ships) s.base_capacity = base;
    if (!my) return;
    for (const auto& ship : my->ships()) {
      const int i = ship_index(ship.good());
      if (i < 0 || i >= 4) continue;
      auto& s = ships[i];
      s.loot.assign(ship.loot().begin(), ship.loot().end());
      for (int p : ship.prisoners()) s.prisoners.push_back(p > 0 ? p : kUnknownPrisoner);
    }
  }

  int max_crew() const { return seats == 3 ? 6 : 8; }
  bool privileged() const { return v.privileged_seat() == me; }
  int paydown_room() const { return my && my->bid_cube() >= 0 ? my->bid_cube() - my->debt() : 0; }

  // Value change from putting card c on ship i.
  double place_delta(int i, const pb::LootCard& c) const {
    ShipModel s = ships[i];
    s.loot.push_back(c);
    return ship_value(s) - ship_value(ships[i]);
  }

  // Best value change from putting the next prisoner (worth p) somewhere.
  double best_prisoner_delta(double p) const {
    double best = 0;
    for (const auto& s : ships) {
      ShipModel t = s;
      t.prisoners.push_back(p);
      best = std::max(best, ship_value(t) - ship_value(s));
    }
    return best;
  }

  // What winning loot card c (with `prisoners` hidden prisoner cards) is
  // worth to us, choosing the best way to resolve it (PRQ-25..36).
  double loot_worth(const pb::LootCard& c, int prisoners) const {
    double best = -1e9;
    if (c.special() == pb::SPECIAL_NONE) {
      best = place_delta(ship_index(c.good()), c);
    } else if (c.special() == pb::SPECIAL_REMOVE1) {
      best = kKeptRemoveWorth;
      for (int i = 0; i < 4; ++i)
        for (std::size_t k = 0; k < ships[i].loot.size(); ++k) {
          ShipModel s = ships[i];
          s.loot.erase(s.loot.begin() + static_cast<long>(k));
          best = std::max(best, ship_value(s) - ship_value(ships[i]));
        }
    } else if (c.special() == pb::SPECIAL_MOVE1) {
      best = 0;
    } else {
      for (int i = 0; i < 4; ++i) best = std::max(best, place_delta(i, c));
    }
    if (privileged() &&
        (c.special() == pb::SPECIAL_NONE || c.special() == pb::SPECIAL_PLUS8 || c.special() == pb::SPECIAL_PLUS6))
      best = std::max(best, static_cast<double>(std::min(weight_of(c), paydown_room())));
    if (my && my->remove_card_kept()) best = std::max(best, 0.0);
    return best + prisoners * best_prisoner_delta(kUnknownPrisoner);
  }
};

// --- Tricks (PRQ-21, PRQ-22) -------------------------------------------------

// Index of the card currently winning `cards` (in playing order).
int trick_winner(const std::vector<pb::CrewCard>& cards, pb::Colour trump) {
  const bool ghost =
      std::any_of(cards.begin(), cards.end(), [](const auto& c) { return c.colour() == pb::COLOUR_GHOST; });
  int best = 0;
  if (ghost) {  // highest number, the last of equal ones
    for (int i = 1; i < static_cast<int>(cards.size()); ++i)
      if (cards[i].value() >= cards[best].value()) best = i;
    return best;
  }
  const pb::Colour led = cards[0].colour();
  auto rank = [&](const pb::CrewCard& c) {
    if (c.colour() == trump) return 100 + c.value();
    if (c.colour() == led) return c.value();
    return -1;
  };
  for (int i = 1; i < static_cast<int>(cards.size()); ++i)
    if (rank(cards[i]) > rank(cards[best])) best = i;
  return best;
}

// How strong a card is to keep: trumps above everything, then by number;
// ghosts count by number (they win ghost tricks on their number).
double power(const pb::CrewCard& c, pb::Colour trump) {
  if (c.colour() == pb::COLOUR_GHOST) return c.value() + 2.5;
  return c.value() + (c.colour() == trump ? 10 : 0);
}

std::vector<int> crew_ids(const std::vector<pb::CrewCard>& hand) {
  std::vector<int> ids;
  ids.reserve(hand.size());
  for (const auto& c : hand) {
    if (auto id = crew_from(c); id.ok()) ids.push_back(id.value());
  }
  return ids;
}

pb::Colour best_colour(const std::vector<pb::CrewCard>& hand) {
  return static_cast<pb::Colour>(strongest_colour(crew_ids(hand)) + 1);
}

// --- Choosing ------------------------------------------------------------------

double rate(const Ctx& ctx, const pb::Action& a, const std::vector<pb::CrewCard>& hand) {
  const auto& v = ctx.v;
  switch (a.kind_case()) {
    case pb::Action::kBid: {
      const int debt = ctx.my ? ctx.my->debt() : 0;
      const int amount = a.bid().amount();
      if (amount > highest_acceptable_bid(crew_ids(hand), ctx.seats, debt)) return -100;
      return 10 - amount;  // the cheapest acceptable bid
    }
    case pb::Action::kPass: return 0;
    case pb::Action::kSetAside: {
      // Put away the weakest cards outside the colour we will name trump.
      const pb::Colour col = best_colour(hand);
      const auto& c = a.set_aside().card();
      return -power(c, col);
    }
    case pb::Action::kNameTrump: return a.name_trump().colour() == best_colour(hand) ? 1 : 0;
    case pb::Action::kNameLeader:
      // We hold the trumps: lead ourselves and pick the loot.
      return a.name_leader().seat() == ctx.me ? 1 : 0;
    case pb::Action::kChooseLoot: {
      double worth = 0;
      for (const auto& l : v.loot())
        if (l.card().id() == a.choose_loot().loot_id()) worth = ctx.loot_worth(l.card(), l.prisoners());
      double top = 0;
      for (const auto& c : hand) top = std::max(top, power(c, v.trump()));
      // With a high trump we can take the best loot; otherwise offer the loot
      // we care least about and save our cards.
      const bool strong = top >= 10 + ctx.max_crew() - 2;
      return strong ? worth : -worth;
    }
    case pb::Action::kPlaceLoot: return ctx.place_delta(ship_index(a.place_loot().ship()), v.pending_loot());
    case pb::Action::kPayDown:
      // Debt counts fully against the score and cannot sink: prefer it on ties.
      return std::min(weight_of(v.pending_loot()), ctx.paydown_room()) + 0.5;
    case pb::Action::kDiscardWithRemove: return -kKeptRemoveWorth;
    case pb::Action::kKeepRemove: return kKeptRemoveWorth;
    case pb::Action::kRemoveLoot: {
      for (int i = 0; i < 4; ++i)
        for (std::size_t k = 0; k < ctx.ships[i].loot.size(); ++k)
          if (ctx.ships[i].loot[k].id() == a.remove_loot().loot_id()) {
            ShipModel s = ctx.ships[i];
            s.loot.erase(s.loot.begin() + static_cast<long>(k));
            return ship_value(s) - ship_value(ctx.ships[i]);
          }
      return -50;
    }
    case pb::Action::kRemovePrisoner: {
      const int i = ship_index(a.remove_prisoner().ship());
      ShipModel s = ctx.ships[i];
      const auto idx = static_cast<std::size_t>(a.remove_prisoner().index());
      if (idx < s.prisoners.size()) s.prisoners.erase(s.prisoners.begin() + static_cast<long>(idx));
      return ship_value(s) - ship_value(ctx.ships[i]);
    }
    case pb::Action::kMoveSpecial: {
      const int to = ship_index(a.move_special().to());
      for (int i = 0; i < 4; ++i)
        for (std::size_t k = 0; k < ctx.ships[i].loot.size(); ++k)
          if (ctx.ships[i].loot[k].id() == a.move_special().loot_id()) {
            if (i == to) return 0;
            ShipModel from = ctx.ships[i], dest = ctx.ships[to];
            dest.loot.push_back(from.loot[k]);
            from.loot.erase(from.loot.begin() + static_cast<long>(k));
            return ship_value(from) + ship_value(dest) - ship_value(ctx.ships[i]) - ship_value(ctx.ships[to]);
          }
      return -50;
    }
    case pb::Action::kMovePrisoner: {
      const int i = ship_index(a.move_prisoner().from()), to = ship_index(a.move_prisoner().to());
      const auto idx = static_cast<std::size_t>(a.move_prisoner().index());
      if (i == to || idx >= ctx.ships[i].prisoners.size()) return 0;
      ShipModel from = ctx.ships[i], dest = ctx.ships[to];
      dest.prisoners.push_back(from.prisoners[idx]);
      from.prisoners.erase(from.prisoners.begin() + static_cast<long>(idx));
      return ship_value(from) + ship_value(dest) - ship_value(ctx.ships[i]) - ship_value(ctx.ships[to]);
    }
    case pb::Action::kPlacePrisoner: {
      // On a ship that will not sink; among those, the one with most room left.
      const int i = ship_index(a.place_prisoner().ship());
      const double p = v.pending_prisoner_values_size() > 0 ? v.pending_prisoner_values(0) : kUnknownPrisoner;
      ShipModel s = ctx.ships[i];
      s.prisoners.push_back(p);
      return ship_value(s) - ship_value(ctx.ships[i]) + 0.01 * headroom(ctx.ships[i]);
    }
    default: return 0;
  }
}

// PHASE_PLAY: win the trick when the loot under the pirate is worth it,
// cheaply; otherwise throw the weakest card that does not win.
int choose_card(const Ctx& ctx, const std::vector<pb::CrewCard>& cards) {
  const auto& v = ctx.v;
  double worth = 0;
  for (const auto& l : v.loot())
    if (l.card().id() == v.pirate_loot_id()) worth = ctx.loot_worth(l.card(), l.prisoners());
  std::vector<pb::CrewCard> trick;
  for (const auto& p : v.trick()) trick.push_back(p.card());
  const bool last = static_cast<int>(trick.size()) == ctx.seats - 1;
  const bool want = worth >= 5;

  std::vector<int> winners, losers;
  for (int k = 0; k < static_cast<int>(cards.size()); ++k) {
    auto t = trick;
    t.push_back(cards[k]);
    (trick_winner(t, v.trump()) == static_cast<int>(t.size()) - 1 ? winners : losers).push_back(k);
  }
  auto by_power = [&](int a, int b) { return power(cards[a], v.trump()) < power(cards[b], v.trump()); };
  if (trick.empty()) {
    // Leading: every card "wins" so far. Lead strength when we want the loot.
    std::vector<int> all(cards.size());
    for (int k = 0; k < static_cast<int>(cards.size()); ++k) all[k] = k;
    return want ? *std::max_element(all.begin(), all.end(), by_power)
                : *std::min_element(all.begin(), all.end(), by_power);
  }
  if (want && !winners.empty()) {
    // Last to play: the cheapest winner is enough. Otherwise a valuable loot
    // deserves our strongest winner, a modest one the cheapest.
    if (last || worth < 8) return *std::min_element(winners.begin(), winners.end(), by_power);
    return *std::max_element(winners.begin(), winners.end(), by_power);
  }
  if (!losers.empty()) return *std::min_element(losers.begin(), losers.end(), by_power);
  return *std::min_element(winners.begin(), winners.end(), by_power);
}

}  // namespace

std::optional<v1::GameAction> HeuristicBot::choose(const v1::MatchView& view) {
  if (view.legal_actions_size() == 0) return std::nullopt;
  const auto& v = view.game().port_royal_panning();
  const Ctx ctx(v, view.viewer_seat(), view.seat_count());
  const std::vector<pb::CrewCard> hand(v.hand().begin(), v.hand().end());

  // Playing a card is decided on the trick as a whole.
  std::vector<int> play_idx;
  std::vector<pb::CrewCard> play_cards;
  for (int i = 0; i < view.legal_actions_size(); ++i) {
    const auto& a = view.legal_actions(i).port_royal_panning();
    if (a.kind_case() == pb::Action::kPlayCard) {
      play_idx.push_back(i);
      play_cards.push_back(a.play_card().card());
    }
  }
  if (!play_idx.empty() && static_cast<int>(play_idx.size()) == view.legal_actions_size())
    return view.legal_actions(play_idx[choose_card(ctx, play_cards)]);

  // Everything else: rate each legal action, take the best, ties at random.
  double best = -1e18;
  std::vector<int> best_idx;
  for (int i = 0; i < view.legal_actions_size(); ++i) {
    const double r = rate(ctx, view.legal_actions(i).port_royal_panning(), hand);
    if (r > best + 1e-9) {
      best = r;
      best_idx = {i};
    } else if (r > best - 1e-9) {
      best_idx.push_back(i);
    }
  }
  return view.legal_actions(best_idx[rng_.below(static_cast<std::uint32_t>(best_idx.size()))]);
}

// The colour the hand is strongest in: count weighs more than numbers, since
// long colours keep winning tricks and stop others from trumping them.
int strongest_colour(const std::vector<int>& hand) {
  int best = 0;
  int best_score = -1;
  for (int col = 0; col < kColours; ++col) {
    int score = 0;
    for (int c : hand) {
      if (colour_of(c) == col) score += 3 + crew_value(c);
    }
    if (score > best_score) {
      best_score = score;
      best = col;
    }
  }
  return best;
}

// Privileges (trump, two extra cards, the lead) are worth a few tons with a
// strong hand: its strongest colour and its high cards outside it. Never bid
// more than that, nor into deep debt.
int highest_acceptable_bid(const std::vector<int>& hand, int seats, int debt) {
  const int col = strongest_colour(hand);
  const int high = setup_for(seats).max_crew_value - 1;
  int strength = 0;
  for (int c : hand) {
    if (colour_of(c) == col || crew_value(c) >= (is_ghost(c) ? 5 : high)) ++strength;
  }
  return std::min({4, strength - 2, 8 - debt});
}

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed) { return std::make_unique<HeuristicBot>(seed); }

}  // namespace brethren::rules::port_royal_panning
