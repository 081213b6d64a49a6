// The Protobuf JSON mapping without protobuf 3.21's converter: its
// MessageToJsonString / JsonStringToMessage turn every message type into a
// google.protobuf.Type again on each call and build a tree of nodes for the
// defaults, about 100 times the cost of the binary encoding
// (docs/performance.md, "Round two"). These walk the message with
// reflection over tables built once per message type.
//
// Both are exact or decline: print produces byte for byte what
// MessageToJsonString prints (with always_print_primitive_fields as given,
// camelCase names, enums as names); parse_fast accepts only input whose
// meaning under JsonStringToMessage (ignore_unknown_fields) is certain and
// returns false for anything else (a syntax error, an unknown key, null, a
// repeated key, a \u escape, ...), so that the caller hands that input to
// protobuf and gets protobuf's result and error message.
#pragma once

#include <google/protobuf/message.h>

#include <string>
#include <string_view>

namespace brethren::server::json {

// Appends `message` as JSON to `out`; false (out unchanged) for what it does
// not print itself: map, float, double and bytes fields, well-known types,
// unknown fields, strings that are not valid UTF-8.
bool print(const google::protobuf::Message& message, bool always_print_primitive_fields, std::string& out);

// Clears `out` and fills it from `json`; false when the input is not one
// this parser is sure about (`out` is then unspecified).
bool parse_fast(std::string_view json, google::protobuf::Message& out);

}  // namespace brethren::server::json
