#include "server/cluster/session_ends_redis.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <random>
#include <stdexcept>
#include <sstream>
#include <vector>

#include "server/cluster/redis_connection.h"

namespace brethren::server {

namespace {

constexpr int kRetryMs = 500;

std::uint64_t random_origin() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

bool is_session_hash(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::string or_dash(const std::string& s) { return s.empty() ? "-" : s; }

}  // namespace

std::string RedisSessionEnds::encode(const Message& m) {
  return "1 " + std::to_string(m.origin) + " " + std::to_string(m.account_id) + " " + or_dash(m.ended.only) + " " +
         or_dash(m.ended.keep);
}

std::optional<RedisSessionEnds::Message> RedisSessionEnds::decode(const std::string& text) {
  if (text.size() > 200) return std::nullopt;
  std::istringstream in(text);
  std::string version, origin, account, only, keep, extra;
  if (!(in >> version >> origin >> account >> only >> keep) || (in >> extra) || version != "1") return std::nullopt;
  // from_chars: an out-of-range number is refused, never thrown on this thread.
  auto number = [](const std::string& s, auto& out) {
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), out);
    return error == std::errc() && end == s.data() + s.size();
  };
  Message m;
  if (!number(origin, m.origin) || !number(account, m.account_id) || m.account_id <= 0) return std::nullopt;
  for (auto* field : {&only, &keep}) {
    if (*field == "-") {
      field->clear();
    } else if (!is_session_hash(*field)) {
      return std::nullopt;
    }
  }
  // "Just this one" and "all but this one" at once is no end this server sends.
  if (!only.empty() && !keep.empty()) return std::nullopt;
  m.ended = EndedSessions{only, keep};
  return m;
}

RedisSessionEnds::RedisSessionEnds(const std::string& redis_address, SignedInConnections& connections)
    : connections_(connections), origin_(random_origin()) {
  const auto address = parse_redis_address(redis_address);
  host_ = address.host;
  port_ = address.port;
  int fds[2];
  if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) throw std::runtime_error("session ends: no pipe");
  wake_read_ = fds[0];
  wake_write_ = fds[1];
  connections_.set_relay([this](std::int64_t account_id, const EndedSessions& ended) { publish(account_id, ended); });
  thread_ = std::thread([this] { run(); });
}

RedisSessionEnds::~RedisSessionEnds() {
  connections_.set_relay(nullptr);
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  [[maybe_unused]] const auto written = ::write(wake_write_, "x", 1);
  thread_.join();
  disconnect();
  ::close(wake_read_);
  ::close(wake_write_);
}

void RedisSessionEnds::publish(std::int64_t account_id, const EndedSessions& ended) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(encode(Message{origin_, account_id, ended}));
    while (queue_.size() > kMaxQueued) queue_.pop_front();
  }
  // Non-blocking: a full pipe already wakes the thread.
  [[maybe_unused]] const auto written = ::write(wake_write_, "x", 1);
}

bool RedisSessionEnds::subscribed() const {
  std::lock_guard lock(mutex_);
  return subscribed_;
}

void RedisSessionEnds::run() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    if (!subscriber_ && !connect()) {
      wait_for_work(kRetryMs);
      continue;
    }
    if (!receive() || !send_queued()) {
      disconnect();
      continue;
    }
    // Wakes for a message on the channel, a queued end, or the stop.
    pollfd fds[2] = {{subscriber_->fd, POLLIN, 0}, {wake_read_, POLLIN, 0}};
    if (::poll(fds, 2, 1000) > 0 && (fds[0].revents & POLLIN) && redisBufferRead(subscriber_) != REDIS_OK) {
      disconnect();
      continue;
    }
    char drain[64];
    while (::read(wake_read_, drain, sizeof drain) > 0) {
    }
  }
}

bool RedisSessionEnds::connect() {
  subscriber_ = redis_connect(RedisAddress{host_, port_}, nullptr).release();
  publisher_ = redis_connect(RedisAddress{host_, port_}, nullptr).release();
  bool ok = subscriber_ && publisher_;
  if (ok) {
    RedisReply reply(static_cast<redisReply*>(redisCommand(subscriber_, "SUBSCRIBE %s", kChannel)));
    ok = reply && reply->type == REDIS_REPLY_ARRAY;
  }
  if (!ok) {
    if (!down_logged_) {
      spdlog::warn(
          "session ends: Redis {}:{} unreachable: other nodes' sign-outs reach this node's connections at "
          "their next request until it is back",
          host_, port_);
    }
    down_logged_ = true;
    disconnect();
    return false;
  }
  if (down_logged_) spdlog::info("session ends: subscribed on Redis {}:{}", host_, port_);
  down_logged_ = false;
  std::lock_guard lock(mutex_);
  subscribed_ = true;
  return true;
}

void RedisSessionEnds::disconnect() {
  if (subscriber_) redisFree(subscriber_);
  if (publisher_) redisFree(publisher_);
  subscriber_ = publisher_ = nullptr;
  std::lock_guard lock(mutex_);
  subscribed_ = false;
}

bool RedisSessionEnds::receive() {
  for (;;) {
    void* raw = nullptr;
    if (redisGetReplyFromReader(subscriber_, &raw) != REDIS_OK) return false;
    if (!raw) return true;
    RedisReply reply(static_cast<redisReply*>(raw));
    if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 3) continue;
    const redisReply* kind = reply->element[0];
    const redisReply* payload = reply->element[2];
    if (kind->type != REDIS_REPLY_STRING || std::string(kind->str, kind->len) != "message" ||
        payload->type != REDIS_REPLY_STRING) {
      continue;
    }
    auto message = decode(std::string(payload->str, payload->len));
    if (!message || message->origin == origin_) continue;
    connections_.sessions_ended_elsewhere(message->account_id, message->ended);
  }
}

bool RedisSessionEnds::send_queued() {
  for (;;) {
    std::string next;
    {
      std::lock_guard lock(mutex_);
      if (queue_.empty()) return true;
      next = queue_.front();
    }
    RedisReply reply(
        static_cast<redisReply*>(redisCommand(publisher_, "PUBLISH %s %b", kChannel, next.data(), next.size())));
    if (!reply || reply->type == REDIS_REPLY_ERROR) return false;
    std::lock_guard lock(mutex_);
    if (!queue_.empty() && queue_.front() == next) queue_.pop_front();
  }
}

void RedisSessionEnds::wait_for_work(int timeout_ms) {
  // Queued ends wait for the connection: only the stop cuts this short, so
  // that ends published while Redis is down cannot spin the reconnects.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
    if (left <= 0) return;
    pollfd fd{wake_read_, POLLIN, 0};
    ::poll(&fd, 1, static_cast<int>(left));
    char drain[64];
    while (::read(wake_read_, drain, sizeof drain) > 0) {
    }
  }
}

}  // namespace brethren::server
