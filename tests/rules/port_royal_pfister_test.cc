// Port Royal (Pfister) rules tests; each cites the rule IDs of
// docs/rules/port-royal-pfister.md it checks.
//
// Situations are reached honestly: seeded games are played with a fixed
// policy through the public API until a state with the wanted property
// appears (find_state); the test then acts and checks the rule against
// values computed from the state before the action.
#include <catch2/catch.hpp>
#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "rules/port_royal_pfister/port_royal_pfister.h"
#include "tools/simulation.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
namespace pb = brethren::v1::port_royal_pfister;

namespace {

const auto game = make_game();
using StatePtr = std::unique_ptr<PortRoyalState>;

StatePtr new_match(int seats, std::uint64_t seed, pb::EndCondition end = pb::END_CONDITION_STANDARD) {
  v1::GameOptions options;
  options.mutable_port_royal_pfister()->set_end_condition(end);
  auto created = game->new_match({options, seats, seed});
  REQUIRE(created.ok());
  return StatePtr(static_cast<PortRoyalState*>(created->release()));
}

StatePtr copy(const PortRoyalState& s) { return StatePtr(static_cast<PortRoyalState*>(s.clone().release())); }

Seat acting(const State& s) { return s.acting_seats().at(0); }

void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << a << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

bool legal(const State& s, Seat seat, ActionId a) { return s.is_legal(seat, a); }

std::vector<pb::Event> events_since(const State& s, std::uint64_t version) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(Viewer::spectator(), version)) out.push_back(r.event().port_royal_pfister());
  return out;
}

template <class Pred>
std::optional<pb::Event> find_event(const std::vector<pb::Event>& events, Pred pred) {
  for (const auto& e : events) {
    if (pred(e)) return e;
  }
  return std::nullopt;
}

pb::View prp_view(const State& s, Viewer v = Viewer::spectator()) { return s.view(v).game().port_royal_pfister(); }

std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

int top_card(const PortRoyalState& s) { return s.draw_pile().empty() ? -1 : s.draw_pile().back(); }
int count_type(const std::vector<std::uint8_t>& cards, Person p) {
  return static_cast<int>(std::count_if(cards.begin(), cards.end(), [p](int id) { return card(id).person == p; }));
}
int colours_in_harbor(const PortRoyalState& s) {
  std::set<Colour> colours;
  for (int id : s.harbor()) {
    if (card(id).type == Type::kShip) colours.insert(card(id).colour);
  }
  return static_cast<int>(colours.size());
}
std::vector<int> all_coins(const PortRoyalState& s) {
  std::vector<int> out;
  for (Seat p = 0; p < s.num_seats(); ++p) out.push_back(s.coins(p));
  return out;
}

enum class Policy { kUniform, kEager };

// kEager hires and trades whenever it can and draws a random number of cards,
// so games reach rich displays; kUniform is the conformance suite's policy.
ActionId choose(const PortRoyalState& s, Seat, const std::vector<ActionId>& legal, Rng& rng, Policy policy,
                int& draw_target) {
  if (policy == Policy::kUniform) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  std::vector<ActionId> fulfils, persons, ships;
  for (ActionId a : legal) {
    if (a >= action::kFulfilBase)
      fulfils.push_back(a);
    else if (a >= action::kTakeBase)
      (card(s.harbor()[a - action::kTakeBase]).type == Type::kShip ? ships : persons).push_back(a);
  }
  auto pick = [&](const std::vector<ActionId>& v) { return v[rng.below(static_cast<std::uint32_t>(v.size()))]; };
  if (!fulfils.empty() && rng.below(4) != 0) return pick(fulfils);
  switch (s.phase()) {
    case Phase::kRepel: return rng.below(5) == 0 ? action::kDock : action::kRepel;
    case Phase::kDiscover:
      if (s.drawn_this_turn() == 0) draw_target = 1 + static_cast<int>(rng.below(7));
      if (legal[0] == action::kDraw && (s.drawn_this_turn() < draw_target)) return action::kDraw;
      return legal[0] == action::kStop || legal.size() < 2 ? legal[0] : action::kStop;
    case Phase::kTradeHire:
      if (rng.below(10) == 0) return action::kPass;
      if (!persons.empty() && rng.below(3) != 0) return pick(persons);
      if (!ships.empty()) return pick(ships);
      if (!persons.empty()) return pick(persons);
      return action::kPass;
    case Phase::kFinished: break;
  }
  return legal[0];
}

// The first state (over seeds 1.., then over the actions of each game) for
// which `pred` holds; nullptr if none within the limits.
StatePtr find_state(int seats, const std::function<bool(const PortRoyalState&)>& pred, Policy policy = Policy::kEager,
                    int max_seeds = 400, pb::EndCondition end = pb::END_CONDITION_STANDARD) {
  std::vector<ActionId> legal;
  for (int seed = 1; seed <= max_seeds; ++seed) {
    auto s = new_match(seats, static_cast<std::uint64_t>(seed), end);
    Rng rng(static_cast<std::uint64_t>(seed) * 7919);
    int draw_target = 3;
    while (!s->is_terminal()) {
      if (pred(*s)) return s;
      const Seat seat = acting(*s);
      s->legal_actions(seat, legal);
      s->apply_legal(seat, choose(*s, seat, legal, rng, policy, draw_target));
    }
    if (pred(*s)) return s;
  }
  return nullptr;
}

// Plays whole games, calling `each(before, seat, action, after)` around every action.
void for_each_step(int seats, int games, Policy policy,
                   const std::function<void(const PortRoyalState&, Seat, ActionId, const PortRoyalState&)>& each,
                   pb::EndCondition end = pb::END_CONDITION_STANDARD, std::uint64_t first_seed = 1) {
  std::vector<ActionId> legal;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    auto s = new_match(seats, seed, end);
    Rng rng(seed * 104729);
    int draw_target = 3;
    while (!s->is_terminal()) {
      const Seat seat = acting(*s);
      s->legal_actions(seat, legal);
      const ActionId a = choose(*s, seat, legal, rng, policy, draw_target);
      auto before = copy(*s);
      s->apply_legal(seat, a);
      each(*before, seat, a, *s);
    }
  }
}

bool in_discover_with_top(const PortRoyalState& s, const std::function<bool(int)>& top_pred) {
  return s.phase() == Phase::kDiscover && !s.draw_pile().empty() && !s.end_triggered() && top_pred(top_card(s));
}

// Where every one of the 120 cards is (each exactly once).
std::multiset<int> every_card(const PortRoyalState& s) {
  std::multiset<int> out;
  auto add = [&](const std::vector<std::uint8_t>& v) { out.insert(v.begin(), v.end()); };
  add(s.draw_pile());
  add(s.discard_pile());
  add(s.harbor());
  add(s.expedition_area());
  for (Seat p = 0; p < s.num_seats(); ++p) {
    add(s.player(p).coins);
    add(s.player(p).persons);
    add(s.player(p).expeditions);
  }
  if (s.pending_ship() >= 0) out.insert(s.pending_ship());
  return out;
}

}  // namespace

// --- Cards and set-up ----------------------------------------------------------

TEST_CASE("PRP §1, PRP-A-13: the card table holds the 120 cards of the box") {
  std::map<Type, int> by_type;
  std::map<Colour, int> ships, ship_coins;
  std::map<Person, int> persons;
  std::map<Colour, std::multiset<int>> swords;
  int skulls = 0, taxes_swords = 0, taxes_vp = 0;
  for (int id = 0; id < kNumCards; ++id) {
    const CardKind& c = card(id);
    ++by_type[c.type];
    if (c.type == Type::kShip) {
      ++ships[c.colour];
      ship_coins[c.colour] += c.coins;
      if (c.skull)
        ++skulls;
      else
        swords[c.colour].insert(c.swords);
    }
    if (c.type == Type::kPerson) ++persons[c.person];
    if (c.type == Type::kTax) (c.tax == Tax::kMostSwords ? taxes_swords : taxes_vp)++;
  }
  REQUIRE(kNumCards == 120);
  REQUIRE(by_type[Type::kShip] == 50);
  REQUIRE(by_type[Type::kPerson] == 60);
  REQUIRE(by_type[Type::kExpedition] == 6);
  REQUIRE(by_type[Type::kTax] == 4);
  REQUIRE(taxes_swords == 2);
  REQUIRE(taxes_vp == 2);
  for (Colour c : {Colour::kYellow, Colour::kBlue, Colour::kGreen, Colour::kRed, Colour::kBlack}) {
    REQUIRE(ships[c] == 10);
    REQUIRE(ship_coins[c] == 22);
  }
  REQUIRE(skulls == 4);
  REQUIRE(swords[Colour::kYellow] == std::multiset<int>{1, 1, 1, 1, 2, 2, 2, 4, 4, 4});
  REQUIRE(swords[Colour::kBlue] == std::multiset<int>{1, 1, 1, 1, 2, 2, 2, 5, 5, 5});
  REQUIRE(swords[Colour::kGreen] == std::multiset<int>{1, 1, 1, 1, 3, 3, 3, 5, 5, 5});
  REQUIRE(swords[Colour::kRed] == std::multiset<int>{1, 1, 1, 3, 3, 3, 6, 6});
  REQUIRE(swords[Colour::kBlack] == std::multiset<int>{2, 2, 2, 4, 4, 4, 7, 7});
  const std::map<Person, int> expected{{Person::kTrader, 10}, {Person::kSettler, 5},      {Person::kCaptain, 5},
                                       {Person::kPriest, 5},  {Person::kJack, 3},         {Person::kSailor, 10},
                                       {Person::kPirate, 3},  {Person::kMademoiselle, 4}, {Person::kJester, 5},
                                       {Person::kAdmiral, 6}, {Person::kGovernor, 4}};
  REQUIRE(persons == expected);
  // PRP-A-13: the Captain costs 4.
  for (int id = 0; id < kNumCards; ++id) {
    if (card(id).person == Person::kCaptain) REQUIRE(card(id).cost == 4);
  }
  // PRP-2: the 5-player Expedition is the only card without a coin back (last id).
  REQUIRE(std::string(card(kFivePlayerExpedition).code) == "EXP-ACH-5P");
  // The wire names follow the card ids of the reference.
  for (int k = 0; k < kNumKinds; ++k) {
    std::string name = std::string("CARD_KIND_") + kKinds[k].code;
    std::replace(name.begin(), name.end(), '-', '_');
    REQUIRE(pb::CardKind_Name(static_cast<pb::CardKind>(k + 1)) == name);
  }
}

TEST_CASE("PRP-1, PRP-A-1: two to five players, other counts and foreign options are refused") {
  for (int seats = 2; seats <= 5; ++seats) REQUIRE(game->new_match({{}, seats, 1}).ok());
  for (int seats : {0, 1, 6, 9}) {
    auto r = game->new_match({{}, seats, 1});
    REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
  }
  v1::GameOptions bad;
  bad.mutable_port_royal_pfister()->set_end_condition(static_cast<pb::EndCondition>(9));
  REQUIRE(game->new_match({bad, 3, 1}).error().code == ErrorCode::kInvalidOptions);
  v1::GameOptions foreign;
  foreign.mutable_letter_of_marque();
  REQUIRE(game->new_match({foreign, 3, 1}).error().code == ErrorCode::kInvalidOptions);
}

TEST_CASE("PRP-1, PRP-43: check_setup refuses exactly the setups new_match refuses, with the same error") {
  v1::GameOptions expedition, unknown_value, foreign;
  expedition.mutable_port_royal_pfister()->set_end_condition(pb::END_CONDITION_EXPEDITION);
  unknown_value.mutable_port_royal_pfister()->set_end_condition(static_cast<pb::EndCondition>(9));
  foreign.mutable_letter_of_marque();
  for (const auto& options : {v1::GameOptions{}, expedition, unknown_value, foreign}) {
    for (int seats = 0; seats <= 7; ++seats) {
      const auto checked = game->check_setup(options, seats);
      const auto built = game->new_match({options, seats, 1});
      REQUIRE(checked.ok() == built.ok());
      if (!checked.ok()) {
        REQUIRE(checked.error().code == built.error().code);
        REQUIRE(checked.error().message == built.error().message);
      }
    }
  }
  REQUIRE(game->check_setup(expedition, 5).ok());
  REQUIRE(game->check_setup(unknown_value, 3).error().code == ErrorCode::kInvalidOptions);
  REQUIRE(game->check_setup({}, 6).error().code == ErrorCode::kInvalidSeatCount);
}

TEST_CASE("PRP-2, PRP-3, PRP-4, PRP-6: set-up") {
  for (int seats = 2; seats <= 5; ++seats) {
    auto s = new_match(seats, 3);
    // PRP-2: the 5-player Expedition is out only with 5 players.
    if (seats == 5) {
      REQUIRE(s->expedition_area() == std::vector<std::uint8_t>{kFivePlayerExpedition});
    } else {
      REQUIRE(s->expedition_area().empty());
    }
    // PRP-3: 119 cards in the draw pile, an empty discard pile; PRP-4: 3 coins each.
    REQUIRE(static_cast<int>(s->draw_pile().size()) == 119 - 3 * seats);
    REQUIRE(s->discard_pile().empty());
    REQUIRE(s->harbor().empty());
    for (Seat p = 0; p < seats; ++p) REQUIRE(s->coins(p) == kStartCoins);
    std::multiset<int> expected;
    for (int id = 0; id < kNumCards; ++id) {
      if (id != kFivePlayerExpedition || seats == 5) expected.insert(id);
    }
    REQUIRE(every_card(*s) == expected);
    // PRP-6: the view keeps harbor display and expedition area apart.
    const auto v = prp_view(*s);
    REQUIRE(v.harbor_size() == 0);
    REQUIRE(v.expeditions_size() == (seats == 5 ? 1 : 0));
    REQUIRE(v.draw_pile() == static_cast<int>(s->draw_pile().size()));
    const auto started = events_since(*s, 0).front().game_started();
    REQUIRE(started.coins_size() == seats);
    for (const auto& c : started.coins()) REQUIRE(c.count() == kStartCoins);
  }
  // PRP-3: the shuffle depends on the seed and is reproducible.
  REQUIRE(new_match(3, 5)->serialize() == new_match(3, 5)->serialize());
  REQUIRE(new_match(3, 5)->draw_pile() != new_match(3, 6)->draw_pile());
}

TEST_CASE("PRP-5: a random starting player, then clockwise turns") {
  std::set<Seat> starters;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    auto s = new_match(4, seed);
    REQUIRE(s->active_seat() == s->start_seat());
    REQUIRE(prp_view(*s).start_seat() == s->start_seat());
    starters.insert(s->start_seat());
  }
  REQUIRE(starters == std::set<Seat>{0, 1, 2, 3});
  int turns = 0;
  for_each_step(3, 20, Policy::kUniform,
                [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
                  if (after.is_terminal() || after.active_seat() == before.active_seat()) return;
                  REQUIRE(after.active_seat() == (before.active_seat() + 1) % 3);
                  ++turns;
                });
  REQUIRE(turns > 100);
}

TEST_CASE("PRP-3, PRP-7, PRP-8, PRP-9, PRP-10: every card is somewhere, exactly once, all game long") {
  for (int seats : {2, 5}) {
    for_each_step(seats, 15, Policy::kEager,
                  [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
                    REQUIRE(every_card(after) == every_card(before));
                  });
  }
}

// --- Coins -----------------------------------------------------------------------

TEST_CASE("PRP-8: gaining coins moves the top cards of the draw pile face down into the display") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    for (std::size_t p = 0; p < s.harbor().size(); ++p) {
      const int id = s.harbor()[p];
      if (card(id).type == Type::kShip && static_cast<int>(s.draw_pile().size()) > card(id).coins + 6) return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  int position = 0;
  while (card(s->harbor()[position]).type != Type::kShip) ++position;
  const int ship = s->harbor()[position];
  const int income = card(ship).coins + s->traders(seat, card(ship).colour);
  std::vector<std::uint8_t> top(s->draw_pile().end() - income, s->draw_pile().end());
  std::reverse(top.begin(), top.end());  // drawn one at a time from the top
  const auto coins_before = s->player(seat).coins;
  act(*s, seat, action::take(position));
  auto coins = s->player(seat).coins;
  REQUIRE(static_cast<int>(coins.size()) == static_cast<int>(coins_before.size()) + income);
  REQUIRE(std::vector<std::uint8_t>(coins.end() - income, coins.end()) == top);
}

TEST_CASE("PRP-9, PRP-A-7, PRP-H-4: hire costs are paid last-gained coins first, revealed on the discard pile") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      const int id = s.harbor()[p];
      if (card(id).type == Type::kPerson && s.hire_cost(s.active_seat(), id) >= 3 &&
          s.is_legal(s.active_seat(), action::take(p)))
        return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  int position = 0;
  for (; position < static_cast<int>(s->harbor().size()); ++position) {
    const int id = s->harbor()[position];
    if (card(id).type == Type::kPerson && s->hire_cost(seat, id) >= 3 && legal(*s, seat, action::take(position))) break;
  }
  const int person = s->harbor()[position];
  const int cost = s->hire_cost(seat, person);
  const auto coins = s->player(seat).coins;
  const auto discard = s->discard_pile();
  const std::uint64_t v = s->version();
  act(*s, seat, action::take(position));
  std::vector<std::uint8_t> paid(coins.rbegin(), coins.rbegin() + cost);
  auto expected_discard = discard;
  expected_discard.insert(expected_discard.end(), paid.begin(), paid.end());
  REQUIRE(s->discard_pile() == expected_discard);
  REQUIRE(s->player(seat).coins == std::vector<std::uint8_t>(coins.begin(), coins.end() - cost));
  const auto hired = find_event(events_since(*s, v), [](const pb::Event& e) { return e.has_person_hired(); });
  REQUIRE(hired.has_value());
  INFO(hired->ShortDebugString());
  REQUIRE(hired->person_hired().payment().to_seat() == -1);
  REQUIRE(hired->person_hired().payment().revealed_size() == cost);
  for (int k = 0; k < cost; ++k) REQUIRE(hired->person_hired().payment().revealed(k) == kind_index(paid[k]) + 1);
  // The open discard pile shows them.
  const auto view = prp_view(*s);
  REQUIRE(view.discard_pile_size() == static_cast<int>(expected_discard.size()));
  REQUIRE(view.discard_pile(view.discard_pile_size() - 1) == kind_index(paid.back()) + 1);
}

TEST_CASE("PRP-10, PRP-H-6: an empty draw pile is replaced by the shuffled discard pile") {
  auto s = find_state(2, [](const PortRoyalState& s) {
    return s.phase() == Phase::kDiscover && s.draw_pile().empty() && !s.discard_pile().empty();
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  std::multiset<int> discard(s->discard_pile().begin(), s->discard_pile().end());
  const std::uint64_t v = s->version();
  act(*s, seat, action::kDraw);
  const auto events = events_since(*s, v);
  REQUIRE(events.front().has_reshuffled());
  REQUIRE(events.front().reshuffled().cards() == static_cast<int>(discard.size()));
  REQUIRE(events[1].has_card_drawn());
  // The drawn card came from the old discard pile; the rest is the new draw pile.
  std::multiset<int> now(s->draw_pile().begin(), s->draw_pile().end());
  const int drawn = events[1].card_drawn().card();
  REQUIRE(std::any_of(discard.begin(), discard.end(), [&](int id) { return kind_index(id) + 1 == drawn; }));
  REQUIRE(now.size() + 1 <= discard.size());
  for (int id : now) REQUIRE(discard.count(id) >= now.count(id));
}

TEST_CASE("PRP-A-10: with both piles empty nothing is drawn, the player must stop and the end is triggered") {
  auto s = find_state(
      5, [](const PortRoyalState& s) { return !s.is_terminal() && s.draw_pile().empty() && s.discard_pile().empty(); },
      Policy::kUniform, 400);
  REQUIRE(s);
  REQUIRE(s->end_triggered());
  bool exhausted = false;
  for (const auto& e : events_since(*s, 0)) exhausted |= e.has_end_triggered() && e.end_triggered().piles_exhausted();
  REQUIRE(exhausted);
  if (s->phase() == Phase::kDiscover) {
    const Seat seat = s->active_seat();
    REQUIRE_FALSE(legal(*s, seat, action::kDraw));
    REQUIRE(legal(*s, seat, action::kStop));
    REQUIRE_THAT(s->apply(seat, action::kDraw).error().message, Catch::Contains("PRP-A-10"));
  }
  // The round is completed and the game ends.
  Rng rng(3);
  while (!s->is_terminal()) {
    const auto l = s->legal_actions(acting(*s));
    act(*s, acting(*s), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
  }
  REQUIRE(s->is_terminal());
}

TEST_CASE("PRP-A-14: when nobody keeps a card the piles are reshuffled at most 20 times, then the game ends") {
  // Every seat draws one card, stops and passes: no coin is ever gained and no
  // person hired, so every card returns to the discard pile and, without
  // PRP-A-14, the same cards would cycle through reshuffles for ever.
  auto s = new_match(3, 11);
  std::uint64_t moves = 0;
  bool refused_draw = false;
  while (!s->is_terminal() && moves < game->max_moves()) {
    const Seat seat = acting(*s);
    ActionId a = action::kPass;
    if (s->phase() == Phase::kRepel) a = action::kRepel;
    if (s->phase() == Phase::kDiscover)
      a = s->drawn_this_turn() == 0 && legal(*s, seat, action::kDraw) ? action::kDraw : action::kStop;
    REQUIRE(s->generation() <= kMaxReshuffles);
    if (s->phase() == Phase::kDiscover && s->draw_pile().empty() && !s->discard_pile().empty() &&
        s->generation() == kMaxReshuffles) {
      // The discard pile is there but may not become a draw pile again.
      REQUIRE_FALSE(legal(*s, seat, action::kDraw));
      REQUIRE_THAT(s->apply(seat, action::kDraw).error().message, Catch::Contains("PRP-A-14"));
      refused_draw = true;
    }
    act(*s, seat, a);
    ++moves;
  }
  REQUIRE(s->is_terminal());
  REQUIRE(refused_draw);
  REQUIRE(s->generation() == kMaxReshuffles);
  REQUIRE(s->end_triggered());
  const auto trigger = find_event(events_since(*s, 0), [](const pb::Event& e) { return e.has_end_triggered(); });
  REQUIRE(trigger);
  REQUIRE(trigger->end_triggered().piles_exhausted());
  // PRP-41: the round is completed; nobody has a point, so all share the victory (PRP-42).
  const auto outcome = s->outcome();
  for (const auto& r : outcome.seats()) REQUIRE(r.winner());
}

// --- Phase 1 ----------------------------------------------------------------------

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

// --- Phase 2 ----------------------------------------------------------------------

TEST_CASE("PRP-19, PRP-A-3: the allowance follows the differently coloured ships when stopping") {
  std::set<int> seen;
  for (int colours = 0; colours <= 5; ++colours) {
    auto s = find_state(3, [colours](const PortRoyalState& s) {
      return s.phase() == Phase::kDiscover && s.drawn_this_turn() > 0 && colours_in_harbor(s) == colours;
    });
    REQUIRE(s);
    const Seat seat = s->active_seat();
    const int governors = s->count_person(seat, Person::kGovernor);
    const std::uint64_t v = s->version();
    act(*s, seat, action::kStop);
    const auto stopped = events_since(*s, v).front().stopped();
    const int base = colours <= 3 ? 1 : colours == 4 ? 2 : 3;
    REQUIRE(stopped.colours() == colours);
    REQUIRE(stopped.allowance() == base);
    if (s->phase() == Phase::kTradeHire && s->taking_seat() == seat) {
      REQUIRE(s->cards_left() == base + governors);
      REQUIRE(prp_view(*s).cards_left() == base + governors);
      // PRP-A-3: trading a ship does not lower the allowance beyond the card taken.
      for (int p = 0; p < static_cast<int>(s->harbor().size()); ++p) {
        if (card(s->harbor()[p]).type != Type::kShip || !legal(*s, seat, action::take(p))) continue;
        act(*s, seat, action::take(p));
        if (s->taking_seat() == seat) REQUIRE(s->cards_left() == base + governors - 1);
        break;
      }
    }
    seen.insert(colours);
  }
  REQUIRE(seen.size() == 6);
}

TEST_CASE("PRP-20, PRP-37: each Governor gives one more card, to active and other players alike") {
  for (bool active : {true, false}) {
    auto s = find_state(3, [active](const PortRoyalState& s) {
      return s.phase() == Phase::kTradeHire && (s.taking_seat() == s.active_seat()) == active &&
             s.count_person(s.taking_seat(), Person::kGovernor) > 0 && s.cards_left() > 0 && s.harbor().size() >= 2;
    });
    REQUIRE(s);
    const Seat seat = s->taking_seat();
    const int governors = s->count_person(seat, Person::kGovernor);
    if (!active)
      REQUIRE(s->cards_left() == 1 + governors);  // PRP-21 + PRP-20
    else
      REQUIRE(s->cards_left() >= 1 + governors);
    // A non-active player pays 1 coin per card (PRP-29, PRP-37).
    if (!active) {
      int position = 0;
      while (card(s->harbor()[position]).type != Type::kShip && position + 1 < static_cast<int>(s->harbor().size()))
        ++position;
      if (legal(*s, seat, action::take(position))) {
        const Seat active_seat = s->active_seat();
        const int active_coins = s->coins(active_seat);
        act(*s, seat, action::take(position));
        REQUIRE(s->coins(active_seat) == active_coins + 1);
        if (s->taking_seat() == seat) REQUIRE(s->cards_left() == governors);
      }
    }
  }
}

TEST_CASE("PRP-21, PRP-30: after the active player, each other player in clockwise order, then the harbor is cleared") {
  int phases = 0, clears = 0;
  for (int seats : {2, 4, 5}) {
    for_each_step(seats, 10, Policy::kEager,
                  [&](const PortRoyalState& before, Seat seat, ActionId, const PortRoyalState& after) {
                    if (before.phase() == Phase::kTradeHire) {
                      REQUIRE(seat == before.taking_seat());
                      // Non-active opportunities have a base allowance of 1 (+ Governors).
                      if (seat != before.active_seat() && before.taken_cards() == 0)
                        REQUIRE(before.cards_left() == 1 + before.count_person(seat, Person::kGovernor));
                      if (after.phase() == Phase::kTradeHire && after.active_seat() == before.active_seat()) {
                        const int off_before = (before.taking_seat() - before.active_seat() + seats) % seats;
                        const int off_after = (after.taking_seat() - after.active_seat() + seats) % seats;
                        REQUIRE(off_after >= off_before);
                      }
                    }
                    if (before.phase() == Phase::kTradeHire && after.active_seat() != before.active_seat()) {
                      // PRP-30: leftovers discarded, next player active.
                      REQUIRE(after.harbor().empty());
                      if (!after.is_terminal()) REQUIRE(after.active_seat() == (before.active_seat() + 1) % seats);
                      ++clears;
                    }
                    if (before.phase() == Phase::kDiscover && after.phase() == Phase::kTradeHire) ++phases;
                  });
  }
  REQUIRE(phases > 100);
  REQUIRE(clears > 100);
}

TEST_CASE("PRP-22, PRP-37: a Governor just hired adds his card at once") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() != 1) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      if (card(s.harbor()[p]).person == Person::kGovernor && s.is_legal(s.taking_seat(), action::take(p)) &&
          s.harbor().size() >= 2)
        return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->taking_seat();
  int position = 0;
  while (card(s->harbor()[position]).person != Person::kGovernor || !legal(*s, seat, action::take(position)))
    ++position;
  act(*s, seat, action::take(position));
  REQUIRE(s->taking_seat() == seat);
  REQUIRE(s->cards_left() == 1);
}

TEST_CASE("PRP-22, PRP-38: a Mademoiselle just hired lowers the next hire at once") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.cards_left() < 2) return false;
    bool madem = false, other = false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      const int id = s.harbor()[p];
      if (card(id).person == Person::kMademoiselle && s.is_legal(s.taking_seat(), action::take(p)))
        madem = true;
      else if (card(id).type == Type::kPerson && s.hire_cost(s.taking_seat(), id) > 0)
        other = true;
    }
    return madem && other;
  });
  REQUIRE(s);
  const Seat seat = s->taking_seat();
  int position = 0;
  while (card(s->harbor()[position]).person != Person::kMademoiselle || !legal(*s, seat, action::take(position)))
    ++position;
  std::map<int, int> costs;
  for (int id : s->harbor()) {
    if (card(id).type == Type::kPerson) costs[id] = s->hire_cost(seat, id);
  }
  const int madems = s->count_person(seat, Person::kMademoiselle);
  act(*s, seat, action::take(position));
  REQUIRE(s->count_person(seat, Person::kMademoiselle) == madems + 1);
  for (int id : s->harbor()) {
    if (card(id).type != Type::kPerson) continue;
    REQUIRE(s->hire_cost(seat, id) == std::max(0, costs[id] - 1));
    REQUIRE(s->hire_cost(seat, id) == std::max(0, card(id).cost - madems - 1));
  }
}

TEST_CASE("PRP-23, PRP-A-4: taking is optional, passing ends the opportunity") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    return s.phase() == Phase::kTradeHire && s.taking_seat() == s.active_seat() && s.harbor().size() >= 2 &&
           s.cards_left() > 0;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  REQUIRE(legal(*s, seat, action::kPass));
  const auto harbor = s->harbor();
  const std::uint64_t v = s->version();
  act(*s, seat, action::kPass);
  REQUIRE(events_since(*s, v).front().passed().seat() == seat);
  REQUIRE(s->taking_seat() != seat);
  REQUIRE(s->active_seat() == seat);
  REQUIRE(s->harbor() == harbor);
}

TEST_CASE("PRP-24, PRP-31: trading a ship gains its coins plus one per Trader of its colour") {
  for (bool with_trader : {false, true}) {
    auto s = find_state(3, [with_trader](const PortRoyalState& s) {
      if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
      if (s.draw_pile().size() < 8) return false;
      for (int id : s.harbor()) {
        if (card(id).type == Type::kShip && (s.traders(s.active_seat(), card(id).colour) > 0) == with_trader)
          return true;
      }
      return false;
    });
    REQUIRE(s);
    const Seat seat = s->active_seat();
    int position = 0;
    for (;; ++position) {
      const int id = s->harbor()[position];
      if (card(id).type == Type::kShip && (s->traders(seat, card(id).colour) > 0) == with_trader) break;
    }
    const int ship = s->harbor()[position];
    const int traders = s->traders(seat, card(ship).colour);
    const int coins = s->coins(seat);
    const std::uint64_t v = s->version();
    act(*s, seat, action::take(position));
    REQUIRE(s->coins(seat) == coins + card(ship).coins + traders);
    REQUIRE(s->discard_pile().back() == ship);
    const auto traded = events_since(*s, v).front().ship_traded();
    REQUIRE(traded.income() == card(ship).coins + traders);
    REQUIRE(traded.coins_gained() == traded.income());
    REQUIRE_FALSE(traded.has_compensation());
  }
}

TEST_CASE("PRP-25, PRP-38: hiring pays the cost less one per Mademoiselle, unaffordable persons cannot be hired") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    if (s.count_person(s.active_seat(), Person::kMademoiselle) == 0) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      if (card(s.harbor()[p]).type == Type::kPerson && s.is_legal(s.active_seat(), action::take(p))) return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  int position = 0;
  while (card(s->harbor()[position]).type != Type::kPerson || !legal(*s, seat, action::take(position))) ++position;
  const int person = s->harbor()[position];
  const int madems = s->count_person(seat, Person::kMademoiselle);
  const int coins = s->coins(seat), points = s->points(seat);
  act(*s, seat, action::take(position));
  REQUIRE(s->coins(seat) == coins - std::max(0, card(person).cost - madems));
  REQUIRE(s->player(seat).persons.back() == person);
  REQUIRE(s->points(seat) == points + card(person).points);  // PRP-39

  auto poor = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    for (int id : s.harbor()) {
      if (card(id).type == Type::kPerson && s.hire_cost(s.active_seat(), id) > s.coins(s.active_seat())) return true;
    }
    return false;
  });
  REQUIRE(poor);
  const Seat p = poor->active_seat();
  for (int pos = 0; pos < static_cast<int>(poor->harbor().size()); ++pos) {
    const int id = poor->harbor()[pos];
    if (card(id).type != Type::kPerson || poor->hire_cost(p, id) <= poor->coins(p)) continue;
    auto st = poor->apply(p, action::take(pos));
    REQUIRE(st.error().code == ErrorCode::kIllegalAction);
    REQUIRE_THAT(st.error().message, Catch::Contains("PRP-25"));
  }
}

TEST_CASE("PRP-29, PRP-H-5: other players pay the active player one coin per card, a ship's income may pay it") {
  // A ship taken with no coins at all: gain first, then pay.
  auto s = find_state(
      4,
      [](const PortRoyalState& s) {
        if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat() || s.cards_left() == 0) return false;
        if (s.coins(s.taking_seat()) != 0 || s.draw_pile().size() < 8) return false;
        return std::any_of(s.harbor().begin(), s.harbor().end(), [](int id) { return card(id).type == Type::kShip; });
      },
      Policy::kEager, 600);
  REQUIRE(s);
  const Seat seat = s->taking_seat(), active = s->active_seat();
  int position = 0;
  while (card(s->harbor()[position]).type != Type::kShip) ++position;
  const int ship = s->harbor()[position];
  const int income = card(ship).coins + s->traders(seat, card(ship).colour);
  const int active_coins = s->coins(active);
  const auto active_stack = s->player(active).coins;
  REQUIRE(legal(*s, seat, action::take(position)));
  const std::uint64_t v = s->version();
  act(*s, seat, action::take(position));
  REQUIRE(s->coins(seat) == income - 1);
  REQUIRE(s->coins(active) == active_coins + 1);
  const auto traded = events_since(*s, v).front().ship_traded();
  REQUIRE(traded.compensation().seat() == seat);
  REQUIRE(traded.compensation().to_seat() == active);
  REQUIRE(traded.compensation().count() == 1);
  REQUIRE(traded.compensation().revealed_size() == 0);  // PRP-H-5

  // A person needs its cost + 1.
  auto h = find_state(4, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat() || s.cards_left() == 0) return false;
    for (int id : s.harbor()) {
      if (card(id).type == Type::kPerson && s.hire_cost(s.taking_seat(), id) == s.coins(s.taking_seat())) return true;
    }
    return false;
  });
  REQUIRE(h);
  const Seat taker = h->taking_seat();
  for (int pos = 0; pos < static_cast<int>(h->harbor().size()); ++pos) {
    const int id = h->harbor()[pos];
    if (card(id).type != Type::kPerson) continue;
    REQUIRE(legal(*h, taker, action::take(pos)) == (h->coins(taker) >= h->hire_cost(taker, id) + 1));
    if (h->hire_cost(taker, id) == h->coins(taker))
      REQUIRE_THAT(h->apply(taker, action::take(pos)).error().message, Catch::Contains("PRP-29"));
  }
  auto hire = find_state(4, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat() || s.cards_left() == 0) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      if (card(s.harbor()[p]).type == Type::kPerson && s.is_legal(s.taking_seat(), action::take(p))) return true;
    }
    return false;
  });
  REQUIRE(hire);
  const Seat hirer = hire->taking_seat(), boss = hire->active_seat();
  int pos = 0;
  while (card(hire->harbor()[pos]).type != Type::kPerson || !legal(*hire, hirer, action::take(pos))) ++pos;
  const int person = hire->harbor()[pos];
  const int cost = hire->hire_cost(hirer, person);
  const int hirer_coins = hire->coins(hirer), boss_coins = hire->coins(boss);
  act(*hire, hirer, action::take(pos));
  REQUIRE(hire->coins(hirer) == hirer_coins - cost - 1);
  REQUIRE(hire->coins(boss) == boss_coins + 1);
}

// --- Expeditions --------------------------------------------------------------------

TEST_CASE("PRP-26, PRP-32, PRP-33, PRP-28: expeditions are fulfilled with matching persons, Jacks stand in") {
  for (bool with_jack : {false, true}) {
    auto s = find_state(3, [with_jack](const PortRoyalState& s) {
      if (s.phase() == Phase::kFinished || acting(s) != s.active_seat()) return false;
      for (ActionId a : s.legal_actions(s.active_seat())) {
        if (a < action::kFulfilBase) continue;
        const int in_kind = static_cast<int>((a - action::kFulfilBase) % action::kFulfilPerKind);
        if ((in_kind != 0) == with_jack) return s.draw_pile().size() > 5;
      }
      return false;
    });
    REQUIRE(s);
    const Seat seat = s->active_seat();
    ActionId chosen = 0;
    for (ActionId a : s->legal_actions(seat)) {
      if (a >= action::kFulfilBase && (((a - action::kFulfilBase) % action::kFulfilPerKind) != 0) == with_jack)
        chosen = a;
    }
    const int e = static_cast<int>((chosen - action::kFulfilBase) / action::kFulfilPerKind);
    const int in_kind = static_cast<int>((chosen - action::kFulfilBase) % action::kFulfilPerKind);
    const int ja = in_kind / 9, jc = (in_kind / 3) % 3, jh = in_kind % 3;
    const CardKind& exp = expedition_kind(e);
    const auto& persons = s->player(seat).persons;
    const int captains = count_type(persons, Person::kCaptain), priests = count_type(persons, Person::kPriest),
              settlers = count_type(persons, Person::kSettler), jacks = count_type(persons, Person::kJack);
    const int coins = s->coins(seat), points = s->points(seat), left = s->cards_left();
    const std::uint64_t v = s->version();
    act(*s, seat, chosen);
    const auto& after = s->player(seat).persons;
    REQUIRE(count_type(after, Person::kCaptain) == captains - (exp.anchors - ja));
    REQUIRE(count_type(after, Person::kPriest) == priests - (exp.crosses - jc));
    REQUIRE(count_type(after, Person::kSettler) == settlers - (exp.houses - jh));
    REQUIRE(count_type(after, Person::kJack) == jacks - (ja + jc + jh));
    REQUIRE(kind_index(s->player(seat).expeditions.back()) == kFirstExpeditionKind + e);
    REQUIRE(s->expedition_position(e) < 0);
    REQUIRE(s->coins(seat) == coins + exp.coins);
    const int discarded_points = exp.anchors + exp.crosses + exp.houses;  // these persons are worth 1 VP each
    REQUIRE(s->points(seat) == points - discarded_points + exp.points);
    const auto f = events_since(*s, v).front().expedition_fulfilled();
    REQUIRE(f.discarded_size() == exp.anchors + exp.crosses + exp.houses);
    REQUIRE(f.coins_gained() == exp.coins);
    // PRP-28: in Phase 2 fulfilling takes nothing from the allowance.
    if (s->phase() == Phase::kTradeHire && s->taking_seat() == seat) REQUIRE(s->cards_left() == left);
  }
}

TEST_CASE("PRP-26, PRP-33: the choice of Jacks must match the persons held and the symbols required") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() == Phase::kFinished || acting(s) != s.active_seat() || s.phase() == Phase::kRepel) return false;
    return !s.expedition_area().empty();
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  const auto& persons = s->player(seat).persons;
  const int held[4] = {count_type(persons, Person::kCaptain), count_type(persons, Person::kPriest),
                       count_type(persons, Person::kSettler), count_type(persons, Person::kJack)};
  for (int id : s->expedition_area()) {
    const int e = expedition_index(id);
    const CardKind& exp = expedition_kind(e);
    for (int ja = 0; ja <= 2; ++ja)
      for (int jc = 0; jc <= 2; ++jc)
        for (int jh = 0; jh <= 2; ++jh) {
          const bool ok = ja <= exp.anchors && jc <= exp.crosses && jh <= exp.houses && ja + jc + jh <= held[3] &&
                          exp.anchors - ja <= held[0] && exp.crosses - jc <= held[1] && exp.houses - jh <= held[2];
          REQUIRE(legal(*s, seat, action::fulfil(e, ja, jc, jh)) == ok);
          if (!ok) REQUIRE_THAT(s->apply(seat, action::fulfil(e, ja, jc, jh)).error().message, Catch::Contains("PRP-"));
        }
  }
}

TEST_CASE("PRP-27, PRP-A-2: only the active player fulfils expeditions, at any time of his turn") {
  int active_before_draw = 0, active_phase2 = 0;
  for_each_step(4, 40, Policy::kEager, [&](const PortRoyalState& before, Seat seat, ActionId, const PortRoyalState&) {
    const auto l = before.legal_actions(seat);
    const bool has_fulfil = std::any_of(l.begin(), l.end(), [](ActionId a) { return a >= action::kFulfilBase; });
    if (seat != before.active_seat()) {
      REQUIRE_FALSE(has_fulfil);
      return;
    }
    if (has_fulfil && before.phase() == Phase::kDiscover && before.drawn_this_turn() == 0) ++active_before_draw;
    if (has_fulfil && before.phase() == Phase::kTradeHire) ++active_phase2;
  });
  REQUIRE(active_before_draw > 0);
  REQUIRE(active_phase2 > 0);
  // A non-active player holding the symbols is refused with the rule.
  auto s = find_state(4, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat()) return false;
    for (int id : s.expedition_area()) {
      const CardKind& e = card(id);
      const auto& p = s.player(s.taking_seat()).persons;
      if (count_type(p, Person::kCaptain) >= e.anchors && count_type(p, Person::kPriest) >= e.crosses &&
          count_type(p, Person::kSettler) >= e.houses)
        return true;
    }
    return false;
  });
  REQUIRE(s);
  const int e = expedition_index(s->expedition_area().front());
  auto st = s->apply(s->taking_seat(), action::fulfil(e, 0, 0, 0));
  REQUIRE(st.error().code == ErrorCode::kIllegalAction);
}

// --- Abilities --------------------------------------------------------------------------

TEST_CASE("PRP-35, PRP-A-5: Admirals pay 2 coins each when an opportunity starts with 5+ harbor cards") {
  int active_bonus = 0, other_bonus = 0;
  for_each_step(4, 25, Policy::kEager, [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
    for (const auto& e : events_since(after, before.version())) {
      if (!e.has_opportunity_bonus() || e.opportunity_bonus().admiral_coins() == 0) continue;
      const Seat seat = e.opportunity_bonus().seat();
      REQUIRE(e.opportunity_bonus().admiral_coins() == 2 * before.count_person(seat, Person::kAdmiral));
      (seat == before.active_seat() ? active_bonus : other_bonus)++;
    }
    // Stopping with 5+ cards pays the active player's Admirals even if he takes nothing.
    if (before.phase() == Phase::kDiscover && after.phase() != Phase::kDiscover &&
        after.active_seat() == before.active_seat() && before.harbor().size() >= 5 &&
        before.count_person(before.active_seat(), Person::kAdmiral) > 0 && before.draw_pile().size() > 12 &&
        after.phase() == Phase::kTradeHire) {
      const Seat seat = before.active_seat();
      const auto bonus = find_event(events_since(after, before.version()), [&](const pb::Event& e) {
        return e.has_opportunity_bonus() && e.opportunity_bonus().seat() == seat;
      });
      REQUIRE(bonus.has_value());
    }
    if (before.phase() == Phase::kDiscover && after.phase() == Phase::kTradeHire && before.harbor().size() < 5) {
      REQUIRE_FALSE(find_event(events_since(after, before.version()), [](const pb::Event& e) {
                      return e.has_opportunity_bonus() && e.opportunity_bonus().admiral_coins() > 0;
                    }).has_value());
    }
  });
  REQUIRE(active_bonus > 0);
  REQUIRE(other_bonus > 0);
}

TEST_CASE("PRP-36, PRP-A-6: a Jester pays a non-active player who finds the harbor display empty") {
  int paid = 0;
  for_each_step(4, 25, Policy::kEager, [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
    for (const auto& e : events_since(after, before.version())) {
      if (!e.has_opportunity_bonus() || e.opportunity_bonus().jester_coins() == 0) continue;
      const Seat seat = e.opportunity_bonus().seat();
      REQUIRE(seat != before.active_seat());
      REQUIRE(e.opportunity_bonus().jester_coins() == before.count_person(seat, Person::kJester));
      ++paid;
    }
  });
  REQUIRE(paid > 0);
  // Directly: the active player takes the last card; a later player with a Jester is paid.
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.harbor().size() != 1) return false;
    if (!s.is_legal(s.active_seat(), action::take(0)) || s.draw_pile().size() < 10) return false;
    const Seat next = (s.active_seat() + 1) % 3;
    return s.count_person(next, Person::kJester) > 0;
  });
  REQUIRE(s);
  const Seat next = (s->active_seat() + 1) % 3;
  const int coins = s->coins(next), jesters = s->count_person(next, Person::kJester);
  act(*s, s->active_seat(), action::take(0));
  REQUIRE(s->coins(next) == coins + jesters);
}

TEST_CASE("PRP-39: victory points are the shields of persons and expeditions, coins are not points") {
  for_each_step(3, 5, Policy::kEager, [](const PortRoyalState&, Seat, ActionId, const PortRoyalState& after) {
    const auto view = prp_view(after);
    for (Seat p = 0; p < 3; ++p) {
      int sum = 0;
      for (int id : after.player(p).persons) sum += card(id).points;
      for (int id : after.player(p).expeditions) sum += card(id).points;
      REQUIRE(after.points(p) == sum);
      REQUIRE(view.players(p).points() == sum);
      REQUIRE(view.players(p).coins() == after.coins(p));
    }
  });
}

// --- End --------------------------------------------------------------------------------

TEST_CASE("PRP-40, PRP-41, PRP-A-12: 12 points trigger the end, the round is completed, equal turns for all") {
  int by_non_active = 0;
  for (int seats = 2; seats <= 5; ++seats) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      auto s = new_match(seats, seed);
      Rng rng(seed);
      std::vector<int> turns(seats, 0);
      turns[s->active_seat()] = 1;
      bool triggered = false;
      while (!s->is_terminal()) {
        const Seat seat = acting(*s);
        const Seat active = s->active_seat();
        const auto l = s->legal_actions(seat);
        const std::uint64_t v = s->version();
        s->apply_legal(seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
        for (const auto& e : events_since(*s, v)) {
          if (!e.has_end_triggered()) continue;
          REQUIRE_FALSE(triggered);
          triggered = true;
          if (e.end_triggered().piles_exhausted()) continue;
          REQUIRE(s->points(e.end_triggered().seat()) >= kEndPoints);
          if (e.end_triggered().seat() != active) ++by_non_active;
        }
        // Before the trigger, nobody has 12 points (checked after every change).
        if (!triggered) {
          for (Seat p = 0; p < seats; ++p) REQUIRE(s->points(p) < kEndPoints);
        }
        if (!s->is_terminal() && s->active_seat() != active) ++turns[s->active_seat()];
      }
      REQUIRE(triggered);
      // The last turn was that of the player to the starting player's right.
      REQUIRE(std::all_of(turns.begin(), turns.end(), [&](int t) { return t == turns[0]; }));
    }
  }
  REQUIRE(by_non_active > 0);
}

TEST_CASE("PRP-42: most points win, then most coins, else a shared victory") {
  int coin_decided = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 4);
    auto match = play_random_match(*game, {{}, seats, seed}, seed * 3);
    REQUIRE(match.ok());
    auto& s = static_cast<PortRoyalState&>(*match->state);
    REQUIRE(s.is_terminal());
    const auto outcome = s.outcome();
    int best_points = -1;
    for (Seat p = 0; p < seats; ++p) best_points = std::max(best_points, s.points(p));
    int best_coins = -1;
    for (Seat p = 0; p < seats; ++p) {
      if (s.points(p) == best_points) best_coins = std::max(best_coins, s.coins(p));
    }
    int tied_on_points = 0;
    for (Seat p = 0; p < seats; ++p) {
      const bool winner = s.points(p) == best_points && s.coins(p) == best_coins;
      REQUIRE(outcome.seats(p).winner() == winner);
      REQUIRE(outcome.seats(p).score() == s.points(p));
      tied_on_points += s.points(p) == best_points;
    }
    const auto winners =
        std::count_if(outcome.seats().begin(), outcome.seats().end(), [](const auto& r) { return r.winner(); });
    REQUIRE_THAT(outcome.summary(), Catch::Contains(winners == 1 ? " wins with " : " share the victory with "));
    REQUIRE_THAT(outcome.summary(), Catch::Contains(std::to_string(best_points) + " points"));
    if (tied_on_points > 1 && winners == 1) {
      ++coin_decided;
      REQUIRE_THAT(outcome.summary(), Catch::Contains(std::to_string(best_coins) + " coins"));
    }
  }
  REQUIRE(coin_decided > 0);
}

TEST_CASE("PRP-43, PRP-A-9: the expedition variant needs an Expedition to trigger the end and to win") {
  int later_than_standard = 0, points_leader_lost = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 4);
    auto s = new_match(seats, seed, pb::END_CONDITION_EXPEDITION);
    REQUIRE(prp_view(*s).end_condition() == pb::END_CONDITION_EXPEDITION);
    Rng rng(seed);
    bool someone_12_without_trigger = false;
    std::vector<ActionId> l;
    int draw_target = 3;
    while (!s->is_terminal()) {
      const Seat seat = acting(*s);
      s->legal_actions(seat, l);
      const std::uint64_t v = s->version();
      s->apply_legal(seat, choose(*s, seat, l, rng, Policy::kEager, draw_target));
      for (const auto& e : events_since(*s, v)) {
        if (!e.has_end_triggered() || e.end_triggered().piles_exhausted()) continue;
        const Seat t = e.end_triggered().seat();
        REQUIRE(s->points(t) >= kEndPoints);
        REQUIRE_FALSE(s->player(t).expeditions.empty());
      }
      if (!s->end_triggered()) {
        for (Seat p = 0; p < seats; ++p) someone_12_without_trigger |= s->points(p) >= kEndPoints;
      }
    }
    if (someone_12_without_trigger) ++later_than_standard;
    const auto outcome = s->outcome();
    bool any_expedition = false;
    for (Seat p = 0; p < seats; ++p) any_expedition |= !s->player(p).expeditions.empty();
    int best = -1;
    for (Seat p = 0; p < seats; ++p) {
      if (!any_expedition || !s->player(p).expeditions.empty()) best = std::max(best, s->points(p));
    }
    int max_points = -1;
    for (Seat p = 0; p < seats; ++p) max_points = std::max(max_points, s->points(p));
    for (Seat p = 0; p < seats; ++p) {
      if (outcome.seats(p).winner()) {
        if (any_expedition) REQUIRE_FALSE(s->player(p).expeditions.empty());
        REQUIRE(s->points(p) == best);
      }
      if (s->points(p) == max_points && s->player(p).expeditions.empty() && any_expedition && max_points > best)
        ++points_leader_lost;
    }
  }
  REQUIRE(later_than_standard > 0);
  REQUIRE(points_leader_lost > 0);
}

// --- Hidden information ------------------------------------------------------------------

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

// --- Encoding ------------------------------------------------------------------------------

TEST_CASE("Actions: encode/decode round-trips and malformed messages are refused") {
  auto s = new_match(3, 2);
  for (ActionId a = 0; a < action::kSpaceSize; ++a) {
    auto back = s->decode_action(0, s->encode_action(0, a));
    REQUIRE(back.ok());
    REQUIRE(*back == a);
  }
  v1::GameAction bad;
  bad.mutable_port_royal_pfister()->mutable_take()->set_position(kMaxHarbor);
  REQUIRE(s->decode_action(0, bad).error().code == ErrorCode::kMalformedAction);
  bad.mutable_port_royal_pfister()->mutable_fulfil()->set_expedition(pb::CARD_KIND_P_SETTLER);
  REQUIRE(s->decode_action(0, bad).error().code == ErrorCode::kMalformedAction);
  bad.mutable_port_royal_pfister()->mutable_fulfil()->set_expedition(pb::CARD_KIND_EXP_AAH);
  bad.mutable_port_royal_pfister()->mutable_fulfil()->set_jacks_as_anchor(3);
  REQUIRE(s->decode_action(0, bad).error().code == ErrorCode::kMalformedAction);
  bad.mutable_port_royal_pfister()->mutable_fulfil()->set_jacks_as_anchor(1);
  REQUIRE(s->decode_action(0, bad).value() == action::fulfil(3, 1, 0, 0));
  REQUIRE(s->decode_action(0, v1::GameAction{}).error().code == ErrorCode::kMalformedAction);
}

// --- The worked examples of the seed text (docs/rules/port-royal-pfister.md §4.7) ------------

TEST_CASE("Seed example (Alex): a Sailor and a Pirate give 3 swords and repel a 2-sword Flute") {
  auto s = find_state(
      3,
      [](const PortRoyalState& s) {
        return in_discover_with_top(s, [&](int id) {
          const auto& p = s.player(s.active_seat()).persons;
          return card(id).type == Type::kShip && card(id).colour == Colour::kBlue && card(id).swords == 2 &&
                 count_type(p, Person::kSailor) == 1 && count_type(p, Person::kPirate) == 1;
        });
      },
      Policy::kEager, 3000);
  REQUIRE(s);
  const Seat alex = s->active_seat();
  REQUIRE(s->swords(alex) == 3);
  const int flute = top_card(*s);
  act(*s, alex, action::kDraw);
  act(*s, alex, action::kRepel);
  REQUIRE(s->discard_pile().back() == flute);
}

TEST_CASE("Seed example (Dagmar): a Priest and a Jack of all Trades fulfil a 2-cross Expedition for 2 coins") {
  const int cc = expedition_index(kNumCards - 5);  // EXP-CC
  REQUIRE(std::string(expedition_kind(cc).code) == "EXP-CC");
  auto s = find_state(
      3,
      [cc](const PortRoyalState& s) {
        return s.phase() != Phase::kFinished && acting(s) == s.active_seat() &&
               s.is_legal(s.active_seat(), action::fulfil(cc, 0, 1, 0)) && s.draw_pile().size() > 4;
      },
      Policy::kEager, 3000);
  REQUIRE(s);
  const Seat dagmar = s->active_seat();
  const int coins = s->coins(dagmar);
  const int priests = s->count_person(dagmar, Person::kPriest), jacks = s->count_person(dagmar, Person::kJack);
  act(*s, dagmar, action::fulfil(cc, 0, 1, 0));
  REQUIRE(s->count_person(dagmar, Person::kPriest) == priests - 1);
  REQUIRE(s->count_person(dagmar, Person::kJack) == jacks - 1);
  REQUIRE(s->coins(dagmar) == coins + 2);
  REQUIRE(std::string(card(s->player(dagmar).expeditions.back()).code) == "EXP-CC");
}

TEST_CASE("Seed example (Andrea, Alex, Klemens): 4 colours give 2 cards, a 2-coin ship, a Sailor for 3, Alex pays 1") {
  auto s = find_state(
      3,
      [](const PortRoyalState& s) {
        if (s.phase() != Phase::kDiscover || s.drawn_this_turn() == 0 || s.harbor().size() != 5) return false;
        if (colours_in_harbor(s) != 4 || s.count_person(s.active_seat(), Person::kGovernor) > 0) return false;
        if (s.count_person(s.active_seat(), Person::kMademoiselle) > 0 || s.draw_pile().size() < 12) return false;
        int two_coin_ships = 0, sailors = 0;
        for (int id : s.harbor()) {
          two_coin_ships +=
              card(id).type == Type::kShip && card(id).coins == 2 && s.traders(s.active_seat(), card(id).colour) == 0;
          sailors += card(id).person == Person::kSailor && card(id).cost == 3;
        }
        return two_coin_ships >= 1 && sailors >= 1 && s.coins(s.active_seat()) + 2 >= 3;
      },
      Policy::kEager, 3000);
  REQUIRE(s);
  const Seat andrea = s->active_seat();
  act(*s, andrea, action::kStop);
  REQUIRE(s->taking_seat() == andrea);
  REQUIRE(s->cards_left() == 2);
  auto position_of = [&](const std::function<bool(int)>& pred) {
    for (int p = 0; p < static_cast<int>(s->harbor().size()); ++p) {
      if (pred(s->harbor()[p])) return p;
    }
    return -1;
  };
  // Klemens' example: a Flute (or any ship) worth 2 coins brings 2 coins.
  const int ship = position_of([&](int id) {
    return card(id).type == Type::kShip && card(id).coins == 2 && s->traders(andrea, card(id).colour) == 0;
  });
  int coins = s->coins(andrea);
  act(*s, andrea, action::take(ship));
  REQUIRE(s->coins(andrea) == coins + 2);
  REQUIRE(s->cards_left() == 1);
  // Andrea hires a Sailor for 3 coins.
  const int sailor = position_of([](int id) { return card(id).person == Person::kSailor && card(id).cost == 3; });
  coins = s->coins(andrea);
  act(*s, andrea, action::take(sailor));
  REQUIRE(s->coins(andrea) == coins - 3);
  REQUIRE(card(s->player(andrea).persons.back()).person == Person::kSailor);
  // Alex, the next player, takes a ship and pays Andrea 1 coin.
  const Seat alex = (andrea + 1) % 3;
  REQUIRE(s->taking_seat() == alex);
  const int alex_ship = position_of([](int id) { return card(id).type == Type::kShip; });
  REQUIRE(alex_ship >= 0);
  const int income = card(s->harbor()[alex_ship]).coins + s->traders(alex, card(s->harbor()[alex_ship]).colour);
  const int alex_coins = s->coins(alex), andrea_coins = s->coins(andrea);
  act(*s, alex, action::take(alex_ship));
  REQUIRE(s->coins(alex) == alex_coins + income - 1);
  REQUIRE(s->coins(andrea) == andrea_coins + 1);
}
