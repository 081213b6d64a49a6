#include "server/cluster/quick_play_redis.h"

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "brethren/v1/protocol.pb.h"
#include "server/base/room_code.h"
#include "server/base/unix_time.h"
#include "server/cluster/redis_connection.h"
#include "server/quickplay/quick_play_queue.h"

namespace brethren::server {

using quickplay::Clock;
using quickplay::FormedTable;
using quickplay::Ticket;

namespace {

constexpr std::int64_t kQueueTtlMs = 3000;
constexpr std::int64_t kMatcherTtlMs = 1000;
constexpr std::int64_t kListTtlMs = 60000;
constexpr int kPopAtOnce = 256;

// Deletes every ticket and pushes the table only when all are still there.
// KEYS: each ticket's node hash, then the host's inbox. ARGV: each ticket
// id, then the table, then the inbox's time to live.
constexpr const char* kClaimScript = R"lua(
local n = #KEYS - 1
for i = 1, n do
  if redis.call('HEXISTS', KEYS[i], ARGV[i]) == 0 then return 0 end
end
for i = 1, n do redis.call('HDEL', KEYS[i], ARGV[i]) end
redis.call('RPUSH', KEYS[n + 1], ARGV[n + 1])
redis.call('PEXPIRE', KEYS[n + 1], ARGV[n + 2])
return 1
)lua";

// Takes the lock, or renews it when this node holds it.
constexpr const char* kMatcherScript = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
)lua";

// --- Length-prefixed fields: "<bytes>:<field>" ...

void put(std::string& out, std::string_view field) {
  out += std::to_string(field.size());
  out += ':';
  out += field;
}

bool take(std::string_view& in, std::string_view& field) {
  const auto colon = in.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 7) return false;
  std::size_t length = 0;
  const auto [end, ec] = std::from_chars(in.data(), in.data() + colon, length);
  if (ec != std::errc{} || end != in.data() + colon || length > in.size() - colon - 1) return false;
  field = in.substr(colon + 1, length);
  in.remove_prefix(colon + 1 + length);
  return true;
}

template <typename Number>
bool number(std::string_view text, Number& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size();
}

std::string reply_text(const redisReply* r) { return std::string(r->str, r->len); }

}  // namespace

std::string RedisQuickPlay::queue_key(int node) { return "brethren:qp:node:" + std::to_string(node); }
std::string RedisQuickPlay::inbox_key(int node) { return "brethren:qp:inbox:" + std::to_string(node); }
std::string RedisQuickPlay::mailbox_key(int node) { return "brethren:qp:mailbox:" + std::to_string(node); }

std::string RedisQuickPlay::encode(const Ticket& t) {
  std::string out = "t1";
  put(out, std::to_string(t.id));
  put(out, t.game_id);
  put(out, std::to_string(t.seats));
  put(out, std::to_string(t.account_id));
  put(out, t.display_name);
  put(out, t.claimed ? "1" : "0");
  char mu[32];
  std::snprintf(mu, sizeof mu, "%.17g", t.mu);
  put(out, mu);
  put(out, std::to_string(t.since_unix_ms));
  return out;
}

std::optional<Ticket> RedisQuickPlay::decode_ticket(std::string_view in) {
  if (in.substr(0, 2) != "t1") return std::nullopt;
  in.remove_prefix(2);
  std::string_view f[8];
  for (auto& field : f) {
    if (!take(in, field)) return std::nullopt;
  }
  Ticket t;
  if (!in.empty() || !number(f[0], t.id) || !number(f[2], t.seats) || !number(f[3], t.account_id) ||
      (f[5] != "0" && f[5] != "1") || !number(f[6], t.mu) || !number(f[7], t.since_unix_ms)) {
    return std::nullopt;
  }
  t.game_id = std::string(f[1]);
  t.display_name = std::string(f[4]);
  t.claimed = f[5] == "1";
  if (t.game_id.empty() || t.seats < 1 || t.seats > 64 || t.account_id <= 0) return std::nullopt;
  return t;
}

std::string RedisQuickPlay::encode(const FormedTable& table) {
  std::string out = "f1";
  put(out, table.game_id);
  put(out, std::to_string(table.seats));
  put(out, std::to_string(table.people.size()));
  for (const Ticket& t : table.people) put(out, encode(t));
  return out;
}

std::optional<FormedTable> RedisQuickPlay::decode_table(std::string_view in) {
  if (in.substr(0, 2) != "f1") return std::nullopt;
  in.remove_prefix(2);
  std::string_view game, seats, count;
  std::size_t n = 0;
  FormedTable table;
  if (!take(in, game) || !take(in, seats) || !take(in, count) || !number(seats, table.seats) || !number(count, n) ||
      n < 1 || table.seats < 1 || n > static_cast<std::size_t>(table.seats)) {
    return std::nullopt;
  }
  table.game_id = std::string(game);
  for (std::size_t i = 0; i < n; ++i) {
    std::string_view field;
    if (!take(in, field)) return std::nullopt;
    auto t = decode_ticket(field);
    if (!t || t->game_id != table.game_id || t->seats != table.seats) return std::nullopt;
    table.people.push_back(std::move(*t));
  }
  if (!in.empty()) return std::nullopt;
  return table;
}

std::vector<RedisQuickPlay::Formed> RedisQuickPlay::form_tables(const std::vector<Ticket>& tickets,
                                                                const quickplay::MatchWindow& window,
                                                                Clock::duration bot_fill, std::int64_t now_unix_ms) {
  // One ticket per account: a player who asked on two nodes waits once.
  std::map<std::int64_t, const Ticket*> oldest;
  for (const Ticket& t : tickets) {
    auto [it, fresh] = oldest.emplace(t.account_id, &t);
    if (!fresh && (t.since_unix_ms < it->second->since_unix_ms ||
                   (t.since_unix_ms == it->second->since_unix_ms && t.id < it->second->id))) {
      it->second = &t;
    }
  }
  // Wall-clock ages, the same on every node, onto this node's steady clock.
  const Clock::time_point now = Clock::now();
  std::map<std::pair<std::string, int>, std::vector<const Ticket*>> by_key;
  for (const auto& [account, t] : oldest) by_key[{t->game_id, t->seats}].push_back(t);
  std::vector<Formed> formed;
  for (auto& [key, people] : by_key) {
    std::sort(people.begin(), people.end(), [](const Ticket* a, const Ticket* b) {
      return a->since_unix_ms != b->since_unix_ms ? a->since_unix_ms < b->since_unix_ms : a->id < b->id;
    });
    quickplay::QuickPlayQueue queue(key.second, window, bot_fill);
    std::unordered_map<std::uint64_t, const Ticket*> by_id;
    for (const Ticket* t : people) {
      const auto age = std::chrono::milliseconds(std::max<std::int64_t>(0, now_unix_ms - t->since_unix_ms));
      queue.add(quickplay::QueueEntry{t->id, t->account_id, t->mu, now - age});
      by_id.emplace(t->id, t);
    }
    auto table_of = [&](const std::vector<quickplay::QueueEntry>& entries) {
      Formed f;
      f.table.game_id = key.first;
      f.table.seats = key.second;
      std::map<int, std::size_t> per_node;
      const Ticket* longest = nullptr;
      for (const auto& e : entries) {
        const Ticket* t = by_id.at(e.client_id);
        f.table.people.push_back(*t);
        ++per_node[quickplay::ticket_node(t->id)];
        if (!longest || t->since_unix_ms < longest->since_unix_ms) longest = t;
      }
      f.host = quickplay::ticket_node(longest->id);
      for (const auto& [node, count] : per_node) {
        if (count > per_node[f.host]) f.host = node;
      }
      formed.push_back(std::move(f));
    };
    while (auto t = queue.take_table(now)) table_of(*t);
    while (auto t = queue.take_bot_table(now)) table_of(*t);
  }
  return formed;
}

RedisQuickPlay::RedisQuickPlay(const Config& config, QuickPlay& quick_play)
    : config_(config),
      quick_play_(quick_play),
      node_(config.node_id),
      window_{config.quickplay_window, config.quickplay_window_per_second},
      bot_fill_(std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double, std::milli>(config.quickplay_bot_fill_ms))) {
  const auto address = parse_redis_address(config.lobby_redis);
  host_ = address.host;
  port_ = address.port;
  quick_play_.use_shared_queues(this, node_);
  thread_ = std::thread([this] { run(); });
}

RedisQuickPlay::~RedisQuickPlay() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  // A node that stops on purpose takes its players out at once.
  if (redis_) RedisReply(static_cast<redisReply*>(redisCommand(redis_, "DEL %s", queue_key(node_).c_str())));
  disconnect();
}

void RedisQuickPlay::add(Ticket ticket) {
  {
    std::lock_guard lock(mutex_);
    pending_.adds.push_back(std::move(ticket));
  }
  wake_.notify_all();
}

void RedisQuickPlay::remove(std::uint64_t ticket, std::function<void(bool)> done) {
  {
    std::lock_guard lock(mutex_);
    pending_.removes.emplace_back(ticket, std::move(done));
  }
  wake_.notify_all();
}

void RedisQuickPlay::tell(std::uint64_t ticket, std::string message) {
  {
    std::lock_guard lock(mutex_);
    if (pending_.tells.size() >= kMaxPending) {
      spdlog::warn("quick play: {} messages for other nodes wait already; one is dropped", kMaxPending);
      return;
    }
    pending_.tells.emplace_back(ticket, std::move(message));
  }
  wake_.notify_all();
}

std::size_t RedisQuickPlay::waiting(const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  auto it = others_waiting_.find(game_id);
  return it == others_waiting_.end() ? 0 : it->second;
}

void RedisQuickPlay::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    Pending pending = std::move(pending_);
    pending_ = Pending{};
    lock.unlock();
    const bool was_up = redis_ != nullptr;
    bool ok = redis_ || connect();
    if (ok && !was_up) {
      // A fresh start, or back after a failure in which everyone waiting
      // here was told CANCELLED: tickets left from before must not be matched.
      RedisReply r(static_cast<redisReply*>(redisCommand(redis_, "DEL %s", queue_key(node_).c_str())));
      ok = r && r->type != REDIS_REPLY_ERROR;
    }
    if (ok) ok = round(pending);
    if (!ok) went_down(redis_ && redis_->errstr[0] ? redis_->errstr : "unreachable", pending);
    lock.lock();
    // Back to work at once when something is asked; else every round.
    wake_.wait_for(lock, kRound, [this] {
      return stopping_ || !pending_.adds.empty() || !pending_.removes.empty() || !pending_.tells.empty();
    });
  }
}

bool RedisQuickPlay::connect() {
  redis_ = redis_connect(RedisAddress{host_, port_}, nullptr).release();
  if (!redis_) return false;
  if (down_logged_) spdlog::info("quick play: {} reachable again: the cluster's queues are back", config_.lobby_redis);
  down_logged_ = false;
  return true;
}

void RedisQuickPlay::disconnect() {
  if (redis_) redisFree(redis_);
  redis_ = nullptr;
}

void RedisQuickPlay::went_down(const std::string& why, Pending& pending) {
  if (!down_logged_) {
    spdlog::warn("quick play: {} unreachable ({}): players waiting here are told to try again", config_.lobby_redis,
                 why);
  }
  down_logged_ = true;
  disconnect();
  written_.clear();
  {
    std::lock_guard lock(mutex_);
    others_waiting_.clear();
  }
  quick_play_.shared_queues_down("quick play is unavailable for a moment; please try again");
  // Whether a cancel won is unknown: the player was told CANCELLED above.
  for (auto& [ticket, done] : pending.removes) {
    if (done) done(false);
  }
}

bool RedisQuickPlay::round(Pending& pending) {
  const std::string own = queue_key(node_);
  // 1. This node's changes, in the order they were asked.
  for (const Ticket& t : pending.adds) redis_append(redis_, {"HSET", own, std::to_string(t.id), encode(t)});
  for (const auto& [ticket, done] : pending.removes) redis_append(redis_, {"HDEL", own, std::to_string(ticket)});
  for (const auto& [ticket, message] : pending.tells) {
    std::string entry;
    put(entry, std::to_string(ticket));
    put(entry, message);
    const std::string mailbox = mailbox_key(quickplay::ticket_node(ticket));
    redis_append(redis_, {"RPUSH", mailbox, entry});
    redis_append(redis_, {"PEXPIRE", mailbox, std::to_string(kListTtlMs)});
  }
  redis_append(redis_, {"PEXPIRE", own, std::to_string(kQueueTtlMs)});
  // 2. What came for this node: tables to make, messages for its players.
  redis_append(redis_, {"LPOP", inbox_key(node_), std::to_string(kPopAtOnce)});
  redis_append(redis_, {"LPOP", mailbox_key(node_), std::to_string(kPopAtOnce)});
  // 3. Every node's tickets, and whether this node matches now.
  for (int node = 0; node < kMaxClusterNodes; ++node) redis_append(redis_, {"HGETALL", queue_key(node)});
  redis_append(redis_,
               {"EVAL", kMatcherScript, "1", kMatcherKey, std::to_string(node_), std::to_string(kMatcherTtlMs)});

  auto next = [this]() -> RedisReply {
    RedisReply r = redis_next_reply(redis_);
    if (r && r->type == REDIS_REPLY_ERROR) {
      spdlog::warn("quick play: Redis refused a command: {}", reply_text(r.get()));
      return nullptr;
    }
    return r;
  };
  for (const Ticket& t : pending.adds) {
    if (!next()) return false;
    written_[t.id] = Written{t, std::nullopt};
  }
  for (auto& [ticket, done] : pending.removes) {
    RedisReply r = next();
    if (!r) return false;
    written_.erase(ticket);
    done(r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    done = nullptr;  // answered: not again if the round fails later
  }
  for (std::size_t i = 0; i < pending.tells.size() * 2 + 1; ++i) {
    if (!next()) return false;
  }
  for (int list = 0; list < 2; ++list) {
    RedisReply r = next();
    if (!r) return false;
    if (r->type != REDIS_REPLY_ARRAY) continue;  // nil: empty
    for (std::size_t i = 0; i < r->elements; ++i) {
      const redisReply* e = r->element[i];
      if (e->type != REDIS_REPLY_STRING) continue;
      std::string_view in(e->str, e->len);
      if (list == 0) {
        if (auto table = decode_table(in)) {
          quick_play_.host_table(std::move(*table));
        } else {
          spdlog::warn("quick play: a malformed table in {} is ignored", inbox_key(node_));
        }
        continue;
      }
      std::string_view id, message;
      std::uint64_t ticket = 0;
      if (!take(in, id) || !take(in, message) || !in.empty() || !number(id, ticket) ||
          quickplay::ticket_node(ticket) != node_) {
        spdlog::warn("quick play: a malformed message in {} is ignored", mailbox_key(node_));
        continue;
      }
      written_.erase(ticket);
      quick_play_.told(ticket, std::string(message));
    }
  }
  std::vector<Ticket> tickets;
  std::map<std::string, std::size_t> others;
  std::unordered_map<std::uint64_t, bool> ours_present;
  for (int node = 0; node < kMaxClusterNodes; ++node) {
    RedisReply r = next();
    if (!r) return false;
    if (r->type != REDIS_REPLY_ARRAY) continue;
    for (std::size_t i = 0; i + 1 < r->elements; i += 2) {
      const redisReply* value = r->element[i + 1];
      if (value->type != REDIS_REPLY_STRING) continue;
      auto t = decode_ticket(std::string_view(value->str, value->len));
      // Only what the key's node may hold: a stray entry is not matched.
      if (!t || quickplay::ticket_node(t->id) != node) continue;
      if (node == node_) {
        ours_present[t->id] = true;
      } else {
        ++others[t->game_id];
      }
      tickets.push_back(std::move(*t));
    }
  }
  RedisReply lock = next();
  if (!lock) return false;
  {
    std::lock_guard guard(mutex_);
    others_waiting_ = std::move(others);
  }
  // Tickets of ours gone from the hash were claimed: their MATCHED comes
  // through the mailbox, unless the node making the room died.
  const Clock::time_point now = Clock::now();
  for (auto it = written_.begin(); it != written_.end();) {
    Written& w = it->second;
    if (ours_present.count(it->first)) {
      w.missing_since.reset();
    } else if (!w.missing_since) {
      w.missing_since = now;
    } else if (now - *w.missing_since > kClaimedTimeout) {
      v1::ServerMessage m;
      auto* status = m.mutable_quick_play_status();
      status->set_state(v1::QUICK_PLAY_CANCELLED);
      status->set_game_id(w.ticket.game_id);
      status->set_seats(w.ticket.seats);
      status->set_reason("the server that was to hold your table did not answer; please try again");
      quick_play_.told(it->first, m.SerializeAsString());
      it = written_.erase(it);
      continue;
    }
    ++it;
  }
  if (lock->type != REDIS_REPLY_INTEGER || lock->integer != 1 || tickets.empty()) return true;
  return claim(form_tables(tickets, window_, bot_fill_, unix_millis()));
}

bool RedisQuickPlay::claim(const std::vector<Formed>& tables) {
  for (const Formed& f : tables) {
    std::vector<std::string> args = {"EVAL", kClaimScript, std::to_string(f.table.people.size() + 1)};
    for (const Ticket& t : f.table.people) args.push_back(queue_key(quickplay::ticket_node(t.id)));
    args.push_back(inbox_key(f.host));
    for (const Ticket& t : f.table.people) args.push_back(std::to_string(t.id));
    args.push_back(encode(f.table));
    args.push_back(std::to_string(kListTtlMs));
    redis_append(redis_, args);
  }
  for (const Formed& f : tables) {
    RedisReply r = redis_next_reply(redis_);
    if (!r || r->type == REDIS_REPLY_ERROR) return false;
    if (r->type == REDIS_REPLY_INTEGER && r->integer == 1) {
      spdlog::info("quick play: {} with {}: a table of {} for node {}", f.table.game_id, f.table.seats,
                   f.table.people.size(), f.host);
    }
  }
  return true;
}

}  // namespace brethren::server
