#include "server/base/secrets.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace brethren::server {
namespace {

std::string to_hex(const unsigned char* p, std::size_t n) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = kHex[p[i] >> 4];
    out[2 * i + 1] = kHex[p[i] & 15];
  }
  return out;
}

}  // namespace

void random_bytes(unsigned char* out, std::size_t n) {
  if (RAND_bytes(out, static_cast<int>(n)) != 1) throw std::runtime_error("the CSPRNG failed");
}

std::string new_secret_token() {
  std::array<unsigned char, 32> bytes{};
  random_bytes(bytes.data(), bytes.size());
  return to_hex(bytes.data(), bytes.size());
}

std::uint64_t new_seed() {
  std::uint64_t seed = 0;
  random_bytes(reinterpret_cast<unsigned char*>(&seed), sizeof seed);
  return seed;
}

std::string sha256_hex(std::string_view data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), digest.data(), &len, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  return to_hex(digest.data(), len);
}

}  // namespace brethren::server
