// The ratings outbox sender on a real SQLite and a throwaway PostgreSQL
// (docs/accounts.md, "The ratings outbox"): a rated match lands in the shared
// ratings exactly as the single-node model rates it, a resend after a crash
// changes nothing, rows wait while PostgreSQL is away and go once it is back,
// and an unrated match changes no rating.
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <thread>

#include "persistence/postgres/account_store.h"
#include "persistence/postgres/rating_reader.h"
#include "persistence/postgres/schema.h"
#include "persistence/ratings.h"
#include "server/rating/ratings_outbox_sender.h"
#include "tests/rating/outbox_support.h"
#include "tests/support/postgres_server.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::persistence;
using brethren::rating::RatingsOutboxSender;
using brethren::testing::finish;
using brethren::testing::PostgresServer;
using brethren::testing::seat_room;
using brethren::testing::skip_unless_postgres;
using brethren::testing::TempDir;
using brethren::testing::TestSeat;

namespace {

constexpr int kNode = 3;
constexpr const char* kGame = "letter-of-marque";

// Waits for a condition the sender's thread brings about; a minute is far
// beyond what it needs even on a loaded machine.
bool eventually(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

void add_accounts(postgres::Pool& pool, const std::vector<std::int64_t>& ids) {
  postgres::AccountStore accounts(pool);
  for (const auto id : ids) brethren::testing::add_guest_account(accounts, id);
}

// A node's SQLite store.
struct Node {
  TempDir dir;
  std::string path = dir.path() + "/node.db";
  std::unique_ptr<Store> store = Store::open(path);

  rating::FinishedMatch finish_in_outbox(const std::string& code, bool rated, const std::vector<TestSeat>& seats) {
    const auto match = seat_room(*store, code, store->next_match_id(), rated, seats);
    REQUIRE(finish(*store, match, rating::outbox_step(match)) == "");
    return match;
  }
};

// The shared PostgreSQL, migrated, with accounts.
struct Shared {
  PostgresServer server;
  std::string conninfo = server.create_database("shared");
  postgres::Pool pool{conninfo, 2};
  postgres::RatingReader reader{pool};
  explicit Shared(const std::vector<std::int64_t>& accounts) {
    postgres::migrate(*pool.lease());
    add_accounts(pool, accounts);
  }
};

const std::vector<TestSeat> kRatedSeats = {
    {1, "", 0, 2, false}, {0, "medium", 1, 1, false}, {2, "", 2, 3, false}, {3, "", 3, 4, true}};

}  // namespace

TEST_CASE("Postgres ratings outbox: the sender applies rated matches as the single-node model rates them") {
  skip_unless_postgres();
  Shared shared({1, 2, 3});
  Node node;
  Node single;  // the same matches rated on a single node
  const auto first = node.finish_in_outbox("AAA", true, kRatedSeats);
  const auto first_single = seat_room(*single.store, "AAA", single.store->next_match_id(), true, kRatedSeats);
  REQUIRE(finish(*single.store, first_single, rating::finished_match_step(first_single)) == "");

  RatingsOutboxSender sender(*node.store, node.path, shared.pool, kNode);
  REQUIRE(eventually([&] { return sender.applied() == 1 && sender.waiting() == 0; }));

  // A second match, committed while the sender sleeps: the nudge sends it.
  const std::vector<TestSeat> second_seats = {{3, "", 0, 1}, {1, "", 1, 2}, {2, "", 1, 2}};
  const auto second = node.finish_in_outbox("BBB", true, second_seats);
  const auto second_single = seat_room(*single.store, "BBB", single.store->next_match_id(), true, second_seats);
  REQUIRE(finish(*single.store, second_single, rating::finished_match_step(second_single)) == "");
  sender.nudge();
  REQUIRE(eventually([&] { return sender.applied() == 2 && sender.waiting() == 0; }));
  REQUIRE(sender.already_applied() == 0);
  REQUIRE(sender.dropped() == 0);

  RatingReader single_reader(single.path);
  for (const std::int64_t id : {1, 2, 3}) {
    INFO("account " << id);
    const auto expected = single_reader.rating(id, kGame);
    const auto got = shared.reader.rating(id, kGame);
    REQUIRE(expected.has_value());
    REQUIRE(got.has_value());
    REQUIRE(got->mu == Approx(expected->mu).epsilon(1e-12));
    REQUIRE(got->sigma == Approx(expected->sigma).epsilon(1e-12));
    REQUIRE(got->shown == Approx(expected->shown).epsilon(1e-12).margin(1e-12));
    REQUIRE(got->games == 2);
    REQUIRE(got->wins == expected->wins);
    REQUIRE(got->updated_at == second.finished_at);
    const auto played = shared.reader.recent_matches(id, 10);
    const auto played_single = single_reader.recent_matches(id, 10);
    REQUIRE(played.size() == 2);
    REQUIRE(played_single.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
      REQUIRE(played[i].node_id == kNode);
      REQUIRE(played[i].player.match_id == played_single[i].match_id);
      REQUIRE(played[i].player.place == played_single[i].place);
      REQUIRE(played[i].player.won == played_single[i].won);
      REQUIRE(played[i].player.rated);
      REQUIRE(played[i].player.shown_after == Approx(played_single[i].shown_after).epsilon(1e-12).margin(1e-12));
    }
  }
  REQUIRE(shared.reader.recent_matches(3, 10)[1].room_code == first.room_code);
  REQUIRE(shared.reader.recent_matches(3, 10)[1].player.place == 0);  // he abandoned the first
}

TEST_CASE("Postgres ratings outbox: a row sent again after a crash applies nothing twice") {
  skip_unless_postgres();
  Shared shared({1, 2, 3});
  Node node;
  const auto match = node.finish_in_outbox("CRS", true, kRatedSeats);
  // The crashed run: PostgreSQL committed the match, the row was not deleted.
  {
    const auto row = RatingOutbox(node.path).oldest();
    REQUIRE(row.has_value());
    postgres::MatchRatingApplier applier(shared.pool);
    REQUIRE(applier.apply(rating::applier_rows(*row, kNode), rating::applier_initial(), rating::applier_rate(*row)) ==
            postgres::MatchRatingApplier::Outcome::applied);
  }
  const auto once = shared.reader.rating(1, kGame);
  REQUIRE(once.has_value());
  REQUIRE(once->games == 1);

  // The restarted node's sender finds the row, and PostgreSQL already has it.
  RatingsOutboxSender sender(*node.store, node.path, shared.pool, kNode);
  REQUIRE(eventually([&] { return sender.already_applied() == 1 && sender.waiting() == 0; }));
  REQUIRE(sender.applied() == 0);
  for (const std::int64_t id : {1, 2, 3}) {
    const auto now = shared.reader.rating(id, kGame);
    REQUIRE(now.has_value());
    REQUIRE(now->games == 1);
    REQUIRE(shared.reader.recent_matches(id, 10).size() == 1);
  }
  REQUIRE(shared.reader.rating(1, kGame)->mu == once->mu);
  REQUIRE(node.store->load_result(match.match_id).has_value());
}

TEST_CASE("Postgres ratings outbox: while PostgreSQL is unreachable the rows wait, and go once it is back") {
  skip_unless_postgres();
  PostgresServer server;
  Node node;
  node.finish_in_outbox("WAI", true, {{1, "", 0, 1}, {2, "", 1, 2}});
  node.finish_in_outbox("WA2", true, {{2, "", 0, 1}, {1, "", 1, 2}});
  // The database the node is configured with does not exist yet.
  postgres::Pool pool(server.conninfo("later"), 2);
  RatingsOutboxSender sender(*node.store, node.path, pool, kNode,
                             {std::chrono::milliseconds(20), std::chrono::milliseconds(200)});
  REQUIRE(eventually([&] { return sender.failures() >= 3; }));
  REQUIRE(sender.applied() == 0);
  REQUIRE(sender.waiting() == 2);

  // It comes back: made under another name, then renamed into place, so
  // that the sender finds it complete (schema and accounts) or not at all.
  {
    const auto prep = server.create_database("prep");
    postgres::Pool setup(prep, 1);
    postgres::migrate(*setup.lease());
    add_accounts(setup, {1, 2});
  }
  // A closed connection's server process may still be on its way out, and
  // a database in use cannot be renamed: try until it can.
  postgres::Connection admin(server.conninfo());
  REQUIRE(eventually([&] {
    try {
      admin.exec("ALTER DATABASE prep RENAME TO later");
      return true;
    } catch (const postgres::Error&) {
      return false;
    }
  }));
  REQUIRE(eventually([&] { return sender.applied() == 2 && sender.waiting() == 0; }));
  postgres::RatingReader reader(pool);
  for (const std::int64_t id : {1, 2}) {
    const auto rating = reader.rating(id, kGame);
    REQUIRE(rating.has_value());
    REQUIRE(rating->games == 2);
    REQUIRE(rating->wins == 1);
  }
}

TEST_CASE("Postgres ratings outbox: an unrated match changes no rating") {
  skip_unless_postgres();
  Shared shared({1, 2});
  Node node;
  // A room created unrated, and a rated room where a guest without an account plays.
  node.finish_in_outbox("UNR", false, {{1, "", 0, 1}, {2, "", 1, 2}});
  node.finish_in_outbox("GST", true, {{1, "", 0, 1}, {0, "", 1, 2}});
  RatingsOutboxSender sender(*node.store, node.path, shared.pool, kNode);
  REQUIRE(eventually([&] { return sender.applied() == 2 && sender.waiting() == 0; }));
  REQUIRE_FALSE(shared.reader.rating(1, kGame).has_value());
  REQUIRE_FALSE(shared.reader.rating(2, kGame).has_value());
  const auto played = shared.reader.recent_matches(1, 10);
  REQUIRE(played.size() == 2);
  for (const auto& match : played) REQUIRE_FALSE(match.player.rated);
  REQUIRE(shared.reader.recent_matches(2, 10).size() == 1);
}

TEST_CASE("Ratings outbox sender: refuses a node without its id, which would take other nodes' matches for its own") {
  Node node;
  postgres::Pool pool("host=/nonexistent", 1);  // connects lazily: never here
  REQUIRE_THROWS_AS(RatingsOutboxSender(*node.store, node.path, pool, -1), std::invalid_argument);
}
