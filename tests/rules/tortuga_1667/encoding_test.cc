// Tortuga 1667, the action encoding.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

TEST_CASE("The decoded Tortuga action: decode and encode are inverse on every ActionId, parameters as encoded") {
  for (ActionId a = 0; a < action::kSpaceSize; ++a) {
    INFO("action " << a);
    REQUIRE(encode(decode(a)) == a);
  }
  const Action forced = decode(action::force(1, 3, 6));
  REQUIRE(forced.kind == Kind::kForce);
  REQUIRE((forced.slot_a == 1 && forced.slot_b == 3 && forced.seat == 6));
  const Action two = decode(action::vote2(2, 9));
  REQUIRE(two.kind == Kind::kVoteTwo);
  REQUIRE((two.vote == 2 && two.vote2 == 9));
  const Action placed = decode(action::place(2, kFrench));
  REQUIRE(placed.kind == Kind::kPlace);
  REQUIRE((placed.source == 2 && placed.hold == kFrench));
  REQUIRE(decode(action::letter_move(4, kJR)).ship == kJR);
  REQUIRE(decode(action::kLetterDraw).kind == Kind::kLetterDraw);
  // A proto action that names a seat beyond the match's seats is malformed.
  pb::Action far;
  far.mutable_choose_player()->set_seat(5);
  REQUIRE(from_proto(far, 5).error().code == ErrorCode::kMalformedAction);
  auto in_six = from_proto(far, 6);
  REQUIRE(in_six.ok());
  REQUIRE(encode(*in_six) == action::choose(5));
}
