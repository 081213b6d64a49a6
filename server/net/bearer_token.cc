#include "server/net/bearer_token.h"

#include <fstream>

#include "server/base/secrets.h"

namespace brethren::server {

namespace {

constexpr std::size_t kMinTokenLength = 16;

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

}  // namespace

std::optional<std::string> read_token_file(const std::string& path, std::string_view what, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read the " + std::string(what) + " file " + path;
    return std::nullopt;
  }
  std::string line;
  std::getline(in, line);
  const std::string token(trim(line));
  if (token.size() < kMinTokenLength) {
    error = "the " + std::string(what) + " in " + path + " is shorter than " + std::to_string(kMinTokenLength) +
            " characters";
    return std::nullopt;
  }
  if (token.find_first_of(" \t") != std::string::npos) {
    error = "the " + std::string(what) + " in " + path + " contains spaces";
    return std::nullopt;
  }
  return token;
}

BearerToken::BearerToken(std::string token) : configured_(!token.empty()), hash_(sha256_hex(token)) {}

bool BearerToken::admits(std::string_view authorization) const {
  constexpr std::string_view kScheme = "Bearer ";
  if (!configured_ || !authorization.starts_with(kScheme)) return false;
  // Both sides hashed first: the comparison takes the same time whatever
  // the length or the first differing byte of the guess.
  const std::string given = sha256_hex(trim(authorization.substr(kScheme.size())));
  unsigned char difference = 0;
  for (std::size_t i = 0; i < hash_.size(); ++i) {
    difference |= static_cast<unsigned char>(given[i] ^ hash_[i]);
  }
  return difference == 0;
}

}  // namespace brethren::server
