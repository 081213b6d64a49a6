// The cluster's ratings on PostgreSQL: one finished match applied exactly once
// (persistence/postgres/match_rating_applier.h), concurrent matches of one
// player serialised on his locked rating rows, and the reads of profiles and
// the one leaderboard (rating_reader.h).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "persistence/postgres/account_store.h"
#include "persistence/postgres/match_rating_applier.h"
#include "persistence/postgres/rating_reader.h"
#include "persistence/postgres/schema.h"
#include "tests/support/postgres_server.h"

using namespace brethren::persistence;
using namespace brethren::persistence::postgres;
using brethren::testing::PostgresServer;
using brethren::testing::skip_unless_postgres;
using Outcome = MatchRatingApplier::Outcome;

namespace {

struct SharedStore {
  PostgresServer server;
  std::string conninfo;
  Pool pool;
  postgres::AccountStore accounts{pool};
  MatchRatingApplier applier{pool};
  postgres::RatingReader reader{pool};
  SharedStore() : conninfo(server.create_database("ratings")), pool(conninfo, 4) { migrate(*pool.lease()); }

  void add_account(std::int64_t id, const std::string& username = "") {
    brethren::testing::add_guest_account(accounts, id);
    if (!username.empty()) accounts.claim(id, username, username, "h", id);
  }
};

const NewRating kInitial{25.0, 25.0 / 3, 0.0};

// A stand-in for the rating model: the winner gains 2, everyone else 1, and
// sigma shrinks; what counts here is that each update lands exactly once.
MatchRatingApplier::Rate simple_rate(const FinishedMatchRows& match) {
  return [match](const std::vector<RatingRecord>& before) {
    std::vector<NewRating> after;
    for (std::size_t i = 0; i < before.size(); ++i) {
      NewRating r{before[i].mu + (match.players[i].won ? 2.0 : 1.0), before[i].sigma * 0.9, 0};
      r.shown = r.mu - 3 * r.sigma;
      after.push_back(r);
    }
    return after;
  };
}

FinishedMatchRows match_of(int node, std::int64_t id, std::vector<std::int64_t> accounts, bool rated = true) {
  FinishedMatchRows m;
  m.node_id = node;
  m.match_id = id;
  m.room_code = std::to_string(node) + "ROOM";
  m.game_id = "letter-of-marque";
  m.finished_at = 1000 * id;
  m.rated = rated;
  for (std::size_t s = 0; s < accounts.size(); ++s) {
    m.players.push_back({static_cast<int>(s), accounts[s], static_cast<int>(s + 1), s == 0});
  }
  return m;
}

Outcome apply(SharedStore& store, const FinishedMatchRows& m) {
  return store.applier.apply(m, kInitial, simple_rate(m));
}

std::int64_t count(SharedStore& store, const char* sql) { return store.pool.lease()->exec(sql).int64(0, 0); }

}  // namespace

TEST_CASE("Postgres ratings: a match applied twice changes the ratings once, and the node id tells matches apart") {
  skip_unless_postgres();
  SharedStore store;
  store.add_account(1, "anne");
  store.add_account(2, "bob");
  const auto m = match_of(0, 7, {1, 2});
  CHECK(apply(store, m) == Outcome::applied);
  CHECK(apply(store, m) == Outcome::already_applied);  // a node resending after a lost reply
  auto anne = store.reader.rating(1, "letter-of-marque");
  REQUIRE(anne);
  CHECK(anne->games == 1);
  CHECK(anne->wins == 1);
  CHECK(anne->mu == Approx(27.0));
  CHECK(anne->sigma == Approx(25.0 / 3 * 0.9));
  CHECK(anne->updated_at == 7000);
  auto bob = store.reader.rating(2, "letter-of-marque");
  REQUIRE(bob);
  CHECK(bob->games == 1);
  CHECK(bob->wins == 0);
  CHECK(bob->mu == Approx(26.0));
  CHECK(count(store, "SELECT count(*) FROM match_players") == 2);
  // Match 7 of node 1 is another match.
  CHECK(apply(store, match_of(1, 7, {1, 2})) == Outcome::applied);
  CHECK(store.reader.rating(1, "letter-of-marque")->games == 2);
  const auto recent = store.reader.recent_matches(1, 10);
  REQUIRE(recent.size() == 2);
  CHECK(recent[0].node_id == 1);  // the same finish time: the higher node first
  CHECK(recent[0].room_code == "1ROOM");
  CHECK(recent[1].node_id == 0);
  CHECK(recent[1].player.match_id == 7);
  CHECK(recent[1].player.place == 1);
  CHECK(recent[1].player.won);
  CHECK(recent[1].player.rated);
  CHECK(recent[1].player.shown_before == Approx(0.0));
  CHECK(recent[1].player.shown_after == Approx(27.0 - 3 * 25.0 / 3 * 0.9));
}

TEST_CASE("Postgres ratings: the same match applied by two threads at once lands once") {
  skip_unless_postgres();
  SharedStore store;
  store.add_account(1);
  store.add_account(2);
  const auto m = match_of(3, 11, {1, 2});
  std::atomic<int> ready{0};
  std::vector<Outcome> outcomes(2);
  std::vector<std::thread> nodes;
  for (int t = 0; t < 2; ++t) {
    nodes.emplace_back([&, t] {
      ++ready;
      while (ready < 2) std::this_thread::yield();
      outcomes[static_cast<std::size_t>(t)] = apply(store, m);
    });
  }
  for (auto& t : nodes) t.join();
  CHECK(((outcomes[0] == Outcome::applied) != (outcomes[1] == Outcome::applied)));
  CHECK(store.reader.rating(1, "letter-of-marque")->games == 1);
  CHECK(count(store, "SELECT count(*) FROM match_players") == 2);
}

TEST_CASE("Postgres ratings: a second match of a player waits for the first's commit and starts from its result") {
  skip_unless_postgres();
  SharedStore store;
  store.add_account(1);
  store.add_account(2);
  store.add_account(3);
  // Their rating rows exist already (a fresh row would be waited for as a
  // new key, not through the row lock this test is about): 1 ends at 26.
  REQUIRE(apply(store, match_of(2, 1, {2, 3, 1})) == Outcome::applied);
  const auto first = match_of(0, 1, {1, 2});
  const auto second = match_of(1, 1, {3, 1});  // player 1 again, on another node
  std::atomic<bool> first_rating{false};
  std::string first_error;
  std::vector<RatingRecord> second_saw;
  std::thread node0([&] {
    try {
      store.applier.apply(first, kInitial, [&](const std::vector<RatingRecord>& before) {
        first_rating = true;
        // Hold the rows until node 1's apply is seen waiting for a lock (an
        // event, polled): without the lock it would never wait.
        postgres::Connection watcher(store.conninfo);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (watcher.exec("SELECT count(*) FROM pg_locks WHERE NOT granted").int64(0, 0) == 0) {
          if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("node 1 never waited for the lock");
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return simple_rate(first)(before);
      });
    } catch (const std::exception& e) {
      first_error = e.what();
    }
  });
  while (!first_rating) std::this_thread::yield();
  store.applier.apply(second, kInitial, [&](const std::vector<RatingRecord>& before) {
    second_saw = before;
    return simple_rate(second)(before);
  });
  node0.join();
  CHECK(first_error.empty());
  REQUIRE(second_saw.size() == 2);
  CHECK(second_saw[1].account_id == 1);
  CHECK(second_saw[1].games == 2);  // the first match's result, committed
  CHECK(second_saw[1].mu == Approx(28.0));
  const auto one = store.reader.rating(1, "letter-of-marque");
  CHECK(one->games == 3);
  CHECK(one->mu == Approx(29.0));  // 26, +2 (won the first), +1 (second in the second)
}

TEST_CASE("Postgres ratings: two nodes applying many matches of the same players at once lose no update") {
  skip_unless_postgres();
  SharedStore store;
  for (int id = 1; id <= 4; ++id) store.add_account(id);
  constexpr int kMatches = 15;
  std::vector<std::string> errors(2);
  std::atomic<int> ready{0};
  std::vector<std::thread> nodes;
  for (int node = 0; node < 2; ++node) {
    nodes.emplace_back([&, node] {
      ++ready;
      while (ready < 2) std::this_thread::yield();
      try {
        for (int i = 1; i <= kMatches; ++i) {
          // The players in opposite seat orders on the two nodes: the rows
          // are locked by account id whatever the seats, so no deadlock.
          const auto m = node == 0 ? match_of(node, i, {1, 2, 3}) : match_of(node, i, {3, 2, 1, 4});
          if (apply(store, m) != Outcome::applied) throw std::runtime_error("not applied");
        }
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(node)] = e.what();
      }
    });
  }
  for (auto& t : nodes) t.join();
  CHECK(errors[0].empty());
  CHECK(errors[1].empty());
  for (int id = 1; id <= 3; ++id) {
    INFO("account " << id);
    const auto r = store.reader.rating(id, "letter-of-marque");
    REQUIRE(r);
    CHECK(r->games == 2 * kMatches);
  }
  // Account 1 wins every match of node 0 (+2) and is third on node 1 (+1); 3 the reverse.
  CHECK(store.reader.rating(1, "letter-of-marque")->mu == Approx(25.0 + 3 * kMatches));
  CHECK(store.reader.rating(3, "letter-of-marque")->mu == Approx(25.0 + 3 * kMatches));
  CHECK(store.reader.rating(2, "letter-of-marque")->mu == Approx(25.0 + 2 * kMatches));
  CHECK(store.reader.rating(4, "letter-of-marque")->games == kMatches);
  CHECK(count(store, "SELECT count(*) FROM match_players") == 7 * kMatches);
}

TEST_CASE("Postgres ratings: unrated matches, deleted players and a failed computation") {
  skip_unless_postgres();
  SharedStore store;
  store.add_account(1);
  store.add_account(2);
  SECTION("an unrated match records its players and rates nobody") {
    CHECK(apply(store, match_of(0, 1, {1, 2}, false)) == Outcome::applied);
    CHECK(count(store, "SELECT count(*) FROM ratings") == 0);
    const auto recent = store.reader.recent_matches(2, 10);
    REQUIRE(recent.size() == 1);
    CHECK_FALSE(recent[0].player.rated);
    CHECK(recent[0].player.place == 2);
  }
  SECTION("a player deleted before the match reached the store is rated against, and not stored") {
    std::vector<RatingRecord> seen;
    const auto m = match_of(0, 2, {1, 99});
    CHECK(store.applier.apply(m, kInitial, [&](const std::vector<RatingRecord>& before) {
      seen = before;
      return simple_rate(m)(before);
    }) == Outcome::applied);
    REQUIRE(seen.size() == 2);
    CHECK(seen[1].account_id == 99);
    CHECK(seen[1].mu == kInitial.mu);
    CHECK(store.reader.rating(1, "letter-of-marque")->games == 1);
    CHECK_FALSE(store.reader.rating(99, "letter-of-marque"));
    CHECK(count(store, "SELECT count(*) FROM match_players") == 1);
  }
  SECTION("a computation that throws leaves nothing applied; the match can be applied later") {
    const auto m = match_of(0, 3, {1, 2});
    CHECK_THROWS(store.applier.apply(
        m, kInitial, [](const std::vector<RatingRecord>&) -> std::vector<NewRating> { throw std::logic_error("no"); }));
    CHECK(count(store, "SELECT count(*) FROM applied_matches") == 0);
    CHECK(count(store, "SELECT count(*) FROM ratings") == 0);
    CHECK_THROWS_AS(
        store.applier.apply(m, kInitial, [](const std::vector<RatingRecord>&) { return std::vector<NewRating>(1); }),
        std::invalid_argument);
    CHECK(apply(store, m) == Outcome::applied);
    CHECK(store.reader.rating(2, "letter-of-marque")->games == 1);
  }
}

TEST_CASE("Postgres ratings: profiles read claimed accounts, and the leaderboard pages the qualified players") {
  skip_unless_postgres();
  SharedStore store;
  constexpr int kQualified = 25;
  {
    for (int id = 1; id <= kQualified + 4; ++id)
      store.add_account(id, id == kQualified + 1 ? "" : "p" + std::to_string(id));
    auto db = store.pool.lease();
    for (int id = 1; id <= kQualified; ++id) {
      // Shown ratings 1..25, two of them tied (ids 4 and 5) to check the tie order.
      const double shown = id == 5 ? 4.0 : static_cast<double>(id);
      db->exec("INSERT INTO ratings VALUES ($1, 'tortuga', $2, 5.0, $3, $4, 1, 0)",
               {id, shown + 15.0, shown, static_cast<long>(10 + id)});
    }
    db->exec("INSERT INTO ratings VALUES ($1, 'tortuga', 99, 1, 96, 50, 50, 0)", {kQualified + 1});      // a guest
    db->exec("INSERT INTO ratings VALUES ($1, 'tortuga', 99, 7.5, 76.5, 50, 50, 0)", {kQualified + 2});  // provisional
    db->exec("INSERT INTO ratings VALUES ($1, 'tortuga', 99, 1, 96, 9, 9, 0)", {kQualified + 3});        // 9 games
    db->exec("INSERT INTO ratings VALUES ($1, 'port-royal', 99, 1, 96, 50, 50, 0)", {kQualified + 4});   // another game
  }
  std::vector<std::string> names;
  for (std::size_t offset = 0;; offset += 10) {
    const auto page = store.reader.leaderboard("tortuga", 7.0, 10, offset, 10);
    CHECK(page.size() <= 10);
    for (const auto& row : page) names.push_back(row.username);
    if (page.size() < 10) break;
  }
  REQUIRE(names.size() == kQualified);
  CHECK(names[0] == "p25");
  CHECK(names[1] == "p24");
  CHECK(names[20] == "p4");  // 4 and 5 tie at 4.0: the lower id first
  CHECK(names[21] == "p5");
  CHECK(names[22] == "p3");
  CHECK(names[24] == "p1");
  const auto second_page = store.reader.leaderboard("tortuga", 7.0, 10, 10, 10);
  REQUIRE(second_page.size() == 10);
  CHECK(second_page[0].username == "p15");
  CHECK(second_page[0].rating.shown == Approx(15.0));
  CHECK(second_page[0].rating.games == 25);
  CHECK(store.reader.leaderboard("tortuga", 7.0, 10, 30, 10).empty());

  const auto p3 = store.reader.claimed_account("p3");
  REQUIRE(p3);
  CHECK(p3->id == 3);
  CHECK(p3->username == "p3");
  CHECK_FALSE(store.reader.claimed_account("nobody"));
  CHECK(store.reader.ratings_of(kQualified + 4).at(0).game_id == "port-royal");
  CHECK(store.reader.ratings_of(3).size() == 1);
}
