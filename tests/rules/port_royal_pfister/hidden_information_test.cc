// Port Royal (Pfister), hidden information: views and re-sampling.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-H-1, PRP-H-2, PRP-H-3: every viewer gets the same public view, coin fronts go to nobody") {
  auto s = find_state(4, [](const PortRoyalState& s) { return s.version() > 150 && s.phase() == Phase::kTradeHire; });
  REQUIRE(s);
  const std::string spectator = s->view(Viewer::spectator()).game().SerializeAsString();
  for (Seat p = 0; p < 4; ++p) REQUIRE(s->view(Viewer::player(p)).game().SerializeAsString() == spectator);
  for (const auto& e : s->events()) REQUIRE(e.audience.is_everyone());
  // Re-sampling the hidden cards for the owner of the coins changes their
  // identities but nothing the owner (or anybody) was told.
  for (Seat p = 0; p < 4; ++p) {
    bool changed = false;
    const std::string before = info_state(*s, Viewer::player(p));
    for (std::uint64_t k = 0; k < 4; ++k) {
      auto t = copy(*s);
      Rng rng(k + 10);
      t->resample_hidden(Viewer::player(p), rng);
      REQUIRE(info_state(*t, Viewer::player(p)) == before);
      REQUIRE(info_state(*t, Viewer::spectator()) == info_state(*s, Viewer::spectator()));
      changed |= t->player(p).coins != s->player(p).coins || t->draw_pile() != s->draw_pile();
      for (Seat q = 0; q < 4; ++q) REQUIRE(t->coins(q) == s->coins(q));
    }
    REQUIRE(changed);
  }
}

TEST_CASE("PRP-H-6, PRP-A-7: re-sampling keeps every hidden card within its draw-pile generation") {
  auto s = find_state(2, [](const PortRoyalState& s) {
    int reshuffles = 0;
    for (const auto& e : s.events()) reshuffles += e.event->port_royal_pfister().has_reshuffled();
    return reshuffles >= 1 && s.phase() == Phase::kDiscover && s.draw_pile().size() > 10;
  });
  REQUIRE(s);
  // After a reshuffle the draw pile holds only cards that were in the open
  // discard pile, so it must still do after re-sampling.
  std::multiset<int> pile(s->draw_pile().begin(), s->draw_pile().end());
  std::vector<std::multiset<int>> coins;
  for (Seat p = 0; p < 2; ++p) coins.emplace_back(s->player(p).coins.begin(), s->player(p).coins.end());
  for (std::uint64_t k = 0; k < 5; ++k) {
    auto t = copy(*s);
    Rng rng(k);
    t->resample_hidden(Viewer::player(0), rng);
    std::multiset<int> new_pile(t->draw_pile().begin(), t->draw_pile().end());
    std::multiset<int> hidden_now(new_pile);
    std::multiset<int> hidden_before(pile);
    for (Seat p = 0; p < 2; ++p) {
      hidden_now.insert(t->player(p).coins.begin(), t->player(p).coins.end());
      hidden_before.insert(coins[p].begin(), coins[p].end());
    }
    REQUIRE(hidden_now == hidden_before);
    REQUIRE(every_card(*t) == every_card(*s));
    // The draw pile's cards all come from the reshuffled (current) generation.
    for (int id : t->draw_pile()) {
      REQUIRE((pile.count(id) > 0 || coins[0].count(id) > 0 || coins[1].count(id) > 0));
      REQUIRE(t->card_generation(id) == t->generation());
    }
  }
}

TEST_CASE("PRP-H-7: re-sampling also replaces the future randomness") {
  auto s = find_state(2, [](const PortRoyalState& s) {
    return s.phase() == Phase::kDiscover && s.draw_pile().size() < 4 && !s.discard_pile().empty() && !s.end_triggered();
  });
  REQUIRE(s);
  std::set<std::vector<std::uint8_t>> futures;
  for (std::uint64_t k = 0; k < 6; ++k) {
    auto t = copy(*s);
    Rng rng(k * 977);
    t->resample_hidden(Viewer::spectator(), rng);
    while (!t->draw_pile().empty() && t->phase() == Phase::kDiscover) t->apply_legal(acting(*t), action::kDraw);
    if (t->phase() == Phase::kDiscover) act(*t, acting(*t), action::kDraw);  // reshuffles
    futures.insert(t->draw_pile());
  }
  REQUIRE(futures.size() > 1);
}
