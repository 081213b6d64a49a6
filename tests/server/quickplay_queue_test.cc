// Quick play's matching (server/quickplay/, docs/quickplay.md "Matching" and
// "Bots"), in-process on a manual clock: the window that widens with
// waiting time, the table of the longest waiter, the time the timer is set
// for, the bot fill and the bot level.
#include <catch2/catch.hpp>

#include <chrono>

#include "server/quickplay/bot_level.h"
#include "server/quickplay/quick_play_queue.h"

using namespace brethren::server::quickplay;
using namespace std::chrono_literals;

namespace {

const Clock::time_point t0 = Clock::time_point() + 1000s;

QueueEntry entry(std::uint64_t id, double mu, Clock::time_point since) {
  return QueueEntry{id, static_cast<std::int64_t>(id), mu, since};
}

std::vector<std::uint64_t> ids(const std::vector<QueueEntry>& table) {
  std::vector<std::uint64_t> out;
  for (const auto& e : table) out.push_back(e.client_id);
  return out;
}

}  // namespace

TEST_CASE("Quick play: the window is base + per_second * seconds waited") {
  const MatchWindow window{3, 1};
  REQUIRE(window.at(0s) == Approx(3));
  REQUIRE(window.at(2500ms) == Approx(5.5));
  REQUIRE(*window.accepts_from(t0, 2) == t0);  // within the base at once
  REQUIRE(*window.accepts_from(t0, 10) == t0 + 7s);
  REQUIRE_FALSE(MatchWindow{3, 0}.accepts_from(t0, 10).has_value());  // never widens
}

TEST_CASE("Quick play: players close in rating are seated at once, distant ones when the window has widened") {
  QuickPlayQueue queue(2, MatchWindow{3, 1}, 60s);
  queue.add(entry(1, 20, t0));
  queue.add(entry(2, 30, t0 + 1s));
  REQUIRE_FALSE(queue.take_table(t0 + 1s).has_value());
  // The one who queued last accepts a spread of 10 after 7 s: at t0 + 8 s.
  REQUIRE(*queue.next_change(t0 + 1s) == t0 + 8s);
  REQUIRE_FALSE(queue.take_table(t0 + 7s).has_value());
  // A close player comes: he and the first are a table at once.
  queue.add(entry(3, 21.5, t0 + 7s));
  auto table = queue.take_table(t0 + 7s);
  REQUIRE(table.has_value());
  REQUIRE(ids(*table) == std::vector<std::uint64_t>{1, 3});
  REQUIRE(queue.size() == 1);
  REQUIRE(queue.position(2) == 1);
}

TEST_CASE("Quick play: of the acceptable tables, the one with the longest waiter goes first") {
  QuickPlayQueue queue(2, MatchWindow{3, 1}, 60s);
  queue.add(entry(1, 10, t0));
  queue.add(entry(2, 40, t0 + 1s));
  queue.add(entry(3, 41, t0 + 2s));
  queue.add(entry(4, 11, t0 + 3s));
  auto table = queue.take_table(t0 + 3s);
  REQUIRE(table.has_value());
  REQUIRE(ids(*table) == std::vector<std::uint64_t>{1, 4});
  table = queue.take_table(t0 + 3s);
  REQUIRE(table.has_value());
  REQUIRE(ids(*table) == std::vector<std::uint64_t>{2, 3});
  REQUIRE(queue.empty());
}

TEST_CASE("Quick play: after the bot-fill wait the longest waiter gets the nearest players that fit, and bots") {
  QuickPlayQueue queue(4, MatchWindow{3, 1}, 10s);
  queue.add(entry(1, 25, t0));
  queue.add(entry(2, 27, t0 + 9s));  // fits: spread 2 within the base
  queue.add(entry(3, 40, t0 + 9s));  // too far for anyone's window yet
  REQUIRE_FALSE(queue.take_bot_table(t0 + 9s).has_value());
  REQUIRE(*queue.next_change(t0 + 9s) == t0 + 10s);
  REQUIRE(queue.bots_by(t0) == t0 + 10s);
  auto table = queue.take_bot_table(t0 + 10s);
  REQUIRE(table.has_value());
  REQUIRE(ids(*table) == std::vector<std::uint64_t>{1, 2});
  REQUIRE(queue.size() == 1);
  // Alone, the last one gets his bots at his own deadline.
  REQUIRE(*queue.next_change(t0 + 10s) == t0 + 19s);
  table = queue.take_bot_table(t0 + 19s);
  REQUIRE(table.has_value());
  REQUIRE(ids(*table) == std::vector<std::uint64_t>{3});
}

TEST_CASE("Quick play: removing an entry and the positions by waiting time") {
  QuickPlayQueue queue(3, MatchWindow{3, 1}, 10s);
  queue.add(entry(1, 25, t0));
  queue.add(entry(2, 25, t0 + 1s));
  queue.add(entry(3, 60, t0 + 2s));
  REQUIRE(queue.position(3) == 3);
  REQUIRE(queue.remove(1));
  REQUIRE_FALSE(queue.remove(1));
  REQUIRE(queue.position(2) == 1);
  REQUIRE(queue.position(1) == 0);
  REQUIRE(queue.find(3)->mu == 60);
}

TEST_CASE("Quick play: bots are the offered kind whose fixed rating is nearest the people's mean") {
  const std::vector<std::string> offered{"random", "heuristic", "medium", "hard"};
  REQUIRE(bot_kind_for(25, offered) == "medium");  // a new player
  REQUIRE(bot_kind_for(5, offered) == "random");
  REQUIRE(bot_kind_for(21, offered) == "heuristic");
  REQUIRE(bot_kind_for(23.5, offered) == "heuristic");  // a tie: the weaker
  REQUIRE(bot_kind_for(40, offered) == "hard");
  // A game without search bots: its strongest quick bot.
  REQUIRE(bot_kind_for(30, {"random", "heuristic"}) == "heuristic");
  // Kinds without a fixed rating are not chosen unless nothing else is offered.
  REQUIRE(bot_kind_for(25, {"mystery"}) == "mystery");
  REQUIRE(bot_kind_for(25, {}).empty());
}
