#include "bench/load/colyseus_protocol.h"

#include "bench/load/msgpack_reader.h"

namespace brethren::bench::colyseus {

namespace {

// A cursor over a frame header in @colyseus/schema's encodings (decode.number,
// decode.string, decode.stringCheck in @colyseus/schema/build/cjs/index.js).
class SchemaCursor {
 public:
  explicit SchemaCursor(std::string_view data) : data_(data) {}

  std::size_t offset() const { return at_; }
  std::optional<unsigned char> peek() const {
    if (at_ >= data_.size()) return std::nullopt;
    return static_cast<unsigned char>(data_[at_]);
  }
  // Little-endian unsigned of `bytes` bytes.
  std::optional<std::uint64_t> little(std::size_t bytes) {
    if (data_.size() - at_ < bytes) return std::nullopt;
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < bytes; ++i) v |= std::uint64_t{static_cast<unsigned char>(data_[at_ + i])} << (8 * i);
    at_ += bytes;
    return v;
  }
  std::optional<std::string_view> bytes(std::uint64_t length) {
    if (data_.size() - at_ < length) return std::nullopt;
    auto s = data_.substr(at_, static_cast<std::size_t>(length));
    at_ += static_cast<std::size_t>(length);
    return s;
  }
  // stringCheck: fixstr with a length of at least 1, or str 8/16/32.
  bool next_is_string() const {
    const auto p = peek();
    return p && ((*p > 0xa0 && *p < 0xc0) || *p == 0xd9 || *p == 0xda || *p == 0xdb);
  }
  std::optional<std::string_view> string() {
    const auto prefix = little(1);
    if (!prefix) return std::nullopt;
    std::optional<std::uint64_t> length;
    if (*prefix < 0xc0)
      length = *prefix & 0x1f;
    else if (*prefix == 0xd9)
      length = little(1);
    else if (*prefix == 0xda)
      length = little(2);
    else if (*prefix == 0xdb)
      length = little(4);
    if (!length) return std::nullopt;
    return bytes(*length);
  }
  // The integer forms of decode.number (floats and 64-bit: not in a frame header here).
  std::optional<std::int64_t> integer() {
    const auto prefix = little(1);
    if (!prefix) return std::nullopt;
    const auto p = *prefix;
    if (p < 0x80) return static_cast<std::int64_t>(p);
    if (p > 0xdf) return static_cast<std::int64_t>(p) - 0x100;
    const auto sized = [this](std::size_t n, bool is_signed) -> std::optional<std::int64_t> {
      const auto v = little(n);
      if (!v) return std::nullopt;
      if (!is_signed) return static_cast<std::int64_t>(*v);
      const auto sign = std::uint64_t{1} << (8 * n - 1);
      return static_cast<std::int64_t>(*v ^ sign) - static_cast<std::int64_t>(sign);
    };
    switch (p) {
      case 0xcc: return sized(1, false);
      case 0xcd: return sized(2, false);
      case 0xce: return sized(4, false);
      case 0xd0: return sized(1, true);
      case 0xd1: return sized(2, true);
      case 0xd2: return sized(4, true);
      default: return std::nullopt;
    }
  }

 private:
  std::string_view data_;
  std::size_t at_ = 1;  // after the protocol byte
};

bool read_ints(MsgpackReader& r, std::vector<std::int64_t>& out, std::size_t max) {
  std::uint32_t n = 0;
  if (!r.read_array(n) || n > max) return false;
  out.resize(n);
  for (auto& v : out) {
    if (!r.read_int(v)) return false;
  }
  return true;
}

// players: [{moves, score, ...}], one per seat.
bool read_players(MsgpackReader& r, LomView& view) {
  std::uint32_t n = 0;
  if (!r.read_array(n) || n > kMaxSeats) return false;
  view.moves.assign(n, -1);
  view.scores.assign(n, -1);
  for (std::uint32_t seat = 0; seat < n; ++seat) {
    std::uint32_t entries = 0;
    if (!r.read_map(entries) || entries > kMaxMapEntries) return false;
    for (std::uint32_t e = 0; e < entries; ++e) {
      std::string_view key;
      if (!r.read_string(key)) return false;
      const bool ok = key == "moves"   ? r.read_int(view.moves[seat])
                      : key == "score" ? r.read_int(view.scores[seat])
                                       : r.skip();
      if (!ok) return false;
    }
    if (view.moves[seat] < 0 || view.scores[seat] < 0) return false;
  }
  return true;
}

bool read_legal_actions(MsgpackReader& r, LomView& view) {
  std::uint32_t n = 0;
  if (!r.read_array(n) || n > kMaxLegalActions) return false;
  view.legal_actions.clear();
  for (std::uint32_t i = 0; i < n; ++i) {
    const char* begin = r.position();
    if (!r.skip(4)) return false;
    const auto size = static_cast<std::size_t>(r.position() - begin);
    if (size > kMaxActionBytes) return false;
    view.legal_actions.emplace_back(begin, size);
  }
  return true;
}

bool read_view(MsgpackReader& r, LomView& view, std::string& why) {
  std::uint32_t entries = 0;
  if (!r.read_map(entries) || entries > kMaxMapEntries) return why = "view: not a map", false;
  bool finished = false, players = false, legal = false, to_act = false, winners = false;
  for (std::uint32_t e = 0; e < entries; ++e) {
    std::string_view key;
    if (!r.read_string(key)) return why = "view: a key that is not a string", false;
    bool ok = true;
    if (key == "version") {
      ok = r.read_int(view.version);
    } else if (key == "finished") {
      ok = finished = r.read_bool(view.finished);
    } else if (key == "toAct") {
      ok = to_act = read_ints(r, view.to_act, kMaxSeats);
    } else if (key == "winners") {
      ok = winners = read_ints(r, view.winners, kMaxSeats);
    } else if (key == "players") {
      ok = players = read_players(r, view);
    } else if (key == "legalActions") {
      ok = legal = read_legal_actions(r, view);
    } else {
      ok = r.skip();
    }
    if (!ok) return why = "view: malformed or too large " + std::string(key.substr(0, 32)), false;
  }
  if (!(finished && players && legal && to_act && winners)) return why = "view: a field is missing", false;
  return true;
}

}  // namespace

std::optional<ServerFrame> decode_server_frame(std::string_view frame, std::string& why) {
  if (frame.empty()) return why = "an empty frame", std::nullopt;
  if (frame.size() > kMaxFrameBytes) return why = "a frame over the size limit", std::nullopt;
  ServerFrame f;
  f.protocol = static_cast<unsigned char>(frame[0]);
  SchemaCursor c(frame);
  switch (f.protocol) {
    case kJoinRoom: {
      // u8 length + reconnection token, u8 length + serializer id; the rest is the serializer's handshake.
      for (int i = 0; i < 2; ++i) {
        const auto length = c.little(1);
        if (!length || !c.bytes(*length)) return why = "a truncated JOIN_ROOM", std::nullopt;
      }
      return f;
    }
    case kError: {
      const auto code = c.integer();
      const auto message = code ? c.string() : std::nullopt;
      if (!message) return why = "a malformed ERROR", std::nullopt;
      f.error_code = *code;
      f.error_message = std::string(message->substr(0, 200));
      return f;
    }
    case kLeaveRoom: return f;
    case kRoomData: {
      if (c.next_is_string()) {
        const auto type = c.string();
        if (!type) return why = "a ROOM_DATA with a truncated type", std::nullopt;
        f.type = std::string(*type);
      } else {
        const auto type = c.integer();
        if (!type) return why = "a ROOM_DATA with a malformed type", std::nullopt;
        // Appended, not "i" + to_string(): GCC 12's -O3 warns falsely (-Wrestrict) on the latter.
        f.type = "i";
        f.type += std::to_string(*type);
      }
      f.message = frame.substr(c.offset());
      return f;
    }
    default: return why = "protocol byte " + std::to_string(f.protocol) + " (no state or bytes expected)", std::nullopt;
  }
}

std::string room_data(std::string_view type, std::string_view msgpack_message) {
  std::string out;
  out.reserve(2 + type.size() + msgpack_message.size());
  out.push_back(static_cast<char>(kRoomData));
  out.push_back(static_cast<char>(0xa0 | (type.size() & 0x1f)));  // schema fixstr: types here are short
  out.append(type);
  out.append(msgpack_message);
  return out;
}

std::string join_room_ack() { return std::string(1, static_cast<char>(kJoinRoom)); }

std::optional<ViewMessage> parse_view_message(std::string_view msgpack, std::string& why) {
  MsgpackReader r(msgpack);
  ViewMessage m;
  std::uint32_t entries = 0;
  if (!r.read_map(entries) || entries > kMaxMapEntries) return why = "a view message that is not a map", std::nullopt;
  bool game = false, view = false;
  for (std::uint32_t e = 0; e < entries; ++e) {
    std::string_view key;
    if (!r.read_string(key)) return why = "a view message key that is not a string", std::nullopt;
    if (key == "game") {
      if (!r.read_int(m.game)) return why = "a view message whose game is not an integer", std::nullopt;
      game = true;
    } else if (key == "view") {
      if (!read_view(r, m.view, why)) return std::nullopt;
      view = true;
    } else if (!r.skip()) {
      return why = "a malformed view message", std::nullopt;
    }
  }
  if (!game || !view || !r.at_end())
    return why = "a view message without game and view, or with bytes after", std::nullopt;
  const auto seats = m.view.moves.size();
  const auto seat_ok = [seats](std::int64_t s) { return s >= 0 && static_cast<std::size_t>(s) < seats; };
  for (auto s : m.view.to_act) {
    if (!seat_ok(s)) return why = "a view with a seat to act out of range", std::nullopt;
  }
  for (auto s : m.view.winners) {
    if (!seat_ok(s)) return why = "a view with a winner out of range", std::nullopt;
  }
  return m;
}

std::string parse_refusal(std::string_view msgpack) {
  MsgpackReader r(msgpack);
  std::uint32_t entries = 0;
  if (!r.read_map(entries)) return {};
  for (std::uint32_t e = 0; e < entries && e < kMaxMapEntries; ++e) {
    std::string_view key, value;
    if (!r.read_string(key)) return {};
    if (key == "why") return r.read_string(value) ? std::string(value.substr(0, 200)) : std::string();
    if (!r.skip()) return {};
  }
  return {};
}

}  // namespace brethren::bench::colyseus
