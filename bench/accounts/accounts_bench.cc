// The cost of a sign-in (docs/accounts.md): one Argon2id hash at the
// server's parameters, in-process, and sign-ins per second through a
// running server (--port), where every sign-in verifies one hash on the
// password pool. Prints numbers; never judges them.
//
//   brethren-accounts-bench --hashes 20                       # hash cost
//   brethren-accounts-bench --port 8080 --clients 8 --seconds 5  # through a server
//   brethren-accounts-bench --port 8080 --movers 8 --clients 8 --seconds 5 --storm
//       # a move's p99 with the sign-in storm off, then on, and their ratio
//       # (issue #27: people's moves during a sign-in storm, goal <= 1.2)
#include <boost/program_options.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/account/password_hasher.h"
#include "rules/bots/random_bot.h"
#include "tools/client/table.h"
#include "tools/client/ws_client.h"

using namespace brethren;
using Clock = std::chrono::steady_clock;

namespace {

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

void hash_cost(std::size_t memory_kib, unsigned passes, int hashes) {
  const server::PasswordHasher hasher(server::PasswordCost{memory_kib, passes});
  const std::string hash = hasher.hash("correct horse battery");
  std::vector<double> ms;
  for (int i = 0; i < hashes; ++i) {
    const auto start = Clock::now();
    if (!hasher.verify(hash, "correct horse battery")) throw std::runtime_error("verification failed");
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::printf(
      "argon2id m=%zu KiB t=%u p=1: verify p50 %.1f ms, p99 %.1f ms (%d hashes, one thread): %.1f per second "
      "per core\n",
      memory_kib, passes, percentile(ms, 0.5), percentile(ms, 0.99), hashes, 1000 / percentile(ms, 0.5));
}

v1::ClientMessage sign_in_msg(const std::string& username, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_sign_in()->set_username(username);
  m.mutable_sign_in()->set_password(password);
  return m;
}

int through_server(std::uint16_t port, int clients, double seconds) {
  {
    client::WsClient setup(port);
    v1::ClientMessage guest;
    guest.mutable_create_guest();
    if (!setup.request(guest).has_account_session()) throw std::runtime_error("no guest account");
    v1::ClientMessage claim;
    claim.mutable_claim_account()->set_username("bench user");
    claim.mutable_claim_account()->set_password("bench password");
    const auto claimed = setup.request(claim);
    if (!claimed.has_account() && !(claimed.has_error() && claimed.error().code() == v1::USERNAME_TAKEN)) {
      throw std::runtime_error("claim failed: " + claimed.ShortDebugString());
    }
  }
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::atomic<int> ok{0}, busy{0}, other{0};
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&] {
      client::WsClient client(port);
      std::vector<double> mine;
      while (Clock::now() < end) {
        const auto start = Clock::now();
        const auto reply = client.request(sign_in_msg("bench user", "bench password"), std::chrono::seconds(30));
        mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (reply.has_account_session()) {
          ++ok;
        } else if (reply.has_error() && reply.error().code() == v1::SERVER_BUSY) {
          ++busy;
        } else {
          ++other;
          if (other == 1) std::cerr << "unexpected reply: " << reply.ShortDebugString() << "\n";
        }
      }
      std::lock_guard lock(mutex);
      latencies_ms.insert(latencies_ms.end(), mine.begin(), mine.end());
    });
  }
  for (auto& t : threads) t.join();
  std::printf(
      "through the server, %d clients for %.1f s: %.1f sign-ins/s, p50 %.1f ms, p99 %.1f ms, %d busy, %d "
      "other errors\n",
      clients, seconds, ok / seconds, percentile(latencies_ms, 0.5), percentile(latencies_ms, 0.99), busy.load(),
      other.load());
  return other == 0 && ok > 0 ? 0 : 1;
}

// The bench account, claimed once (a second run finds it taken).
void make_bench_user(std::uint16_t port) {
  client::WsClient setup(port);
  v1::ClientMessage guest;
  guest.mutable_create_guest();
  if (!setup.request(guest).has_account_session()) throw std::runtime_error("no guest account");
  v1::ClientMessage claim;
  claim.mutable_claim_account()->set_username("bench user");
  claim.mutable_claim_account()->set_password("bench password");
  const auto claimed = setup.request(claim);
  if (!claimed.has_account() && !(claimed.has_error() && claimed.error().code() == v1::USERNAME_TAKEN)) {
    throw std::runtime_error("claim failed: " + claimed.ShortDebugString());
  }
}

// `movers` two-seat tables play random moves; each move is timed from its
// submission until both players saw it. For `seconds` without sign-ins, then
// for `seconds` with `clients` connections signing in back to back.
int storm(std::uint16_t port, int movers, int clients, double seconds) {
  make_bench_user(port);
  std::atomic<int> phase{0};  // 0: quiet, 1: storm, 2: stop
  std::mutex mutex;
  std::vector<double> quiet_ms, storm_ms;
  std::atomic<int> move_errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < movers; ++t) {
    threads.emplace_back([&, t] {
      try {
        rules::RandomBot bot(static_cast<std::uint64_t>(t) + 1);
        std::vector<double> mine[2];
        while (phase < 2) {
          auto table = client::open_table(port, "port-royal-pfister", 2, server::Encoding::kBinary);
          while (phase < 2 && !table.finished()) {
            const int now = phase;
            const auto start = Clock::now();
            if (client::play_moves(table, bot, 1) != 1) break;
            if (phase == now) {
              mine[now].push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            }
          }
        }
        std::lock_guard lock(mutex);
        quiet_ms.insert(quiet_ms.end(), mine[0].begin(), mine[0].end());
        storm_ms.insert(storm_ms.end(), mine[1].begin(), mine[1].end());
      } catch (const std::exception& e) {
        if (++move_errors == 1) std::cerr << "mover: " << e.what() << "\n";
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  phase = 1;
  std::atomic<int> ok{0}, busy{0}, other{0};
  const auto storm_end = Clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::thread> signers;
  for (int c = 0; c < clients; ++c) {
    signers.emplace_back([&] {
      client::WsClient client(port);
      while (Clock::now() < storm_end) {
        const auto reply = client.request(sign_in_msg("bench user", "bench password"), std::chrono::seconds(30));
        if (reply.has_account_session()) {
          ++ok;
        } else if (reply.has_error() && reply.error().code() == v1::SERVER_BUSY) {
          ++busy;
        } else if (++other == 1) {
          std::cerr << "unexpected reply: " << reply.ShortDebugString() << "\n";
        }
      }
    });
  }
  for (auto& t : signers) t.join();
  phase = 2;
  for (auto& t : threads) t.join();
  const double quiet = percentile(quiet_ms, 0.99), stormy = percentile(storm_ms, 0.99);
  std::printf(
      "storm: %d tables moving, %d clients signing in: move p99 %.2f ms without sign-ins (%zu moves), %.2f ms "
      "during the storm (%zu moves, %.1f sign-ins/s, %d busy, %d other errors): ratio %.2f\n",
      movers, clients, quiet, quiet_ms.size(), stormy, storm_ms.size(), ok / seconds, busy.load(), other.load(),
      quiet > 0 ? stormy / quiet : 0.0);
  return other == 0 && move_errors == 0 && ok > 0 && !quiet_ms.empty() && !storm_ms.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::size_t memory_kib = 19456;
  unsigned passes = 2;
  int hashes = 20, clients = 4, movers = 4;
  double seconds = 5;
  std::uint16_t port = 0;
  po::options_description desc("brethren-accounts-bench");
  desc.add_options()("help,h", "this text")("memory-kib", po::value(&memory_kib)->default_value(memory_kib),
                                            "Argon2id memory (the server's --password-memory-kib)")(
      "passes", po::value(&passes)->default_value(passes), "Argon2id passes (--password-passes)")(
      "hashes", po::value(&hashes)->default_value(hashes), "hashes timed in-process")(
      "port", po::value(&port)->default_value(0), "a running server on 127.0.0.1 to sign in to (0: none)")(
      "clients", po::value(&clients)->default_value(clients), "connections signing in at once")(
      "seconds", po::value(&seconds)->default_value(seconds), "how long they sign in (each phase, with --storm)")(
      "storm", "with --port: moves timed without sign-ins, then during a storm of --clients signing in")(
      "movers", po::value(&movers)->default_value(movers), "with --storm: two-seat tables playing moves");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  try {
    hash_cost(memory_kib, passes, hashes);
    if (port != 0 && vm.count("storm")) return storm(port, movers, clients, seconds);
    if (port != 0) return through_server(port, clients, seconds);
  } catch (const std::exception& e) {
    std::cerr << "brethren-accounts-bench: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
