// Where a test-only game's messages travel inside the brethren.v1 wrappers.
//
// A game Brethren ships has a member in the oneofs of
// proto/brethren/v1/game.proto. A test-only game must not: the production
// wire schema (and the web client generated from it) stays free of it. So
// a test game carries its own Options, Action, View or Event in field
// kTestGameField of the wrapper, a field the wrapper does not declare:
// Protobuf keeps such unknown fields through copies, serialization and
// parsing, which is all the rules layer and the conformance suite do.
#pragma once

#include <google/protobuf/message.h>
#include <google/protobuf/unknown_field_set.h>

namespace brethren::tests {

inline constexpr int kTestGameField = 1000;

// Puts `inner` into `wrapper` (a v1::GameOptions, GameAction, GameView or GameEvent).
inline void pack(google::protobuf::Message& wrapper, const google::protobuf::Message& inner) {
  wrapper.GetReflection()->MutableUnknownFields(&wrapper)->AddLengthDelimited(kTestGameField,
                                                                              inner.SerializeAsString());
}

// Reads the test game's message out of `wrapper`; false when it holds none
// (or holds a game of the production schema instead) or it does not parse.
inline bool unpack(const google::protobuf::Message& wrapper, google::protobuf::Message& inner) {
  const auto& unknown = wrapper.GetReflection()->GetUnknownFields(wrapper);
  for (int i = 0; i < unknown.field_count(); ++i) {
    const auto& field = unknown.field(i);
    if (field.number() == kTestGameField && field.type() == google::protobuf::UnknownField::TYPE_LENGTH_DELIMITED) {
      return inner.ParseFromString(field.length_delimited());
    }
  }
  return false;
}

}  // namespace brethren::tests
