#include "server/protocol/fairness.h"

#include <openssl/evp.h>

#include <array>

namespace brethren::fairness {

std::string commitment_preimage(std::uint64_t seed, std::string_view salt_hex) {
  std::string out(kCommitmentPrefix);
  out += std::to_string(seed);
  out += ':';
  out += salt_hex;
  return out;
}

std::string seed_commitment(std::uint64_t seed, std::string_view salt_hex) {
  const std::string preimage = commitment_preimage(seed, salt_hex);
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(preimage.data(), preimage.size(), digest.data(), &length, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 0xf];
  }
  return hex;
}

v1::MatchInfo public_match_info(std::int64_t match_id, std::uint64_t seed, const std::string& salt_hex, bool finished) {
  v1::MatchInfo info;
  info.set_match_id(match_id);
  if (!salt_hex.empty()) info.set_seed_commitment(seed_commitment(seed, salt_hex));
  if (finished) {
    info.set_seed(std::to_string(seed));
    info.set_seed_salt(salt_hex);
  }
  return info;
}

}  // namespace brethren::fairness
