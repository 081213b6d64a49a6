// Port Royal (Panning) rules tests; each cites the rule IDs of
// docs/rules/port-royal-panning.md it checks. Situations are reached by
// seeded random play through the public API (find_state), never by writing
// into a state.
#include <catch2/catch.hpp>
#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

#include "rules/port_royal_panning/port_royal_panning.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
namespace pb = brethren::v1::port_royal_panning;

namespace {

const auto game = make_game();
using S = PortRoyalPanningState;

std::unique_ptr<S> new_match(int seats, std::uint64_t seed, const v1::GameOptions& options = {}) {
  auto created = game->new_match({options, seats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<S>(static_cast<S*>(created->release()));
}

void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << a << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

std::string reason(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  REQUIRE_FALSE(st.ok());
  REQUIRE(st.error().code == ErrorCode::kIllegalAction);
  return st.error().message;
}

pb::View view(const State& s, Viewer v) { return s.view(v).game().port_royal_panning(); }

std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

bool legal(const State& s, Seat seat, ActionId a) { return s.is_legal(seat, a); }

void random_step(State& s, Rng& rng) {
  const Seat seat = s.acting_seats().front();
  const auto legal_actions = s.legal_actions(seat);
  s.apply_legal(seat, legal_actions[rng.below(static_cast<std::uint32_t>(legal_actions.size()))]);
}

// Seeded random play until `pred` holds; the first such state of the first
// seed that reaches one.
std::unique_ptr<S> find_state(int seats, const std::function<bool(const S&)>& pred, const v1::GameOptions& options = {},
                              int max_seeds = 300) {
  for (int seed = 1; seed <= max_seeds; ++seed) {
    auto s = new_match(seats, static_cast<std::uint64_t>(seed), options);
    Rng rng(static_cast<std::uint64_t>(seed) * 7919);
    for (;;) {
      if (pred(*s)) return s;
      if (s->is_terminal()) break;
      random_step(*s, rng);
    }
  }
  FAIL("no seeded game reached the situation");
  return nullptr;
}

std::unique_ptr<S> finished_game(int seats, std::uint64_t seed, const v1::GameOptions& options = {}) {
  auto s = new_match(seats, seed, options);
  Rng rng(seed * 31);
  while (!s->is_terminal()) random_step(*s, rng);
  return s;
}

const pb::Event& last_event(const State& s) { return s.events().back().event->port_royal_panning(); }

std::vector<int> default_values() {
  std::vector<int> v;
  for (int g = 0; g < kGoods; ++g) v.insert(v.end(), std::begin(kDefaultLootValues), std::end(kDefaultLootValues));
  return v;
}

// Loot id of the standard card of `good` with default value `value`.
int standard(int good, int value) {
  const auto* it = std::find(std::begin(kDefaultLootValues), std::end(kDefaultLootValues), value);
  return good * kLootPerGood + static_cast<int>(it - std::begin(kDefaultLootValues));
}

Ship ship_of(std::vector<int> loot, std::vector<int> prisoners = {}) {
  return Ship{std::move(loot), std::move(prisoners)};
}

int count_colour(const std::vector<int>& hand, int colour) {
  return static_cast<int>(std::count_if(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == colour; }));
}

bool has_on_ships(const Player& p, int loot) {
  return std::any_of(p.ships.begin(), p.ships.end(),
                     [&](const Ship& sh) { return std::find(sh.loot.begin(), sh.loot.end(), loot) != sh.loot.end(); });
}

int prisoners_on_ships(const Player& p) {
  int n = 0;
  for (const Ship& sh : p.ships) n += static_cast<int>(sh.prisoners.size());
  return n;
}

// Drives the auction: seat `winner` bids `amount`, everyone else passes.
void auction_to(S& s, Seat winner, int amount) {
  while (s.phase() == Phase::kAuction) {
    const Seat seat = s.current_seat();
    act(s, seat, seat == winner ? action::bid(amount) : action::kPass);
  }
}

}  // namespace

// --- Set-up ----------------------------------------------------------------------

TEST_CASE("PRQ-1: three or four players, other counts are refused") {
  for (int seats : {3, 4}) REQUIRE(game->new_match({{}, seats, 1}).ok());
  for (int seats : {3, 4}) REQUIRE(game->check_setup({}, seats).ok());
  for (int seats : {0, 2, 5}) {
    REQUIRE(game->check_setup({}, seats).error().code == ErrorCode::kInvalidSeatCount);
    auto r = game->new_match({{}, seats, 1});
    REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
    REQUIRE_THAT(r.error().message, Catch::Contains("3 to 4"));
  }
}

TEST_CASE("PRQ-A-6, PRQ-A-4, PRQ-A-7: options are validated") {
  // The lobby's check (Game::check_setup) and new_match refuse alike.
  auto refused = [](const v1::GameOptions& o) {
    return game->check_setup(o, 3).error().code == ErrorCode::kInvalidOptions &&
           game->new_match({o, 3, 1}).error().code == ErrorCode::kInvalidOptions;
  };
  v1::GameOptions foreign;
  foreign.mutable_letter_of_marque();
  REQUIRE(refused(foreign));
  v1::GameOptions seven;
  for (int i = 0; i < 7; ++i) seven.mutable_port_royal_panning()->add_loot_values(3);
  REQUIRE(refused(seven));
  v1::GameOptions zero;
  for (int i = 0; i < 10; ++i) zero.mutable_port_royal_panning()->add_loot_values(i);
  REQUIRE(refused(zero));
  v1::GameOptions rotation;
  rotation.mutable_port_royal_panning()->set_dealer_rotation(static_cast<pb::DealerRotation>(5));
  REQUIRE(refused(rotation));
  v1::GameOptions tie;
  tie.mutable_port_royal_panning()->set_tie_break(static_cast<pb::TieBreak>(9));
  REQUIRE(refused(tie));
}

TEST_CASE("PRQ-A-6: loot values come from the options (10 for all goods, or 40 good by good)") {
  auto s = new_match(3, 1);
  for (int id = 0; id < kStandardLoot; ++id) REQUIRE(s->loot_value(id) == kDefaultLootValues[id % kLootPerGood]);
  REQUIRE(view(*s, Viewer::spectator()).loot_values_size() == kStandardLoot);

  v1::GameOptions ten;
  for (int i = 0; i < 10; ++i) ten.mutable_port_royal_panning()->add_loot_values(2 + i);  // 2..11
  auto t = new_match(3, 1, ten);
  REQUIRE(t->loot_value(standard(2, 12)) == 11);
  REQUIRE(t->loot_value(0) == 2);

  v1::GameOptions forty;
  for (int i = 0; i < 40; ++i) forty.mutable_port_royal_panning()->add_loot_values(1 + i % 30);
  auto f = new_match(4, 1, forty);
  for (int id = 0; id < kStandardLoot; ++id) REQUIRE(f->loot_value(id) == 1 + id % 30);
  // Specials keep their printed numbers.
  REQUIRE(f->loot_value(loot_id(Special::kPlus8)) == 8);
  REQUIRE(f->loot_value(loot_id(Special::kMinus10)) == -10);
}

TEST_CASE("PRQ-2, PRQ-3, PRQ-4, PRQ-7: debts at 0, Move 1 card at the bottom, 9 loot cards, 6 prisoners") {
  for (int seats : {3, 4}) {
    auto s = new_match(seats, 7);
    for (Seat p = 0; p < seats; ++p) {
      REQUIRE(s->player(p).debt == 0);
      REQUIRE(s->player(p).void_mask == 0);
    }
    REQUIRE(s->available().size() == 9);
    REQUIRE(s->loot_deck().size() == static_cast<std::size_t>(kLootCards - 9));
    REQUIRE(s->loot_deck().front() == kMove1Id);  // bottom card
    std::multiset<int> prisoners(s->prisoner_deck().begin(), s->prisoner_deck().end());
    REQUIRE(prisoners == std::multiset<int>{1, 2, 3, 4, 5, 6});
    std::set<int> loot;
    for (const auto& slot : s->available()) {
      loot.insert(slot.loot);
      REQUIRE(slot.prisoners.empty());
    }
    loot.insert(s->loot_deck().begin(), s->loot_deck().end());
    REQUIRE(loot.size() == static_cast<std::size_t>(kLootCards));  // 49 distinct loot cards
    const auto v = view(*s, Viewer::spectator());
    REQUIRE(v.round() == 1);
    REQUIRE(v.loot_size() == 9);
    REQUIRE(v.loot_deck_count() == 40);
    REQUIRE(v.prisoner_deck_count() == 6);
  }
  // The shuffle differs between seeds, Move 1 card never moves off the bottom.
  std::set<int> tops;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    auto s = new_match(3, seed);
    tops.insert(s->loot_deck().back());
    REQUIRE(s->loot_deck().front() == kMove1Id);
  }
  REQUIRE(tops.size() > 10);
}

TEST_CASE("PRQ-5, PRQ-8, PRQ-A-1: crew cards and ghosts per player count, 8 each and 2 face up") {
  for (int seats : {3, 4}) {
    auto s = new_match(seats, 3);
    std::multiset<int> all(s->face_up().begin(), s->face_up().end());
    REQUIRE(s->face_up().size() == 2);
    for (Seat p = 0; p < seats; ++p) {
      REQUIRE(s->player(p).hand.size() == 8);
      all.insert(s->player(p).hand.begin(), s->player(p).hand.end());
    }
    const int max_value = seats == 3 ? 6 : 8;
    std::multiset<int> expected;
    for (int c = 0; c < kColours; ++c) {
      for (int v = 1; v <= max_value; ++v) expected.insert(crew_card(c, v));
    }
    expected.insert(ghost_card(0));                   // ghost 1
    expected.insert(ghost_card(seats == 3 ? 1 : 2));  // ghost 5 (3p) or 7 (4p)
    REQUIRE(all == expected);
    REQUIRE(all.size() == static_cast<std::size_t>(seats * 8 + 2));
    REQUIRE(crew_value(ghost_card(seats == 3 ? 1 : 2)) == (seats == 3 ? 5 : 7));
    // The face-up cards are public.
    REQUIRE(view(*s, Viewer::spectator()).face_up_size() == 2);
  }
}

TEST_CASE("PRQ-6, PRQ-9: the first dealer is random, the player to his left bids first") {
  std::set<Seat> dealers;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto s = new_match(4, seed);
    dealers.insert(s->dealer());
    REQUIRE(s->acting_seats() == std::vector<Seat>{(s->dealer() + 1) % 4});
    const auto events = s->events_for(Viewer::spectator());
    const auto& started = events.front().event().port_royal_panning().round_started();
    REQUIRE(started.first_bidder() == (s->dealer() + 1) % 4);
    REQUIRE(started.dealer() == s->dealer());
  }
  REQUIRE(dealers.size() == 4);
}

// --- Auction ---------------------------------------------------------------------

TEST_CASE("PRQ-9, PRQ-A-8: clockwise bidding, higher bids only, passing is final, last bidder wins") {
  auto s = new_match(4, 5);
  const Seat f = s->current_seat();
  auto at = [&](int k) { return (f + k) % 4; };
  REQUIRE_FALSE(legal(*s, f, action::kPass) == false);
  act(*s, f, action::bid(3));
  REQUIRE(s->current_seat() == at(1));
  REQUIRE_FALSE(legal(*s, at(1), action::bid(3)));
  REQUIRE_THAT(reason(*s, at(1), action::bid(2)), Catch::Contains("PRQ-9"));
  act(*s, at(1), action::kPass);
  act(*s, at(2), action::bid(5));
  act(*s, at(3), action::kPass);
  // at(1) passed and is skipped for good.
  REQUIRE(s->current_seat() == f);
  REQUIRE(s->legal_actions(f).front() == action::bid(6));
  act(*s, f, action::kPass);
  REQUIRE(s->phase() == Phase::kExchange);
  REQUIRE(s->privileged() == at(2));
  REQUIRE(s->current_seat() == at(2));
  // PRQ-12: the bid cube stands at debt + bid; the debt cube stays.
  REQUIRE(s->bid_cube() == 5);
  REQUIRE(s->player(at(2)).debt == 0);
  const auto v = view(*s, Viewer::spectator());
  REQUIRE(v.privileged_seat() == at(2));
  REQUIRE(v.players(at(2)).bid_cube() == 5);
  REQUIRE(v.players(at(1)).bid_cube() == -1);
  // PRQ-A-8: a bid of 0 is no bid at all.
  v1::GameAction zero;
  zero.mutable_port_royal_panning()->mutable_bid()->set_amount(0);
  REQUIRE_FALSE(s->decode_action(f, zero).ok());
  // The auction events are public.
  bool won = false;
  for (const auto& e : s->events_for(Viewer::spectator())) {
    if (e.event().port_royal_panning().has_auction_won()) {
      won = true;
      REQUIRE(e.event().port_royal_panning().auction_won().bid() == 5);
      REQUIRE_FALSE(e.event().port_royal_panning().auction_won().nobody_bid());
    }
  }
  REQUIRE(won);
}

TEST_CASE("PRQ-9: the auction ends at once when the others have passed after a bid") {
  auto s = new_match(3, 8);
  const Seat f = s->current_seat();
  act(*s, f, action::kPass);
  act(*s, (f + 1) % 3, action::kPass);
  // Nobody has bid yet: the last player still decides.
  REQUIRE(s->phase() == Phase::kAuction);
  act(*s, (f + 2) % 3, action::bid(1));
  REQUIRE(s->phase() == Phase::kExchange);
  REQUIRE(s->privileged() == (f + 2) % 3);
  REQUIRE(s->bid_cube() == 1);
}

TEST_CASE("PRQ-11, PRQ-A-2: if nobody bids, the first bidder takes the privileges for 0") {
  auto s = new_match(4, 9);
  const Seat f = s->current_seat();
  for (int k = 0; k < 4; ++k) act(*s, s->current_seat(), action::kPass);
  REQUIRE(s->privileged() == f);
  REQUIRE(s->bid_cube() == 0);
  REQUIRE(last_event(*s).has_face_up_taken());
  const auto events = s->events_for(Viewer::player(2));
  const auto& won = events[events.size() - 2].event().port_royal_panning().auction_won();
  REQUIRE(won.seat() == f);
  REQUIRE(won.nobody_bid());
  REQUIRE(won.bid() == 0);
}

TEST_CASE("PRQ-10: debt + bid may not exceed 19") {
  auto s = find_state(
      3, [](const S& st) { return st.phase() == Phase::kAuction && st.player(st.current_seat()).debt >= 3; });
  const Seat seat = s->current_seat();
  const int debt = s->player(seat).debt;
  const auto legal_actions = s->legal_actions(seat);
  int max_bid = 0;
  for (ActionId a : legal_actions) {
    if (a < action::kPass) max_bid = std::max(max_bid, static_cast<int>(a) + 1);
  }
  if (s->high_bid() < kMaxDebt - debt) REQUIRE(max_bid == kMaxDebt - debt);
  REQUIRE_THAT(reason(*s, seat, action::bid(kMaxDebt - debt + 1)), Catch::Contains("PRQ-10"));
}

// --- Privileges -------------------------------------------------------------------

TEST_CASE("PRQ-13, PRQ-H-3: exchange (face-up cards public, set-aside cards secret), trump, leader") {
  auto a = new_match(4, 12);
  const Seat priv = (a->dealer() + 2) % 4;
  auction_to(*a, priv, 4);
  REQUIRE(a->player(priv).hand.size() == 10);
  REQUIRE(last_event(*a).face_up_taken().cards_size() == 2);
  REQUIRE(view(*a, Viewer::spectator()).face_up_size() == 0);
  REQUIRE(view(*a, Viewer::spectator()).players(priv).hand_count() == 10);
  // Only the hand's cards may be set aside, one at a time, twice.
  const auto hand = a->player(priv).hand;
  auto b = std::unique_ptr<S>(static_cast<S*>(a->clone().release()));
  act(*a, priv, action::set_aside(hand[0]));
  act(*b, priv, action::set_aside(hand[5]));
  act(*a, priv, action::set_aside(hand[1]));
  act(*b, priv, action::set_aside(hand[6]));
  REQUIRE(a->phase() == Phase::kNameTrump);
  REQUIRE(a->player(priv).hand.size() == 8);
  REQUIRE(view(*a, Viewer::player(priv)).own_set_aside_size() == 2);
  REQUIRE(view(*a, Viewer::player(priv)).own_set_aside(0).value() == crew_value(hand[0]));
  for (Viewer v : {Viewer::spectator(), Viewer::player((priv + 1) % 4), Viewer::player((priv + 3) % 4)}) {
    REQUIRE(view(*a, v).own_set_aside_size() == 0);
    REQUIRE(view(*a, v).set_aside_count() == 2);
    REQUIRE(info_state(*a, v) == info_state(*b, v));
  }
  REQUIRE(info_state(*a, Viewer::player(priv)) != info_state(*b, Viewer::player(priv)));
  // Trump: one of four colours, public.
  REQUIRE(a->legal_actions(priv).size() == 4);
  REQUIRE_THAT(reason(*a, priv, action::leader(0)), Catch::Contains("PRQ-13"));
  act(*a, priv, action::trump(2));
  REQUIRE(view(*a, Viewer::player((priv + 1) % 4)).trump() == pb::COLOUR_GREEN);
  // Leader: any seat, himself included.
  REQUIRE(a->legal_actions(priv).size() == 4);
  act(*a, priv, action::leader((priv + 1) % 4));
  REQUIRE(a->phase() == Phase::kChooseLoot);
  REQUIRE(a->acting_seats() == std::vector<Seat>{(priv + 1) % 4});
}

TEST_CASE("PRQ-13, PRQ-A-9: the privileged player may set aside the face-up cards he just took") {
  auto s = new_match(3, 4);
  const Seat priv = s->current_seat();
  auction_to(*s, priv, 2);
  const auto taken = last_event(*s).face_up_taken();
  std::vector<int> cards;
  for (const auto& c : taken.cards()) {
    cards.push_back(c.colour() == pb::COLOUR_GHOST ? ghost_card(c.value() == 1   ? 0
                                                                : c.value() == 5 ? 1
                                                                                 : 2)
                                                   : crew_card(c.colour() - 1, c.value()));
  }
  for (int c : cards) act(*s, priv, action::set_aside(c));
  std::vector<int> aside = s->set_aside();
  std::sort(aside.begin(), aside.end());
  std::sort(cards.begin(), cards.end());
  REQUIRE(aside == cards);
}

// --- Tricks -------------------------------------------------------------------------

TEST_CASE("PRQ-14: the leader puts the pirate figure on an available loot card") {
  auto s = find_state(3, [](const S& st) { return st.phase() == Phase::kChooseLoot; });
  const Seat leader = s->current_seat();
  std::set<int> available;
  for (const auto& slot : s->available()) available.insert(slot.loot);
  for (int id = 0; id < kLootCards; ++id)
    REQUIRE(legal(*s, leader, action::choose_loot(id)) == (available.count(id) > 0));
  int missing = 0;
  while (available.count(missing)) ++missing;
  REQUIRE_THAT(reason(*s, leader, action::choose_loot(missing)), Catch::Contains("PRQ-14"));
  const int target = *available.rbegin();
  act(*s, leader, action::choose_loot(target));
  REQUIRE(view(*s, Viewer::spectator()).pirate_loot_id() == target);
  REQUIRE(s->phase() == Phase::kPlay);
  REQUIRE(s->current_seat() == leader);  // PRQ-15: he leads
}

TEST_CASE("PRQ-15, PRQ-17, PRQ-18, PRQ-19, PRQ-A-10: which crew card may be played") {
  const int red = 0, blue = 1, green = 2, trump = 3;  // black is trump here
  const int g1 = ghost_card(0);
  const std::vector<int> mixed = {crew_card(red, 2), crew_card(blue, 5), crew_card(trump, 7), g1};
  // PRQ-15: the leader plays anything.
  for (int c : mixed) REQUIRE(play_allowed(mixed, true, kNoColour, trump, c));
  // PRQ-17: holding the led colour, any colour or a ghost, but no trump (PRQ-18).
  REQUIRE(play_allowed(mixed, false, red, trump, crew_card(red, 2)));
  REQUIRE(play_allowed(mixed, false, red, trump, crew_card(blue, 5)));
  REQUIRE(play_allowed(mixed, false, red, trump, g1));
  REQUIRE_FALSE(play_allowed(mixed, false, red, trump, crew_card(trump, 7)));
  // PRQ-18: trump led is followed with trump at will.
  REQUIRE(play_allowed(mixed, false, trump, trump, crew_card(trump, 7)));
  // PRQ-19: void in the led colour with a ghost: the ghost only.
  REQUIRE(play_allowed(mixed, false, green, trump, g1));
  REQUIRE_FALSE(play_allowed(mixed, false, green, trump, crew_card(trump, 7)));
  REQUIRE_FALSE(play_allowed(mixed, false, green, trump, crew_card(red, 2)));
  // Void and no ghost: anything, trump included.
  const std::vector<int> no_ghost = {crew_card(red, 2), crew_card(trump, 1)};
  REQUIRE(play_allowed(no_ghost, false, green, trump, crew_card(trump, 1)));
  REQUIRE(play_allowed(no_ghost, false, green, trump, crew_card(red, 2)));
  // PRQ-A-10: after a ghost lead nothing is restricted.
  for (int c : mixed) REQUIRE(play_allowed(mixed, false, kNoColour, trump, c));
  // A card not in hand is never allowed.
  REQUIRE_FALSE(play_allowed(no_ghost, true, kNoColour, trump, crew_card(blue, 1)));
}

TEST_CASE("PRQ-18, PRQ-H-6: trumping a colour lead puts a public void marker on that colour") {
  auto s = find_state(4, [](const S& st) {
    if (st.phase() != Phase::kPlay || st.tricks().back().empty()) return false;
    const int led = colour_of(st.tricks().back().front().card);
    const auto& hand = st.player(st.current_seat()).hand;
    return led != kNoColour && led != st.trump() && count_colour(hand, led) == 0 &&
           std::none_of(hand.begin(), hand.end(), is_ghost) && count_colour(hand, st.trump()) > 0 &&
           !(st.player(st.current_seat()).void_mask & (1 << led));
  });
  const Seat seat = s->current_seat();
  const int led = colour_of(s->tricks().back().front().card);
  const auto& hand = s->player(seat).hand;
  const int trump_card = *std::find_if(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == s->trump(); });
  act(*s, seat, action::play(trump_card));
  bool marked = false;
  for (const auto& e : s->events_for(Viewer::spectator())) {
    const auto& ev = e.event().port_royal_panning();
    if (ev.has_card_played() && ev.card_played().seat() == seat && ev.card_played().void_marker() == led + 1)
      marked = true;
  }
  REQUIRE(marked);
  const auto v = view(*s, Viewer::player((seat + 1) % 4));
  REQUIRE(std::count(v.players(seat).void_colours().begin(), v.players(seat).void_colours().end(), led + 1) == 1);
}

TEST_CASE("PRQ-18, PRQ-19: live play refuses a trump while holding the led colour, and non-ghosts when forced") {
  auto s = find_state(4, [](const S& st) {
    if (st.phase() != Phase::kPlay || st.tricks().back().empty()) return false;
    const int led = colour_of(st.tricks().back().front().card);
    const auto& hand = st.player(st.current_seat()).hand;
    return led != kNoColour && led != st.trump() && count_colour(hand, led) > 0 && count_colour(hand, st.trump()) > 0;
  });
  const Seat seat = s->current_seat();
  const auto& hand = s->player(seat).hand;
  const int trump_card = *std::find_if(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == s->trump(); });
  REQUIRE_THAT(reason(*s, seat, action::play(trump_card)), Catch::Contains("PRQ-18"));

  auto t = find_state(3, [](const S& st) {
    if (st.phase() != Phase::kPlay || st.tricks().back().empty()) return false;
    const int led = colour_of(st.tricks().back().front().card);
    const auto& hand = st.player(st.current_seat()).hand;
    return led != kNoColour && count_colour(hand, led) == 0 && std::any_of(hand.begin(), hand.end(), is_ghost) &&
           std::any_of(hand.begin(), hand.end(), [](int c) { return !is_ghost(c); });
  });
  const Seat forced = t->current_seat();
  const auto& h = t->player(forced).hand;
  for (ActionId a : t->legal_actions(forced)) REQUIRE(is_ghost(static_cast<int>(a - action::kPlay)));
  const int other = *std::find_if(h.begin(), h.end(), [](int c) { return !is_ghost(c); });
  REQUIRE_THAT(reason(*t, forced, action::play(other)), Catch::Contains("PRQ-19"));
  REQUIRE_THAT(reason(*t, forced, action::play(crew_card(0, 1) == other ? crew_card(1, 1) : crew_card(0, 1))),
               Catch::Contains("PRQ-"));
}

TEST_CASE("PRQ-16: after the lead every other player plays exactly one card, clockwise") {
  auto s = find_state(4, [](const S& st) { return st.phase() == Phase::kPlay && st.tricks().back().empty(); });
  const Seat leader = s->current_seat();
  Rng rng(16);
  for (int k = 0; k < 4; ++k) {
    const Seat seat = s->current_seat();
    REQUIRE(seat == (leader + k) % 4);
    REQUIRE(s->acting_seats() == std::vector<Seat>{seat});
    if (k > 0) {
      // The seat that played just before cannot play again.
      const Seat before = (seat + 3) % 4;
      const int card = s->player(before).hand.front();
      REQUIRE(s->apply(before, action::play(card)).error().code == ErrorCode::kNotYourTurn);
    }
    random_step(*s, rng);
  }
  // Four cards, one per seat, then the trick is over.
  REQUIRE(s->phase() != Phase::kPlay);
  std::set<int> seats;
  for (const Play& pl : s->tricks().back()) seats.insert(pl.seat);
  REQUIRE(seats.size() == 4);
}

TEST_CASE("PRQ-21: without ghosts the highest trump wins, else the highest card of the led colour") {
  const int trump = 1;  // blue
  auto trick = [](std::vector<int> cards) {
    std::vector<Play> t;
    for (std::size_t i = 0; i < cards.size(); ++i) t.push_back(Play{static_cast<int>(i), cards[i]});
    return t;
  };
  // Off-colour cards never win, however high.
  REQUIRE(trick_winner(trick({crew_card(0, 3), crew_card(2, 8), crew_card(0, 5)}), trump) == 2);
  // Any trump beats the led colour; the highest trump wins.
  REQUIRE(trick_winner(trick({crew_card(0, 8), crew_card(1, 1), crew_card(0, 7)}), trump) == 1);
  REQUIRE(trick_winner(trick({crew_card(0, 8), crew_card(1, 2), crew_card(1, 6), crew_card(3, 8)}), trump) == 2);
  // Trump led: the highest trump.
  REQUIRE(trick_winner(trick({crew_card(1, 4), crew_card(0, 8), crew_card(1, 5)}), trump) == 2);
}

TEST_CASE("PRQ-22: a ghost in the trick ignores colours and trump, equal numbers go to the last played") {
  const int trump = 0;
  auto trick = [](std::vector<int> cards) {
    std::vector<Play> t;
    for (std::size_t i = 0; i < cards.size(); ++i) t.push_back(Play{static_cast<int>(i), cards[i]});
    return t;
  };
  const int g1 = ghost_card(0), g5 = ghost_card(1), g7 = ghost_card(2);
  // A trump 4 loses to the green 6 once a ghost is in the trick.
  REQUIRE(trick_winner(trick({crew_card(2, 6), crew_card(0, 4), g1}), trump) == 0);
  // Ghost 7 against a 7: the card played last wins.
  REQUIRE(trick_winner(trick({crew_card(3, 7), g7}), trump) == 1);
  REQUIRE(trick_winner(trick({g7, crew_card(3, 7)}), trump) == 1);
  REQUIRE(trick_winner(trick({g5, crew_card(3, 5), crew_card(1, 5), crew_card(2, 2)}), trump) == 2);
  // The ghost itself wins with the highest number.
  REQUIRE(trick_winner(trick({crew_card(1, 3), g5, crew_card(0, 4)}), trump) == 1);
}

TEST_CASE("PRQ-23, PRQ-24, PRQ-37: eight tricks, the winner takes the card and leads, one card is left") {
  auto s = new_match(4, 21);
  Rng rng(5);
  std::uint64_t seen = 0;
  int tricks = 0;
  while (s->round() == 1) {
    random_step(*s, rng);
    const auto& events = s->events();
    for (; seen < events.size(); ++seen) {
      const auto& ev = events[seen].event->port_royal_panning();
      if (!ev.has_trick_won()) continue;
      ++tricks;
      REQUIRE(ev.trick_won().trick() == tricks);
      if (tricks < kTricks) {
        // The winner resolves his loot and then leads (PRQ-23).
        REQUIRE(s->current_seat() == ev.trick_won().seat());
      }
    }
    if (s->round() == 1 && s->phase() == Phase::kChooseLoot) {
      REQUIRE(s->available().size() == static_cast<std::size_t>(9 - tricks));
      for (Seat p = 0; p < 4; ++p) REQUIRE(s->player(p).hand.size() == static_cast<std::size_t>(8 - tricks));
    }
  }
  REQUIRE(tricks == kTricks);
  // Round 2: the leftover card (first) plus 8 new.
  REQUIRE(s->available().size() == 9);
  REQUIRE(s->available().front().prisoners.size() == 1);
}

// --- Placing loot ----------------------------------------------------------------------

TEST_CASE("PRQ-25: standard loot goes on the ship of its good (placed by the server when there is no choice)") {
  auto s = new_match(3, 33);
  Rng rng(3);
  int placed = 0;
  std::uint64_t seen = 0;
  while (!s->is_terminal()) {
    random_step(*s, rng);
    for (; seen < s->events().size(); ++seen) {
      const auto& ev = s->events()[seen].event->port_royal_panning();
      if (ev.has_loot_placed() && !is_special(ev.loot_placed().loot_id())) {
        REQUIRE(ev.loot_placed().ship() == good_of(ev.loot_placed().loot_id()) + 1);
        ++placed;
      }
    }
  }
  REQUIRE(placed > 5);
  // When the privileged player could pay down instead, he chooses; other ships stay illegal.
  auto t =
      find_state(3, [](const S& st) { return st.phase() == Phase::kResolveLoot && !is_special(st.pending_loot()); });
  const Seat seat = t->current_seat();
  const int good = good_of(t->pending_loot());
  REQUIRE(legal(*t, seat, action::place_loot(good)));
  REQUIRE_THAT(reason(*t, seat, action::place_loot((good + 1) % kGoods)), Catch::Contains("PRQ-25"));
  const int loot = t->pending_loot();
  act(*t, seat, action::place_loot(good));
  REQUIRE(t->player(seat).ships[good].loot.back() == loot);
}

TEST_CASE("PRQ-26: a won special card goes on any ship of the winner's choice") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && is_special(st.pending_loot()) && special_def(st.pending_loot()).placed;
  });
  const Seat seat = s->current_seat();
  const int loot = s->pending_loot();
  for (int ship = 0; ship < kGoods; ++ship) REQUIRE(legal(*s, seat, action::place_loot(ship)));
  act(*s, seat, action::place_loot(3));
  REQUIRE(s->player(seat).ships[3].loot.back() == loot);
  REQUIRE(view(*s, Viewer::spectator()).players(seat).ships(3).loot().rbegin()->id() == loot);
}

TEST_CASE("PRQ-28, PRQ-H-5, PRQ-A-12: prisoners are seen by the winner only and placed face down") {
  auto s = find_state(4, [](const S& st) { return st.phase() == Phase::kPlacePrisoner; });
  const Seat winner = s->current_seat();
  const auto values = s->pending_prisoners();
  REQUIRE_FALSE(values.empty());
  const auto own = view(*s, Viewer::player(winner));
  REQUIRE(std::vector<int>(own.pending_prisoner_values().begin(), own.pending_prisoner_values().end()) == values);
  // The PrisonersSeen event reached the winner only.
  auto seen_by = [&](Viewer v) {
    int n = 0;
    for (const auto& e : s->events_for(v)) n += e.event().port_royal_panning().has_prisoners_seen();
    return n;
  };
  REQUIRE(seen_by(Viewer::player(winner)) >= 1);
  REQUIRE(seen_by(Viewer::spectator()) == 0);
  for (Seat other = 0; other < 4; ++other) {
    if (other == winner) continue;
    REQUIRE(seen_by(Viewer::player(other)) == 0);
    const auto v = view(*s, Viewer::player(other));
    REQUIRE(v.pending_prisoner_values_size() == 0);
    REQUIRE(v.pending_prisoners() == static_cast<int>(values.size()));
  }
  const int before = static_cast<int>(s->player(winner).ships[1].prisoners.size());
  act(*s, winner, action::place_prisoner(1));
  REQUIRE(s->player(winner).ships[1].prisoners.back() == values.front());
  REQUIRE(view(*s, Viewer::player(winner)).players(winner).ships(1).prisoners(before) == values.front());
  REQUIRE(view(*s, Viewer::player((winner + 1) % 4)).players(winner).ships(1).prisoners(before) == 0);
  REQUIRE(view(*s, Viewer::spectator()).players(winner).ships(1).prisoners(before) == 0);
  // No weight (PRQ-28).
  REQUIRE(s->ship_score(winner, 1).weight ==
          score_ship(ship_of(s->player(winner).ships[1].loot), s->capacity(), default_values()).weight);
}

TEST_CASE("PRQ-29, PRQ-A-14: the privileged player may pay down his bid with standard loot, +8 or +6") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.current_seat() == st.privileged() &&
           !is_special(st.pending_loot()) && st.bid_cube() > st.player(st.privileged()).debt;
  });
  const Seat seat = s->current_seat();
  const int loot = s->pending_loot();
  const int before = s->bid_cube(), debt = s->player(seat).debt;
  REQUIRE(legal(*s, seat, action::kPayDown));
  act(*s, seat, action::kPayDown);
  REQUIRE(s->bid_cube() == std::max(debt, before - s->loot_value(loot)));  // never below the debt cube
  REQUIRE(std::find(s->removed_loot().begin(), s->removed_loot().end(), loot) != s->removed_loot().end());
  REQUIRE_FALSE(has_on_ships(s->player(seat), loot));
  REQUIRE(s->player(seat).debt == debt);

  // Nobody else may.
  auto t = find_state(
      3, [](const S& st) { return st.phase() == Phase::kResolveLoot && st.current_seat() != st.privileged(); });
  REQUIRE_THAT(reason(*t, t->current_seat(), action::kPayDown), Catch::Contains("PRQ-29"));
  // Negative and other specials may not.
  auto u = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.current_seat() == st.privileged() && is_special(st.pending_loot()) &&
           !special_def(st.pending_loot()).pays_down && special_def(st.pending_loot()).placed &&
           st.bid_cube() > st.player(st.privileged()).debt;
  });
  REQUIRE_THAT(reason(*u, u->current_seat(), action::kPayDown), Catch::Contains("+8 and +6"));
  // +8 / +6 may.
  auto w = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.current_seat() == st.privileged() && is_special(st.pending_loot()) &&
           special_def(st.pending_loot()).pays_down && st.bid_cube() > st.player(st.privileged()).debt;
  });
  const int cube = w->bid_cube();
  const int value = w->loot_value(w->pending_loot());
  REQUIRE((value == 8 || value == 6));
  act(*w, w->current_seat(), action::kPayDown);
  REQUIRE(w->bid_cube() == std::max(w->player(w->privileged()).debt, cube - value));
}

TEST_CASE("PRQ-A-12, PRQ-28: prisoners won with a card that is discarded are still placed") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && !st.pending_prisoners().empty() &&
           (st.is_legal(st.current_seat(), action::kPayDown) ||
            st.is_legal(st.current_seat(), action::kDiscardWithRemove));
  });
  const Seat seat = s->current_seat();
  const auto prisoners = s->pending_prisoners();
  act(*s, seat, s->is_legal(seat, action::kPayDown) ? action::kPayDown : action::kDiscardWithRemove);
  REQUIRE(s->phase() == Phase::kPlacePrisoner);
  REQUIRE(s->current_seat() == seat);
  const int before = prisoners_on_ships(s->player(seat));
  for (std::size_t i = 0; i < prisoners.size(); ++i)
    act(*s, seat, action::place_prisoner(static_cast<int>(i % kGoods)));
  REQUIRE(prisoners_on_ships(s->player(seat)) == before + static_cast<int>(prisoners.size()));
}

TEST_CASE("PRQ-29, PRQ-12, PRQ-39: the paid-down bid becomes the debt at the end of the round") {
  auto s = new_match(3, 44);
  const Seat priv = s->current_seat();
  auction_to(*s, priv, 10);
  Rng rng(44);
  int cube = s->bid_cube();
  while (s->round() == 1) {
    cube = s->bid_cube() >= 0 ? s->bid_cube() : cube;
    REQUIRE(s->player(priv).debt == 0);  // the yellow cube stays until the end of the round
    random_step(*s, rng);
  }
  REQUIRE(s->player(priv).debt == cube);
  REQUIRE(s->player(priv).debt <= 10);
}

// --- Special cards -------------------------------------------------------------------------

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

// --- End of round, end of game --------------------------------------------------------------

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

// --- Hidden information -----------------------------------------------------------------------

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

// --- Encoding -----------------------------------------------------------------------------------

TEST_CASE("ActionId encoding: every id survives encode -> decode, malformed messages are refused") {
  auto s = new_match(4, 1);
  for (ActionId a = 0; a < s->action_space_size(); ++a) {
    auto decoded = s->decode_action(0, s->encode_action(0, a));
    INFO("action " << a);
    REQUIRE(decoded.ok());
    REQUIRE(*decoded == a);
  }
  REQUIRE(s->action_space_size() == 355);
  v1::GameAction bad;
  bad.mutable_port_royal_panning()->mutable_play_card()->mutable_card()->set_colour(pb::COLOUR_GHOST);
  bad.mutable_port_royal_panning()->mutable_play_card()->mutable_card()->set_value(3);
  REQUIRE(s->decode_action(0, bad).error().code == ErrorCode::kMalformedAction);
  v1::GameAction ship;
  ship.mutable_port_royal_panning()->mutable_place_loot()->set_ship(pb::GOOD_UNSPECIFIED);
  REQUIRE(s->decode_action(0, ship).error().code == ErrorCode::kMalformedAction);
  v1::GameAction seat;
  seat.mutable_port_royal_panning()->mutable_name_leader()->set_seat(4);
  REQUIRE(s->decode_action(0, seat).error().code == ErrorCode::kMalformedAction);
  v1::GameAction move;
  move.mutable_port_royal_panning()->mutable_move_special()->set_loot_id(3);
  REQUIRE(s->decode_action(0, move).error().code == ErrorCode::kMalformedAction);
  v1::GameAction empty;
  empty.mutable_port_royal_panning();
  REQUIRE(s->decode_action(0, empty).error().code == ErrorCode::kMalformedAction);
  // JSON-facing names: a red 5 is colour 1, value 5.
  const auto red5 = s->encode_action(0, action::play(crew_card(0, 5))).port_royal_panning().play_card().card();
  REQUIRE(red5.colour() == pb::COLOUR_RED);
  REQUIRE(red5.value() == 5);
}

TEST_CASE("The decoded action: decode and encode are inverse on every ActionId, parameters as encoded") {
  for (ActionId a = 0; a < action::kSpaceSize; ++a) {
    INFO("action " << a);
    REQUIRE(encode(decode(a)) == a);
  }
  REQUIRE(decode(action::kPass).kind == Kind::kPass);
  REQUIRE(decode(action::bid(7)).kind == Kind::kBid);
  REQUIRE(decode(action::bid(7)).amount == 7);
  REQUIRE(decode(action::play(crew_card(2, 4))).card == crew_card(2, 4));
  const Action moved = decode(action::move_prisoner(1, 2, 3));
  REQUIRE(moved.kind == Kind::kMovePrisoner);
  REQUIRE((moved.ship == 1 && moved.index == 2 && moved.to == 3));
  const Action special = decode(action::move_special(loot_id(Special::kX2), 0));
  REQUIRE(special.kind == Kind::kMoveSpecial);
  REQUIRE((special.loot == loot_id(Special::kX2) && special.to == 0));
}

TEST_CASE("Serialization: a state round-trips, truncated or out-of-range bytes are refused") {
  auto s = find_state(4, [](const S& st) { return st.round() == 3 && st.phase() == Phase::kPlay; });
  const std::string bytes = s->serialize();
  auto back = game->deserialize(bytes);
  REQUIRE(back.ok());
  REQUIRE((*back)->serialize() == bytes);
  REQUIRE(info_state(**back, Viewer::player(2)) == info_state(*s, Viewer::player(2)));
  REQUIRE(game->deserialize(bytes.substr(0, bytes.size() - 3)).error().code == ErrorCode::kCorruptState);
  // A finished game round-trips too.
  auto done = finished_game(3, 5);
  auto done_back = game->deserialize(done->serialize());
  REQUIRE(done_back.ok());
  REQUIRE((*done_back)->is_terminal());
  REQUIRE((*done_back)->outcome().SerializeAsString() == done->outcome().SerializeAsString());
}
