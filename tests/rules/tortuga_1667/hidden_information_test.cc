// Tortuga 1667, hidden information over whole games, and what every view shows.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"
#include "tests/rules/tortuga_1667/client_support.h"

using namespace brethren;
using namespace brethren::rules;

// Scenarios played on the game's own state (test_support.h).
namespace scenarios {
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

TEST_CASE("T67-H-1..H-7: no-leak re-sampling holds with every option, over random games") {
  pb::Options all;
  all.set_advanced_setup(true);
  all.set_turn_timer(true);
  for (auto c : {pb::EVENT_BLACK_POWDER, pb::EVENT_CABIN_FEVER, pb::EVENT_EIGHT_BELLS, pb::EVENT_FACADE,
                 pb::EVENT_PIRATE_CODE, pb::EVENT_STORMY_SEAS}) {
    all.add_star_cards(c);
  }
  pb::Options hidden4;
  hidden4.set_random_star_count(4);
  for (const auto& options : {all, hidden4}) {
    for (int seats : {4, 7, 9}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        auto s = new_match(seats, seed, options);
        Rng rng(seed);
        int steps = 0;
        while (!s->is_terminal() && ++steps < 400) {
          for (Seat v = -1; v < seats; ++v) {
            const Viewer viewer = v < 0 ? Viewer::spectator() : Viewer::player(v);
            auto copy = s->clone();
            copy->resample_hidden(viewer, rng);
            REQUIRE(info_state(*copy, viewer) == info_state(*s, viewer));
          }
          const auto acting = s->acting_seats();
          const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
          const auto legal = s->legal_actions(seat);
          act(*s, seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
      }
    }
  }
}

TEST_CASE("T67-H-3: resampling re-deals others' votes and hands, never the viewer's own") {
  auto s = table(5, {{{0, 1, 2}, {3}}, {4}, {-1, -1}}, 0);
  act(*s, 0, action::kAttack);
  act(*s, 1, action::vote(s->hand(1)[0]));
  std::set<std::vector<int>> seen;
  Rng rng(3);
  for (int i = 0; i < 30; ++i) {
    auto copy = s->clone();
    copy->resample_hidden(Viewer::player(0), rng);
    auto* t = static_cast<TortugaState*>(copy.get());
    REQUIRE(t->hand(0) == s->hand(0));
    REQUIRE(t->has_submitted(1));
    seen.insert(t->hand(1));
  }
  REQUIRE(seen.size() > 3);
}

TEST_CASE("T67-H-3, T67-35: during the vote nobody else can tell whether El Dorado was used") {
  // Seat 1 owns El Dorado and plays one card in one world, two in the other.
  auto make = [](bool el_dorado) {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
    TestAccess::give(*s, kElDorado, 1);
    TestAccess::set_hand(*s, 1, {2, 4, 6, 8});
    act(*s, 0, action::kAttack);
    act(*s, 1, el_dorado ? action::vote2(4, 8) : action::vote(4));
    return s;
  };
  auto one = make(false), two = make(true);
  REQUIRE(one->phase() == Phase::kVoting);
  REQUIRE(two->phase() == Phase::kVoting);
  // Every other viewer's view (counts, maps, voters, version) and event stream
  // are identical while the vote is open; only the voter's own view differs.
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2), Viewer::player(3)}) {
    INFO("viewer seat " << v.seat());
    REQUIRE(info_state(*one, v) == info_state(*two, v));
  }
  REQUIRE(tv(*one, Viewer::spectator()).players(1).vote_cards() == 3);
  REQUIRE(tv(*one, Viewer::spectator()).players(1).has_voted());
  REQUIRE(tv(*two, Viewer::player(1)).players(1).vote_cards() == 2);  // the owner knows his own hand
  REQUIRE(tv(*two, Viewer::player(1)).vote().own_cards_size() == 2);
  // At the reveal El Dorado is discarded publicly and the counts are true again.
  act(*two, 0, action::vote(two->hand(0)[0]));
  REQUIRE(two->map_owner(kElDorado) == -1);
  REQUIRE(tv(*two, Viewer::spectator()).players(1).vote_cards() == static_cast<int>(two->hand(1).size()));
}

// A move that opens a decision (a reaction window, Atlantis's offer) changes
// the state, so it must emit an event: the version names one state.
TEST_CASE("T67-22, T67-28, T67-33, T67-34: a move opening a reaction window emits a public event") {
  SECTION("the Captain's Maroon opens the Fountain of Youth window (T67-22, T67-33)") {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
    TestAccess::give(*s, kFountain, 1);
    const std::uint64_t before = s->version();
    act(*s, 0, action::maroon(1));
    REQUIRE(s->phase() == Phase::kMaroonWindow);
    REQUIRE(s->version() > before);
    const auto threat = events_of(*s, Viewer::spectator(), pb::Event::kMaroonThreatened);
    REQUIRE(threat.size() == 1);
    REQUIRE(threat[0].maroon_threatened().target() == 1);
    REQUIRE(threat[0].maroon_threatened().cause() == pb::CAUSE_CAPTAIN);
  }
  SECTION("the Pistol's target opens the window (T67-28, T67-33)") {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
    TestAccess::give(*s, kFountain, 1);
    TestAccess::put_event(*s, 0, kPistol);
    act(*s, 0, action::reveal(0));
    const std::uint64_t before = s->version();
    act(*s, 0, action::choose(1));
    REQUIRE(s->phase() == Phase::kMaroonWindow);
    REQUIRE(s->version() > before);
    REQUIRE(events_of(*s, Viewer::spectator(), pb::Event::kMaroonThreatened).back().maroon_threatened().cause() ==
            pb::CAUSE_PISTOL);
  }
  SECTION("an Attack offers Atlantis to its owner on the other ship (T67-34)") {
    auto s = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0);
    TestAccess::give(*s, kAtlantis, 3);
    const std::uint64_t before = s->version();
    act(*s, 0, action::kAttack);
    REQUIRE(s->phase() == Phase::kVoteCalled);
    REQUIRE(s->version() > before);
    const auto offer = events_of(*s, Viewer::spectator(), pb::Event::kAtlantisOffered).back().atlantis_offered();
    REQUIRE(offer.kind() == pb::VOTE_ATTACK);
    REQUIRE(offer.caller() == 0);
    REQUIRE(offer.owner() == 3);
  }
}

}  // namespace scenarios

// Through the public State API and the proto views only, as a client sees
// them (client_support.h).
namespace as_a_client {
using namespace brethren::rules::tortuga_1667_client;

namespace {

// The part of a view T67-H-8 makes public: pawn positions and roles, treasure
// locations, the discard pile, kept cards and their owners, the Pirate Code's
// rotation, sunk lifeboats.
pb::View public_part(const pb::View& v) {
  pb::View out;
  for (const auto& p : v.players()) {
    auto* q = out.add_players();
    q->set_seat(p.seat());
    q->set_area(p.area());
    q->set_position(p.position());
    q->set_captain(p.captain());
    q->set_first_mate(p.first_mate());
    q->set_cabin_boy(p.cabin_boy());
    q->set_governor(p.governor());
    q->set_albatrosses(p.albatrosses());
    *q->mutable_maps() = p.maps();
    q->set_pirate_code_skips(p.pirate_code_skips());
  }
  *out.mutable_ships() = v.ships();
  *out.mutable_tortuga() = v.tortuga();
  out.set_tortuga_british(v.tortuga_british());
  out.set_tortuga_french(v.tortuga_french());
  out.set_tortuga_neutral(v.tortuga_neutral());
  out.set_galleon(v.galleon());
  out.set_lifeboats_sunk(v.lifeboats_sunk());
  *out.mutable_discard() = v.discard();
  return out;
}

}  // namespace

TEST_CASE("T67-H-8, T67-A-12: pawns, roles, treasure, discards and kept cards are the same in every view") {
  std::set<std::string> distinct_tables;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int seats = 4 + static_cast<int>(seed % 6);
    pb::Options o;
    o.set_advanced_setup(seed % 3 == 0);
    auto s = new_match(seats, seed, o);
    std::mt19937_64 rng(seed + 300);
    std::multiset<int> revealed;
    std::uint64_t seen = 0;
    for (;;) {
      for (const auto& e : public_events(*s, seen)) {
        if (e.has_revealed()) revealed.insert(e.revealed().card());
        if (e.has_sudden_death()) revealed.clear();  // T67-46: the discards are reshuffled
      }
      seen = s->version();
      const auto spectator = tv(*s, Viewer::spectator());
      const std::string table = public_part(spectator).SerializeAsString();
      distinct_tables.insert(table);
      for (Seat seat = 0; seat < seats; ++seat) {
        INFO("seed " << seed << " seat " << seat << " version " << seen);
        REQUIRE(public_part(tv(*s, Viewer::player(seat))).SerializeAsString() == table);
      }
      // T67-A-12: a pawn is its seat's abstract id, found in exactly one place.
      std::vector<int> where(static_cast<std::size_t>(seats), 0);
      auto count = [&](int pawn) {
        REQUIRE(pawn >= 0);
        REQUIRE(pawn < seats);
        ++where[static_cast<std::size_t>(pawn)];
      };
      REQUIRE(spectator.ships_size() == 2);
      for (int ship = 0; ship < 2; ++ship) {
        const auto& crew = spectator.ships(ship).crew();
        for (int i = 0; i < crew.size(); ++i) {
          count(crew[i]);
          // Roles follow the columns (§1.3).
          const auto& p = spectator.players(crew[i]);
          REQUIRE(p.area() == (ship == 0 ? pb::AREA_FLYING_DUTCHMAN : pb::AREA_JOLLY_ROGER));
          REQUIRE(p.position() == i);
          REQUIRE(p.captain() == (i == 0));
          REQUIRE(p.first_mate() == (i == 1));
          REQUIRE(p.cabin_boy() == (i == crew.size() - 1));
        }
        if (spectator.ships(ship).lifeboat() >= 0) count(spectator.ships(ship).lifeboat());
      }
      for (int i = 0; i < spectator.tortuga_size(); ++i) {
        count(spectator.tortuga(i));
        REQUIRE(spectator.players(spectator.tortuga(i)).governor() == (i == 0));
      }
      // (Pawns still in the bag during the advanced set-up are nowhere yet.)
      const bool in_bag = spectator.phase() == pb::PHASE_ADVANCED_PLACEMENT;
      for (int n : where) REQUIRE((n == 1 || (in_bag && n == 0)));
      // Every chest is somewhere public: 4 + 2 + 1 + 1 (T67-6, T67-8), once
      // the captains have placed theirs.
      int chests =
          spectator.galleon() + spectator.tortuga_british() + spectator.tortuga_french() + spectator.tortuga_neutral();
      for (const auto& ship : spectator.ships()) chests += ship.british() + ship.french();
      REQUIRE(chests == (spectator.phase() == pb::PHASE_SETUP_TREASURE ? chests : 8));
      REQUIRE(chests >= 6);
      // The discard pile holds revealed cards only.
      std::multiset<int> discard(spectator.discard().begin(), spectator.discard().end());
      REQUIRE(std::includes(revealed.begin(), revealed.end(), discard.begin(), discard.end()));
      if (s->is_terminal()) break;
      random_move(*s, rng, 0.3);
    }
  }
  // The tables compared were not all alike: play moved pawns and treasure.
  REQUIRE(distinct_tables.size() > 50);
}

}  // namespace as_a_client
