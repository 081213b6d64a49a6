// Port Royal (Pfister), phase 1, discover: drawing, repelling ships, busting, expeditions and tax increases.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-11: the active player must draw first, then may draw again or stop") {
  auto s = new_match(3, 8);
  const Seat seat = s->active_seat();
  REQUIRE(s->acting_seats() == std::vector<Seat>{seat});
  REQUIRE(legal(*s, seat, action::kDraw));
  REQUIRE_FALSE(legal(*s, seat, action::kStop));
  auto st = s->apply(seat, action::kStop);
  REQUIRE(st.error().code == ErrorCode::kIllegalAction);
  REQUIRE_THAT(st.error().message, Catch::Contains("PRP-11"));
  REQUIRE(s->apply((seat + 1) % 3, action::kDraw).error().code == ErrorCode::kNotYourTurn);
  // Over random games: once a card was drawn (and no repel decision is open), stop is allowed.
  for_each_step(3, 10, Policy::kUniform, [](const PortRoyalState&, Seat, ActionId, const PortRoyalState& after) {
    if (after.phase() != Phase::kDiscover) return;
    REQUIRE(after.is_legal(after.active_seat(), action::kStop) == (after.drawn_this_turn() > 0));
  });
}

TEST_CASE("PRP-12: a drawn person goes face up into the harbor display") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    return in_discover_with_top(s, [](int id) { return card(id).type == Type::kPerson; });
  });
  REQUIRE(s);
  const int id = top_card(*s);
  auto harbor = s->harbor();
  const std::uint64_t v = s->version();
  act(*s, s->active_seat(), action::kDraw);
  harbor.push_back(static_cast<std::uint8_t>(id));
  REQUIRE(s->harbor() == harbor);
  REQUIRE(s->phase() == Phase::kDiscover);
  const auto e = events_since(*s, v).back().card_drawn();
  REQUIRE(e.card() == kind_index(id) + 1);
  REQUIRE(e.destination() == pb::DESTINATION_HARBOR);
  REQUIRE(prp_view(*s).harbor(prp_view(*s).harbor_size() - 1) == kind_index(id) + 1);
}

TEST_CASE("PRP-13, PRP-34: a ship may be repelled with enough swords, it goes to the discard pile") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    return in_discover_with_top(s, [&](int id) {
      return card(id).type == Type::kShip && !card(id).skull && s.swords(s.active_seat()) >= card(id).swords;
    });
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  const auto& persons = s->player(seat).persons;
  // PRP-34: 1 sword per Sailor, 2 per Pirate.
  REQUIRE(s->swords(seat) == count_type(persons, Person::kSailor) + 2 * count_type(persons, Person::kPirate));
  REQUIRE(prp_view(*s).players(seat).swords() == s->swords(seat));
  const int ship = top_card(*s);
  const auto harbor = s->harbor();
  act(*s, seat, action::kDraw);
  REQUIRE(s->phase() == Phase::kRepel);
  REQUIRE(s->legal_actions(seat) == std::vector<ActionId>{action::kRepel, action::kDock});
  REQUIRE(prp_view(*s).drawn_ship() == kind_index(ship) + 1);
  const std::uint64_t v = s->version();
  act(*s, seat, action::kRepel);
  REQUIRE(s->harbor() == harbor);
  REQUIRE(s->discard_pile().back() == ship);
  REQUIRE(s->phase() == Phase::kDiscover);
  REQUIRE(events_since(*s, v).back().ship_repelled().card() == kind_index(ship) + 1);
  // Swords are not spent: the same total is available for the next ship.
  REQUIRE(s->swords(seat) == count_type(s->player(seat).persons, Person::kSailor) +
                                 2 * count_type(s->player(seat).persons, Person::kPirate));
}

TEST_CASE("PRP-13: skulls and ships stronger than one's swords cannot be repelled") {
  for (bool skull : {true, false}) {
    auto s = find_state(3, [skull](const PortRoyalState& s) {
      return in_discover_with_top(s, [&](int id) {
        if (card(id).type != Type::kShip) return false;
        if (skull) return card(id).skull && s.swords(s.active_seat()) >= 2;
        return !card(id).skull && s.swords(s.active_seat()) < card(id).swords;
      });
    });
    REQUIRE(s);
    const int ship = top_card(*s);
    const std::uint64_t v = s->version();
    act(*s, s->active_seat(), action::kDraw);
    REQUIRE(s->phase() != Phase::kRepel);
    REQUIRE(events_since(*s, v).back().card_drawn().destination() == pb::DESTINATION_HARBOR);
    const auto& h = s->harbor();
    const bool in_harbor = std::find(h.begin(), h.end(), ship) != h.end();
    const bool bust = events_since(*s, v).back().card_drawn().has_bust();
    REQUIRE(in_harbor != bust);
    REQUIRE_THAT(s->apply(acting(*s), action::kRepel).error().message, Catch::Contains("PRP-13"));
  }
}

TEST_CASE("PRP-14, PRP-A-11: a ship that could be repelled may be let into the harbor instead") {
  auto s = find_state(3, [](const PortRoyalState& s) { return s.phase() == Phase::kRepel; });
  REQUIRE(s);
  const int ship = s->pending_ship();
  const Colour colour = card(ship).colour;
  const bool will_bust = std::any_of(s->harbor().begin(), s->harbor().end(),
                                     [&](int id) { return card(id).type == Type::kShip && card(id).colour == colour; });
  const std::uint64_t v = s->version();
  act(*s, s->active_seat(), action::kDock);
  const auto e = events_since(*s, v).back().ship_docked();
  REQUIRE(e.card() == kind_index(ship) + 1);
  REQUIRE(e.has_bust() == will_bust);
  if (!will_bust) REQUIRE(s->harbor().back() == ship);
}

TEST_CASE("PRP-15, PRP-36: a second ship of a colour busts, Jesters pay every player") {
  auto s = find_state(4, [](const PortRoyalState& s) {
    if (!in_discover_with_top(s, [&](int id) {
          if (card(id).type != Type::kShip) return false;
          if (!card(id).skull && s.swords(s.active_seat()) >= card(id).swords) return false;
          return std::any_of(s.harbor().begin(), s.harbor().end(),
                             [&](int h) { return card(h).type == Type::kShip && card(h).colour == card(id).colour; });
        }))
      return false;
    int jesters = 0;
    for (Seat p = 0; p < s.num_seats(); ++p) jesters += s.count_person(p, Person::kJester);
    return jesters > 0 && s.draw_pile().size() > 12 && !s.expedition_area().empty();
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  const int ship = top_card(*s);
  auto harbor = s->harbor();
  const auto expeditions = s->expedition_area();
  const auto coins = all_coins(*s);
  std::vector<int> jesters;
  for (Seat p = 0; p < 4; ++p) jesters.push_back(s->count_person(p, Person::kJester));
  const auto discard = s->discard_pile();
  const std::uint64_t v = s->version();
  act(*s, seat, action::kDraw);
  // The harbor display is discarded, the expedition area stays.
  REQUIRE(s->harbor().empty());
  REQUIRE(s->expedition_area() == expeditions);
  harbor.push_back(static_cast<std::uint8_t>(ship));
  auto expected_discard = discard;
  expected_discard.insert(expected_discard.end(), harbor.begin(), harbor.end());
  REQUIRE(s->discard_pile() == expected_discard);
  // Every player, the active one included, gains 1 coin per Jester.
  for (Seat p = 0; p < 4; ++p) REQUIRE(s->coins(p) == coins[p] + jesters[p]);
  // Phase 2 does not happen: the next player is active.
  REQUIRE(s->active_seat() == (seat + 1) % 4);
  REQUIRE(s->phase() == Phase::kDiscover);
  REQUIRE(s->drawn_this_turn() == 0);
  const auto bust = events_since(*s, v).back().card_drawn().bust();
  REQUIRE(bust.colour() == static_cast<pb::Colour>(card(ship).colour));
  REQUIRE(bust.discarded_size() == static_cast<int>(harbor.size()));
  int paid = 0;
  for (const auto& g : bust.jester_coins()) {
    REQUIRE(g.count() == jesters[g.seat()]);
    paid += g.count();
  }
  REQUIRE(paid == std::accumulate(jesters.begin(), jesters.end(), 0));
}

TEST_CASE("PRP-16: a drawn expedition goes to the expedition area, not the harbor display") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    return in_discover_with_top(s, [](int id) { return card(id).type == Type::kExpedition; });
  });
  REQUIRE(s);
  const int id = top_card(*s);
  const auto harbor = s->harbor();
  act(*s, s->active_seat(), action::kDraw);
  REQUIRE(s->harbor() == harbor);
  REQUIRE(s->expedition_area().back() == id);
  REQUIRE(prp_view(*s).expeditions(prp_view(*s).expeditions_size() - 1) == kind_index(id) + 1);
  REQUIRE(s->phase() == Phase::kDiscover);
}

TEST_CASE("PRP-17, PRP-18, PRP-A-8: tax increases halve 12+ coins, then reward the tied best") {
  for (Tax tax : {Tax::kMostSwords, Tax::kFewestPoints}) {
    for (bool rich : {true, false}) {
      auto s = find_state(
          4,
          [&](const PortRoyalState& s) {
            if (!in_discover_with_top(s, [&](int id) { return card(id).tax == tax; })) return false;
            if (s.draw_pile().size() < 8) return false;
            bool any_rich = false;
            for (Seat p = 0; p < 4; ++p) any_rich |= s.coins(p) >= kTaxThreshold;
            return any_rich == rich;
          },
          Policy::kUniform);
      REQUIRE(s);
      const auto coins = all_coins(*s);
      std::vector<int> score;
      for (Seat p = 0; p < 4; ++p) score.push_back(tax == Tax::kMostSwords ? s->swords(p) : -s->points(p));
      const int best = *std::max_element(score.begin(), score.end());
      const int tax_card = top_card(*s);
      const std::uint64_t v = s->version();
      act(*s, s->active_seat(), action::kDraw);
      std::set<Seat> rewarded;
      for (Seat p = 0; p < 4; ++p) {
        const int lost = coins[p] >= 12 ? coins[p] / 2 : 0;  // 12 or 13 -> 6, 14 or 15 -> 7
        const int reward = score[p] == best ? 1 : 0;
        if (reward) rewarded.insert(p);
        REQUIRE(s->coins(p) == coins[p] - lost + reward);
      }
      const auto e = events_since(*s, v).back().card_drawn();
      REQUIRE(e.destination() == pb::DESTINATION_TAX);
      REQUIRE(std::set<Seat>(e.rewarded().begin(), e.rewarded().end()) == rewarded);
      REQUIRE((e.tax_losses_size() > 0) == rich);
      for (const auto& loss : e.tax_losses()) {
        REQUIRE(loss.count() == coins[loss.seat()] / 2);
        REQUIRE(loss.revealed_size() == loss.count());
      }
      // The card is discarded and the active player goes on with Phase 1.
      REQUIRE(std::find(s->discard_pile().begin(), s->discard_pile().end(), tax_card) != s->discard_pile().end());
      REQUIRE(s->phase() == Phase::kDiscover);
      REQUIRE(legal(*s, s->active_seat(), action::kStop));
    }
  }
}

TEST_CASE("PRP-A-8: when nobody has swords, every player gains from the swords tax") {
  auto s = find_state(
      3,
      [](const PortRoyalState& s) {
        if (!in_discover_with_top(s, [](int id) { return card(id).tax == Tax::kMostSwords; })) return false;
        for (Seat p = 0; p < 3; ++p) {
          if (s.swords(p) > 0 || s.coins(p) >= kTaxThreshold) return false;
        }
        return true;
      },
      Policy::kUniform);
  REQUIRE(s);
  const auto coins = all_coins(*s);
  act(*s, s->active_seat(), action::kDraw);
  for (Seat p = 0; p < 3; ++p) REQUIRE(s->coins(p) == coins[p] + 1);
}
