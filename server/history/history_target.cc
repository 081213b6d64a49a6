#include "server/history/history_target.h"

#include <charconv>

namespace brethren::server {
namespace {

constexpr std::string_view kPrefix = "/api/matches/";
constexpr std::string_view kViewsSuffix = "/views";

std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

}  // namespace

bool is_match_history_target(std::string_view target) { return path_of(target).starts_with(kPrefix); }

std::optional<std::int64_t> parse_match_history_target(std::string_view target) {
  const std::string_view path = path_of(target);
  if (!path.starts_with(kPrefix)) return std::nullopt;
  const std::string_view id_text = path.substr(kPrefix.size());
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
  if (ec != std::errc() || end != id_text.data() + id_text.size() || id <= 0) return std::nullopt;
  return id;
}

std::optional<std::int64_t> parse_match_views_target(std::string_view target) {
  const std::string_view path = path_of(target);
  if (!path.ends_with(kViewsSuffix)) return std::nullopt;
  return parse_match_history_target(path.substr(0, path.size() - kViewsSuffix.size()));
}

}  // namespace brethren::server
