// Failed sign-ins per name in the cluster's shared PostgreSQL
// (persistence/postgres/sign_in_failures.h): counted atomically by nodes at
// once, cleared by a success, forgotten after a day, bounded.
#include <catch2/catch.hpp>

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "persistence/postgres/schema.h"
#include "persistence/postgres/sign_in_failures.h"
#include "tests/support/postgres_server.h"

using namespace brethren::persistence::postgres;
using brethren::testing::PostgresServer;
using brethren::testing::skip_unless_postgres;

namespace {

constexpr std::size_t kNoBound = 1000;

struct SharedFailures {
  PostgresServer server;
  std::string conninfo = server.create_database("failures");
  Pool pool{conninfo, 2};
  SignInFailureStore failures{pool};
  SharedFailures() { migrate(*pool.lease()); }
};

}  // namespace

TEST_CASE("Postgres sign-in failures: two nodes failing one name at once lose no failure") {
  skip_unless_postgres();
  SharedFailures shared;
  // Two nodes: a pool (and a connection) each.
  Pool other_pool(shared.conninfo, 1);
  SignInFailureStore other(other_pool);
  constexpr int kEach = 150;
  std::mutex mutex;
  std::vector<int> counts;
  auto fail_many = [&](SignInFailureStore& node, std::int64_t at) {
    for (int i = 0; i < kEach; ++i) {
      const auto count = node.failed("mary read", at + i, 0, kNoBound);
      std::lock_guard lock(mutex);
      counts.push_back(count.value_or(-1));
    }
  };
  std::thread a([&] { fail_many(shared.failures, 10000); });
  std::thread b([&] { fail_many(other, 20000); });
  a.join();
  b.join();
  // Every failure got its own count: 1 to 300, each once.
  std::sort(counts.begin(), counts.end());
  REQUIRE(counts.size() == 2 * kEach);
  for (int i = 0; i < 2 * kEach; ++i) REQUIRE(counts[static_cast<std::size_t>(i)] == i + 1);
  const auto seen = other.read("mary read", 0, kNoBound);
  CHECK(seen.failures == 2 * kEach);
  CHECK(seen.last_failure_at == 20000 + kEach - 1);  // the latest stamp
  CHECK_FALSE(seen.full);
}

TEST_CASE("Postgres sign-in failures: a success clears the name, and the latest failure's time is kept") {
  skip_unless_postgres();
  SharedFailures shared;
  auto& store = shared.failures;
  CHECK(store.read("anne bonny", 0, kNoBound).failures == 0);
  CHECK(store.failed("anne bonny", 5000, 0, kNoBound) == 1);
  CHECK(store.failed("anne bonny", 4000, 0, kNoBound) == 2);  // a node whose clock is behind
  auto seen = store.read("anne bonny", 0, kNoBound);
  CHECK(seen.failures == 2);
  CHECK(seen.last_failure_at == 5000);
  CHECK(store.failed("no such pirate", 5000, 0, kNoBound) == 1);
  CHECK(store.clear("anne bonny"));
  CHECK_FALSE(store.clear("anne bonny"));
  CHECK(store.read("anne bonny", 0, kNoBound).failures == 0);
  CHECK(store.failed("anne bonny", 6000, 0, kNoBound) == 1);       // afresh
  CHECK(store.read("no such pirate", 0, kNoBound).failures == 1);  // other names keep theirs
}

TEST_CASE("Postgres sign-in failures: old counts are forgotten, pruned, and the fresh names are bounded") {
  skip_unless_postgres();
  SharedFailures shared;
  auto& store = shared.failures;
  for (int i = 0; i < 3; ++i) REQUIRE(store.failed("old", 1000 + i, 0, kNoBound));
  REQUIRE(store.failed("fresh", 9000, 0, kNoBound) == 1);
  // A count whose last failure is before `forget_before` is none, and starts again.
  CHECK(store.read("old", 5000, kNoBound).failures == 0);
  CHECK(store.read("old", 1000, kNoBound).failures == 3);
  CHECK(store.failed("old", 9500, 5000, kNoBound) == 1);

  // Bounded: two fresh names counted, a third is refused (and reads full),
  // while the counted ones go on counting.
  CHECK(store.failed("third", 9600, 5000, 2) == std::nullopt);
  const auto third = store.read("third", 5000, 2);
  CHECK(third.failures == 0);
  CHECK(third.full);
  CHECK_FALSE(store.read("fresh", 5000, 2).full);
  CHECK(store.failed("fresh", 9700, 5000, 2) == 2);
  // Stale names do not count toward the bound.
  CHECK(store.failed("third", 9800, 9600, 2) == 1);

  // Pruning drops what is older than the time given, nothing else.
  CHECK(store.prune(9600) == 1);  // "old" (9500)
  CHECK(store.read("old", 0, kNoBound).failures == 0);
  CHECK(store.read("fresh", 0, kNoBound).failures == 2);
  CHECK(store.read("third", 0, kNoBound).failures == 1);
  CHECK(store.prune(9600) == 0);
}
