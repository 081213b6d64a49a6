#include "bench/load/msgpack_reader.h"

#include <msgpuck.h>

#include <limits>

namespace brethren::bench {

namespace {
bool is(const char* cur, const char* end, mp_type type) { return cur < end && mp_typeof(*cur) == type; }
}  // namespace

bool MsgpackReader::read_map(std::uint32_t& entries) {
  if (!ok_ || !is(cur_, end_, MP_MAP) || !need(mp_check_map(cur_, end_))) return fail();
  entries = mp_decode_map(&cur_);
  // Each entry is a key and a value, at least one byte each.
  return entries <= static_cast<std::uint64_t>(end_ - cur_) / 2 || fail();
}

bool MsgpackReader::read_array(std::uint32_t& elements) {
  if (!ok_ || !is(cur_, end_, MP_ARRAY) || !need(mp_check_array(cur_, end_))) return fail();
  elements = mp_decode_array(&cur_);
  return elements <= static_cast<std::uint64_t>(end_ - cur_) || fail();
}

bool MsgpackReader::read_string(std::string_view& s) {
  if (!ok_ || !is(cur_, end_, MP_STR) || !need(mp_check_strl(cur_, end_))) return fail();
  const char* p = cur_;
  const std::uint32_t length = mp_decode_strl(&p);
  if (length > static_cast<std::uint64_t>(end_ - p)) return fail();
  s = std::string_view(p, length);
  cur_ = p + length;
  return true;
}

bool MsgpackReader::read_int(std::int64_t& v) {
  if (!ok_) return false;
  if (is(cur_, end_, MP_UINT)) {
    if (!need(mp_check_uint(cur_, end_))) return false;
    const std::uint64_t u = mp_decode_uint(&cur_);
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return fail();
    v = static_cast<std::int64_t>(u);
    return true;
  }
  if (is(cur_, end_, MP_INT)) {
    if (!need(mp_check_int(cur_, end_))) return false;
    v = mp_decode_int(&cur_);
    return true;
  }
  return fail();
}

bool MsgpackReader::read_bool(bool& v) {
  if (!ok_ || !is(cur_, end_, MP_BOOL) || !need(mp_check_bool(cur_, end_))) return fail();
  v = mp_decode_bool(&cur_);
  return true;
}

bool MsgpackReader::next_is_nil() const { return ok_ && is(cur_, end_, MP_NIL); }

bool MsgpackReader::skip(int depth) {
  if (!ok_ || cur_ >= end_ || depth <= 0) return fail();
  std::uint32_t n = 0;
  std::string_view s;
  std::int64_t i = 0;
  bool b = false;
  switch (mp_typeof(*cur_)) {
    case MP_NIL:
      if (!need(mp_check_nil(cur_, end_))) return false;
      mp_decode_nil(&cur_);
      return true;
    case MP_UINT:
    case MP_INT: return read_int(i);
    case MP_STR: return read_string(s);
    case MP_BOOL: return read_bool(b);
    case MP_FLOAT:
      if (!need(mp_check_float(cur_, end_))) return false;
      mp_decode_float(&cur_);
      return true;
    case MP_DOUBLE:
      if (!need(mp_check_double(cur_, end_))) return false;
      mp_decode_double(&cur_);
      return true;
    case MP_BIN: {
      if (!need(mp_check_binl(cur_, end_))) return false;
      const char* p = cur_;
      const std::uint32_t length = mp_decode_binl(&p);
      if (length > static_cast<std::uint64_t>(end_ - p)) return fail();
      cur_ = p + length;
      return true;
    }
    case MP_ARRAY:
      if (!read_array(n)) return false;
      for (std::uint32_t k = 0; k < n; ++k) {
        if (!skip(depth - 1)) return false;
      }
      return true;
    case MP_MAP:
      if (!read_map(n)) return false;
      for (std::uint64_t k = 0; k < 2 * static_cast<std::uint64_t>(n); ++k) {
        if (!skip(depth - 1)) return false;
      }
      return true;
    case MP_EXT: return fail();
  }
  return fail();
}

}  // namespace brethren::bench
