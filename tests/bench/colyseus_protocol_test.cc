// brethren-load's client of Colyseus 0.16's protocol (bench/load/colyseus_protocol.h):
// frames captured from bench/peers/colyseus-server.js decode as colyseus.js
// decodes them, what it sends is byte for byte what colyseus.js sends, and
// hostile frames (truncated, oversized, too deep, too many elements) are
// refused without reading past their end.
#include "bench/load/colyseus_protocol.h"

#include <catch2/catch.hpp>
#include <string>

#include "bench/load/msgpack_reader.h"

namespace cy = brethren::bench::colyseus;
using brethren::bench::MsgpackReader;

namespace {

std::string unhex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

// Seat 0's first view of a 2-seat room, as the server sent it (ROOM_DATA, "view", {game: 1, view}).
const std::string kView = unhex(
    "0da476696577de0002a467616d6501a476696577de000aa776657273696f6e00a57068617365ab7072656c696d696e617279ab6375727265"
    "6e7453656174ffa5746f416374920001a866696e6973686564c2a7706c617965727392de0009a96465636b436f756e7404ac7265736572"
    "7665436f756e7405ad756e7573656443616e6e6f6e7303a974726561737572657390ab63616e6e6f6e7346726f6d90a573636f726500b3"
    "7072656c696d696e617279547265617375726505a968617343686f73656ec2a56d6f76657300de0009a96465636b436f756e7404ac7265"
    "7365727665436f756e7405ad756e7573656443616e6e6f6e7303a974726561737572657390ab63616e6e6f6e7346726f6d90a573636f72"
    "6500b37072656c696d696e617279547265617375726507a968617343686f73656ec2a56d6f76657300aa7368697073417453656190aa6f"
    "776e52657365727665de0003a561726d656402a7756e61726d656403b17072656c696d696e61727943686f696365c0ac6c6567616c4163"
    "74696f6e7392de0001aa63686f6f736553686970de0001a561726d6564c3de0001aa63686f6f736553686970de0001a561726d6564c2a7"
    "77696e6e65727390");

std::optional<cy::ViewMessage> view_of(const std::string& frame, std::string& why) {
  auto f = cy::decode_server_frame(frame, why);
  if (!f) return std::nullopt;
  return cy::parse_view_message(f->message, why);
}

}  // namespace

TEST_CASE("Colyseus protocol: JOIN_ROOM and ERROR as the server sends them") {
  std::string why;
  // JOIN_ROOM: 9-byte reconnection token, serializer "none".
  auto join = cy::decode_server_frame(unhex("0a094b38486736474b4a74046e6f6e65"), why);
  REQUIRE(join);
  CHECK(join->protocol == cy::kJoinRoom);
  CHECK_FALSE(cy::decode_server_frame(unhex("0a094b3848"), why));              // token cut short
  CHECK_FALSE(cy::decode_server_frame(unhex("0a094b38486736474b4a74"), why));  // no serializer id
  CHECK(cy::join_room_ack() == std::string(1, '\x0a'));

  // ERROR: code 4212 in schema's little-endian uint16, then a fixstr.
  auto error = cy::decode_server_frame(unhex("0bcd7410a4") + "full", why);
  REQUIRE(error);
  CHECK(error->error_code == 4212);
  CHECK(error->error_message == "full");
  CHECK_FALSE(cy::decode_server_frame(unhex("0bcd74"), why));
  CHECK_FALSE(cy::decode_server_frame(unhex("0bcd7410a4") + "fu", why));

  CHECK_FALSE(cy::decode_server_frame("", why));
  CHECK_FALSE(cy::decode_server_frame(unhex("0e00"), why));  // ROOM_STATE: this room has no state
}

TEST_CASE("Colyseus protocol: a view decodes, and its legal actions go back as the server sent them") {
  std::string why;
  auto m = view_of(kView, why);
  REQUIRE(m);
  CHECK(m->game == 1);
  CHECK(m->view.version == 0);
  CHECK_FALSE(m->view.finished);
  CHECK(m->view.to_act == std::vector<std::int64_t>{0, 1});
  CHECK(m->view.moves == std::vector<std::int64_t>{0, 0});
  CHECK(m->view.scores == std::vector<std::int64_t>{0, 0});
  CHECK(m->view.winners.empty());
  REQUIRE(m->view.legal_actions.size() == 2);
  const std::string armed = unhex("de0001aa63686f6f736553686970de0001a561726d6564c3");
  CHECK(m->view.legal_actions[0] == armed);
  // What colyseus.js's room.send("act", action) sends: ROOM_DATA, fixstr "act", the msgpack.
  CHECK(cy::room_data("act", armed) == unhex("0da3616374") + armed);
  CHECK(cy::room_data("again") == unhex("0da5616761696e"));
}

TEST_CASE("Colyseus protocol: every truncation of a view is refused") {
  std::string why;
  for (std::size_t n = 0; n < kView.size(); ++n) {
    INFO("first " << n << " bytes");
    CHECK_FALSE(view_of(kView.substr(0, n), why));
  }
  CHECK_FALSE(view_of(kView + '\x00', why));  // bytes after the message
}

TEST_CASE("Colyseus protocol: hostile msgpack is bounded") {
  std::string why;
  const std::string header = unhex("0da476696577");
  // A map claiming 2^32 - 1 entries, an array claiming 2^32 - 1 elements.
  CHECK_FALSE(view_of(header + unhex("dfffffffff"), why));
  CHECK_FALSE(view_of(header + unhex("81a467616d65ddffffffff"), why));
  // A string claiming more bytes than the frame holds.
  CHECK_FALSE(view_of(header + unhex("81dbffffff7f"), why));
  // An unknown key whose value nests 100 arrays deep.
  CHECK_FALSE(view_of(header + unhex("81a178") + std::string(100, '\x91') + unhex("00"), why));
  // An ext value (msgpackr's extensions are not in a view).
  CHECK_FALSE(view_of(header + unhex("81a178d40000"), why));
  // A frame over the limit.
  CHECK_FALSE(cy::decode_server_frame(header + std::string(cy::kMaxFrameBytes, '\x00'), why));
  // A winner out of the seats' range.
  std::string bad_winner = kView;
  bad_winner.replace(bad_winner.size() - 1, 1, unhex("9105"));
  CHECK_FALSE(view_of(bad_winner, why));

  // The reader itself: nesting at the limit passes, past it fails.
  const std::string nested = std::string(MsgpackReader::kMaxDepth - 1, '\x91') + unhex("00");
  MsgpackReader ok(nested);
  CHECK(ok.skip());
  const std::string deeper = std::string(MsgpackReader::kMaxDepth, '\x91') + unhex("00");
  MsgpackReader too_deep(deeper);
  CHECK_FALSE(too_deep.skip());
  std::int64_t v = 0;
  const std::string uint64_max = unhex("cfffffffffffffffff");  // over int64's range
  MsgpackReader huge(uint64_max);
  CHECK_FALSE(huge.read_int(v));
  const std::string minus_one = unhex("d3ffffffffffffffff");
  MsgpackReader negative(minus_one);
  CHECK(negative.read_int(v));
  CHECK(v == -1);
}
