// The server's own JSON printer and parser (server/protocol/codec_json.h) against
// protobuf's: the same bytes out for every message the server sends, and the
// same message (or the same refusal) in for what clients send.
#include <catch2/catch.hpp>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>

#include <string>
#include <vector>

#include "rules/core/rng.h"
#include "rules/registry/all_games.h"
#include "server/protocol/codec.h"
#include "server/protocol/codec_json.h"
#include "server/match/match_feed.h"

using namespace brethren;
namespace pb = google::protobuf;
namespace pbu = google::protobuf::util;

namespace {

std::string protobuf_json(const pb::Message& m, bool always_print_primitive_fields) {
  pbu::JsonPrintOptions options;
  options.always_print_primitive_fields = always_print_primitive_fields;
  std::string out;
  REQUIRE(pbu::MessageToJsonString(m, &out, options).ok());
  return out;
}

// What the server sends, both ways: the codec (which must use the fast
// printer, not fall back) against protobuf's printer.
void check_server_frame(const v1::ServerMessage& m) {
  std::string fast;
  REQUIRE(server::json::print(m, true, fast));
  REQUIRE(fast == protobuf_json(m, true));
  REQUIRE(server::encode_server_message(m, server::Encoding::kJson) == fast);
}

// Strings that exercise every escaping rule of protobuf's printer.
const std::vector<std::string>& awkward_strings() {
  static const std::vector<std::string> strings = {
      "",
      "plain",
      "quote \" backslash \\ slash /",
      "<b>html</b> & 'x'",
      "tab\tnewline\ncr\rbell\x07 nul" + std::string(1, '\0'),
      "\x7f del",
      "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8f\xb4\xe2\x80\x8d\xe2\x98\xa0\xef\xb8\x8f",  // é € pirate flag (ZWJ)
      "\xc2\x80 \xc2\x9f \xc2\xa0 \xc2\xad",                          // C1 controls, NBSP, soft hyphen
      "\xe2\x80\xa8\xe2\x80\xa9 \xef\xbb\xbf \xd8\x80 \xe2\x81\xa0",  // separators, BOM, Arabic sign
      "\xf3\xa0\x80\x81 \xf0\x9d\x85\xb3",                            // language tag, music formatting
  };
  return strings;
}

// Fills every field of `m` (recursively, a bounded depth) with seeded values:
// large and negative integers, every enum value and unknown ones, awkward
// strings, empty and non-empty lists, oneofs on different members.
void fill_random(pb::Message& m, rules::Rng& rng, int depth) {
  const pb::Descriptor* d = m.GetDescriptor();
  const pb::Reflection* r = m.GetReflection();
  const auto pick_string = [&] {
    const auto& s = awkward_strings();
    return s[rng.below(static_cast<std::uint32_t>(s.size()))];
  };
  const auto pick_u64 = [&] {
    switch (rng.below(4)) {
      case 0: return std::uint64_t{0};
      case 1: return std::uint64_t{rng.below(100)};
      case 2: return ~std::uint64_t{0} - rng.below(3);
      default: return (std::uint64_t{rng.below(1u << 31)} << 32) | rng.below(1u << 31);
    }
  };
  for (int i = 0; i < d->field_count(); ++i) {
    const pb::FieldDescriptor* f = d->field(i);
    if (f->containing_oneof() && rng.below(3) != 0) continue;   // leave most oneof members (and optionals) unset
    if (!f->containing_oneof() && rng.below(5) == 0) continue;  // and some plain fields at their default
    const int count = f->is_repeated() ? static_cast<int>(rng.below(4)) : 1;
    for (int k = 0; k < count; ++k) {
      switch (f->cpp_type()) {
        case pb::FieldDescriptor::CPPTYPE_MESSAGE: {
          if (depth > 6) break;
          pb::Message* child = f->is_repeated() ? r->AddMessage(&m, f) : r->MutableMessage(&m, f);
          fill_random(*child, rng, depth + 1);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_INT32: {
          const auto v = static_cast<std::int32_t>(static_cast<std::uint32_t>(pick_u64()));
          f->is_repeated() ? r->AddInt32(&m, f, v) : r->SetInt32(&m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_UINT32: {
          const auto v = static_cast<std::uint32_t>(pick_u64());
          f->is_repeated() ? r->AddUInt32(&m, f, v) : r->SetUInt32(&m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_INT64: {
          const auto v = static_cast<std::int64_t>(pick_u64());
          f->is_repeated() ? r->AddInt64(&m, f, v) : r->SetInt64(&m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_UINT64: {
          const auto v = pick_u64();
          f->is_repeated() ? r->AddUInt64(&m, f, v) : r->SetUInt64(&m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_BOOL: {
          const bool v = rng.below(2) == 1;
          f->is_repeated() ? r->AddBool(&m, f, v) : r->SetBool(&m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_ENUM: {
          const pb::EnumDescriptor* e = f->enum_type();
          // Mostly a declared value; sometimes a number the enum does not name.
          const int v =
              rng.below(8) == 0
                  ? 1000 + static_cast<int>(rng.below(5))
                  : e->value(static_cast<int>(rng.below(static_cast<std::uint32_t>(e->value_count()))))->number();
          f->is_repeated() ? r->AddEnumValue(&m, f, v) : r->SetEnumValue(&m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_STRING: {
          f->is_repeated() ? r->AddString(&m, f, pick_string()) : r->SetString(&m, f, pick_string());
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_DOUBLE: {
          // Ratings (GameRating): see the printer's test below.
          const double v = static_cast<double>(rng.below(200000)) / 64.0 - 1000.0;
          f->is_repeated() ? r->AddDouble(&m, f, v) : r->SetDouble(&m, f, v);
          break;
        }
        default: FAIL("a field type the protocol does not use: " << f->full_name());
      }
    }
  }
}

std::string bytes_of(const pb::Message& m) {
  std::string out;
  REQUIRE(m.SerializeToString(&out));
  return out;
}

// decode_client_message against JsonStringToMessage on one text frame: both
// accept it and agree on the message, or both refuse it with protobuf's words.
void check_client_decode(const std::string& frame) {
  INFO("frame: " << frame);
  v1::ClientMessage expected;
  pbu::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  const auto status = pbu::JsonStringToMessage(frame, &expected, options);
  v1::ClientMessage actual;
  std::string error;
  const bool ok = server::decode_client_message(frame, server::Encoding::kJson, actual, error);
  REQUIRE(ok == status.ok());
  if (ok) {
    REQUIRE(bytes_of(actual) == bytes_of(expected));
  } else {
    REQUIRE(error == "text frame is not a brethren.v1.ClientMessage in JSON: " + std::string(status.message()));
  }
}

}  // namespace

TEST_CASE("JSON printer: every seat's and a spectator's match updates of all games equal protobuf's printer") {
  const rules::GameRegistry registry = rules::make_all_games_registry();
  for (const auto& game : registry.games()) {
    const int seats = std::clamp(4, game->info().min_seats(), game->info().max_seats());
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      INFO(game->id() << " seed " << seed);
      auto state = std::move(game->new_match(rules::MatchSetup{{}, seats, seed}).value());
      rules::Rng rng(seed);
      std::vector<rules::ActionId> legal;
      int frames = 0;
      for (int step = 0; step < 400; ++step) {
        // Views, the last move's events, a resync (a full view) and the end.
        for (int seat = -1; seat < seats; ++seat) {
          v1::ServerMessage m;
          m.set_request_id(step);
          *m.mutable_match_update() =
              server::build_match_update("ABCDEFGHJ", *state, seat, step % 7 == 0 ? 0 : state->version() - 1, 1000);
          check_server_frame(m);
          ++frames;
        }
        if (state->is_terminal()) break;
        const auto acting = state->acting_seats();
        const rules::Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
        state->legal_actions(seat, legal);
        state->apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      REQUIRE(frames > seats);
    }
  }
}

TEST_CASE(
    "JSON printer: seeded random server messages of every kind equal protobuf's printer, with and without defaults") {
  rules::Rng rng(2026);
  for (int i = 0; i < 1000; ++i) {
    v1::ServerMessage m;
    fill_random(m, rng, 0);
    INFO("message " << i);
    if (m.has_profile() || m.has_leaderboard()) {
      // Ratings are doubles, which the fast printer leaves to protobuf's
      // (codec_json.cc, supported_field): a profile or a leaderboard page
      // holding one is printed by protobuf, once per request, never per move.
      REQUIRE(server::encode_server_message(m, server::Encoding::kJson) == protobuf_json(m, true));
      continue;
    }
    check_server_frame(m);
    std::string sparse;
    REQUIRE(server::json::print(m, false, sparse));
    REQUIRE(sparse == protobuf_json(m, false));
  }
}

TEST_CASE("JSON printer: strings that are not UTF-8 go through protobuf's printer unchanged") {
  v1::ServerMessage m;
  m.mutable_error()->set_message("bad \xff\xfe bytes \xc0\xaf overlong");
  std::string fast;
  REQUIRE_FALSE(server::json::print(m, true, fast));
  REQUIRE(fast.empty());
  REQUIRE(server::encode_server_message(m, server::Encoding::kJson) == protobuf_json(m, true));
}

TEST_CASE(
    "JSON parser: client messages printed by protobuf (every kind, both name spellings) decode as with protobuf") {
  rules::Rng rng(15);
  int fast = 0;
  for (int i = 0; i < 1000; ++i) {
    v1::ClientMessage m;
    fill_random(m, rng, 0);
    for (const bool defaults : {false, true}) {
      for (const bool proto_names : {false, true}) {
        pbu::JsonPrintOptions options;
        options.always_print_primitive_fields = defaults;
        options.preserve_proto_field_names = proto_names;
        std::string frame;
        REQUIRE(pbu::MessageToJsonString(m, &frame, options).ok());
        check_client_decode(frame);
        v1::ClientMessage parsed;
        if (server::json::parse_fast(frame, parsed)) {
          ++fast;
          REQUIRE(bytes_of(parsed) == bytes_of(m));
        }
      }
    }
  }
  // The frames clients send (no unknown enum numbers, no escapes) take the fast path.
  v1::ClientMessage move;
  move.set_request_id(18446744073709551615ull);
  move.mutable_submit_action()->set_room_code("ABCDEFGHJ");
  move.mutable_submit_action()->mutable_action()->mutable_letter_of_marque();
  const std::string frame = server::encode_client_message(move, server::Encoding::kJson);
  v1::ClientMessage parsed;
  REQUIRE(server::json::parse_fast(frame, parsed));
  REQUIRE(bytes_of(parsed) == bytes_of(move));
  REQUIRE(fast > 1000);
}

TEST_CASE("JSON parser: 64-bit integers as strings and as numbers, at and beyond their limits") {
  for (const char* frame : {R"({"requestId":"18446744073709551615"})",
                            R"({"requestId":18446744073709551615})",
                            R"({"requestId":"18446744073709551616"})",
                            R"({"requestId":18446744073709551616})",
                            R"({"requestId":"-1"})",
                            R"({"requestId":-1})",
                            R"({"requestId":"0"})",
                            R"({"requestId":0})",
                            R"({"requestId":"007"})",
                            R"({"requestId":7.0})",
                            R"({"requestId":7e2})",
                            R"({"requestId":"7e2"})",
                            R"({"requestId":" 7"})",
                            R"({"requestId":1.5})",
                            R"({"requestId":-0})",
                            R"({"requestId":true})",
                            R"({"request_id":42})",
                            R"({"requestId":42,"request_id":43})",
                            R"({"requestId":42,"requestId":43})",
                            R"({"joinRoom":{"roomCode":"ABC"},"takeSeat":{"seat":1}})",
                            R"({"takeSeat":{"seat":2147483647}})",
                            R"({"takeSeat":{"seat":"-2147483648"}})",
                            R"({"takeSeat":{"seat":2147483648}})",
                            R"({"takeSeat":{"seat":"12"}})"}) {
    check_client_decode(frame);
  }
}

TEST_CASE(
    "JSON parser: invalid JSON, unknown fields, null and odd spellings are refused or accepted as protobuf does") {
  for (const std::string& frame :
       {std::string(""), std::string("{"), std::string("}"), std::string("[]"), std::string("null"), std::string("42"),
        std::string(R"({"requestId":1,})"), std::string(R"({"requestId":1} x)"), std::string(R"({'requestId':1})"),
        std::string(R"({requestId:1})"), std::string(R"({"requestId":1}{"requestId":2})"),
        std::string(R"({"unknownThing":{"deep":[1,2,{"x":null}]},"ping":{}})"), std::string(R"({"ping":null})"),
        std::string(R"({"requestId":null})"),
        std::string(R"({"sendChat":{"roomCode":"A","text":"a\u00e9\ud83c\udff4b"}})"),
        std::string(R"({"sendChat":{"roomCode":"A","text":"q\"b\\s\/n\nt\tx\q"}})"),
        std::string("{\"sendChat\":{\"text\":\"raw\ttab\"}}"),
        std::string("{\"sendChat\":{\"text\":\"bad \xff utf8\"}}"),
        std::string("{\"sendChat\":{\"text\":\"caf\xc3\xa9\"}}"), std::string(R"({"submitAction":{"roomCode":["A"]}})"),
        std::string(R"({"submitAction":{"action":[]}})"), std::string(R"({"submitAction":"x"})"),
        std::string(R"({"ping":{},"hello":{}})"), std::string(" \n\t{ \"ping\" : { } } \r\n"),
        std::string(R"({"updateRoom":{"roomCode":"A","seatCount":0,"public":false}})"),
        std::string(R"({"updateRoom":{"seatCount":null}})"), std::string(R"({"hello":{"unknown":1}})"),
        // Enums: by name, by number, names and numbers the enum does not have, other spellings.
        std::string(R"({"createRoom":{"settings":{"spectators":"SPECTATORS_NONE"}}})"),
        std::string(R"({"createRoom":{"settings":{"spectators":2}}})"),
        std::string(R"({"createRoom":{"settings":{"spectators":"2"}}})"),
        std::string(R"({"createRoom":{"settings":{"spectators":"SPECTATORS_SOMETIMES"}}})"),
        std::string(R"({"createRoom":{"settings":{"spectators":"spectators_none"}}})"),
        std::string(R"({"createRoom":{"settings":{"spectators":99}}})"),
        std::string(R"({"createRoom":{"settings":{"spectators":true}}})")}) {
    check_client_decode(frame);
  }
}
