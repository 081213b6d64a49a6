#include "server/base/secrets.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <cctype>
#include <stdexcept>

namespace brethren::server {
namespace {

constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

void random_bytes(unsigned char* out, int n) {
  if (RAND_bytes(out, n) != 1) throw std::runtime_error("the CSPRNG failed");
}

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

constexpr std::size_t kRoomCodeLength = 9;
static_assert(sizeof kCrockford - 1 == kMaxClusterNodes);

std::string new_room_code(int node_id) {
  std::array<unsigned char, kRoomCodeLength> bytes{};
  random_bytes(bytes.data(), static_cast<int>(bytes.size()));
  std::string code;
  for (unsigned char b : bytes) code += kCrockford[b & 31];  // 256 % 32 == 0: unbiased
  if (node_id >= 0 && node_id < kMaxClusterNodes) code[0] = kCrockford[node_id];
  return code;
}

int room_code_node(std::string_view code) {
  if (code.size() != kRoomCodeLength) return -1;
  const std::string_view alphabet(kCrockford, kMaxClusterNodes);
  for (char ch : code) {
    if (alphabet.find(ch) == std::string_view::npos) return -1;
  }
  return static_cast<int>(alphabet.find(code[0]));
}

std::string normalize_room_code(std::string_view typed) {
  std::string out;
  for (char ch : typed) {
    if (ch == '-' || ch == ' ') continue;
    char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (up == 'I' || up == 'L') up = '1';
    if (up == 'O') up = '0';
    out += up;
  }
  return out;
}

std::string new_secret_token() {
  std::array<unsigned char, 32> bytes{};
  random_bytes(bytes.data(), static_cast<int>(bytes.size()));
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
