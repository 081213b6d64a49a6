// Tortuga 1667's second, never-revealed random stream (State::secret_rng):
// the match seed is revealed after the end for fairness checks, and the vote
// deck drawn from it would tell every vote hand and so who played which card,
// which nobody may learn, not even after the game (T67-H-3, T67-H-4).
#include <catch2/catch.hpp>

#include "rules/tortuga_1667/tortuga_1667.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;

namespace {

const auto game = make_game();

std::unique_ptr<TortugaState> new_match(int seats, std::uint64_t seed, std::uint64_t secret_seed) {
  v1::GameOptions options;
  options.mutable_tortuga_1667();
  auto created = game->new_match({options, seats, seed, secret_seed});
  REQUIRE(created.ok());
  return std::unique_ptr<TortugaState>(static_cast<TortugaState*>(created->release()));
}

std::vector<int> deck_kinds(const TortugaState& s) {
  std::vector<int> out;
  for (const auto& c : s.vote_deck()) out.push_back(c.kind);
  return out;
}

std::vector<std::vector<int>> hands(const TortugaState& s) {
  std::vector<std::vector<int>> out;
  for (Seat seat = 0; seat < s.num_seats(); ++seat) out.push_back(s.hand(seat));
  return out;
}

std::string public_record(const State& s) {
  std::string out = s.view(Viewer::spectator()).SerializeAsString();
  for (const auto& e : s.events_for(Viewer::spectator())) out += e.SerializeAsString();
  return out;
}

void play_first_legal(State& s, int steps) {
  for (int i = 0; i < steps && !s.is_terminal(); ++i) {
    const Seat seat = s.acting_seats().front();
    REQUIRE(s.apply(seat, s.legal_actions(seat).front()).ok());
  }
}

}  // namespace

TEST_CASE("T67-H-3: with a secret seed, the public seed alone decides everything else of the set-up") {
  for (int seats : {4, 7, 9}) {
    auto a = new_match(seats, 42, 1001);
    auto b = new_match(seats, 42, 2002);
    // Loyalties, star cards, the event deck and row, the crews: all public-seed.
    CHECK(public_record(*a) == public_record(*b));
    for (Seat s = 0; s < seats; ++s) CHECK(a->loyalty(s) == b->loyalty(s));
    CHECK(a->event_deck() == b->event_deck());
    for (int slot = 0; slot < kRowSize; ++slot) CHECK(a->row()[slot].card == b->row()[slot].card);
    CHECK(a->box() == b->box());
    CHECK(a->crew(kFD) == b->crew(kFD));
    CHECK(a->crew(kJR) == b->crew(kJR));
  }
}

TEST_CASE("T67-H-3, T67-H-4: different secret seeds deal different vote decks and hands") {
  auto reference = new_match(5, 42, 1);
  int different = 0;
  for (std::uint64_t secret = 2; secret < 12; ++secret) {
    auto other = new_match(5, 42, secret);
    different += deck_kinds(*other) != deck_kinds(*reference) || hands(*other) != hands(*reference);
  }
  CHECK(different == 10);
}

TEST_CASE("T67-H-3: secret seed 0 draws the vote deck from the match seed, as before") {
  // The same match whether the secret seed is left out or 0, and different
  // from a match with a secret stream: no existing seed example changes.
  v1::GameOptions options;
  options.mutable_tortuga_1667();
  auto implicit = game->new_match({options, 6, 99});
  REQUIRE(implicit.ok());
  auto zero = new_match(6, 99, 0);
  CHECK((*implicit)->serialize() == zero->serialize());
  auto secret = new_match(6, 99, 5);
  CHECK(deck_kinds(*secret) != deck_kinds(*zero));
}

TEST_CASE("T67-H-3: the secret stream survives serialize, deserialize and clone") {
  auto live = new_match(6, 7, 77);
  play_first_legal(*live, 20);
  auto loaded = game->deserialize(live->serialize());
  REQUIRE(loaded.ok());
  CHECK((*loaded)->serialize() == live->serialize());
  auto copy = live->clone();
  // Played on, all three draw the same secret cards.
  play_first_legal(*live, 200);
  play_first_legal(**loaded, 200);
  play_first_legal(*copy, 200);
  CHECK((*loaded)->serialize() == live->serialize());
  CHECK(copy->serialize() == live->serialize());
}
