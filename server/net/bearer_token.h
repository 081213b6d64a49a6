// A bearer token an operator puts in a file (the /admin/ endpoints,
// GET /metrics), checked in constant time against a request's
// "Authorization: Bearer <token>".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace brethren::server {

// The token in the file's first line, surrounding spaces removed; nullopt
// with `error` set when it cannot be read, is shorter than 16 characters or
// holds a space. `what` names it in the error ("admin token").
std::optional<std::string> read_token_file(const std::string& path, std::string_view what, std::string& error);

class BearerToken {
 public:
  // An empty token: none configured, and admits() is always false.
  explicit BearerToken(std::string token);

  bool configured() const { return configured_; }
  // `authorization`: the value of the request's Authorization header.
  bool admits(std::string_view authorization) const;

 private:
  bool configured_;
  std::string hash_;  // only the hash is kept: a core dump shows no token
};

}  // namespace brethren::server
