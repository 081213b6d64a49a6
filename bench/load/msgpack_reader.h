// A bounded MessagePack reader over msgpuck (libmsgpuck-dev) for what a
// server sends the load generator: every read checks the bytes it needs
// against the end of the buffer first, counts of arrays and maps are checked
// against the bytes left (each element takes at least one), and skipping
// nested values stops at a depth limit. After any failed read the reader
// stays failed.
#pragma once

#include <cstdint>
#include <string_view>

namespace brethren::bench {

class MsgpackReader {
 public:
  static constexpr int kMaxDepth = 16;

  explicit MsgpackReader(std::string_view data) : cur_(data.data()), end_(data.data() + data.size()) {}

  bool ok() const { return ok_; }
  bool at_end() const { return cur_ == end_; }
  const char* position() const { return cur_; }

  bool read_map(std::uint32_t& entries);
  bool read_array(std::uint32_t& elements);
  bool read_string(std::string_view& s);
  // A positive or negative integer, in any width that fits an int64.
  bool read_int(std::int64_t& v);
  bool read_bool(bool& v);
  bool next_is_nil() const;
  // One whole value of any type but ext (msgpackr's extensions: not in a view), nested at most `depth` deep.
  bool skip(int depth = kMaxDepth);

 private:
  bool fail() { return ok_ = false; }
  bool need(std::ptrdiff_t missing) { return missing <= 0 || fail(); }

  const char* cur_;
  const char* end_;
  bool ok_ = true;
};

}  // namespace brethren::bench
