#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "rules/core/rng.h"

using brethren::rules::Rng;

TEST_CASE("Rng: the same seed gives the same sequence, other seeds differ") {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    REQUIRE(x == b.next());
    (void)c.next();
  }
  REQUIRE(a.next() != c.next());
}

TEST_CASE("Rng: xoshiro256** reference values pin the algorithm across platforms") {
  // First outputs for seed 0 through SplitMix64; any change to the generator
  // would silently change every stored match's replay, so pin it.
  Rng r(0);
  const std::uint64_t first = r.next();
  const std::uint64_t second = r.next();
  Rng again(0);
  REQUIRE(again.next() == first);
  REQUIRE(again.next() == second);
  // Cross-checked against an independent Python implementation.
  REQUIRE(first == 0x99ec5f36cb75f2b4ULL);
  REQUIRE(second == 0xbf6e1f784956452aULL);
}

TEST_CASE("Rng: below() stays in range and covers it roughly uniformly") {
  Rng r(7);
  std::vector<int> counts(6, 0);
  for (int i = 0; i < 60000; ++i) {
    const auto v = r.below(6);
    REQUIRE(v < 6);
    ++counts[v];
  }
  for (int c : counts) {
    REQUIRE(c > 9000);
    REQUIRE(c < 11000);
  }
}

TEST_CASE("Rng: shuffle is a permutation and state words round-trip") {
  Rng r(9);
  std::vector<int> v{1, 2, 3, 4, 5, 6, 7, 8};
  r.shuffle(v);
  REQUIRE(std::multiset<int>(v.begin(), v.end()) == std::multiset<int>{1, 2, 3, 4, 5, 6, 7, 8});
  Rng copy;
  copy.set_words(r.words());
  REQUIRE(copy.next() == r.next());
}
