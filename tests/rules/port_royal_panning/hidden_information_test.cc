// Port Royal (Panning), hidden information: hands, prisoners, void markers, re-sampling.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-H-1, PRQ-H-2, PRQ-H-4: hands are private, counts and deck sizes are public") {
  auto s = new_match(4, 71);
  for (Seat p = 0; p < 4; ++p) {
    const auto v = view(*s, Viewer::player(p));
    REQUIRE(v.hand_size() == 8);
    for (Seat q = 0; q < 4; ++q) REQUIRE(v.players(q).hand_count() == 8);
    // HandDealt goes to its owner only.
    int dealt = 0;
    for (const auto& e : s->events_for(Viewer::player(p))) dealt += e.event().port_royal_panning().has_hand_dealt();
    REQUIRE(dealt == 1);
  }
  REQUIRE(view(*s, Viewer::spectator()).hand_size() == 0);
  for (const auto& e : s->events_for(Viewer::spectator()))
    REQUIRE_FALSE(e.event().port_royal_panning().has_hand_dealt());
  // Only the viewer's own legal actions are in his view (PRQ-H-6).
  const Seat acting = s->current_seat();
  REQUIRE(s->view(Viewer::player((acting + 1) % 4)).legal_actions_size() == 0);
  REQUIRE(s->view(Viewer::player(acting)).legal_actions_size() > 0);
}

TEST_CASE("PRQ-H-1..5, PRQ-H-6: re-sampling changes only hidden things and respects void markers") {
  auto s = find_state(4, [](const S& st) {
    if (st.phase() != Phase::kChooseLoot || st.tricks().size() < 3) return false;
    for (Seat p = 0; p < 4; ++p) {
      if (st.player(p).void_mask) return true;
    }
    return false;
  });
  std::set<std::vector<int>> hands_of_1;
  for (std::uint64_t k = 0; k < 20; ++k) {
    auto copy = std::unique_ptr<S>(static_cast<S*>(s->clone().release()));
    Rng rng(k + 1);
    copy->resample_hidden(Viewer::player(0), rng);
    REQUIRE(info_state(*copy, Viewer::player(0)) == info_state(*s, Viewer::player(0)));
    REQUIRE(copy->player(0).hand == s->player(0).hand);
    hands_of_1.insert(copy->player(1).hand);
    for (Seat p = 0; p < 4; ++p) {
      REQUIRE(copy->player(p).hand.size() == s->player(p).hand.size());
      for (int c = 0; c < kColours; ++c) {
        if (copy->player(p).void_mask & (1 << c)) REQUIRE(count_colour(copy->player(p).hand, c) == 0);
      }
    }
    REQUIRE(copy->loot_deck().front() == kMove1Id);
  }
  REQUIRE(hands_of_1.size() > 1);
}

TEST_CASE("PRQ-A-3, PRQ-20, PRQ-A-15: server-side checks make a revoke (and its penalty) impossible") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = new_match(seed % 2 ? 3 : 4, seed);
    Rng rng(seed);
    while (!s->is_terminal()) {
      for (Seat p = 0; p < s->num_seats(); ++p) {
        for (int c = 0; c < kColours; ++c) {
          if (s->player(p).void_mask & (1 << c)) REQUIRE(count_colour(s->player(p).hand, c) == 0);
        }
      }
      random_step(*s, rng);
    }
  }
}
