#include "rules/port_royal_pfister/port_royal_pfister_bot.h"

#include <algorithm>
#include <array>
#include <vector>

#include "rules/port_royal_pfister/port_royal_pfister_cards.h"

namespace brethren::rules::port_royal_pfister {
namespace {

namespace pb = v1::port_royal_pfister;

// Proto CardKind value = index into kKinds + 1 (card_proto(), port_royal_pfister_cards.h).
const CardKind* kind_of(int proto_kind) {
  if (proto_kind < 1 || proto_kind > kNumKinds) return nullptr;
  return &kKinds[proto_kind - 1];
}

const pb::PlayerView* find_player(const pb::View& g, int seat) {
  for (const auto& p : g.players()) {
    if (p.seat() == seat) return &p;
  }
  return nullptr;
}

int count_persons(const pb::PlayerView& me, Person person) {
  int n = 0;
  for (int k : me.persons()) {
    const auto* c = kind_of(k);
    if (c && c->person == person) ++n;
  }
  return n;
}

int traders_of(const pb::PlayerView& me, Colour colour) {
  int n = 0;
  for (int k : me.persons()) {
    const auto* c = kind_of(k);
    if (c && c->person == Person::kTrader && c->colour == colour) ++n;
  }
  return n;
}

// Symbols still missing for the Expeditions on display: a Captain/Priest/
// Settler that covers one of them brings the next Expedition closer.
bool symbol_wanted(const pb::View& g, const pb::PlayerView& me, Person person) {
  const int have = count_persons(me, person);
  for (int e : g.expeditions()) {
    const auto* c = kind_of(e);
    if (!c) continue;
    const int need = person == Person::kCaptain ? c->anchors : person == Person::kPriest ? c->crosses : c->houses;
    if (need > have) return true;
  }
  return false;
}

// How much this seat wants the harbor card `k` (higher is better; <= 0: not
// worth it). Victory points dominate, since only they win; coins matter as the
// means to hire. `active` false: a non-active seat pays the active player 1
// coin per card (PRP-29).
int card_score(const pb::View& g, const pb::PlayerView& me, int k, bool active) {
  const auto* c = kind_of(k);
  if (!c) return 0;
  const int fee = active ? 0 : 1;
  if (c->type == Type::kShip) {
    const int income = c->coins + traders_of(me, c->colour) - fee;
    return income * 2;
  }
  if (c->type != Type::kPerson) return 0;
  const int cost = std::max(0, c->cost - count_persons(me, Person::kMademoiselle));
  if (cost + fee > me.coins()) return 0;  // cannot pay
  int bonus = 0;
  switch (c->person) {
    case Person::kCaptain:
    case Person::kPriest:
    case Person::kSettler:
      bonus = symbol_wanted(g, me, c->person) ? 6 : 1;  // towards an Expedition
      break;
    case Person::kJack: bonus = 4; break;          // any Expedition symbol
    case Person::kMademoiselle: bonus = 3; break;  // every later hire cheaper
    case Person::kTrader: bonus = 2; break;        // more coins per ship
    case Person::kSailor:
    case Person::kPirate: bonus = me.swords() < 5 ? 3 : 0; break;  // repel ships, avoid busts
    case Person::kAdmiral:
    case Person::kJester: bonus = 1; break;
    case Person::kGovernor: bonus = me.points() < 6 ? 10 : 0; break;  // an extra card every turn, early only
    default: break;
  }
  return c->points * 10 - cost - fee + bonus;
}

// Base allowance (PRP-19) from the number of ship colours in the harbor.
int allowance(int colours) { return colours >= 5 ? 3 : colours == 4 ? 2 : 1; }

}  // namespace

std::optional<v1::GameAction> HeuristicBot::choose(const v1::MatchView& view) {
  if (view.legal_actions_size() == 0) return std::nullopt;
  const auto& g = view.game().port_royal_pfister();
  const int seat = view.viewer_seat();
  const pb::PlayerView* me_ptr = find_player(g, seat);
  if (!me_ptr) return view.legal_actions(0);
  const pb::PlayerView& me = *me_ptr;
  const bool active = g.active_seat() == seat;

  int draw = -1, stop = -1, repel = -1, dock = -1, pass = -1;
  int best_fulfil = -1, best_fulfil_score = -1000;
  int best_take = -1, best_take_score = 0;
  for (int i = 0; i < view.legal_actions_size(); ++i) {
    const auto& a = view.legal_actions(i).port_royal_pfister();
    switch (a.kind_case()) {
      case pb::Action::kDraw: draw = i; break;
      case pb::Action::kStop: stop = i; break;
      case pb::Action::kRepel: repel = i; break;
      case pb::Action::kDock: dock = i; break;
      case pb::Action::kPass: pass = i; break;
      case pb::Action::kFulfil: {
        // More VP first; spend as few Jacks (the dearest persons) as possible.
        const auto* c = kind_of(a.fulfil().expedition());
        const int jacks = a.fulfil().jacks_as_anchor() + a.fulfil().jacks_as_cross() + a.fulfil().jacks_as_house();
        const int score = (c ? c->points : 0) * 10 - jacks;
        if (score > best_fulfil_score) best_fulfil_score = score, best_fulfil = i;
        break;
      }
      case pb::Action::kTake: {
        const int pos = a.take().position();
        if (pos < 0 || pos >= g.harbor_size()) break;
        const int score = card_score(g, me, g.harbor(pos), active);
        if (score > best_take_score) best_take_score = score, best_take = i;
        break;
      }
      default: break;
    }
  }

  // An Expedition is worth more VP than the persons it costs: always fulfil.
  if (best_fulfil >= 0) return view.legal_actions(best_fulfil);

  // Repel a ship whose colour is already in the harbor (it would bust us);
  // let any other ship in (one more colour: a bigger allowance and more to take).
  if (repel >= 0 || dock >= 0) {
    const auto* drawn = kind_of(g.drawn_ship());
    bool would_bust = false;
    for (int k : g.harbor()) {
      const auto* c = kind_of(k);
      if (c && drawn && c->type == Type::kShip && c->colour == drawn->colour) would_bust = true;
    }
    if (would_bust && repel >= 0) return view.legal_actions(repel);
    return view.legal_actions(dock >= 0 ? dock : repel);
  }

  // Phase 1: draw or stop.
  if (draw >= 0 || stop >= 0) {
    if (stop < 0) return view.legal_actions(draw);
    if (draw < 0) return view.legal_actions(stop);
    // Which kinds may still come: every copy not visible anywhere lies in the
    // draw pile or among the face-down coins.
    std::array<int, kNumKinds + 1> seen{};
    auto see = [&](int k) {
      if (k >= 1 && k <= kNumKinds) ++seen[k];
    };
    for (int k : g.harbor()) see(k);
    for (int k : g.expeditions()) see(k);
    for (int k : g.discard_pile()) see(k);
    for (const auto& p : g.players()) {
      for (int k : p.persons()) see(k);
      for (int k : p.expeditions()) see(k);
    }
    std::array<bool, kNumColours + 1> in_harbor{};
    std::vector<int> scores;
    for (int k : g.harbor()) {
      const auto* c = kind_of(k);
      if (c && c->type == Type::kShip) in_harbor[static_cast<int>(c->colour)] = true;
      scores.push_back(card_score(g, me, k, true));
    }
    int colours = 0;
    for (bool b : in_harbor) colours += b ? 1 : 0;
    int unseen_total = 0, unseen_bust = 0;
    for (int k = 1; k <= kNumKinds; ++k) {
      const int left = std::max(0, kKinds[k - 1].copies - seen[k]);
      unseen_total += left;
      const auto& c = kKinds[k - 1];
      const bool repellable = !c.skull && c.swords <= me.swords();
      if (c.type == Type::kShip && in_harbor[static_cast<int>(c.colour)] && !repellable) unseen_bust += left;
    }
    const double risk = unseen_total > 0 ? static_cast<double>(unseen_bust) / unseen_total : 0.0;
    // What stopping now is worth: the best cards we may take.
    std::sort(scores.begin(), scores.end(), std::greater<>());
    int value = 0;
    for (int i = 0; i < static_cast<int>(scores.size()) && i < allowance(colours); ++i) value += std::max(0, scores[i]);
    // Drawing loses `value` on a bust and otherwise adds about one more
    // card's worth of choice: stop when the expected loss is larger.
    constexpr double kGainPerDraw = 4.0;
    // With all five colours the allowance cannot grow, and a long harbor only
    // feeds the other seats: stop once there is something to take. The cap on
    // cards drawn ends the turn even when nothing can bust us any more (all
    // skulls gone and every ship repellable), which would loop forever.
    if (value > 0 && (colours == kNumColours || g.harbor_size() >= 6)) return view.legal_actions(stop);
    if (g.drawn_this_turn() >= 12) return view.legal_actions(stop);
    if (risk * value > (1.0 - risk) * kGainPerDraw) return view.legal_actions(stop);
    return view.legal_actions(draw);
  }

  // Phase 2: take the best card worth taking, else pass.
  if (best_take >= 0) return view.legal_actions(best_take);
  if (pass >= 0) return view.legal_actions(pass);
  // Nothing scored (should not happen): any legal action, deterministically.
  return view.legal_actions(static_cast<int>(rng_.below(static_cast<std::uint32_t>(view.legal_actions_size()))));
}

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed) { return std::make_unique<HeuristicBot>(seed); }

}  // namespace brethren::rules::port_royal_pfister
