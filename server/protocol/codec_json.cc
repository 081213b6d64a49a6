#include "server/protocol/codec_json.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/unknown_field_set.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace brethren::server::json {

namespace {

namespace pb = google::protobuf;
using pb::FieldDescriptor;

struct MessageTable;

struct FieldEntry {
  const FieldDescriptor* field = nullptr;
  std::string key;                        // "\"jsonName\":"
  const MessageTable* message = nullptr;  // message fields
  std::vector<std::string> enum_names;    // quoted, by number, for enums numbered 0..n (empty: look up)
  bool in_oneof = false;                  // a real or a synthetic (proto3 optional) oneof: printed when set
  int index = 0;
};

struct MessageTable {
  bool supported = true;
  std::vector<FieldEntry> fields;                              // declaration order: the order with defaults printed
  std::vector<const FieldEntry*> by_number;                    // wire order: the order without
  std::unordered_map<std::string, const FieldEntry*> by_name;  // JSON and proto names
};

bool supported_field(const FieldDescriptor* f) {
  if (f->is_map()) return false;
  switch (f->type()) {
    case FieldDescriptor::TYPE_DOUBLE:
    case FieldDescriptor::TYPE_FLOAT:
    case FieldDescriptor::TYPE_BYTES:
    case FieldDescriptor::TYPE_GROUP: return false;
    case FieldDescriptor::TYPE_MESSAGE: return f->message_type()->file()->package() != "google.protobuf";
    default: return true;
  }
}

// Tables for every message type reachable from a root, built once under a
// lock and never freed; lookups after the first are one thread-local compare.
class Tables {
 public:
  const MessageTable& get(const pb::Descriptor* d) {
    thread_local const pb::Descriptor* last_descriptor = nullptr;
    thread_local const MessageTable* last_table = nullptr;
    if (d == last_descriptor) return *last_table;
    std::lock_guard lock(mutex_);
    last_table = &build(d);
    last_descriptor = d;
    return *last_table;
  }

 private:
  const MessageTable& build(const pb::Descriptor* d) {
    if (auto it = tables_.find(d); it != tables_.end()) return *it->second;
    auto& table = *tables_.emplace(d, std::make_unique<MessageTable>()).first->second;
    table.supported = d->file()->syntax() == pb::FileDescriptor::SYNTAX_PROTO3 && d->field_count() <= 64;
    table.fields.resize(static_cast<std::size_t>(d->field_count()));
    for (int i = 0; i < d->field_count(); ++i) {
      const FieldDescriptor* f = d->field(i);
      FieldEntry& e = table.fields[static_cast<std::size_t>(i)];
      e.field = f;
      e.index = i;
      e.key = "\"" + f->json_name() + "\":";
      e.in_oneof = f->containing_oneof() != nullptr;
      if (!supported_field(f)) {
        table.supported = false;
        continue;
      }
      if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) e.message = &build(f->message_type());
      if (f->cpp_type() == FieldDescriptor::CPPTYPE_ENUM) {
        const pb::EnumDescriptor* en = f->enum_type();
        for (int n = 0; n < 256; ++n) {
          const pb::EnumValueDescriptor* v = en->FindValueByNumber(n);
          if (!v) break;
          e.enum_names.push_back("\"" + v->name() + "\"");
        }
      }
    }
    for (const FieldEntry& e : table.fields) {
      table.by_number.push_back(&e);
      table.by_name.emplace(e.field->json_name(), &e);
      table.by_name.emplace(e.field->name(), &e);
    }
    std::sort(table.by_number.begin(), table.by_number.end(),
              [](const FieldEntry* a, const FieldEntry* b) { return a->field->number() < b->field->number(); });
    return table;
  }

  std::mutex mutex_;
  std::unordered_map<const pb::Descriptor*, std::unique_ptr<MessageTable>> tables_;
};

Tables& tables() {
  static Tables instance;
  return instance;
}

// --- Printing ---------------------------------------------------------------------

template <class Int>
void append_int(std::string& out, Int value) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

template <class Int>
void append_quoted_int(std::string& out, Int value) {
  out += '"';
  append_int(out, value);
  out += '"';
}

constexpr char kHex[] = "0123456789abcdef";

void append_u16(std::string& out, std::uint32_t unit) {
  const char escaped[6] = {'\\',           'u', kHex[(unit >> 12) & 15], kHex[(unit >> 8) & 15], kHex[(unit >> 4) & 15],
                           kHex[unit & 15]};
  out.append(escaped, 6);
}

// The code points protobuf's JsonEscaping spells as \u escapes beyond the
// ASCII ones (invisible and formatting characters, for JavaScript's sake).
bool escaped_code_point(std::uint32_t cp) {
  switch (cp) {
    case 0xfeff:
    case 0xfff9:
    case 0xfffa:
    case 0xfffb:
    case 0x00ad:
    case 0x06dd:
    case 0x070f:
    case 0x17b4:
    case 0x17b5: return true;
    default: break;
  }
  return (cp >= 0x80 && cp < 0xa0) || (cp >= 0x0600 && cp <= 0x0603) || (cp >= 0x200b && cp <= 0x200f) ||
         (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x206a && cp <= 0x206f) ||
         cp == 0xe0001 || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0020 && cp <= 0xe007f);
}

// Length of the valid, shortest UTF-8 sequence at s[i] (not a surrogate, at
// most U+10FFFF) and its code point; 0 when invalid.
std::size_t utf8_sequence(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  std::size_t n;
  std::uint32_t min;
  if (b0 >= 0xc2 && b0 <= 0xdf)
    n = 2, cp = b0 & 0x1fu, min = 0x80;
  else if (b0 >= 0xe0 && b0 <= 0xef)
    n = 3, cp = b0 & 0x0fu, min = 0x800;
  else if (b0 >= 0xf0 && b0 <= 0xf4)
    n = 4, cp = b0 & 0x07u, min = 0x10000;
  else
    return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned char b = byte(i + k);
    if ((b & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3fu);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

bool append_string(std::string& out, std::string_view s) {
  out += '"';
  std::size_t plain = 0;  // start of the bytes not yet copied
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '>') {
      ++i;
      continue;
    }
    out.append(s.data() + plain, i - plain);
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\t': out += "\\t"; break;
        case '\n': out += "\\n"; break;
        case '\f': out += "\\f"; break;
        case '\r': out += "\\r"; break;
        default: append_u16(out, c); break;  // other controls, '<', '>', DEL
      }
      plain = ++i;
      continue;
    }
    std::uint32_t cp = 0;
    const std::size_t n = utf8_sequence(s, i, cp);
    if (n == 0) return false;  // protobuf has its own ways with broken UTF-8
    if (!escaped_code_point(cp)) {
      out.append(s.data() + i, n);
    } else if (cp < 0x10000) {
      append_u16(out, cp);
    } else {
      append_u16(out, 0xd800 + ((cp - 0x10000) >> 10));
      append_u16(out, 0xdc00 + ((cp - 0x10000) & 0x3ff));
    }
    plain = i += n;
  }
  out.append(s.data() + plain, s.size() - plain);
  out += '"';
  return true;
}

void append_enum(std::string& out, const FieldEntry& e, int number) {
  if (number >= 0 && static_cast<std::size_t>(number) < e.enum_names.size()) {
    out += e.enum_names[static_cast<std::size_t>(number)];
  } else if (const auto* v = e.field->enum_type()->FindValueByNumber(number)) {
    out += '"';
    out += v->name();
    out += '"';
  } else {
    append_int(out, number);  // an open enum's unknown value: its number
  }
}

bool print_message(const MessageTable& t, const pb::Message& m, bool all, std::string& out);

bool print_value(const FieldEntry& e, const pb::Message& m, const pb::Reflection& r, bool all, std::string& out) {
  const FieldDescriptor* f = e.field;
  std::string scratch;
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32: append_int(out, r.GetInt32(m, f)); return true;
    case FieldDescriptor::CPPTYPE_UINT32: append_int(out, r.GetUInt32(m, f)); return true;
    case FieldDescriptor::CPPTYPE_INT64: append_quoted_int(out, r.GetInt64(m, f)); return true;
    case FieldDescriptor::CPPTYPE_UINT64: append_quoted_int(out, r.GetUInt64(m, f)); return true;
    case FieldDescriptor::CPPTYPE_BOOL: out += r.GetBool(m, f) ? "true" : "false"; return true;
    case FieldDescriptor::CPPTYPE_ENUM: append_enum(out, e, r.GetEnumValue(m, f)); return true;
    case FieldDescriptor::CPPTYPE_STRING: return append_string(out, r.GetStringReference(m, f, &scratch));
    case FieldDescriptor::CPPTYPE_MESSAGE: return print_message(*e.message, r.GetMessage(m, f), all, out);
    default: return false;
  }
}

bool print_element(const FieldEntry& e, const pb::Message& m, const pb::Reflection& r, int i, bool all,
                   std::string& out) {
  const FieldDescriptor* f = e.field;
  std::string scratch;
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32: append_int(out, r.GetRepeatedInt32(m, f, i)); return true;
    case FieldDescriptor::CPPTYPE_UINT32: append_int(out, r.GetRepeatedUInt32(m, f, i)); return true;
    case FieldDescriptor::CPPTYPE_INT64: append_quoted_int(out, r.GetRepeatedInt64(m, f, i)); return true;
    case FieldDescriptor::CPPTYPE_UINT64: append_quoted_int(out, r.GetRepeatedUInt64(m, f, i)); return true;
    case FieldDescriptor::CPPTYPE_BOOL: out += r.GetRepeatedBool(m, f, i) ? "true" : "false"; return true;
    case FieldDescriptor::CPPTYPE_ENUM: append_enum(out, e, r.GetRepeatedEnumValue(m, f, i)); return true;
    case FieldDescriptor::CPPTYPE_STRING: return append_string(out, r.GetRepeatedStringReference(m, f, i, &scratch));
    case FieldDescriptor::CPPTYPE_MESSAGE: return print_message(*e.message, r.GetRepeatedMessage(m, f, i), all, out);
    default: return false;
  }
}

// With defaults (DefaultValueObjectWriter): declaration order; every
// primitive outside a oneof, every list (empty as []), messages and oneof
// members when set. Without: wire order (field numbers), what is set.
bool print_message(const MessageTable& t, const pb::Message& m, bool all, std::string& out) {
  if (!t.supported) return false;
  const pb::Reflection& r = *m.GetReflection();
  if (!r.GetUnknownFields(m).empty()) return false;
  out += '{';
  bool first = true;
  const auto key = [&](const FieldEntry& e) {
    if (!first) out += ',';
    first = false;
    out += e.key;
  };
  const auto field = [&](const FieldEntry& e) {
    const FieldDescriptor* f = e.field;
    if (f->is_repeated()) {
      const int n = r.FieldSize(m, f);
      if (n == 0 && !all) return true;
      key(e);
      out += '[';
      for (int i = 0; i < n; ++i) {
        if (i > 0) out += ',';
        if (!print_element(e, m, r, i, all, out)) return false;
      }
      out += ']';
      return true;
    }
    const bool always = all && !e.in_oneof && f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE;
    if (!always && !r.HasField(m, f)) return true;
    key(e);
    return print_value(e, m, r, all, out);
  };
  if (all) {
    for (const FieldEntry& e : t.fields) {
      if (!field(e)) return false;
    }
  } else {
    for (const FieldEntry* e : t.by_number) {
      if (!field(*e)) return false;
    }
  }
  out += '}';
  return true;
}

// --- Parsing ----------------------------------------------------------------------

class Parser {
 public:
  explicit Parser(std::string_view s) : p_(s.data()), end_(s.data() + s.size()) {}

  bool document(const MessageTable& t, pb::Message& m) {
    ws();
    if (!object(t, m, 0)) return false;
    ws();
    return p_ == end_;
  }

 private:
  static constexpr int kMaxDepth = 64;

  void ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) ++p_;
  }
  bool eat(char c) {
    if (p_ < end_ && *p_ == c) {
      ++p_;
      return true;
    }
    return false;
  }
  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }

  // A string without \u escapes, raw control characters or broken UTF-8.
  bool string(std::string& out) {
    if (!eat('"')) return false;
    out.clear();
    const char* plain = p_;
    while (p_ < end_) {
      const unsigned char c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        out.append(plain, p_);
        ++p_;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\') {
        out.append(plain, p_);
        if (end_ - p_ < 2) return false;
        switch (p_[1]) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          default: return false;
        }
        p_ += 2;
        plain = p_;
        continue;
      }
      if (c >= 0x80) {
        std::uint32_t cp = 0;
        const std::size_t n = utf8_sequence(std::string_view(p_, static_cast<std::size_t>(end_ - p_)), 0, cp);
        if (n == 0) return false;
        p_ += n;
        continue;
      }
      ++p_;
    }
    return false;
  }

  // -?digits, no leading zero, no fraction or exponent, within 64 bits.
  static bool integer(std::string_view s, bool& negative, std::uint64_t& magnitude) {
    std::size_t i = 0;
    negative = !s.empty() && s[0] == '-';
    if (negative) ++i;
    if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
    if (s[i] == '0' && (i + 1 < s.size() || negative)) return false;
    const auto [ptr, ec] = std::from_chars(s.data() + i, s.data() + s.size(), magnitude);
    if (ec != std::errc() || ptr != s.data() + s.size()) return false;
    return !negative || magnitude <= (std::uint64_t{1} << 63);
  }

  // An integer as a JSON number or a string of digits (both are accepted for
  // every integer type).
  bool integer_token(bool& negative, std::uint64_t& magnitude) {
    if (p_ < end_ && *p_ == '"') {
      if (!string(scratch_)) return false;
      return integer(scratch_, negative, magnitude);
    }
    const char* start = p_;
    while (p_ < end_ && ((*p_ >= '0' && *p_ <= '9') || *p_ == '-')) ++p_;
    if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E' || *p_ == '+')) return false;
    return integer(std::string_view(start, static_cast<std::size_t>(p_ - start)), negative, magnitude);
  }

  template <class Int>
  bool integer_value(Int& out) {
    bool negative = false;
    std::uint64_t magnitude = 0;
    if (!integer_token(negative, magnitude)) return false;
    if (negative) {
      if constexpr (std::is_unsigned_v<Int>) {
        return false;
      } else {
        if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<Int>::max()) + 1) return false;
        out = static_cast<Int>(-static_cast<std::int64_t>(magnitude - 1) - 1);
        return true;
      }
    }
    if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<Int>::max())) return false;
    out = static_cast<Int>(magnitude);
    return true;
  }

  bool boolean(bool& out) {
    if (literal("true")) return out = true, true;
    if (literal("false")) return out = false, true;
    return false;
  }

  bool enum_number(const FieldEntry& e, int& out) {
    const pb::EnumDescriptor* en = e.field->enum_type();
    if (p_ < end_ && *p_ == '"') {
      if (!string(scratch_)) return false;
      const pb::EnumValueDescriptor* v = en->FindValueByName(scratch_);
      if (!v) return false;
      out = v->number();
      return true;
    }
    std::int32_t n = 0;
    if (!integer_value(n) || !en->FindValueByNumber(n)) return false;
    out = n;
    return true;
  }

  bool scalar(const FieldEntry& e, pb::Message& m, const pb::Reflection& r) {
    const FieldDescriptor* f = e.field;
    switch (f->cpp_type()) {
      case FieldDescriptor::CPPTYPE_INT32: {
        std::int32_t v = 0;
        if (!integer_value(v)) return false;
        f->is_repeated() ? r.AddInt32(&m, f, v) : r.SetInt32(&m, f, v);
        return true;
      }
      case FieldDescriptor::CPPTYPE_UINT32: {
        std::uint32_t v = 0;
        if (!integer_value(v)) return false;
        f->is_repeated() ? r.AddUInt32(&m, f, v) : r.SetUInt32(&m, f, v);
        return true;
      }
      case FieldDescriptor::CPPTYPE_INT64: {
        std::int64_t v = 0;
        if (!integer_value(v)) return false;
        f->is_repeated() ? r.AddInt64(&m, f, v) : r.SetInt64(&m, f, v);
        return true;
      }
      case FieldDescriptor::CPPTYPE_UINT64: {
        std::uint64_t v = 0;
        if (!integer_value(v)) return false;
        f->is_repeated() ? r.AddUInt64(&m, f, v) : r.SetUInt64(&m, f, v);
        return true;
      }
      case FieldDescriptor::CPPTYPE_BOOL: {
        bool v = false;
        if (!boolean(v)) return false;
        f->is_repeated() ? r.AddBool(&m, f, v) : r.SetBool(&m, f, v);
        return true;
      }
      case FieldDescriptor::CPPTYPE_ENUM: {
        int v = 0;
        if (!enum_number(e, v)) return false;
        f->is_repeated() ? r.AddEnumValue(&m, f, v) : r.SetEnumValue(&m, f, v);
        return true;
      }
      case FieldDescriptor::CPPTYPE_STRING: {
        std::string v;
        if (!string(v)) return false;
        f->is_repeated() ? r.AddString(&m, f, std::move(v)) : r.SetString(&m, f, std::move(v));
        return true;
      }
      default: return false;
    }
  }

  bool value(const FieldEntry& e, pb::Message& m, const pb::Reflection& r, int depth) {
    const FieldDescriptor* f = e.field;
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      pb::Message* child = f->is_repeated() ? r.AddMessage(&m, f) : r.MutableMessage(&m, f);
      return object(*e.message, *child, depth + 1);
    }
    return scalar(e, m, r);
  }

  bool field(const FieldEntry& e, pb::Message& m, const pb::Reflection& r, int depth) {
    const FieldDescriptor* f = e.field;
    if (!f->is_repeated()) {
      // A second member of a oneof: protobuf refuses it; let it say so.
      if (const pb::OneofDescriptor* oneof = f->real_containing_oneof(); oneof && r.HasOneof(m, oneof)) return false;
      return value(e, m, r, depth);
    }
    if (!eat('[')) return false;
    ws();
    if (eat(']')) return true;
    for (;;) {
      ws();
      if (!value(e, m, r, depth)) return false;
      ws();
      if (eat(']')) return true;
      if (!eat(',')) return false;
    }
  }

  bool object(const MessageTable& t, pb::Message& m, int depth) {
    if (!t.supported || depth > kMaxDepth || !eat('{')) return false;
    const pb::Reflection& r = *m.GetReflection();
    std::uint64_t seen = 0;
    ws();
    if (eat('}')) return true;
    for (;;) {
      ws();
      if (!string(key_)) return false;
      const auto it = t.by_name.find(key_);
      if (it == t.by_name.end()) return false;  // unknown (ignored by protobuf) or another spelling
      const FieldEntry& e = *it->second;
      const std::uint64_t bit = std::uint64_t{1} << e.index;
      if (seen & bit) return false;  // a repeated key
      seen |= bit;
      ws();
      if (!eat(':')) return false;
      ws();
      if (!field(e, m, r, depth)) return false;
      ws();
      if (eat('}')) return true;
      if (!eat(',')) return false;
    }
  }

  const char* p_;
  const char* end_;
  std::string key_, scratch_;
};

}  // namespace

bool print(const pb::Message& message, bool always_print_primitive_fields, std::string& out) {
  const std::size_t size = out.size();
  if (print_message(tables().get(message.GetDescriptor()), message, always_print_primitive_fields, out)) return true;
  out.resize(size);
  return false;
}

bool parse_fast(std::string_view json, pb::Message& out) {
  out.Clear();
  return Parser(json).document(tables().get(out.GetDescriptor()), out);
}

}  // namespace brethren::server::json
