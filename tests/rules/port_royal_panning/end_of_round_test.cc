// Port Royal (Panning), the end of a round and of the game, scoring.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-38, PRQ-39, PRQ-40, PRQ-41, PRQ-42, PRQ-A-4: end of round") {
  for (bool left : {false, true}) {
    v1::GameOptions options;
    if (left) options.mutable_port_royal_panning()->set_dealer_rotation(pb::DEALER_ROTATION_LEFT);
    auto s = new_match(4, 55, options);
    const Seat dealer = s->dealer();
    Rng rng(55);
    int cube = -1, priv = -1;
    bool marker = false;
    while (s->round() == 1) {
      if (s->bid_cube() >= 0) cube = s->bid_cube(), priv = s->privileged();
      for (Seat p = 0; p < 4; ++p) marker = marker || s->player(p).void_mask != 0;
      random_step(*s, rng);
    }
    const auto events = s->events_for(Viewer::spectator());
    const pb::RoundEnded* ended = nullptr;
    for (const auto& e : events) {
      if (e.event().port_royal_panning().has_round_ended()) ended = &e.event().port_royal_panning().round_ended();
    }
    REQUIRE(ended != nullptr);
    REQUIRE(ended->privileged_seat() == priv);
    REQUIRE(ended->debt() == cube);
    REQUIRE(s->player(priv).debt == cube);                              // PRQ-39
    for (Seat p = 0; p < 4; ++p) REQUIRE(s->player(p).void_mask == 0);  // PRQ-38
    REQUIRE(s->set_aside().empty());                                    // PRQ-40: back in the deck
    std::size_t crew = s->face_up().size();
    for (Seat p = 0; p < 4; ++p) crew += s->player(p).hand.size();
    REQUIRE(crew == 34);
    // PRQ-41: the leftover card with one face-down prisoner.
    REQUIRE(s->available().front().loot == ended->leftover_loot_id());
    REQUIRE(s->available().front().prisoners.size() == 1);
    REQUIRE(s->prisoner_deck().size() == 5);
    // PRQ-42 / PRQ-A-4.
    const Seat expected = left ? (dealer + 1) % 4 : (dealer + 3) % 4;
    REQUIRE(s->dealer() == expected);
    REQUIRE(ended->next_dealer() == expected);
    REQUIRE(s->current_seat() == (expected + 1) % 4);
    REQUIRE(s->round() == 2);
  }
}

TEST_CASE("PRQ-41: a leftover card that survives several rounds collects several prisoners") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kAuction && !st.available().empty() && st.available().front().prisoners.size() >= 2;
  });
  const auto v = view(*s, Viewer::player(0));
  int most = 0;
  for (const auto& l : v.loot()) most = std::max(most, l.prisoners());
  REQUIRE(most >= 2);
  REQUIRE(s->prisoner_deck().size() == static_cast<std::size_t>(6 - (s->round() - 1)));
}

TEST_CASE("PRQ-43, PRQ-44, PRQ-45, PRQ-46: final scoring") {
  for (int seats : {3, 4}) {
    auto s = finished_game(seats, 60 + seats);
    REQUIRE(s->round() == kRounds);
    REQUIRE(s->loot_deck().empty());
    REQUIRE(s->available().size() == 1);          // PRQ-43: the last leftover is not scored
    REQUIRE(s->prisoner_deck().size() + 5 == 6);  // five prisoners dealt out, one never used
    const auto& ended = last_event(*s).game_ended();
    const auto outcome = s->outcome();
    for (Seat p = 0; p < seats; ++p) {
      int sum = 0;
      for (int ship = 0; ship < kGoods; ++ship) {
        const ShipScore sc = s->ship_score(p, ship);
        REQUIRE(sc.value == (sc.weight > sc.capacity ? 0 : sc.loot_value + sc.prisoners));
        REQUIRE(ended.ships(p * kGoods + ship).value() == sc.value);
        REQUIRE(ended.ships(p * kGoods + ship).sunk() == sc.sunk);
        sum += sc.value;
      }
      REQUIRE(s->score(p) == sum - s->player(p).debt);
      REQUIRE(ended.scores(p) == s->score(p));
      REQUIRE(ended.debts(p) == s->player(p).debt);
      REQUIRE(outcome.seats(p).score() == s->score(p));
    }
  }
}

TEST_CASE("PRQ-47, PRQ-A-7: highest score wins, ties shared, or broken by lower debt when chosen") {
  v1::GameOptions lower;
  lower.mutable_port_royal_panning()->set_tie_break(pb::TIE_BREAK_LOWER_DEBT);
  bool tie_seen = false;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    auto shared = finished_game(3, seed);
    auto by_debt = finished_game(3, seed, lower);
    int best = -1000;
    for (Seat p = 0; p < 3; ++p) best = std::max(best, shared->score(p));
    std::vector<Seat> top;
    for (Seat p = 0; p < 3; ++p) {
      if (shared->score(p) == best) top.push_back(p);
    }
    const auto o1 = shared->outcome(), o2 = by_debt->outcome();
    for (Seat p = 0; p < 3; ++p) {
      const bool is_top = std::find(top.begin(), top.end(), p) != top.end();
      REQUIRE(o1.seats(p).winner() == is_top);
    }
    if (top.size() < 2) continue;
    tie_seen = true;
    int least = 100;
    for (Seat p : top) least = std::min(least, by_debt->player(p).debt);
    for (Seat p = 0; p < 3; ++p) {
      const bool wins = std::find(top.begin(), top.end(), p) != top.end() && by_debt->player(p).debt == least;
      REQUIRE(o2.seats(p).winner() == wins);
    }
    REQUIRE_THAT(o1.summary(), Catch::Contains("share"));
    if (seed > 50) break;
  }
  REQUIRE(tie_seen);
}
