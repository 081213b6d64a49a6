// Port Royal (Panning), the special cards.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-30, PRQ-31, PRQ-45: +8/+6/-5/-10 change value and weight") {
  const auto values = default_values();
  const int b12 = standard(0, 12), b10 = standard(0, 10), b3 = standard(0, 3);
  auto plus8 = score_ship(ship_of({b12, loot_id(Special::kPlus8)}), 24, values);
  REQUIRE(plus8.weight == 20);
  REQUIRE(plus8.loot_value == 20);
  auto plus6 = score_ship(ship_of({b10, loot_id(Special::kPlus6)}), 24, values);
  REQUIRE(plus6.weight == 16);
  REQUIRE(plus6.value == 16);
  auto minus5 = score_ship(ship_of({b12, loot_id(Special::kMinus5)}), 24, values);
  REQUIRE(minus5.weight == 7);
  REQUIRE(minus5.value == 7);
  auto minus10 = score_ship(ship_of({b12, b10, loot_id(Special::kMinus10)}), 18, values);
  REQUIRE(minus10.weight == 12);
  REQUIRE(minus10.value == 12);
  // -10 lightens an overloaded ship below its capacity.
  REQUIRE(score_ship(ship_of({b12, b10, b3}), 24, values).sunk);
  REQUIRE_FALSE(score_ship(ship_of({b12, b10, b3, loot_id(Special::kMinus10)}), 24, values).sunk);
}

TEST_CASE("PRQ-32, PRQ-44: Max +5 / Max -5 change the capacity (seed example: 24 -> 29)") {
  const auto values = default_values();
  const std::vector<int> heavy = {standard(1, 12), standard(1, 10), standard(1, 5)};  // 27 tons
  REQUIRE(score_ship(ship_of(heavy), 24, values).sunk);
  auto plus = heavy;
  plus.push_back(loot_id(Special::kMaxPlus5));
  const auto raised = score_ship(ship_of(plus), 24, values);
  REQUIRE(raised.capacity == 29);
  REQUIRE_FALSE(raised.sunk);
  REQUIRE(raised.value == 27);  // Max cards have no value
  const auto lowered = score_ship(ship_of({standard(2, 12), standard(2, 2), loot_id(Special::kMaxMinus5)}), 18, values);
  REQUIRE(lowered.capacity == 13);
  REQUIRE(lowered.sunk);
  REQUIRE(lowered.value == 0);
}

TEST_CASE("PRQ-33, PRQ-A-5: x2 doubles the loot value (specials too, negative ones too) but not weight or prisoners") {
  const auto values = default_values();
  const auto doubled =
      score_ship(ship_of({standard(3, 12), loot_id(Special::kMinus5), loot_id(Special::kX2)}, {3}), 24, values);
  REQUIRE(doubled.weight == 7);
  REQUIRE(doubled.loot_value == 14);
  REQUIRE(doubled.value == 17);
  const auto with_plus =
      score_ship(ship_of({standard(3, 4), loot_id(Special::kPlus8), loot_id(Special::kX2)}), 24, values);
  REQUIRE(with_plus.loot_value == 24);
  REQUIRE(with_plus.weight == 12);
  // Max cards are not doubled.
  const auto with_max =
      score_ship(ship_of({standard(3, 6), loot_id(Special::kMaxPlus5), loot_id(Special::kX2)}), 18, values);
  REQUIRE(with_max.capacity == 23);
  REQUIRE(with_max.loot_value == 12);
}

TEST_CASE("PRQ-34: a negative ship counts 0, its prisoners still count") {
  const auto values = default_values();
  const auto neg = score_ship(ship_of({standard(0, 3), loot_id(Special::kMinus10)}, {4, 2}), 24, values);
  REQUIRE(neg.weight == -7);
  REQUIRE(neg.loot_value == 0);
  REQUIRE(neg.value == 6);
  const auto neg_x2 = score_ship(ship_of({loot_id(Special::kMinus5), loot_id(Special::kX2)}, {1}), 24, values);
  REQUIRE(neg_x2.loot_value == 0);
  REQUIRE(neg_x2.value == 1);
}

TEST_CASE("PRQ-44: a ship sinks only above its capacity, losing its prisoners too") {
  const auto values = default_values();
  // 18 tons exactly with 4 players: afloat.
  const auto exact = score_ship(ship_of({standard(0, 12), standard(0, 6)}, {5}), 18, values);
  REQUIRE_FALSE(exact.sunk);
  REQUIRE(exact.value == 23);
  const auto over = score_ship(ship_of({standard(0, 12), standard(0, 7)}, {5}), 18, values);
  REQUIRE(over.sunk);
  REQUIRE(over.value == 0);
  // 3 players: 24 tons.
  REQUIRE_FALSE(score_ship(ship_of({standard(0, 12), standard(0, 10), standard(0, 2)}), 24, values).sunk);
  REQUIRE(new_match(3, 1)->capacity() == 24);
  REQUIRE(new_match(4, 1)->capacity() == 18);
}

TEST_CASE("PRQ-35(a), PRQ-A-11: Remove 1 card is discarded at once with any card from an own ship") {
  auto s = find_state(3, [](const S& st) {
    if (st.phase() != Phase::kResolveLoot || st.pending_loot() != kRemove1Id) return false;
    const Player& p = st.player(st.current_seat());
    return std::any_of(p.ships.begin(), p.ships.end(), [](const Ship& sh) { return !sh.loot.empty(); });
  });
  const Seat seat = s->current_seat();
  const Player& p = s->player(seat);
  int target = -1;
  for (const Ship& sh : p.ships) {
    if (!sh.loot.empty()) target = sh.loot.front();
  }
  REQUIRE(legal(*s, seat, action::kKeepRemove));
  REQUIRE(legal(*s, seat, action::remove_loot(target)));
  REQUIRE_FALSE(legal(*s, seat, action::place_loot(0)));  // PRQ-26: not placed
  act(*s, seat, action::remove_loot(target));
  REQUIRE_FALSE(has_on_ships(s->player(seat), target));
  const auto& removed = s->removed_loot();
  REQUIRE(std::count(removed.begin(), removed.end(), target) == 1);
  REQUIRE(std::count(removed.begin(), removed.end(), kRemove1Id) == 1);
  REQUIRE_FALSE(s->player(seat).remove_kept);
}

TEST_CASE("PRQ-35(a): Remove 1 card may take a face-down prisoner card, which stays hidden") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.pending_loot() == kRemove1Id &&
           prisoners_on_ships(st.player(st.current_seat())) > 0;
  });
  const Seat seat = s->current_seat();
  int ship = 0;
  while (s->player(seat).ships[ship].prisoners.empty()) ++ship;
  const int value = s->player(seat).ships[ship].prisoners[0];
  const int total = prisoners_on_ships(s->player(seat));
  act(*s, seat, action::remove_prisoner(ship, 0));
  REQUIRE(prisoners_on_ships(s->player(seat)) == total - 1);
  REQUIRE(s->player(seat).discarded_prisoners.back() == value);
  REQUIRE(view(*s, Viewer::spectator()).players(seat).discarded_prisoners() == 1);
  bool announced = false;
  for (const auto& e : s->events_for(Viewer::player((seat + 1) % 3))) {
    const auto& ev = e.event().port_royal_panning();
    if (ev.has_card_removed() && ev.card_removed().seat() == seat) {
      announced = ev.card_removed().loot_id() == -1 && ev.card_removed().ship() == ship + 1;
    }
  }
  REQUIRE(announced);
}

TEST_CASE("PRQ-35(b): Remove 1 card kept beside the board later discards a newly won card") {
  auto s =
      find_state(3, [](const S& st) { return st.phase() == Phase::kResolveLoot && st.pending_loot() == kRemove1Id; });
  const Seat seat = s->current_seat();
  act(*s, seat, action::kKeepRemove);
  REQUIRE(s->player(seat).remove_kept);
  REQUIRE(view(*s, Viewer::spectator()).players(seat).remove_card_kept());
  // Later: the holder resolves another won card.
  s = find_state(
      3, [](const S& st) { return st.phase() == Phase::kResolveLoot && st.player(st.current_seat()).remove_kept; });
  const Seat holder = s->current_seat();
  const int loot = s->pending_loot();
  REQUIRE(legal(*s, holder, action::kDiscardWithRemove));
  act(*s, holder, action::kDiscardWithRemove);
  REQUIRE_FALSE(s->player(holder).remove_kept);
  REQUIRE_FALSE(has_on_ships(s->player(holder), loot));
  const auto& removed = s->removed_loot();
  REQUIRE(std::count(removed.begin(), removed.end(), loot) == 1);
  REQUIRE(std::count(removed.begin(), removed.end(), kRemove1Id) == 1);
}

TEST_CASE("PRQ-35(b): without a kept Remove 1 card a won card cannot be discarded") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.pending_loot() != kRemove1Id &&
           !st.player(st.current_seat()).remove_kept;
  });
  REQUIRE_THAT(reason(*s, s->current_seat(), action::kDiscardWithRemove), Catch::Contains("PRQ-35"));
}

TEST_CASE("PRQ-3, PRQ-36: Move 1 card comes in round 6 and moves a special or prisoner card between own ships") {
  auto s =
      find_state(4, [](const S& st) { return st.phase() == Phase::kResolveLoot && st.pending_loot() == kMove1Id; });
  REQUIRE(s->round() == kRounds);
  const Seat seat = s->current_seat();
  const Player& p = s->player(seat);
  // Standard loot cannot be moved; every legal move names a special or prisoner.
  for (const Ship& sh : p.ships) {
    for (int l : sh.loot) {
      if (!is_special(l)) REQUIRE_FALSE(legal(*s, seat, action::kRemoveLoot + static_cast<ActionId>(l)));
    }
  }
  const auto legal_actions = s->legal_actions(seat);
  ActionId move = 0;
  for (ActionId a : legal_actions) {
    if (a >= action::kMoveSpecial && a < action::kPlacePrisoner) move = a;
  }
  REQUIRE(move != 0);
  const int weight_before = s->ship_score(seat, 0).weight + s->ship_score(seat, 1).weight +
                            s->ship_score(seat, 2).weight + s->ship_score(seat, 3).weight;
  act(*s, seat, move);
  const auto& moved = last_event(*s).card_moved();
  REQUIRE(moved.seat() == seat);
  REQUIRE(moved.from() != moved.to());
  if (moved.loot_id() >= 0) {
    REQUIRE(has_on_ships(s->player(seat), moved.loot_id()));
    const auto& to = s->player(seat).ships[moved.to() - 1].loot;
    REQUIRE(std::find(to.begin(), to.end(), moved.loot_id()) != to.end());
  }
  const int weight_after = s->ship_score(seat, 0).weight + s->ship_score(seat, 1).weight +
                           s->ship_score(seat, 2).weight + s->ship_score(seat, 3).weight;
  REQUIRE(weight_after == weight_before);
  REQUIRE(std::count(s->removed_loot().begin(), s->removed_loot().end(), kMove1Id) == 1);
}

TEST_CASE("PRQ-36: with nothing to move, Move 1 card is simply discarded") {
  bool found = false;
  for (std::uint64_t seed = 1; seed <= 200 && !found; ++seed) {
    auto s = new_match(3, seed);
    Rng rng(seed);
    while (!s->is_terminal()) {
      const auto before = s->events().size();
      random_step(*s, rng);
      for (auto i = before; i < s->events().size(); ++i) {
        const auto& ev = s->events()[i].event->port_royal_panning();
        if (!ev.has_move_discarded()) continue;
        const Player& p = s->player(ev.move_discarded().seat());
        REQUIRE(prisoners_on_ships(p) == 0);
        for (const Ship& sh : p.ships) REQUIRE(std::none_of(sh.loot.begin(), sh.loot.end(), is_special));
        REQUIRE(std::count(s->removed_loot().begin(), s->removed_loot().end(), kMove1Id) == 1);
        found = true;
      }
    }
  }
  REQUIRE(found);
}

TEST_CASE("PRQ-27, PRQ-A-13: ships may be overloaded during play, capacity counts only at the end") {
  auto s = find_state(4, [](const S& st) {
    if (st.phase() != Phase::kResolveLoot || is_special(st.pending_loot())) return false;
    const int good = good_of(st.pending_loot());
    const ShipScore sc = st.ship_score(st.current_seat(), good);
    return sc.weight + st.loot_value(st.pending_loot()) > sc.capacity;
  });
  const Seat seat = s->current_seat();
  const int good = good_of(s->pending_loot());
  act(*s, seat, action::place_loot(good));
  REQUIRE(s->ship_score(seat, good).weight > s->ship_score(seat, good).capacity);
  REQUIRE_FALSE(s->is_terminal());
  // PRQ-27: nothing but Move 1 card moves a placed card.
  Rng rng(9);
  while (s->phase() != Phase::kResolveLoot && !s->is_terminal()) random_step(*s, rng);
  if (!s->is_terminal() && s->pending_loot() != kMove1Id) {
    REQUIRE_THAT(reason(*s, s->current_seat(), action::move_prisoner(0, 0, 1)), Catch::Contains("PRQ-"));
  }
}
