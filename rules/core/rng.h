// The only source of randomness in the rules layer.
//
// xoshiro256** seeded through SplitMix64: fully specified, so a seed gives the
// same sequence on every platform and compiler (std::uniform_int_distribution
// is implementation-defined and therefore not used anywhere in rules/).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>

namespace brethren::rules {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed);
  std::uint64_t next();
  // Uniform in [0, bound); bound > 0. Unbiased (Lemire's method with rejection).
  std::uint32_t below(std::uint32_t bound);
  // Uniform in [lo, hi] inclusive.
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1))); }

  template <class T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }
  template <class Container>
  void shuffle(Container& c) {
    shuffle(std::span(c.data(), c.size()));
  }

  const std::array<std::uint64_t, 4>& words() const { return s_; }
  void set_words(const std::array<std::uint64_t, 4>& words) { s_ = words; }

  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace brethren::rules
