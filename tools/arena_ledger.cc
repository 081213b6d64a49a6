#include "tools/arena_ledger.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace brethren::rules {
namespace {

constexpr int kLedgerVersion = 1;

// A move time in microseconds, kept to 4 significant figures: a histogram
// of a few hundred keys a kind, exact enough for a mean and a p99 in ms.
std::uint64_t quantize_us(float ms) {
  auto us = static_cast<std::uint64_t>(std::llround(std::max(0.0f, ms) * 1000.0));
  std::uint64_t scale = 1;
  while (us / scale >= 10000) scale *= 10;
  return (us + scale / 2) / scale * scale;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
  return out;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto at = std::min(text.find(separator, start), text.size());
    parts.emplace_back(text.substr(start, at - start));
    start = at + 1;
  }
  return parts;
}

// The search settings that make two batches the same experiment.
std::string search_field(const ArenaOptions& options) {
  if (options.iterations > 0) return "iterations:" + std::to_string(options.iterations);
  if (options.iterations_per_second > 0) return "per-second:" + std::to_string(options.iterations_per_second);
  return "budgets";
}

// Shortest for what the ledger holds: settings like 0.7, whole sums of
// scores, seconds to the millisecond.
std::string format_double(double value, const char* format = "%.15g") {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

bool parse_uint(const std::string& text, std::uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parse_int(const std::string& text, int& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parse_double(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(out);
}

struct Batch {
  std::string key;  // the configuration, build included
  std::string game_id;
  std::string build;
  ArenaOptions options;
  ArenaResult result;
  std::uint64_t started = 0;
};

// The key=value tokens of one section of a line into `fields` (a bare
// `skip` token is allowed); an empty string when they parsed, else what is
// wrong.
std::string parse_fields(const std::string& section, std::map<std::string, std::string>& fields,
                         const std::string& skip = "") {
  for (const auto& token : split(section, ' ')) {
    if (token.empty() || token == skip) continue;
    const auto eq = token.find('=');
    if (eq == std::string::npos) return "a field without '=': " + token;
    fields[token.substr(0, eq)] = token.substr(eq + 1);
  }
  return "";
}

// One ledger line; an empty string when it parsed, else what is wrong.
std::string parse_line(const std::string& line, Batch& batch) {
  const auto sections = split(line, '|');
  std::map<std::string, std::string> head;
  if (auto error = parse_fields(sections[0], head, "arena"); !error.empty()) return error;
  for (const char* field : {"v", "game", "bots", "rotate", "search", "rollout", "exploration", "opponents", "stop",
                            "inference", "build", "threads", "seed", "started", "games", "unfinished", "seconds"}) {
    if (!head.contains(field)) return std::string("no field ") + field;
  }
  int version = 0;
  if (!parse_int(head["v"], version) || version != kLedgerVersion) return "ledger version " + head["v"];
  batch.game_id = head["game"];
  batch.build = head["build"];
  ArenaOptions& o = batch.options;
  o.kinds = split(head["bots"], ',');
  o.seats = static_cast<int>(o.kinds.size());
  o.rotate = head["rotate"] == "1";
  const std::string& search = head["search"];
  if (search.starts_with("iterations:")) {
    if (!parse_uint(search.substr(11), o.iterations)) return "search " + search;
  } else if (search.starts_with("per-second:")) {
    if (!parse_uint(search.substr(11), o.iterations_per_second)) return "search " + search;
  } else if (search != "budgets") {
    return "search " + search;
  }
  if (!parse_int(head["rollout"], o.heuristic_rollout_moves) || !parse_double(head["exploration"], o.exploration) ||
      !parse_int(head["opponents"], o.opponents_by_rollout_policy) || !parse_int(head["stop"], o.stop_when_settled) ||
      !parse_int(head["inference"], o.inference) || !parse_int(head["threads"], o.threads) ||
      !parse_uint(head["seed"], o.seed) || !parse_uint(head["started"], batch.started) ||
      !parse_uint(head["games"], batch.result.games) || !parse_uint(head["unfinished"], batch.result.unfinished) ||
      !parse_double(head["seconds"], batch.result.seconds)) {
    return "a field that is not a number";
  }
  if (batch.result.games > batch.started) return "more games than started";
  batch.result.abandoned = batch.started - batch.result.games;
  for (std::size_t s = 1; s < sections.size(); ++s) {
    std::map<std::string, std::string> fields;
    if (auto error = parse_fields(sections[s], fields); !error.empty()) return error;
    KindStats k;
    k.kind = fields["kind"];
    if (std::find(o.kinds.begin(), o.kinds.end(), k.kind) == o.kinds.end()) return "a kind not seated: " + k.kind;
    if (!parse_uint(fields["seats"], k.seats_played) || !parse_uint(fields["wins"], k.wins) ||
        !parse_uint(fields["moves"], k.moves) || !parse_uint(fields["iterations"], k.iterations) ||
        !parse_uint(fields["searched"], k.searched) || !parse_uint(fields["settled"], k.settled) ||
        !parse_uint(fields["capped"], k.capped) || !parse_double(fields["score"], k.score_sum)) {
      return "kind " + k.kind + ": a field that is not a number";
    }
    if (k.wins > k.seats_played || k.settled > k.searched) return "kind " + k.kind + ": counts out of order";
    if (!fields["ms"].empty()) {
      for (const auto& pair : split(fields["ms"], ',')) {
        const auto colon = pair.find(':');
        std::uint64_t us = 0, count = 0;
        if (colon == std::string::npos || !parse_uint(pair.substr(0, colon), us) ||
            !parse_uint(pair.substr(colon + 1), count) || count > k.moves - k.move_ms.size()) {
          return "kind " + k.kind + ": a bad move time " + pair;
        }
        k.move_ms.insert(k.move_ms.end(), count, static_cast<float>(static_cast<double>(us) / 1000.0));
      }
    }
    if (k.move_ms.size() != k.moves) return "kind " + k.kind + ": move times do not add up to its moves";
    batch.result.kinds.push_back(std::move(k));
  }
  // Every kind seated has its one section: a line cut short between two
  // sections still parses up to the cut, and would pool half a batch.
  for (const auto& kind : o.kinds) {
    const auto sections_of_kind = std::count_if(batch.result.kinds.begin(), batch.result.kinds.end(),
                                                [&](const KindStats& k) { return k.kind == kind; });
    if (sections_of_kind != 1) return "kind " + kind + (sections_of_kind == 0 ? ": no figures" : ": figures twice");
  }
  batch.key = batch.game_id + " " + head["bots"] + " " + head["rotate"] + " " + search + " " + head["rollout"] + " " +
              head["exploration"] + " " + head["opponents"] + " " + head["stop"] + " " + head["inference"] + " " +
              batch.build;
  return "";
}

void add_into(ArenaResult& sum, const ArenaResult& batch) {
  sum.games += batch.games;
  sum.unfinished += batch.unfinished;
  sum.abandoned += batch.abandoned;
  sum.seconds += batch.seconds;
  for (const auto& k : batch.kinds) {
    auto it = std::find_if(sum.kinds.begin(), sum.kinds.end(), [&](const KindStats& s) { return s.kind == k.kind; });
    if (it == sum.kinds.end()) {
      sum.kinds.push_back(k);
      continue;
    }
    it->seats_played += k.seats_played;
    it->wins += k.wins;
    it->moves += k.moves;
    it->iterations += k.iterations;
    it->searched += k.searched;
    it->settled += k.settled;
    it->capped += k.capped;
    it->score_sum += k.score_sum;
    it->move_ms.insert(it->move_ms.end(), k.move_ms.begin(), k.move_ms.end());
  }
}

}  // namespace

std::string ledger_line(const Game& game, const ArenaOptions& options, const ArenaResult& result,
                        const std::string& build) {
  std::ostringstream out;
  out << "arena v=" << kLedgerVersion << " game=" << game.id() << " bots=" << join(options.kinds)
      << " rotate=" << (options.rotate ? 1 : 0) << " search=" << search_field(options)
      << " rollout=" << options.heuristic_rollout_moves << " exploration=" << format_double(options.exploration)
      << " opponents=" << options.opponents_by_rollout_policy << " stop=" << options.stop_when_settled
      << " inference=" << options.inference << " build=" << build << " threads=" << options.threads
      << " seed=" << options.seed << " started=" << result.games + result.abandoned << " games=" << result.games
      << " unfinished=" << result.unfinished << " seconds=" << format_double(result.seconds, "%.3f");
  for (const auto& k : result.kinds) {
    std::map<std::uint64_t, std::uint64_t> histogram;
    for (float ms : k.move_ms) ++histogram[quantize_us(ms)];
    std::string times;
    for (const auto& [us, count] : histogram) {
      times += (times.empty() ? "" : ",") + std::to_string(us) + ":" + std::to_string(count);
    }
    out << " | kind=" << k.kind << " seats=" << k.seats_played << " wins=" << k.wins << " moves=" << k.moves
        << " iterations=" << k.iterations << " searched=" << k.searched << " settled=" << k.settled
        << " capped=" << k.capped << " score=" << format_double(k.score_sum) << " ms=" << times;
  }
  return out.str();
}

PoolOutcome pool_ledger(std::istream& ledger) {
  PoolOutcome outcome;
  std::map<std::string, std::size_t> pool_of_key;
  std::string line;
  for (int number = 1; std::getline(ledger, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    Batch batch;
    if (auto problem = parse_line(line, batch); !problem.empty()) {
      outcome.error = "line " + std::to_string(number) + ": " + problem;
      return outcome;
    }
    auto [it, fresh] = pool_of_key.emplace(batch.key, outcome.pools.size());
    if (fresh) {
      PooledArena pool;
      pool.game_id = batch.game_id;
      pool.options = batch.options;
      pool.build = batch.build;
      outcome.pools.push_back(std::move(pool));
    }
    PooledArena& pool = outcome.pools[it->second];
    const PooledArena::SeedRange range{batch.options.seed, batch.options.seed + batch.started};
    for (const auto& other : pool.seeds) {
      // The same seeds would be the same games counted twice (under an
      // iteration cap, move for move).
      if (range.first < other.end && other.first < range.end) {
        outcome.error = "line " + std::to_string(number) + ": seeds [" + std::to_string(range.first) + ", " +
                        std::to_string(range.end) + ") overlap a batch of the same configuration, [" +
                        std::to_string(other.first) + ", " + std::to_string(other.end) + ")";
        return outcome;
      }
    }
    pool.seeds.push_back(range);
    add_into(pool.result, batch.result);
  }
  return outcome;
}

std::string format_pooled(const Game& game, const PooledArena& pool) {
  std::string out = "pooled: " + std::to_string(pool.seeds.size()) + " batches of build " + pool.build + ", seeds";
  for (const auto& range : pool.seeds) {
    out += " [" + std::to_string(range.first) + ", " + std::to_string(range.end) + ")";
  }
  out += "\n";
  return out + format_arena(game, pool.options, pool.result);
}

}  // namespace brethren::rules
