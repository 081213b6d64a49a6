// Hostile clients against the real server (issue #13): ping floods, clients
// that never read, sustained message and byte floods, room spam, hostile
// text, and connections that vanish mid-request. Each test states the bound
// it checks; memory bounds are measured as the server's resident set size.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <functional>
#include <set>
#include <thread>

#include "tests/support/raw_ws_client.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

using Clock = std::chrono::steady_clock;

// Sets environment variables for the servers started meanwhile (settings
// given this way are ignored by a server that does not know them).
class ScopedEnv {
 public:
  ScopedEnv(std::initializer_list<std::pair<const char*, std::string>> vars) {
    for (const auto& [name, value] : vars) {
      ::setenv(name, value.c_str(), 1);
      names_.push_back(name);
    }
  }
  ~ScopedEnv() {
    for (const char* name : names_) ::unsetenv(name);
  }

 private:
  std::vector<const char*> names_;
};

v1::ErrorCode error_of(const v1::ServerMessage& m) {
  INFO(m.ShortDebugString());
  REQUIRE(m.has_error());
  return m.error().code();
}

std::string binary_request(std::uint64_t request_id, v1::ClientMessage m) {
  m.set_request_id(request_id);
  return server::encode_client_message(m, server::Encoding::kBinary);
}

v1::ClientMessage ping_msg() {
  v1::ClientMessage m;
  m.mutable_ping()->set_nonce(1);
  return m;
}

v1::ClientMessage list_rooms_msg(std::uint32_t page_size = 0, const std::string& token = "",
                                 const std::string& game = "", bool free_seats = false) {
  v1::ClientMessage m;
  auto* list = m.mutable_list_rooms();
  list->set_page_size(page_size);
  list->set_page_token(token);
  list->set_game_id(game);
  list->set_with_free_seats(free_seats);
  return m;
}

// Runs `attack` on `connections` threads while sampling the server's
// resident set; stops the attackers early once growth passes `stop_growth`
// (so an unbounded server does not take the machine down). Returns the
// peak growth in bytes.
std::size_t peak_growth_during(const ServerProcess& server, int connections, std::size_t stop_growth,
                               const std::function<void(int, const std::atomic<bool>&)>& attack) {
  const std::size_t before = resident_bytes(server.pid());
  std::atomic<bool> stop{false};
  std::atomic<int> done{0};
  std::vector<std::thread> attackers;
  for (int i = 0; i < connections; ++i) {
    attackers.emplace_back([&, i] {
      attack(i, stop);
      ++done;
    });
  }
  std::size_t peak = before;
  while (done < connections) {
    peak = std::max(peak, resident_bytes(server.pid()));
    if (peak - before > stop_growth) stop = true;
    std::this_thread::sleep_for(50ms);
  }
  for (auto& t : attackers) t.join();
  peak = std::max(peak, resident_bytes(server.pid()));
  return peak - before;
}

constexpr std::size_t kMiB = 1024 * 1024;

#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer holds freed memory in quarantine (256 MiB) and adds
// shadow memory, so the server's resident set says nothing about its own
// bounds there: the normal build measures them; this build checks the
// behaviour (every attacker is closed, the server still serves).
constexpr bool kMeasureMemory = false;
constexpr std::size_t kAttackStopGrowth = 4096 * kMiB;
#else
constexpr bool kMeasureMemory = true;
constexpr std::size_t kAttackStopGrowth = 200 * kMiB;
#endif

}  // namespace

TEST_CASE("Abuse: pings from clients that never read their pongs are bounded, the clients are dropped") {
  TempDir dir;
  // Message and byte rates high enough not to interfere: this is about the
  // pongs piling up unread.
  ScopedEnv env{{"BRETHREN_MAX_BYTES_PER_SECOND", "1000000000"}};
  ServerProcess server(dir.path() + "/b.db", {"--rate-limit", "1000000", "--rate-burst", "1000000"});
  constexpr int kConnections = 10;
  std::vector<std::unique_ptr<RawWsClient>> clients;
  for (int i = 0; i < kConnections; ++i) clients.push_back(std::make_unique<RawWsClient>(server.port()));
  std::atomic<int> dropped{0};
  const std::string payload(125, 'p');
  const std::size_t growth =
      peak_growth_during(server, kConnections, kAttackStopGrowth, [&](int i, const std::atomic<bool>& stop) {
        const auto deadline = Clock::now() + 30s;
        while (!stop && Clock::now() < deadline) {
          // A send that fails (reset) or stalls for long means the server has
          // given up on this connection.
          if (!clients[i]->send_frame(RawWsClient::kPing, payload, 10s)) {
            ++dropped;
            return;
          }
        }
      });
  WARN("peak growth of the server's resident set: " << growth / 1024 << " KiB");
  if (kMeasureMemory) CHECK(growth < 30 * kMiB);
  REQUIRE(dropped == kConnections);
  WsClient polite(server.port());
  REQUIRE(polite.request(ping_msg()).has_pong());
}

TEST_CASE("Abuse: a ping flood counts against the message rate and is closed with 1008") {
  TempDir dir;
  // The default limits (tests otherwise start the server without them).
  ServerProcess server(dir.path() + "/b.db", {"--rate-limit", "30", "--rate-burst", "60"});
  RawWsClient flood(server.port());
  for (int i = 0; i < 2000; ++i) {
    if (!flood.send_frame(RawWsClient::kPing, "x")) break;
  }
  REQUIRE(flood.read_close_code(20s) == std::optional<std::uint16_t>(1008));
}

// Not in the sanitizer build: there (-O0 + ASan) the server answers room
// lists so slowly that the kernels' socket buffers (megabytes) take minutes
// to fill before its own queue does; the overflow path itself runs under
// ASan in the ping and slow-reader tests.
#if !defined(__SANITIZE_ADDRESS__)
TEST_CASE("Abuse: clients that ask for room lists and never read are bounded in bytes and closed") {
  TempDir dir;
  ScopedEnv env{{"BRETHREN_MAX_ROOMS_PER_CONNECTION", "100000"}, {"BRETHREN_MAX_ROOMS_PER_ADDRESS", "100000"}};
  ServerProcess server(dir.path() + "/b.db",
                       {"--rate-limit", "100000", "--rate-burst", "100000", "--db-sync", "normal"});
  // 400 public rooms: an unpaged JSON list of them is ~50 KB.
  {
    WsClient host(server.port());
    constexpr int kRooms = 400;
    for (int i = 0; i < kRooms; ++i) host.send(create_room_msg("letter-of-marque", 3, "Host", "", true));
    int created = 0;
    while (created < kRooms) {
      auto m = host.next(30s);
      REQUIRE(m.has_value());
      if (m->has_room_created()) ++created;
    }
  }
  constexpr int kConnections = 10;
  std::vector<std::unique_ptr<RawWsClient>> clients;
  for (int i = 0; i < kConnections; ++i) clients.push_back(std::make_unique<RawWsClient>(server.port()));
  std::atomic<int> dropped{0};
  const std::size_t growth =
      peak_growth_during(server, kConnections, kAttackStopGrowth, [&](int i, const std::atomic<bool>& stop) {
        const auto deadline = Clock::now() + 40s;
        std::uint64_t id = 0;
        while (!stop && Clock::now() < deadline) {
          // The request old clients send: no page fields.
          const std::string next = R"({"requestId": ")" + std::to_string(++id) + R"(", "listRooms": {}})";
          if (!clients[i]->send_frame(RawWsClient::kText, next, 10s)) {
            ++dropped;
            return;
          }
          std::this_thread::sleep_for(1ms);
        }
      });
  WARN("peak growth of the server's resident set: " << growth / 1024 << " KiB");
  if (kMeasureMemory) CHECK(growth < 30 * kMiB);
  REQUIRE(dropped == kConnections);
  WsClient polite(server.port());
  REQUIRE(polite.request(ping_msg()).has_pong());
}

#endif  // !defined(__SANITIZE_ADDRESS__)

TEST_CASE("Abuse: a reader that falls behind is closed with 1008 when its queue passes the byte bound") {
  TempDir dir;
  // No byte-rate limit here: the close must come from the output bound.
  ScopedEnv env{{"BRETHREN_MAX_SEND_QUEUE_BYTES", "65536"}, {"BRETHREN_MAX_BYTES_PER_SECOND", "1000000000"}};
  // Nor from the old bound in frames: only the bound in bytes may close it
  // (the server before it had none, and this client was never closed).
  ServerProcess server(dir.path() + "/b.db",
                       {"--rate-limit", "10000000", "--rate-burst", "10000000", "--max-send-queue", "100000000"});
  // Replies to one request burst are queued faster than the kernel takes them
  // only if the client does not read; this one reads afterwards, so it can
  // see the close frame (sent after the bytes the kernel already took).
  // A small receive buffer: else the client's kernel would take tens of
  // megabytes for it and the server's queue would never fill.
  RawWsClient slow(server.port(), 16 * 1024);
  // More replies than the kernel's buffers can hold even once the server's
  // send buffer has grown to its maximum (tcp_wmem: 4 MiB): the session's own
  // queue must fill, and the server closes long before the loop ends.
  for (std::uint64_t id = 1; id <= 400000; ++id) {
    v1::ClientMessage m;
    m.mutable_list_games();
    // A generous timeout: on a loaded machine the server may lag behind.
    if (!slow.send_frame(RawWsClient::kBinary, binary_request(id, m), 10s)) break;
  }
  std::vector<std::string> replies;
  const auto code = slow.read_close_code(30s, &replies);
  INFO(replies.size() << " replies read before the end");
  // The close frame (1008), or, when the socket could not even take it in
  // time, a dropped connection (1006); never a connection left open.
  REQUIRE(code.has_value());
  REQUIRE((*code == 1008 || *code == 1006));
}

TEST_CASE("Abuse: room lists are paged, filtered by game and free seats, and old requests get the first page") {
  TempDir dir;
  ScopedEnv env{{"BRETHREN_MAX_ROOMS_PER_CONNECTION", "1000"}, {"BRETHREN_MAX_ROOMS_PER_ADDRESS", "1000"}};
  ServerProcess server(dir.path() + "/b.db",
                       {"--rate-limit", "100000", "--rate-burst", "100000", "--db-sync", "normal"});
  WsClient host(server.port());
  std::set<std::string> lom, pfister, full;
  for (int i = 0; i < 60; ++i) {
    auto created = host.request(create_room_msg("letter-of-marque", 3, "Host", "", true));
    lom.insert(created.room_created().room().room_code());
  }
  for (int i = 0; i < 5; ++i) {
    auto created = host.request(create_room_msg("port-royal-pfister", 2, "Host", "", true));
    const std::string code = created.room_created().room().room_code();
    pfister.insert(code);
    if (i < 2) {  // fill both seats
      REQUIRE(host.request(take_seat_msg(code, 0)).has_seat_taken());
      WsClient other(server.port());
      REQUIRE(other.request(join_msg(code, "Other")).has_room());
      REQUIRE(other.request(take_seat_msg(code, 1)).has_seat_taken());
      full.insert(code);
    }
  }
  REQUIRE(host.request(create_room_msg("letter-of-marque", 3, "Host", "", false)).has_room_created());  // private

  WsClient reader(server.port(), server::Encoding::kJson);
  // An old client's request: the first page of 50, and a token for more.
  auto first = reader.request(list_rooms_msg());
  REQUIRE(first.rooms().rooms_size() == 50);
  REQUIRE_FALSE(first.rooms().next_page_token().empty());

  // Every public room exactly once, page by page.
  std::set<std::string> seen;
  std::string token;
  int pages = 0;
  do {
    auto page = reader.request(list_rooms_msg(7, token));
    REQUIRE(page.has_rooms());
    REQUIRE(page.rooms().rooms_size() <= 7);
    for (const auto& r : page.rooms().rooms()) REQUIRE(seen.insert(r.room_code()).second);
    token = page.rooms().next_page_token();
    REQUIRE(++pages < 100);
  } while (!token.empty());
  REQUIRE(seen.size() == lom.size() + pfister.size());

  auto by_game = reader.request(list_rooms_msg(100, "", "port-royal-pfister"));
  REQUIRE(by_game.rooms().rooms_size() == 5);
  REQUIRE(by_game.rooms().next_page_token().empty());
  auto free_seats = reader.request(list_rooms_msg(100, "", "port-royal-pfister", true));
  REQUIRE(free_seats.rooms().rooms_size() == 3);
  for (const auto& r : free_seats.rooms().rooms()) {
    REQUIRE(full.count(r.room_code()) == 0);
    REQUIRE(r.seats_taken() < r.seat_count());
  }
  REQUIRE(error_of(reader.request(list_rooms_msg(101))) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(reader.request(list_rooms_msg(10, "not a token\n"))) == v1::INVALID_ARGUMENT);
}

TEST_CASE("Abuse: rooms per connection, per address and in all are limited with TOO_MANY_ROOMS") {
  TempDir dir;
  {
    ScopedEnv env{{"BRETHREN_MAX_ROOMS_PER_CONNECTION", "3"},
                  {"BRETHREN_MAX_ROOMS_PER_ADDRESS", "5"},
                  {"BRETHREN_ROOMS_PER_ADDRESS_PER_MINUTE", "0.01"}};
    ServerProcess server(dir.path() + "/a.db", {"--db-sync", "normal"});
    WsClient a(server.port());
    for (int i = 0; i < 3; ++i) REQUIRE(a.request(create_room_msg("letter-of-marque", 3)).has_room_created());
    REQUIRE(error_of(a.request(create_room_msg("letter-of-marque", 3))) == v1::TOO_MANY_ROOMS);
    WsClient b(server.port());
    for (int i = 0; i < 2; ++i) REQUIRE(b.request(create_room_msg("letter-of-marque", 3)).has_room_created());
    // Same address: its bucket of 5 is empty.
    REQUIRE(error_of(b.request(create_room_msg("letter-of-marque", 3))) == v1::TOO_MANY_ROOMS);
    // Everything else still works for them.
    REQUIRE(b.request(ping_msg()).has_pong());
  }
  {
    ScopedEnv env{{"BRETHREN_MAX_ROOMS", "2"}};
    ServerProcess server(dir.path() + "/b.db", {"--db-sync", "normal"});
    WsClient a(server.port());
    WsClient b(server.port());
    REQUIRE(a.request(create_room_msg("letter-of-marque", 3)).has_room_created());
    REQUIRE(b.request(create_room_msg("letter-of-marque", 3)).has_room_created());
    auto refused = a.request(create_room_msg("letter-of-marque", 3));
    REQUIRE(error_of(refused) == v1::TOO_MANY_ROOMS);
  }
}

TEST_CASE("Abuse: a sustained moderate flood is closed with 1008 after a bounded number of RATE_LIMITED replies") {
  TempDir dir;
  // The default limits (tests otherwise start the server without them).
  ServerProcess server(dir.path() + "/b.db", {"--rate-limit", "30", "--rate-burst", "60"});
  RawWsClient flood(server.port());
  // ~1,500 requests per second for 3 s, in batches of 15 every 10 ms: now
  // and then one gets a token, so "refused in a row" never tripped.
  std::uint64_t id = 0;
  bool gone = false;
  for (int batch = 0; batch < 300 && !gone; ++batch) {
    for (int i = 0; i < 15 && !gone; ++i)
      gone = !flood.send_frame(RawWsClient::kBinary, binary_request(++id, ping_msg()), 2s);
    std::this_thread::sleep_for(10ms);
  }
  std::vector<std::string> frames;
  const auto code = flood.read_close_code(20s, &frames);
  REQUIRE(code == std::optional<std::uint16_t>(1008));
  int limited = 0;
  for (const auto& f : frames) {
    v1::ServerMessage m;
    REQUIRE(server::decode_server_message(f, server::Encoding::kBinary, m));
    if (m.has_error() && m.error().code() == v1::RATE_LIMITED) ++limited;
  }
  INFO(id << " requests sent, " << limited << " refused with RATE_LIMITED");
  // Default strikes: 100, forgiven at 1 per second; the flood lasted ~3 s.
  REQUIRE(limited >= 1);
  REQUIRE(limited <= 130);
}

TEST_CASE("Abuse: a byte flood of large garbage frames is closed with 1008") {
  TempDir dir;
  // Message rate limits out of the way: only the byte rate can stop it.
  ServerProcess server(dir.path() + "/b.db",
                       {"--rate-limit", "1000000", "--rate-burst", "1000000", "--rate-abuse-strikes", "100000000"});
  RawWsClient flood(server.port());
  const std::string garbage(65000, '\xff');
  // 10 MB at whatever speed the machine manages (~1 GB/s on loopback).
  for (int i = 0; i < 154; ++i) {
    if (!flood.send_frame(RawWsClient::kBinary, garbage, 5s)) break;
  }
  REQUIRE(flood.read_close_code(20s) == std::optional<std::uint16_t>(1008));
}

TEST_CASE("Abuse: RATE_LIMITED replies carry the refused request's id") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--rate-limit", "1", "--rate-burst", "3"});
  for (auto encoding : {server::Encoding::kBinary, server::Encoding::kJson}) {
    WsClient c(server.port(), encoding);
    std::set<std::uint64_t> sent;
    for (int i = 0; i < 8; ++i) sent.insert(c.send(ping_msg()));
    int limited = 0;
    for (int i = 0; i < 8; ++i) {
      auto m = c.next(10s);
      REQUIRE(m.has_value());
      REQUIRE(sent.count(m->request_id()) == 1);
      if (m->has_error() && m->error().code() == v1::RATE_LIMITED) ++limited;
    }
    REQUIRE(limited >= 3);
  }
}

TEST_CASE("Abuse: display names, chat and echoed text refuse control, C1 and bidi characters") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient c(server.port(), server::Encoding::kJson);
  // Text frames written by hand: JSON escapes reach every code point.
  std::uint64_t id = 100;
  auto raw = [&](const std::string& json) {
    c.send_raw(json, true);
    auto m = c.wait_for([&](const v1::ServerMessage& r) { return r.request_id() == id; }, 10s);
    REQUIRE(m.has_value());
    return *m;
  };
  auto create_named = [&](const std::string& escaped_name) {
    return raw(R"({"requestId": ")" + std::to_string(++id) +
               R"(", "createRoom": {"gameId": "letter-of-marque", "seatCount": 3, "displayName": ")" + escaped_name +
               R"("}})");
  };
  for (const std::string bad : {R"(Eve\nforged log line)", R"(nul\u0000)", R"(bell\u0007)", R"(c1\u0085)",
                                R"(rlo\u202Eevil)", R"(isolate\u2066x)", R"(del\u007f)"}) {
    INFO(bad);
    REQUIRE(error_of(create_named(bad)) == v1::INVALID_ARGUMENT);
  }
  auto created = create_named(R"(Anne Bonny \u2620)");
  REQUIRE(created.has_room_created());
  const std::string code = created.room_created().room().room_code();
  auto join_named = [&](const std::string& escaped_name) {
    return raw(R"({"requestId": ")" + std::to_string(++id) + R"(", "joinRoom": {"roomCode": ")" + code +
               R"(", "displayName": ")" + escaped_name + R"("}})");
  };
  REQUIRE(error_of(join_named(R"(Mallory\r\n2026-01-01T00:00:00.000 info forged)")) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(join_named(R"(\u202Dx)")) == v1::INVALID_ARGUMENT);
  REQUIRE(join_named("Mary Read").has_room());
  // Chat follows the same rules (line breaks allowed there).
  auto chat = [&](const std::string& escaped_text) {
    return raw(R"({"requestId": ")" + std::to_string(++id) + R"(", "sendChat": {"roomCode": ")" + code +
               R"(", "text": ")" + escaped_text + R"("}})");
  };
  REQUIRE(error_of(chat(R"(hi \u202E olleh)")) == v1::INVALID_ARGUMENT);
  REQUIRE(error_of(chat(R"(hi \u009b31m)")) == v1::INVALID_ARGUMENT);
  REQUIRE(chat(R"(two\nlines)").has_ok());
  // Text that is only echoed back comes back escaped, not raw.
  auto unknown = raw(R"({"requestId": ")" + std::to_string(++id) +
                     R"(", "joinRoom": {"roomCode": "AB\nforged\u202E", "displayName": "x"}})");
  REQUIRE(error_of(unknown) == v1::UNKNOWN_ROOM);
  REQUIRE(unknown.error().message().find('\n') == std::string::npos);
  REQUIRE(unknown.error().message().find("\xE2\x80\xAE") == std::string::npos);
  REQUIRE(server.stop(SIGTERM) == 0);
  const std::string log = server.log();
  REQUIRE(log.find("\nforged") == std::string::npos);
  REQUIRE(log.find("\n2026-01-01T00:00:00.000 info forged") == std::string::npos);
}

TEST_CASE("Abuse: a resume whose connection is gone before the room answers leaves the seat disconnected") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  v1::RoomSettings settings;
  settings.set_absent_grace_ms(100);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary, {}, "127.0.0.1", 0, settings);
  const std::string token = t.players[2].token;
  t.players[2].client.reset();
  WsClient& observer = *t.players[0].client;
  WsClient& busy = *t.players[1].client;
  auto seat2 = [](const v1::ServerMessage& m) -> std::optional<bool> {
    if (!m.has_room() || m.room().seats_size() < 3) return std::nullopt;
    return m.room().seats(2).connected();
  };
  for (int round = 0; round < 30; ++round) {
    INFO("round " << round);
    while (observer.next(300ms)) {
    }  // everything before this round
    while (busy.next(100ms)) {
    }
    {
      RawWsClient gone(server.port());
      // The room works through these first; meanwhile the resuming
      // connection ends, and the session finishes before the room answers.
      for (int i = 0; i < 200; ++i) busy.send(sync_msg(t.code, 0));
      REQUIRE(gone.send_frame(RawWsClient::kBinary, binary_request(1, resume_msg(t.code, token, 0))));
      gone.drop();
    }
    bool seen_connected = false, seen_disconnected_after = false;
    const auto deadline = Clock::now() + 10s;
    while (!seen_disconnected_after && Clock::now() < deadline) {
      auto m = observer.next(1s);
      if (!m) continue;
      auto connected = seat2(*m);
      if (!connected) continue;
      if (*connected)
        seen_connected = true;
      else if (seen_connected)
        seen_disconnected_after = true;
    }
    REQUIRE(seen_connected);
    REQUIRE(seen_disconnected_after);
  }
  // And the autopilot takes the seat over again.
  REQUIRE(
      observer.wait_for([](const v1::ServerMessage& m) { return m.has_room() && m.room().seats(2).autopilot(); }, 10s)
          .has_value());
}
