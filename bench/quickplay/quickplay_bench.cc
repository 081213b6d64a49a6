// Quick play's time from request to a started match (issue #27, "Measured";
// docs/quickplay.md): `--people` guests on their own connections queue at
// once for the same game and seat count, `--rounds` times; each measures
// from sending QuickPlay to the first MatchUpdate of his table (the match
// is stored and running by then). Prints p50, p95 and the largest; never
// judges them (bench/quickplay/run.sh runs it against servers set up for
// one person and for a crowd).
//
//   brethren-quickplay-bench --port 8080 --people 200 --seats 4 --rounds 5
#include <boost/program_options.hpp>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tools/client/ws_client.h"

using namespace brethren;
using Clock = std::chrono::steady_clock;
namespace po = boost::program_options;

namespace {

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  std::uint16_t port = 0;
  int people = 200, seats = 4, rounds = 5;
  std::string game = "letter-of-marque";
  po::options_description desc("brethren-quickplay-bench: time from QuickPlay to a started match");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("port", po::value(&port)->required(), "the server's port on 127.0.0.1")
      ("people", po::value(&people)->default_value(people), "people queueing at once (each a guest on his own connection)")
      ("seats", po::value(&seats)->default_value(seats), "the seat count they ask for")
      ("game", po::value(&game)->default_value(game), "the game they ask for")
      ("rounds", po::value(&rounds)->default_value(rounds), "times they all queue again (each round's tables are new rooms)");
  // clang-format on
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brethren-quickplay-bench: " << e.what() << "\n";
    return 2;
  }
  if (people < 1 || seats < 1 || rounds < 1) {
    std::cerr << "brethren-quickplay-bench: --people, --seats and --rounds must be >= 1\n";
    return 2;
  }

  std::mutex mutex;
  std::vector<double> ms;
  std::atomic<int> errors{0}, with_bots{0};
  std::barrier start_line(people);
  std::vector<std::thread> threads;
  for (int p = 0; p < people; ++p) {
    threads.emplace_back([&, p] {
      try {
        client::WsClient client(port);
        v1::ClientMessage guest;
        guest.mutable_create_guest()->set_display_name("Bench " + std::to_string(p));
        if (!client.request(guest).has_account_session()) throw std::runtime_error("no guest account");
        v1::ClientMessage request;
        request.mutable_quick_play()->set_game_id(game);
        request.mutable_quick_play()->set_seats(seats);
        for (int r = 0; r < rounds; ++r) {
          start_line.arrive_and_wait();
          const auto start = Clock::now();
          const auto queued = client.request(request, std::chrono::seconds(60));
          if (!queued.has_quick_play_status()) throw std::runtime_error("not queued: " + queued.ShortDebugString());
          auto matched = client.wait_for(
              [](const v1::ServerMessage& m) {
                return m.has_quick_play_status() && m.quick_play_status().state() != v1::QUICK_PLAY_QUEUED;
              },
              std::chrono::seconds(120));
          if (!matched || matched->quick_play_status().state() != v1::QUICK_PLAY_MATCHED) {
            throw std::runtime_error("not matched");
          }
          const std::string code = matched->quick_play_status().room_code();
          auto update = client.wait_for(
              [&code](const v1::ServerMessage& m) {
                return m.has_match_update() && m.match_update().room_code() == code;
              },
              std::chrono::seconds(60));
          if (!update) throw std::runtime_error("no match update");
          const double elapsed = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          auto room = client.wait_for(
              [&code](const v1::ServerMessage& m) { return m.has_room() && m.room().room_code() == code; },
              std::chrono::seconds(10));
          if (room) {
            for (const auto& seat : room->room().seats()) {
              if (!seat.bot().empty()) {
                ++with_bots;
                break;
              }
            }
          }
          std::lock_guard lock(mutex);
          ms.push_back(elapsed);
        }
      } catch (const std::exception& e) {
        if (errors++ == 0) std::cerr << "brethren-quickplay-bench: " << e.what() << "\n";
        // Keep the others' barrier going: this thread's rounds are lost.
        start_line.arrive_and_drop();
      }
    });
  }
  for (auto& t : threads) t.join();
  std::printf(
      "quickplay: game=%s seats=%d people=%d rounds=%d samples=%zu p50_ms=%.1f p95_ms=%.1f max_ms=%.1f "
      "people_with_bots=%d errors=%d\n",
      game.c_str(), seats, people, rounds, ms.size(), percentile(ms, 0.5), percentile(ms, 0.95),
      ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()), with_bots.load(), errors.load());
  return errors == 0 ? 0 : 1;
}
