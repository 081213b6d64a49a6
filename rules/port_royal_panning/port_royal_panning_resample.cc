// Port Royal (Panning): re-sampling everything a viewer cannot know (PRQ-H-*).
#include <algorithm>
#include <functional>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {

bool plays_consistent(const std::vector<std::vector<int>>& hands, const std::vector<std::vector<Play>>& tricks,
                      int trump) {
  std::vector<std::vector<int>> held = hands;
  for (const auto& trick : tricks) {
    for (const Play& pl : trick) held[pl.seat].push_back(pl.card);
  }
  for (const auto& trick : tricks) {
    for (std::size_t i = 0; i < trick.size(); ++i) {
      const Play& pl = trick[i];
      const int led = colour_of(trick.front().card);
      if (!play_allowed(held[pl.seat], i == 0, led, trump, pl.card)) return false;
      auto& h = held[pl.seat];
      h.erase(std::find(h.begin(), h.end(), pl.card));
    }
  }
  return true;
}

bool PortRoyalPanningState::may_hold(int container, int card) const {
  if (container == num_seats()) return true;  // set aside: any card, the taken ones too
  const bool taken = std::find(taken_face_up_.begin(), taken_face_up_.end(), card) != taken_face_up_.end();
  if (taken && container != privileged_) return false;
  return is_ghost(card) || !(players_[container].void_mask & (1 << colour_of(card)));
}

void PortRoyalPanningState::do_resample_hidden(Viewer viewer, Rng& rng) {
  const Seat me = viewer.is_spectator() ? -1 : viewer.seat();

  // Every hidden group is sorted before it is shuffled, so that the sample
  // depends only on what the viewer knows and on `rng`, never on the true
  // order (the search bots' no-cheating test, tests/bots/, relies on it).
  // PRQ-H-4: the loot deck order; Move 1 card is known to lie at the bottom (PRQ-3).
  if (loot_deck_.size() > 2) {
    std::sort(loot_deck_.begin() + 1, loot_deck_.end());
    rng.shuffle(std::span(loot_deck_.data() + 1, loot_deck_.size() - 1));
  }

  // PRQ-H-5: prisoner values the viewer has not seen, wherever they lie.
  std::vector<int*> unknown;
  for (int& v : prisoner_deck_) unknown.push_back(&v);
  for (LootSlot& slot : available_) {
    for (int& v : slot.prisoners) unknown.push_back(&v);
  }
  if (current_ != me) {
    for (int& v : pending_prisoners_) unknown.push_back(&v);
  }
  for (Seat s = 0; s < num_seats(); ++s) {
    if (s == me) continue;
    for (int& v : players_[s].discarded_prisoners) unknown.push_back(&v);
    if (phase_ == Phase::kFinished) continue;  // revealed at final scoring
    for (Ship& ship : players_[s].ships) {
      for (int& v : ship.prisoners) unknown.push_back(&v);
    }
  }
  std::vector<int> values;
  for (int* v : unknown) values.push_back(*v);
  std::sort(values.begin(), values.end());
  rng.shuffle(values);
  for (std::size_t i = 0; i < unknown.size(); ++i) *unknown[i] = values[i];

  // PRQ-H-1..3: other hands and the cards set aside, re-dealt consistently
  // with the void markers, the public face-up cards taken by the privileged
  // player and the legality of every card played this round.
  const int n = num_seats();
  const int aside = n;  // container index of the set-aside cards
  std::vector<int> slots(n + 1, 0);
  std::vector<int> pool;
  for (Seat s = 0; s < n; ++s) {
    if (s == me) continue;
    slots[s] = static_cast<int>(players_[s].hand.size());
    pool.insert(pool.end(), players_[s].hand.begin(), players_[s].hand.end());
  }
  if (me != privileged_ || me < 0) {
    slots[aside] = static_cast<int>(set_aside_.size());
    pool.insert(pool.end(), set_aside_.begin(), set_aside_.end());
  }
  if (pool.empty()) return;
  std::sort(pool.begin(), pool.end());
  auto eligible = [&](int card, int container) { return slots[container] > 0 && may_hold(container, card); };
  auto eligible_count = [&](int card) {
    int k = 0;
    for (int c = 0; c <= n; ++c) k += eligible(card, c) ? 1 : 0;
    return k;
  };
  for (int attempt = 0; attempt < 64; ++attempt) {
    rng.shuffle(pool);
    std::stable_sort(pool.begin(), pool.end(), [&](int a, int b) { return eligible_count(a) < eligible_count(b); });
    std::vector<int> left = slots;
    std::vector<std::vector<int>> hands(n + 1);
    bool ok = true;
    for (int card : pool) {
      std::vector<int> candidates;
      for (int c = 0; c <= n; ++c) {
        if (left[c] > 0 && eligible(card, c)) candidates.push_back(c);
      }
      if (candidates.empty()) {
        ok = false;
        break;
      }
      const int c = candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
      --left[c];
      hands[c].push_back(card);
    }
    if (!ok) continue;
    std::vector<std::vector<int>> trial(n);
    for (Seat s = 0; s < n; ++s) trial[s] = s == me ? players_[s].hand : hands[s];
    if (!plays_consistent(trial, tricks_, trump_)) continue;
    for (Seat s = 0; s < n; ++s) {
      if (s == me) continue;
      players_[s].hand = hands[s];
      std::sort(players_[s].hand.begin(), players_[s].hand.end());
    }
    if (slots[aside] > 0) set_aside_ = hands[aside];
    return;
  }
  // Every random attempt contradicted what the viewer saw (rare: play
  // constraints beyond the void markers). Keeping the true deal would hand a
  // search bot the others' real hands, so search every deal instead, cards
  // in the (sorted) pool's order, containers in an order drawn from `rng`:
  // complete, since the true deal is one of them, and it reads nothing the
  // viewer does not know.
  std::vector<int> left = slots;
  std::vector<std::vector<int>> hands(n + 1);
  std::vector<int> order(n + 1);
  for (int c = 0; c <= n; ++c) order[c] = c;
  rng.shuffle(order);
  std::sort(pool.begin(), pool.end());
  auto place = [&](auto&& self, std::size_t i) -> bool {
    if (i == pool.size()) {
      std::vector<std::vector<int>> trial(n);
      for (Seat s = 0; s < n; ++s) trial[s] = s == me ? players_[s].hand : hands[s];
      return plays_consistent(trial, tricks_, trump_);
    }
    for (int c : order) {
      if (left[c] == 0 || !eligible(pool[i], c)) continue;
      --left[c];
      hands[c].push_back(pool[i]);
      if (self(self, i + 1)) return true;
      hands[c].pop_back();
      ++left[c];
    }
    return false;
  };
  if (!place(place, 0)) return;  // unreachable: the true deal is consistent
  for (Seat s = 0; s < n; ++s) {
    if (s == me) continue;
    players_[s].hand = hands[s];
    std::sort(players_[s].hand.begin(), players_[s].hand.end());
  }
  if (slots[aside] > 0) set_aside_ = hands[aside];
}

void PortRoyalPanningState::walk_hidden_hands(Seat me,
                                              const std::function<double(const PortRoyalPanningState&)>& weight,
                                              int steps, Rng& rng) {
  // Metropolis over the deals consistent with what `me` sees: swap two cards
  // between two hidden containers (a symmetric proposal: the sizes stay),
  // keep the swap if the constraints of the resampling still hold, with
  // probability min(1, w' / w). Its stationary law is the uniform one over
  // those deals times `weight`, the belief's posterior; started from a
  // uniform sample, `steps` swaps bring it close (tests/bots/belief_test.cc).
  const int n = num_seats();
  const int aside = n;
  std::vector<int> containers;
  for (Seat s = 0; s < n; ++s) {
    if (s != me && !players_[s].hand.empty()) containers.push_back(s);
  }
  if (me != privileged_ && !set_aside_.empty()) containers.push_back(aside);
  if (containers.size() < 2) return;
  auto cards_of = [&](int c) -> std::vector<int>& { return c == aside ? set_aside_ : players_[c].hand; };
  auto consistent = [&] {
    if (tricks_.empty()) return true;
    std::vector<std::vector<int>> hands(static_cast<std::size_t>(n));
    for (Seat s = 0; s < n; ++s) hands[static_cast<std::size_t>(s)] = players_[s].hand;
    return plays_consistent(hands, tricks_, trump_);
  };
  const auto count = static_cast<std::uint32_t>(containers.size());
  double w = weight(*this);
  for (int step = 0; step < steps; ++step) {
    const std::uint32_t i = rng.below(count);
    std::uint32_t j = rng.below(count - 1);
    if (j >= i) ++j;
    const int a = containers[i], b = containers[j];
    auto& from_a = cards_of(a);
    auto& from_b = cards_of(b);
    const std::size_t x = rng.below(static_cast<std::uint32_t>(from_a.size()));
    const std::size_t y = rng.below(static_cast<std::uint32_t>(from_b.size()));
    const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
    if (!may_hold(b, from_a[x]) || !may_hold(a, from_b[y])) continue;
    std::swap(from_a[x], from_b[y]);
    const double proposed = consistent() ? weight(*this) : 0;
    if (proposed > 0 && u * w < proposed) {
      w = proposed;
    } else {
      std::swap(from_a[x], from_b[y]);
    }
  }
  for (Seat s = 0; s < n; ++s) {
    if (s != me) std::sort(players_[s].hand.begin(), players_[s].hand.end());
  }
}

}  // namespace brethren::rules::port_royal_panning
