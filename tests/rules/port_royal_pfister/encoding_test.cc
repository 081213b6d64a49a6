// Port Royal (Pfister), the action encoding.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

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
