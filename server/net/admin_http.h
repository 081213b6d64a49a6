// The operator's endpoints under /admin/ (docs/operations.md):
//   POST /admin/drain[?grace=SECONDS]  starts a drain (server/net/drain.h)
//   POST /admin/backup                 takes an online backup into --backup-dir
//                                      now (server/backup/), answered once taken
// Every request carries "Authorization: Bearer <token>", the token read from
// --admin-token-file at start (compared in constant time). Without a token
// file the endpoints do not exist (404), so a server nobody configured
// exposes nothing. They take no body (--max-http-body-bytes bounds one).
// The proxy in front of a cluster refuses /admin/ from outside
// (docker/cluster/haproxy.cfg): an operator calls a node directly.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/net/bearer_token.h"

namespace brethren::server {

class Drain;
class BackupScheduler;

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

  // The backups POST /admin/backup takes (set before the server listens);
  // none: it answers 409 BACKUP_NOT_CONFIGURED.
  void set_backups(BackupScheduler* backups) { backups_ = backups; }

  static bool is_admin_target(std::string_view target);
  // `reply` is called once: at once, or from the backups' thread once a
  // backup asked for is taken (never after the BackupScheduler is gone).
  void handle(std::string_view method, std::string_view target, std::string_view authorization,
              std::function<void(AdminReply)> reply);

 private:
  AdminReply drain(std::string_view method, std::string_view target);
  void backup(std::string_view method, std::function<void(AdminReply)>& reply);

  const BearerToken token_;
  Drain& drain_;
  const double default_grace_s_;
  BackupScheduler* backups_ = nullptr;
};

}  // namespace brethren::server
