#include "server/net/admin_http.h"

#include <spdlog/spdlog.h>

#include <charconv>
#include <cmath>
#include <cstdio>

#include "server/backup/backup_scheduler.h"
#include "server/net/drain.h"

namespace brethren::server {

namespace {

std::string_view path_of(std::string_view target) { return target.substr(0, target.find_first_of("?#")); }

// The value of `name` in the target's query, or nullopt.
std::optional<std::string_view> query_param(std::string_view target, std::string_view name) {
  const auto question = target.find('?');
  if (question == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(question + 1);
  query = query.substr(0, query.find('#'));
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == name) return eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    query = query.substr(amp + 1);
  }
  return std::nullopt;
}

std::string error_json(std::string_view message) { return "{\"error\":\"" + std::string(message) + "\"}"; }

// A JSON string's content: quotes, backslashes and control characters escaped.
std::string json_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out;
}

// The backup endpoint's refusals carry a code a script can test.
std::string typed_error_json(std::string_view code, std::string_view message) {
  return "{\"error\":\"" + json_escape(message) + "\",\"code\":\"" + std::string(code) + "\"}";
}

AdminReply backup_reply(const BackupOutcome& outcome) {
  if (!outcome.ok) return {500, typed_error_json("BACKUP_FAILED", "the backup failed: " + outcome.error)};
  const auto slash = outcome.path.find_last_of('/');
  const std::string file = slash == std::string::npos ? outcome.path : outcome.path.substr(slash + 1);
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, ",\"bytes\":%llu,\"seconds\":%.3f}",
                static_cast<unsigned long long>(outcome.bytes), outcome.seconds);
  return {201, "{\"status\":\"done\",\"file\":\"" + json_escape(file) + "\",\"path\":\"" + json_escape(outcome.path) +
                   "\"" + numbers};
}

}  // namespace

std::optional<std::string> read_admin_token(const std::string& path, std::string& error) {
  return read_token_file(path, "admin token", error);
}

AdminApi::AdminApi(std::string token, Drain& drain, double default_grace_s)
    : token_(std::move(token)), drain_(drain), default_grace_s_(default_grace_s) {}

bool AdminApi::is_admin_target(std::string_view target) {
  const std::string_view path = path_of(target);
  return path == "/admin" || path.starts_with("/admin/");
}

void AdminApi::handle(std::string_view method, std::string_view target, std::string_view authorization,
                      std::function<void(AdminReply)> reply) {
  if (!token_.configured()) return reply({404, error_json("not found")});
  if (!token_.admits(authorization)) {
    spdlog::warn("admin request {} {} refused: no valid bearer token", method, path_of(target));
    return reply({401, error_json("this endpoint needs the admin bearer token (Authorization: Bearer ...)"), true});
  }
  const std::string_view path = path_of(target);
  if (path == "/admin/drain") return reply(drain(method, target));
  if (path == "/admin/backup") return backup(method, reply);
  reply({404, error_json("not found")});
}

AdminReply AdminApi::drain(std::string_view method, std::string_view target) {
  if (method != "POST") return {405, error_json("POST starts a drain")};
  double grace = default_grace_s_;
  if (const auto given = query_param(target, "grace")) {
    const auto* end = given->data() + given->size();
    const auto parsed = std::from_chars(given->data(), end, grace);
    if (given->empty() || parsed.ec != std::errc() || parsed.ptr != end || !std::isfinite(grace) || grace < 0 ||
        grace > 24 * 3600) {
      return {400, error_json("grace must be a number of seconds between 0 and 86400")};
    }
  }
  const auto started = drain_.start(std::chrono::duration<double>(grace), "POST /admin/drain");
  char body[160];
  std::snprintf(body, sizeof body, "{\"status\":\"draining\",\"deadlineSeconds\":%.1f,\"liveMatches\":%lld}",
                started.seconds_left, static_cast<long long>(started.live_matches));
  return {202, body};
}

void AdminApi::backup(std::string_view method, std::function<void(AdminReply)>& reply) {
  if (method != "POST") return reply({405, typed_error_json("METHOD_NOT_ALLOWED", "POST takes a backup")});
  if (!backups_) {
    return reply({409, typed_error_json("BACKUP_NOT_CONFIGURED",
                                        "no backup folder is configured: start the server with --backup-dir")});
  }
  spdlog::info("backup asked for (POST /admin/backup)");
  // The reply goes with the request; when refused it is still here.
  auto shared = std::make_shared<std::function<void(AdminReply)>>(std::move(reply));
  if (!backups_->request([shared](BackupOutcome outcome) { (*shared)(backup_reply(outcome)); })) {
    (*shared)({409, typed_error_json("BACKUP_IN_PROGRESS", "a backup is being taken: ask again once it has ended")});
  }
}

}  // namespace brethren::server
