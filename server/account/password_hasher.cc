#include "server/account/password_hasher.h"

#include <sodium.h>

#include <stdexcept>

#include "server/base/secrets.h"

namespace brethren::server {

PasswordHasher::PasswordHasher(PasswordCost cost)
    : cost_(cost), opslimit_(cost.passes), memlimit_(cost.memory_kib * 1024) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialised");
  if (opslimit_ < crypto_pwhash_OPSLIMIT_MIN || opslimit_ > crypto_pwhash_OPSLIMIT_MAX ||
      memlimit_ < crypto_pwhash_MEMLIMIT_MIN || memlimit_ > crypto_pwhash_MEMLIMIT_MAX) {
    throw std::runtime_error("password hash cost outside libsodium's bounds");
  }
  dummy_hash_ = hash(new_secret_token());
}

std::string PasswordHasher::hash(std::string_view password) const {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), opslimit_, memlimit_,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("crypto_pwhash_str failed (out of memory)");
  }
  return out;
}

bool PasswordHasher::verify(const std::string& hash, std::string_view password) const {
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool PasswordHasher::needs_rehash(const std::string& hash) const {
  return crypto_pwhash_str_needs_rehash(hash.c_str(), opslimit_, memlimit_) != 0;
}

void PasswordHasher::verify_dummy(std::string_view password) const {
  // The dummy's password is a random secret thrown away: never matches.
  volatile int ignored = crypto_pwhash_str_verify(dummy_hash_.c_str(), password.data(), password.size());
  (void)ignored;
}

}  // namespace brethren::server
