// What a username and a password may be. Usernames follow the rules of
// display names (server/room/user_text.h: valid UTF-8, no control or bidi
// characters), are 3 to 32 bytes without spaces at either end, and are
// unique case-insensitively: by their key, the name with every letter
// lower-cased by Unicode's simple case mapping (so "Anne", "ANNE" and
// "anne" are one; "Straße" and "STRASSE" are two). Passwords are 8 to 128
// bytes of anything (NIST SP 800-63B: no composition rules).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace brethren::server {

inline constexpr std::size_t kMinUsernameBytes = 3;
inline constexpr std::size_t kMaxUsernameBytes = 32;
inline constexpr std::size_t kMinPasswordBytes = 8;
inline constexpr std::size_t kMaxPasswordBytes = 128;
// Session tokens are 64 hex characters; anything longer is not one.
inline constexpr std::size_t kMaxSessionTokenBytes = 128;

// Why `username` may not be one (a sentence for INVALID_ARGUMENT), or nullopt.
std::optional<std::string> username_problem(std::string_view username);
std::optional<std::string> password_problem(std::string_view password);
// The lower-cased key that makes usernames unique; `username` must have
// passed username_problem(). Also used for names that are not valid
// usernames (a sign-in with any text): it never throws.
std::string username_key(std::string_view username);

}  // namespace brethren::server
