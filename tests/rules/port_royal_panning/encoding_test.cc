// Port Royal (Panning), the action encoding and serialization.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

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
