// Unguessable identifiers from the operating system's CSPRNG (OpenSSL
// RAND_bytes), and SHA-256 for storing secrets as hashes only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace brethren::server {

// 9 characters of Crockford's base32 (no I, L, O, U): 45 bits.
std::string new_room_code();
// Upper-cases and drops '-' and spaces, and reads I/L as 1 and O as 0, so a
// code typed by a person still matches.
std::string normalize_room_code(std::string_view typed);
// 256 bits, hex.
std::string new_secret_token();
std::uint64_t new_seed();
// Lower-case hex SHA-256.
std::string sha256_hex(std::string_view data);

}  // namespace brethren::server
