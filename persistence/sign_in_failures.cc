#include "persistence/sign_in_failures.h"

#include "persistence/sqlite.h"

namespace brethren::persistence {

std::vector<SignInFailureRecord> SignInFailureStore::load(std::int64_t since, std::size_t limit) const {
  Connection db(path_, true);
  auto st = db.prepare(
      "SELECT name_key, failures, last_failure_at FROM sign_in_failures WHERE last_failure_at >= ?1 "
      "ORDER BY last_failure_at DESC LIMIT ?2");
  st.bind(1, since).bind(2, static_cast<std::int64_t>(limit));
  std::vector<SignInFailureRecord> rows;
  while (st.step()) {
    rows.push_back(SignInFailureRecord{st.column_text(0), static_cast<int>(st.column_int(1)), st.column_int(2)});
  }
  return rows;
}

void SignInFailureStore::record(SignInFailureRecord r, Done done) {
  store_.commit_unit(Store::Unit().run([r = std::move(r)](Connection& db) {
    db.prepare(
          "INSERT INTO sign_in_failures (name_key, failures, last_failure_at) VALUES (?1, ?2, ?3) "
          "ON CONFLICT (name_key) DO UPDATE SET failures = excluded.failures, "
          "last_failure_at = excluded.last_failure_at")
        .bind(1, r.name_key)
        .bind(2, static_cast<std::int64_t>(r.failures))
        .bind(3, r.last_failure_at)
        .run();
  }),
                     std::move(done));
}

void SignInFailureStore::clear(std::string name_key, Done done) {
  store_.commit_unit(Store::Unit().run([name_key = std::move(name_key)](Connection& db) {
    db.prepare("DELETE FROM sign_in_failures WHERE name_key = ?1").bind(1, name_key).run();
  }),
                     std::move(done));
}

void SignInFailureStore::prune(std::int64_t before, Done done) {
  store_.commit_unit(Store::Unit().run([before](Connection& db) {
    db.prepare("DELETE FROM sign_in_failures WHERE last_failure_at < ?1").bind(1, before).run();
  }),
                     std::move(done));
}

}  // namespace brethren::persistence
