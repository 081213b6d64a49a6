// The rules for every string a client sends that the server shows to
// others or writes to its log (display names, chat, bot kinds, ...), and the
// escaping for text that is logged or echoed without those rules.
//
// Why: a name is sent to every member and written into the log. Control
// characters (C0, DEL, C1) would let one client garble other screens or
// forge log lines; bidi overrides and isolates would let it disguise text
// (a name that reads as another's).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace brethren::server {

struct TextRules {
  const char* what;  // "display names", for the error message
  std::size_t max_bytes;
  bool allow_line_breaks = false;  // '\n' and '\t' (chat)
};

inline constexpr TextRules kDisplayNameRules{"display names", 40};
inline constexpr TextRules kChatTextRules{"chat text", 500, true};
inline constexpr TextRules kBotKindRules{"bot kinds", 32};
inline constexpr TextRules kClientNameRules{"client names", 64};

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool valid_utf8(std::string_view s);

// Why `text` breaks `rules` (a sentence for an INVALID_ARGUMENT reply), or
// nullopt when it is fine. The length is checked in bytes.
std::optional<std::string> user_text_problem(std::string_view text, const TextRules& rules);
// The same without the length check (e.g. when the caller has its own
// error code for length).
std::optional<std::string> user_text_character_problem(std::string_view text, const TextRules& rules);

// `text` safe to log or echo: printable ASCII and valid non-control UTF-8
// stay; anything else becomes \xNN (bytes) or \u{NNNN} (code points), a
// backslash becomes \\. At most `max_bytes` of the input are shown.
std::string escape_user_text(std::string_view text, std::size_t max_bytes = 64);

}  // namespace brethren::server
