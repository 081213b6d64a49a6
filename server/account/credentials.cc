#include "server/account/credentials.h"

#include <locale.h>
#include <wctype.h>

#include "server/room/user_text.h"

namespace brethren::server {
namespace {

constexpr TextRules kUsernameRules{"usernames", kMaxUsernameBytes};

// C.UTF-8's simple case mapping (glibc has it built in), made once; without
// it, ASCII only.
locale_t utf8_locale() {
  static const locale_t locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return locale;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

// The code point at s[i] and its length, or length 1 and the byte itself
// for anything that is not UTF-8 (keys of invalid text stay distinct).
char32_t next_code_point(std::string_view s, std::size_t i, std::size_t& length) {
  const auto b = static_cast<unsigned char>(s[i]);
  length = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
  if (length <= 1 || i + length > s.size() || !valid_utf8(s.substr(i, length))) {
    length = 1;
    return b;
  }
  char32_t c = length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t k = 1; k < length; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return c;
}

}  // namespace

std::optional<std::string> username_problem(std::string_view username) {
  if (username.size() < kMinUsernameBytes) {
    return "usernames have at least " + std::to_string(kMinUsernameBytes) + " bytes";
  }
  if (auto problem = user_text_problem(username, kUsernameRules)) return problem;
  if (username.front() == ' ' || username.back() == ' ') return "usernames may not start or end with a space";
  return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password) {
  if (password.size() < kMinPasswordBytes || password.size() > kMaxPasswordBytes) {
    return "passwords have " + std::to_string(kMinPasswordBytes) + " to " + std::to_string(kMaxPasswordBytes) +
           " bytes";
  }
  return std::nullopt;
}

std::string username_key(std::string_view username) {
  std::string key;
  key.reserve(username.size());
  const locale_t locale = utf8_locale();
  for (std::size_t i = 0, length = 0; i < username.size(); i += length) {
    const char32_t c = next_code_point(username, i, length);
    if (c < 0x80) {
      key.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c));
    } else if (length == 1) {
      key.push_back(static_cast<char>(c));  // not UTF-8: the byte itself
    } else {
      append_utf8(key, locale ? static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), locale)) : c);
    }
  }
  return key;
}

}  // namespace brethren::server
