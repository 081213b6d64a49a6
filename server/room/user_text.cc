#include "server/room/user_text.h"

#include <cstdio>

namespace brethren::server {

namespace {

// Decodes the code point at s[i]; its length in `length` (0: invalid UTF-8).
char32_t decode(std::string_view s, std::size_t i, std::size_t& length) {
  const auto byte = static_cast<unsigned char>(s[i]);
  char32_t code_point = 0;
  if (byte < 0x80) {
    length = 1;
    return byte;
  } else if ((byte & 0xE0) == 0xC0) {
    length = 2;
    code_point = byte & 0x1F;
  } else if ((byte & 0xF0) == 0xE0) {
    length = 3;
    code_point = byte & 0x0F;
  } else if ((byte & 0xF8) == 0xF0) {
    length = 4;
    code_point = byte & 0x07;
  } else {
    length = 0;
    return 0;
  }
  if (i + length > s.size()) {
    length = 0;
    return 0;
  }
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(s[i + k]);
    if ((next & 0xC0) != 0x80) {
      length = 0;
      return 0;
    }
    code_point = (code_point << 6) | (next & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code_point < kSmallest[length] || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) {
    length = 0;
    return 0;
  }
  return code_point;
}

bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F); }

// Embeddings and overrides (LRE RLE PDF LRO RLO), isolates (LRI RLI FSI
// PDI), and the line/paragraph separators that start a new line in logs.
bool is_bidi_control_or_separator(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029;
}

}  // namespace

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0, length = 0; i < s.size(); i += length) {
    decode(s, i, length);
    if (length == 0) return false;
  }
  return true;
}

std::optional<std::string> user_text_character_problem(std::string_view text, const TextRules& rules) {
  const std::string what = rules.what;
  for (std::size_t i = 0, length = 0; i < text.size(); i += length) {
    const char32_t c = decode(text, i, length);
    if (length == 0) return what + " must be valid UTF-8";
    if (rules.allow_line_breaks && (c == '\n' || c == '\t')) continue;
    if (is_control(c)) return what + " may not hold control characters";
    if (is_bidi_control_or_separator(c)) return what + " may not hold bidi overrides, isolates or line separators";
  }
  return std::nullopt;
}

std::optional<std::string> user_text_problem(std::string_view text, const TextRules& rules) {
  if (text.size() > rules.max_bytes) {
    return std::string(rules.what) + " have at most " + std::to_string(rules.max_bytes) + " bytes";
  }
  return user_text_character_problem(text, rules);
}

std::string escape_user_text(std::string_view text, std::size_t max_bytes) {
  const bool cut = text.size() > max_bytes;
  if (cut) text = text.substr(0, max_bytes);
  std::string out;
  out.reserve(text.size());
  char buffer[16];
  for (std::size_t i = 0, length = 0; i < text.size(); i += length) {
    const char32_t c = decode(text, i, length);
    if (length == 0) {
      length = 1;
      std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[i])));
      out += buffer;
    } else if (is_control(c) || is_bidi_control_or_separator(c)) {
      std::snprintf(buffer, sizeof buffer, "\\u{%04X}", static_cast<unsigned>(c));
      out += buffer;
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out.append(text.substr(i, length));
    }
  }
  if (cut) out += "...";
  return out;
}

}  // namespace brethren::server
