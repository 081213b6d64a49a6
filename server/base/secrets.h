// Unguessable identifiers from the operating system's CSPRNG (OpenSSL
// RAND_bytes), and SHA-256 for storing secrets as hashes only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace brethren::server {

// Room codes are written in Crockford's base32; in a cluster the first
// character names the node (its index in the alphabet), so that a proxy can
// route on it (docs/scaling.md).
inline constexpr int kMaxClusterNodes = 32;

// 9 characters of Crockford's base32 (no I, L, O, U): 45 random bits, or
// 40 after a first character naming `node_id` (0..31; -1: none).
std::string new_room_code(int node_id = -1);
// The node a normalized, well-formed code names (its first character's
// index in the alphabet); -1 for anything that is not a code.
int room_code_node(std::string_view normalized_code);
// Upper-cases and drops '-' and spaces, and reads I/L as 1 and O as 0, so a
// code typed by a person still matches.
std::string normalize_room_code(std::string_view typed);
// 256 bits, hex.
std::string new_secret_token();
std::uint64_t new_seed();
// Lower-case hex SHA-256.
std::string sha256_hex(std::string_view data);

}  // namespace brethren::server
