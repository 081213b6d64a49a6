// The operator's endpoints under /admin/ (docs/operations.md):
//   POST /admin/drain[?grace=SECONDS]  starts a drain (server/net/drain.h)
// Every request carries "Authorization: Bearer <token>", the token read from
// --admin-token-file at start (compared in constant time). Without a token
// file the endpoints do not exist (404), so a server nobody configured
// exposes nothing. They take no body (--max-http-body-bytes bounds one).
// The proxy in front of a cluster refuses /admin/ from outside
// (docker/cluster/haproxy.cfg): an operator calls a node directly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace brethren::server {

class Drain;

// The token in the file's first line, surrounding spaces removed; nullopt
// with `error` set when it cannot be read or is shorter than 16 characters.
std::optional<std::string> read_admin_token(const std::string& path, std::string& error);

struct AdminReply {
  unsigned status = 404;
  std::string json;
  bool ask_for_token = false;  // 401: a WWW-Authenticate header goes with it
};

class AdminApi {
 public:
  // An empty token: the endpoints answer 404.
  AdminApi(std::string token, Drain& drain, double default_grace_s);

  static bool is_admin_target(std::string_view target);
  AdminReply handle(std::string_view method, std::string_view target, std::string_view authorization);

 private:
  bool authorized(std::string_view authorization) const;

  const bool enabled_;
  const std::string token_hash_;
  Drain& drain_;
  const double default_grace_s_;
};

}  // namespace brethren::server
