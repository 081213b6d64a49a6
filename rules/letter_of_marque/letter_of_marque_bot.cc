#include "rules/letter_of_marque/letter_of_marque_bot.h"

#include <algorithm>
#include <vector>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace {

namespace pb = v1::letter_of_marque;

// Probability that an unrevealed ship of `owner` at sea is armed, from public
// information only: every player has 2 armed and 3 unarmed ships. Ships known
// armed (revealed) and ships known unarmed (captured) leave the pool; the
// remaining armed ships are spread evenly over the ships still unknown
// (unrevealed at sea, in reserve, or returned without being revealed).
double armed_probability(const pb::View& v, int owner, int known_armed) {
  const int n = v.players_size();
  // Captures by a seat = cannons it has spent - cannons it lost in failed
  // attacks (those sit in the defenders' score piles).
  std::vector<int> failed_by(n, 0);
  for (const auto& p : v.players()) {
    for (int from : p.score_pile().cannons_from()) {
      if (from >= 0 && from < n) ++failed_by[from];
    }
  }
  const auto& p = v.players(owner);
  const int captures_by_owner = kCannonsPerPlayer - p.unused_cannons() - failed_by[owner];
  const int returned = p.score_pile().treasures_size() - captures_by_owner;
  int at_sea = 0;
  for (const auto& s : v.ships_at_sea()) at_sea += s.owner() == owner ? 1 : 0;
  const int captured = std::max(0, kShipsPerPlayer - p.reserve_count() - at_sea - returned);
  const int pool = kShipsPerPlayer - captured - known_armed;
  const int armed_left = kArmedShipsPerPlayer - known_armed;
  if (pool <= 0 || armed_left <= 0) return 0.0;
  return std::min(1.0, static_cast<double>(armed_left) / pool);
}

}  // namespace

std::optional<v1::GameAction> HeuristicBot::choose(const v1::MatchView& view) {
  if (view.legal_actions_size() == 0) return std::nullopt;
  const pb::View& v = view.game().letter_of_marque();
  const int me = view.viewer_seat();
  auto known_armed = [&](int owner) {
    if (owner < 0 || owner >= v.players_size()) return 0;
    const auto& p = v.players(owner);
    // Ships revealed armed (LOM-H-2), even those gone home since; a cannon
    // card in his pile proves at least one.
    const int k = std::max(p.revealed_armed(), p.score_pile().cannons_from_size() > 0 ? 1 : 0);
    return std::min(k, kArmedShipsPerPlayer);
  };

  // Opponents' cannons still unused: the threat to our unarmed ships.
  int enemy_cannons = 0;
  int best_score = -1000;
  for (const auto& p : v.players()) {
    if (p.seat() != me) enemy_cannons += p.unused_cannons();
    if (p.seat() != me) best_score = std::max(best_score, p.score());
  }
  const int my_deck = (me >= 0 && me < v.players_size()) ? v.players(me).deck_count() : 0;
  const int own_cannons = (me >= 0 && me < v.players_size()) ? v.players(me).unused_cannons() : 0;

  auto ship_by_id = [&](int id) -> const pb::ShipAtSea* {
    for (const auto& s : v.ships_at_sea()) {
      if (s.ship_id() == id) return &s;
    }
    return nullptr;
  };

  double best = -1e9;
  std::vector<int> best_idx;
  for (int i = 0; i < view.legal_actions_size(); ++i) {
    const pb::Action& a = view.legal_actions(i).letter_of_marque();
    double score = 0;
    switch (a.kind_case()) {
      case pb::Action::kChooseShip: {
        // The preliminary card is visible: guard a high card (5+) with an
        // armed ship, keep armed ships for later when the card is low.
        const int t = me >= 0 && me < v.players_size() ? v.players(me).preliminary_treasure() : 5;
        score = a.choose_ship().armed() == (t >= 5) ? 1 : 0;
        break;
      }
      case pb::Action::kDepart:
        // Departing is blind (the card is revealed after the choice). Armed
        // ships first: they are safe at sea and soak up enemy cannons, so
        // our unarmed ships later sail against fewer cannons.
        if (a.depart().armed()) {
          score = 8;
        } else {
          // Unarmed: fine when no enemy cannon is left, otherwise a bit less
          // attractive the more cannons the opponents hold.
          score = enemy_cannons == 0 ? 9 : 6 - 0.1 * enemy_cannons;
        }
        break;
      case pb::Action::kReturnShip: {
        const pb::ShipAtSea* s = ship_by_id(a.return_ship().ship_id());
        const int t = s ? s->treasure() : 0;
        if (s && s->base() == pb::BASE_UNARMED) {
          // An unarmed ship at sea can be captured: bank it now, the most
          // valuable first. With no enemy cannon left it is safe, no hurry.
          score = enemy_cannons == 0 ? 2 + 0.1 * t : 10 + t;
        } else {
          // An armed ship is safe and scores +1 per failed attack: leave it
          // at sea while there is anything else useful to do.
          score = 0.5 + 0.01 * t;
        }
        break;
      }
      case pb::Action::kAttack: {
        const pb::ShipAtSea* s = ship_by_id(a.attack().ship_id());
        if (!s) {
          score = -100;
          break;
        }
        const double p_armed = s->revealed() ? (s->base() == pb::BASE_ARMED ? 1.0 : 0.0)
                                             : armed_probability(v, s->owner(), known_armed(s->owner()));
        const int t = s->treasure();
        // Expected gain: the treasure if unarmed; a miss gives the defender
        // +1. Taking from the leader counts a little more.
        const double leader_bonus = v.players(s->owner()).score() >= best_score ? 0.5 : 0.0;
        const double ev = (1.0 - p_armed) * (t + leader_bonus) - p_armed * 1.0;
        // A cannon is worth keeping for a better target while we still have
        // ships to send (and so turns to wait); spend freely at the end.
        const double keep = (my_deck > 0 && own_cannons > 0) ? 1.5 : 0.0;
        score = ev - keep;
        if (p_armed >= 0.999) score = -50;
        break;
      }
      case pb::Action::kPass: score = 0; break;
      default: score = -100;
    }
    if (score > best + 1e-9) {
      best = score;
      best_idx.assign(1, i);
    } else if (score > best - 1e-9) {
      best_idx.push_back(i);
    }
  }
  const int pick = best_idx[best_idx.size() == 1 ? 0 : rng_.below(static_cast<std::uint32_t>(best_idx.size()))];
  return view.legal_actions(pick);
}

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed) { return std::make_unique<HeuristicBot>(seed); }

}  // namespace brethren::rules::letter_of_marque
