// Passwords hashed with Argon2id through libsodium (crypto_pwhash_str):
// the salt and the parameters live in the hash string, so a stored hash
// stays verifiable after the parameters change, and needs_rehash() says
// when it should be re-computed (at the next sign-in). Slow on purpose
// (tens of milliseconds): call it on the password pool only.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace brethren::server {

struct PasswordCost {
  std::size_t memory_kib = 19 * 1024;  // OWASP's minimum for Argon2id: 19 MiB ...
  unsigned passes = 2;                 // ... with t = 2
};

class PasswordHasher {
 public:
  // Initialises libsodium; throws std::runtime_error if it cannot, or if
  // the cost is outside libsodium's bounds.
  explicit PasswordHasher(PasswordCost cost);

  // The hash string ($argon2id$v=19$m=...,t=...,p=1$salt$hash); throws
  // std::runtime_error when libsodium fails (out of memory).
  std::string hash(std::string_view password) const;
  // Constant time in the password (libsodium's verification).
  bool verify(const std::string& hash, std::string_view password) const;
  // The hash was made with other parameters (or another algorithm).
  bool needs_rehash(const std::string& hash) const;
  // A verification against a hash of this cost that never matches: the
  // same work as a real one, for an unknown username (so that the time of
  // the reply does not tell whether the account exists).
  void verify_dummy(std::string_view password) const;

  const PasswordCost& cost() const { return cost_; }

 private:
  PasswordCost cost_;
  unsigned long long opslimit_;
  std::size_t memlimit_;
  std::string dummy_hash_;
};

}  // namespace brethren::server
