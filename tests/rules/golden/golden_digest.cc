#include "tests/rules/golden/golden_digest.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <charconv>
#include <cstdio>
#include <sstream>
#include <type_traits>

#include "rules/core/rng.h"

namespace brethren::rules::golden {
namespace {

// FNV-1a, 64 bits: fully specified, so the digest is the same everywhere.
class Digest {
 public:
  void add_bytes(std::string_view bytes) {
    for (unsigned char c : bytes) {
      hash_ ^= c;
      hash_ *= 0x100000001b3ULL;
    }
  }
  // Framed by a tag and the length, so that no two sequences of records
  // hash the same bytes.
  void add(char tag, std::string_view bytes) {
    char frame[9] = {tag};
    std::uint64_t n = bytes.size();
    for (int i = 1; i < 9; ++i, n >>= 8) frame[i] = static_cast<char>(n & 0xff);
    add_bytes(std::string_view(frame, sizeof frame));
    add_bytes(bytes);
  }
  void add_message(char tag, const google::protobuf::MessageLite& message) { add(tag, deterministic_bytes(message)); }
  std::string hex() const {
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash_));
    return out;
  }

 private:
  // Field order, not the order maps happen to iterate in.
  static std::string deterministic_bytes(const google::protobuf::MessageLite& message) {
    std::string bytes;
    {
      google::protobuf::io::StringOutputStream stream(&bytes);
      google::protobuf::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      message.SerializeToCodedStream(&coded);
    }
    return bytes;
  }

  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

std::vector<Viewer> viewers(int seats) {
  std::vector<Viewer> out;
  for (Seat s = 0; s < seats; ++s) out.push_back(Viewer::player(s));
  out.push_back(Viewer::spectator());
  return out;
}

// Everything each viewer can observe now: its view (which lists its legal
// actions) and the events it received since `after`.
void observe(const State& state, std::uint64_t after, Digest& digest) {
  for (const Viewer viewer : viewers(state.num_seats())) {
    digest.add_message('v', state.view(viewer));
    for (const auto& record : state.events_for(viewer, after)) digest.add_message('e', record);
  }
}

}  // namespace

GoldenLine play_golden_match(const Game& game, int seats, std::uint64_t seed) {
  GoldenLine line{game.id(), seats, seed, game.rules_version(), 0, ""};
  Digest digest;
  // A second seed as the server always gives one (games without secret
  // randomness ignore it).
  auto created = game.new_match(MatchSetup{{}, seats, seed, seed + 0x5EC2E7, 0});
  if (!created) {
    digest.add('x', created.error().message);
    line.digest = digest.hex();
    return line;
  }
  State& state = **created;
  Rng chooser(seed ^ 0x601DE7ULL);
  std::uint64_t seen = 0;
  std::vector<ActionId> legal;
  while (true) {
    observe(state, seen, digest);
    seen = state.version();
    if (state.is_terminal() || line.moves >= game.max_moves()) break;
    const std::vector<Seat> acting = state.acting_seats();
    const Seat seat = acting[chooser.below(static_cast<std::uint32_t>(acting.size()))];
    state.legal_actions(seat, legal);
    const ActionId action = legal[chooser.below(static_cast<std::uint32_t>(legal.size()))];
    digest.add('s', std::to_string(seat));
    digest.add_message('a', state.encode_action(seat, action));
    if (auto st = state.apply(seat, action); !st) digest.add('x', st.error().message);
    ++line.moves;
  }
  digest.add('t', state.is_terminal() ? "terminal" : "cut off");
  if (state.is_terminal()) digest.add_message('o', state.outcome());
  line.digest = digest.hex();
  return line;
}

std::vector<GoldenLine> golden_lines(const Game& game) {
  std::vector<GoldenLine> out;
  for (int seats = game.info().min_seats(); seats <= game.info().max_seats(); ++seats) {
    for (const std::uint64_t seed : kSeeds) out.push_back(play_golden_match(game, seats, seed));
  }
  return out;
}

std::string format_line(const GoldenLine& line) {
  std::ostringstream out;
  out << line.game_id << " seats=" << line.seats << " seed=" << line.seed << " rules_version=" << line.rules_version
      << " moves=" << line.moves << " digest=" << line.digest;
  return out.str();
}

namespace {
template <class T>
bool field(std::istringstream& in, std::string_view key, T& value) {
  std::string word;
  if (!(in >> word) || word.size() <= key.size() + 1 || word.compare(0, key.size(), key) != 0 ||
      word[key.size()] != '=') {
    return false;
  }
  const char* begin = word.data() + key.size() + 1;
  const char* end = word.data() + word.size();
  if constexpr (std::is_same_v<T, std::string>) {
    value.assign(begin, end);
    return true;
  } else {
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    return ec == std::errc() && ptr == end;
  }
}
}  // namespace

std::optional<GoldenLine> parse_line(std::string_view text) {
  std::istringstream in{std::string(text)};
  GoldenLine line;
  if (!(in >> line.game_id)) return std::nullopt;
  if (!field(in, "seats", line.seats) || !field(in, "seed", line.seed) ||
      !field(in, "rules_version", line.rules_version) || !field(in, "moves", line.moves) ||
      !field(in, "digest", line.digest)) {
    return std::nullopt;
  }
  std::string rest;
  if (in >> rest) return std::nullopt;
  return line;
}

std::vector<GoldenLine> parse_file(std::string_view text, std::string& error) {
  std::vector<GoldenLine> out;
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view row = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    if (row.empty() || row[0] == '#') continue;
    auto line = parse_line(row);
    if (!line) {
      error = "line " + std::to_string(number) + " does not parse: " + std::string(row);
      return {};
    }
    out.push_back(std::move(*line));
  }
  return out;
}

std::string golden_file_text(const Game& game, const std::vector<GoldenLine>& lines) {
  std::string out = "# Golden digests of seeded random " + game.info().display_name() +
                    " matches (default options), tests/rules/golden/README.md.\n"
                    "# Generated by: " +
                    std::string(kRegenerateCommand) +
                    "\n"
                    "# Never edit by hand; a changed digest needs a rules version bump first.\n";
  for (const auto& line : lines) out += format_line(line) + "\n";
  return out;
}

std::vector<std::string> golden_mismatches(const Game& game, const std::vector<GoldenLine>& stored,
                                           const std::vector<GoldenLine>& computed) {
  std::vector<std::string> out;
  const std::string regenerate = "regenerate with " + std::string(kRegenerateCommand);
  const std::string name = game.id() + " (" + game.info().display_name() + ")";
  auto find = [](const std::vector<GoldenLine>& lines, const GoldenLine& like) -> const GoldenLine* {
    for (const auto& line : lines) {
      if (line.game_id == like.game_id && line.seats == like.seats && line.seed == like.seed) return &line;
    }
    return nullptr;
  };
  for (const auto& now : computed) {
    const GoldenLine* was = find(stored, now);
    const std::string which = name + " with " + std::to_string(now.seats) + " seats, seed " + std::to_string(now.seed);
    if (!was) {
      out.push_back(which + ": no golden digest; " + regenerate);
    } else if (was->rules_version != now.rules_version) {
      out.push_back(which + ": the golden digest is for rules version " + std::to_string(was->rules_version) +
                    ", the game now plays rules version " + std::to_string(now.rules_version) + "; " + regenerate);
    } else if (was->moves != now.moves || was->digest != now.digest) {
      out.push_back(which + " plays differently (" + std::to_string(now.moves) + " moves, digest " + now.digest +
                    "; golden: " + std::to_string(was->moves) + " moves, digest " + was->digest +
                    ") while its rules version is still " + std::to_string(now.rules_version) +
                    ": bump the rules version (GameInfo.rules_version, set in the game's *_game.cc, with the reason "
                    "under \"Rules versions\" in its docs/rules page) and " +
                    regenerate);
    }
  }
  for (const auto& was : stored) {
    if (!find(computed, was)) {
      out.push_back(name + ": a golden digest for " + std::to_string(was.seats) + " seats, seed " +
                    std::to_string(was.seed) + " that the game no longer plays; " + regenerate);
    }
  }
  return out;
}

}  // namespace brethren::rules::golden
