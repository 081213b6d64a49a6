#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/archive.h"

using namespace brethren::rules;

namespace {
enum class Colour : std::uint8_t { kRed = 1, kBlue = 2 };
struct Item {
  int value = 0;
  Colour colour = Colour::kRed;
  std::vector<std::string> names;
  std::optional<long> maybe;
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.value, s.colour, s.names, s.maybe);
  }
};
}  // namespace

TEST_CASE("Archive: values round-trip through Writer and Reader") {
  std::vector<Item> items(2);
  items[0] = {-5, Colour::kBlue, {"a", "bc"}, 1234567890123L};
  items[1] = {1 << 30, Colour::kRed, {}, std::nullopt};
  Writer w;
  w(items, true, std::int8_t{-1}, std::uint64_t{~0ULL});
  Reader r(w.bytes());
  std::vector<Item> back;
  bool flag = false;
  std::int8_t small = 0;
  std::uint64_t big = 0;
  r(back, flag, small, big);
  REQUIRE(r.ok());
  REQUIRE(r.at_end());
  REQUIRE(back.size() == 2);
  REQUIRE(back[0].value == -5);
  REQUIRE(back[0].colour == Colour::kBlue);
  REQUIRE(back[0].names == std::vector<std::string>{"a", "bc"});
  REQUIRE(back[0].maybe == 1234567890123L);
  REQUIRE(back[1].value == (1 << 30));
  REQUIRE_FALSE(back[1].maybe.has_value());
  REQUIRE(flag);
  REQUIRE(small == -1);
  REQUIRE(big == ~0ULL);
}

TEST_CASE("Archive: truncated or absurd input is reported, never trusted") {
  Writer w;
  w(std::vector<int>{1, 2, 3});
  const std::string bytes = w.bytes();
  Reader truncated(std::string_view(bytes).substr(0, bytes.size() - 1));
  std::vector<int> v;
  truncated(v);
  REQUIRE_FALSE(truncated.ok());

  const std::string huge_length = "\xff\xff\xff\xff\x0f";
  Reader absurd(huge_length);
  absurd(v);
  REQUIRE_FALSE(absurd.ok());
  REQUIRE(v.empty());
}
