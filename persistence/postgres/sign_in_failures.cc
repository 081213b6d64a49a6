#include "persistence/postgres/sign_in_failures.h"

#include <algorithm>
#include <cstdint>

namespace brethren::persistence::postgres {
namespace {

// The fresh rows are counted only for a name without one (CASE evaluates
// in order): a name already counted is never refused for the bound.
constexpr const char* kRead =
    "SELECT f.failures, f.last_failure_at, "
    "       CASE WHEN f.name_key IS NULL "
    "            THEN (SELECT count(*) FROM sign_in_failures WHERE last_failure_at >= $2::bigint) >= $3::bigint "
    "            ELSE false END "
    "FROM (SELECT 1) AS one "
    "LEFT JOIN sign_in_failures f ON f.name_key = $1::text AND f.last_failure_at >= $2::bigint";

// One statement: two nodes failing the same name at once both count (the
// second waits for the first's row, then updates it). The latest stamp
// wins, whichever node's clock made it.
constexpr const char* kFailed =
    "INSERT INTO sign_in_failures AS f (name_key, failures, last_failure_at) "
    "SELECT $1::text, 1, $2::bigint "
    "WHERE CASE WHEN EXISTS (SELECT 1 FROM sign_in_failures WHERE name_key = $1::text) THEN true "
    "           ELSE (SELECT count(*) FROM sign_in_failures WHERE last_failure_at >= $3::bigint) < $4::bigint END "
    "ON CONFLICT (name_key) DO UPDATE SET "
    "  failures = CASE WHEN f.last_failure_at < $3::bigint THEN 1 ELSE f.failures + 1 END, "
    "  last_failure_at = GREATEST(f.last_failure_at, excluded.last_failure_at) "
    "RETURNING f.failures";

long long as_bigint(std::size_t n) { return static_cast<long long>(std::min<std::size_t>(n, INT64_MAX)); }

}  // namespace

SignInFailureStore::Count SignInFailureStore::read(const std::string& name_key, std::int64_t forget_before,
                                                   std::size_t limit) const {
  auto db = pool_.lease();
  const auto r = db->exec(kRead, {name_key, static_cast<long long>(forget_before), as_bigint(limit)});
  Count count;
  if (r.rows() != 1) return count;
  if (r.is_null(0, 0)) {
    count.full = r.boolean(0, 2);
    return count;
  }
  count.failures = static_cast<int>(r.int64(0, 0));
  count.last_failure_at = r.int64(0, 1);
  return count;
}

std::optional<int> SignInFailureStore::failed(const std::string& name_key, std::int64_t at, std::int64_t forget_before,
                                              std::size_t limit) {
  auto db = pool_.lease();
  const auto r = db->exec(
      kFailed, {name_key, static_cast<long long>(at), static_cast<long long>(forget_before), as_bigint(limit)});
  if (r.rows() == 0) return std::nullopt;
  return static_cast<int>(r.int64(0, 0));
}

bool SignInFailureStore::clear(const std::string& name_key) {
  auto db = pool_.lease();
  return db->exec("DELETE FROM sign_in_failures WHERE name_key = $1", {name_key}).affected() > 0;
}

std::int64_t SignInFailureStore::prune(std::int64_t before) {
  auto db = pool_.lease();
  return db->exec("DELETE FROM sign_in_failures WHERE last_failure_at < $1", {static_cast<long long>(before)})
      .affected();
}

}  // namespace brethren::persistence::postgres
