// Unguessable identifiers from the operating system's CSPRNG (OpenSSL
// RAND_bytes), and SHA-256 for storing secrets as hashes only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace brethren::server {

// `n` bytes from the CSPRNG; throws std::runtime_error if it fails.
void random_bytes(unsigned char* out, std::size_t n);
// 256 bits, hex.
std::string new_secret_token();
std::uint64_t new_seed();
// Lower-case hex SHA-256.
std::string sha256_hex(std::string_view data);

}  // namespace brethren::server
