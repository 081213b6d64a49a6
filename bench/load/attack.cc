#include "bench/load/attack.h"

#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "brethren/v1/protocol.pb.h"
#include "server/protocol/codec.h"

namespace brethren::bench {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

constexpr std::chrono::milliseconds kComebackDelay{100};
constexpr std::size_t kGarbageFrameBytes = 16 * 1024;
constexpr int kPublicRoomsPerListAttacker = 20;

// One client frame (clients must mask; RFC 6455 5.3).
std::string ws_frame(std::uint8_t opcode, std::string_view payload) {
  std::string f;
  f.push_back(static_cast<char>(0x80 | opcode));
  const std::size_t n = payload.size();
  if (n < 126) {
    f.push_back(static_cast<char>(0x80 | n));
  } else if (n < 65536) {
    f.push_back(static_cast<char>(0x80 | 126));
    f.push_back(static_cast<char>(n >> 8));
    f.push_back(static_cast<char>(n & 0xff));
  } else {
    f.push_back(static_cast<char>(0x80 | 127));
    for (int shift = 56; shift >= 0; shift -= 8) f.push_back(static_cast<char>((n >> shift) & 0xff));
  }
  const char mask[4] = {0x5a, 0x17, 0x3c, 0x69};
  f.append(mask, 4);
  for (std::size_t i = 0; i < n; ++i) f.push_back(static_cast<char>(payload[i] ^ mask[i % 4]));
  return f;
}

std::string upgrade_request(const tcp::endpoint& server) {
  return "GET /ws HTTP/1.1\r\nHost: " + server.address().to_string() + ":" + std::to_string(server.port()) +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
         "Sec-WebSocket-Version: 13\r\n\r\n";
}

std::string binary_message(const v1::ClientMessage& m) {
  return ws_frame(0x2, server::encode_client_message(m, server::Encoding::kBinary));
}

}  // namespace

// One hostile connection, restarted after the server ends it.
class Attack::Attacker {
 public:
  Attacker(asio::io_context& io, const tcp::endpoint& server, AttackKind kind, std::uint64_t seed, AttackStats& stats)
      : socket_(io), timer_(io), server_(server), kind_(kind), rng_(seed), stats_(stats) {}

  void start() {
    stopped_ = false;
    connect();
  }
  void stop() {
    stopped_ = true;
    timer_.cancel();
    boost::system::error_code ignored;
    socket_.close(ignored);
  }

 private:
  void connect() {
    if (stopped_) return;
    boost::system::error_code ignored;
    socket_.close(ignored);
    ++generation_;
    const auto generation = generation_;
    socket_.async_connect(server_, [this, generation](boost::system::error_code ec) {
      if (stopped_ || generation != generation_) return;
      if (ec) return ended();
      ++stats_.connections;
      opened();
    });
  }

  void opened() {
    slow_offset_ = 0;
    if (kind_ == AttackKind::kSlowHttp) {
      watch_for_close();
      return slow_byte();
    }
    // Never read: the server's answers pile up on its side.
    write(upgrade_request(server_) + next_batch());
  }

  // Frames for one write: enough to keep the socket busy without building up here.
  std::string next_batch() {
    std::string batch;
    switch (kind_) {
      case AttackKind::kPingFlood:
        for (int i = 0; i < 64; ++i) batch += ws_frame(0x9, std::string(125, 'p'));
        break;
      case AttackKind::kListRoomsUnread:
        while (sent_rooms_ < kPublicRoomsPerListAttacker) {
          v1::ClientMessage m;
          m.set_request_id(++request_id_);
          auto* create = m.mutable_create_room();
          create->set_game_id("letter-of-marque");
          create->set_public_(true);
          batch += binary_message(m);
          ++sent_rooms_;
        }
        for (int i = 0; i < 32; ++i) {
          v1::ClientMessage m;
          m.set_request_id(++request_id_);
          m.mutable_list_rooms()->set_page_size(100);
          batch += binary_message(m);
        }
        break;
      case AttackKind::kGarbageFrames: {
        std::string garbage(kGarbageFrameBytes, '\0');
        for (auto& c : garbage) c = static_cast<char>(rng_() & 0xff);
        batch += ws_frame(0x2, garbage);
        break;
      }
      case AttackKind::kSlowHttp: break;
    }
    return batch;
  }

  void write(std::string data) {
    out_ = std::move(data);
    const auto generation = generation_;
    asio::async_write(socket_, asio::buffer(out_), [this, generation](boost::system::error_code ec, std::size_t n) {
      if (stopped_ || generation != generation_) return;
      stats_.bytes_sent += n;
      if (ec) return ended();
      if (kind_ != AttackKind::kSlowHttp) write(next_batch());
    });
  }

  // Slowloris: a header that never ends, one byte a second.
  void slow_byte() {
    static const std::string header = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    const char byte = slow_offset_ < header.size() ? header[slow_offset_] : 'a';
    ++slow_offset_;
    write(std::string(1, byte));
    const auto generation = generation_;
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([this, generation](boost::system::error_code ec) {
      if (!ec && !stopped_ && generation == generation_) slow_byte();
    });
  }

  void watch_for_close() {
    const auto generation = generation_;
    socket_.async_read_some(asio::buffer(in_), [this, generation](boost::system::error_code ec, std::size_t) {
      if (stopped_ || generation != generation_) return;
      if (ec) return ended();
      watch_for_close();
    });
  }

  // The server ended it (or refused it): count, come back shortly.
  void ended() {
    ++stats_.closed_by_server;
    ++generation_;  // handlers of the old socket are stale now
    boost::system::error_code ignored;
    socket_.close(ignored);
    timer_.expires_after(kComebackDelay);
    timer_.async_wait([this](boost::system::error_code ec) {
      if (!ec) connect();
    });
  }

  tcp::socket socket_;
  asio::steady_timer timer_;
  tcp::endpoint server_;
  AttackKind kind_;
  std::mt19937_64 rng_;
  AttackStats& stats_;
  std::string out_;
  char in_[4096];
  std::uint64_t generation_ = 0, request_id_ = 0;
  std::size_t slow_offset_ = 0;
  int sent_rooms_ = 0;  // over all comebacks: the rooms stay, only the listing repeats
  bool stopped_ = true;
};

std::optional<AttackKind> parse_attack_kind(std::string_view name) {
  if (name == "ping-flood") return AttackKind::kPingFlood;
  if (name == "list-rooms-unread") return AttackKind::kListRoomsUnread;
  if (name == "garbage-frames") return AttackKind::kGarbageFrames;
  if (name == "slow-http") return AttackKind::kSlowHttp;
  return std::nullopt;
}

const char* to_string(AttackKind kind) {
  switch (kind) {
    case AttackKind::kPingFlood: return "ping-flood";
    case AttackKind::kListRoomsUnread: return "list-rooms-unread";
    case AttackKind::kGarbageFrames: return "garbage-frames";
    case AttackKind::kSlowHttp: return "slow-http";
  }
  return "?";
}

std::optional<std::vector<AttackKind>> parse_attack_list(std::string_view list) {
  if (list == "all") {
    return std::vector<AttackKind>{AttackKind::kPingFlood, AttackKind::kListRoomsUnread, AttackKind::kGarbageFrames,
                                   AttackKind::kSlowHttp};
  }
  std::vector<AttackKind> kinds;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto kind = parse_attack_kind(list.substr(0, comma));
    if (!kind) return std::nullopt;
    kinds.push_back(*kind);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  if (kinds.empty()) return std::nullopt;
  return kinds;
}

long long read_cpu_us(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return -1;
  // Fields after the command name (which may hold spaces): state is field 3,
  // utime and stime are fields 14 and 15, in clock ticks.
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  long long utime = -1, stime = -1;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoll(field);
    if (i == 15) stime = std::stoll(field);
  }
  if (utime < 0 || stime < 0) return -1;
  return (utime + stime) * 1'000'000 / sysconf(_SC_CLK_TCK);
}

long read_vm_rss_kib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      long kib = -1;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 20, '\n');
  }
  return -1;
}

Attack::Attack(const tcp::endpoint& server, std::vector<AttackKind> kinds, std::size_t per_kind, int server_pid)
    : work_(io_.get_executor()), kinds_(std::move(kinds)), server_pid_(server_pid), rss_timer_(io_) {
  std::uint64_t seed = 1;
  for (const auto kind : kinds_) {
    for (std::size_t i = 0; i < per_kind; ++i)
      attackers_.push_back(std::make_unique<Attacker>(io_, server, kind, seed++, stats_));
  }
}

Attack::~Attack() {
  if (thread_.joinable()) stop();
}

std::string Attack::kinds_string() const {
  std::string s;
  for (const auto kind : kinds_) s += (s.empty() ? "" : ",") + std::string(to_string(kind));
  return s;
}

void Attack::start() {
  asio::post(io_, [this] {
    running_ = true;
    if (server_pid_ > 0) rss_start_kib_ = rss_peak_kib_ = read_vm_rss_kib(server_pid_);
    for (auto& a : attackers_) a->start();
    if (server_pid_ > 0) sample_rss();
  });
  thread_ = std::thread([this] { io_.run(); });
}

void Attack::stop() {
  asio::post(io_, [this] {
    running_ = false;
    rss_timer_.cancel();
    for (auto& a : attackers_) a->stop();
    if (server_pid_ > 0) rss_peak_kib_ = std::max(rss_peak_kib_, read_vm_rss_kib(server_pid_));
  });
  work_.reset();
  thread_.join();
}

void Attack::sample_rss() {
  rss_timer_.expires_after(std::chrono::milliseconds(100));
  rss_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || !running_) return;
    rss_peak_kib_ = std::max(rss_peak_kib_, read_vm_rss_kib(server_pid_));
    sample_rss();
  });
}

}  // namespace brethren::bench
