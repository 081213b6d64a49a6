// Compact, deterministic binary serialization of rules states.
//
// A type takes part by defining one static function that names its fields in
// order, used for both directions:
//
//   template <class Self, class Ar>
//   static void archive(Self& self, Ar& ar) { ar(self.deck, self.score); }
//
// Integers are varints (signed ones zigzag-encoded), so states stay small and
// the bytes depend only on the values, never on the platform.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace brethren::rules {

template <class T, class Ar>
concept Archivable = requires(T& t, Ar& ar) {
  T::archive(t, ar);
};

class Writer {
 public:
  template <class... T>
  void operator()(const T&... values) {
    (put(values), ...);
  }

  void put_varint(std::uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>(v | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void put_bytes(std::string_view s) {
    put_varint(s.size());
    out_.append(s);
  }

  const std::string& bytes() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  template <class T>
  void put(const T& v) {
    if constexpr (std::is_same_v<T, bool>) {
      put_varint(v ? 1 : 0);
    } else if constexpr (std::is_enum_v<T>) {
      put(static_cast<std::underlying_type_t<T>>(v));
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      const auto x = static_cast<std::int64_t>(v);
      put_varint((static_cast<std::uint64_t>(x) << 1) ^ static_cast<std::uint64_t>(x >> 63));
    } else if constexpr (std::is_integral_v<T>) {
      put_varint(v);
    } else if constexpr (std::is_same_v<T, std::string>) {
      put_bytes(v);
    } else if constexpr (Archivable<const T, Writer>) {
      T::archive(v, *this);
    } else {
      put_container(v);
    }
  }
  template <class T>
  void put_container(const std::vector<T>& v) {
    put_varint(v.size());
    for (const auto& x : v) put(x);
  }
  template <class T, std::size_t N>
  void put_container(const std::array<T, N>& v) {
    for (const auto& x : v) put(x);
  }
  template <class T>
  void put_container(const std::optional<T>& v) {
    put(v.has_value());
    if (v) put(*v);
  }

  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}

  template <class... T>
  void operator()(T&... values) {
    (get(values), ...);
  }

  // False once any read ran past the end or met an impossible value.
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }
  void fail() { ok_ = false; }

  std::uint64_t get_varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) {
        ok_ = false;
        return 0;
      }
      const auto byte = static_cast<std::uint8_t>(in_[pos_++]);
      v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
    ok_ = false;
    return 0;
  }
  std::string get_bytes() {
    const std::uint64_t n = get_varint();
    if (!ok_ || n > in_.size() - pos_) {
      ok_ = false;
      return {};
    }
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }

 private:
  template <class T>
  void get(T& v) {
    if constexpr (std::is_same_v<T, bool>) {
      v = get_varint() != 0;
    } else if constexpr (std::is_enum_v<T>) {
      std::underlying_type_t<T> raw{};
      get(raw);
      v = static_cast<T>(raw);
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      const std::uint64_t z = get_varint();
      v = static_cast<T>(static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1));
    } else if constexpr (std::is_integral_v<T>) {
      v = static_cast<T>(get_varint());
    } else if constexpr (std::is_same_v<T, std::string>) {
      v = get_bytes();
    } else if constexpr (Archivable<T, Reader>) {
      T::archive(v, *this);
    } else {
      get_container(v);
    }
  }
  template <class T>
  void get_container(std::vector<T>& v) {
    const std::uint64_t n = get_varint();
    // Every element takes at least one byte: refuse lengths the input cannot hold.
    if (!ok_ || n > in_.size() - pos_) {
      ok_ = false;
      v.clear();
      return;
    }
    v.assign(n, T{});
    for (auto& x : v) get(x);
  }
  template <class T, std::size_t N>
  void get_container(std::array<T, N>& v) {
    for (auto& x : v) get(x);
  }
  template <class T>
  void get_container(std::optional<T>& v) {
    bool present = false;
    get(present);
    if (present) {
      v.emplace();
      get(*v);
    } else {
      v.reset();
    }
  }

  std::string_view in_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace brethren::rules
