#include "server/account/account_service.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <tuple>

#include "server/account/credentials.h"
#include "server/base/secrets.h"
#include "server/base/unix_time.h"
#include "server/match/wire_errors.h"
#include "server/room/user_text.h"

namespace brethren::server {
namespace {

using persistence::AccountRecord;
using persistence::AccountStore;
using persistence::SessionRecord;

// One sentence for an unknown username and a wrong password.
constexpr const char* kSignInFailed = "unknown username or wrong password";
constexpr const char* kInternal = "the server could not store that; nothing was changed";
constexpr const char* kDefaultGuestName = "Guest";

std::int64_t new_account_id() {
  // Random, not sequential: ids say nothing about how many accounts exist,
  // and nodes of a cluster can make them without asking each other.
  std::int64_t id = 0;
  while (id == 0) id = static_cast<std::int64_t>(new_seed() & static_cast<std::uint64_t>(INT64_MAX));
  return id;
}

constexpr std::int64_t kLockMillis = static_cast<std::int64_t>(SignInLimiter::kLockSeconds * 1000);

std::string retry_text(const char* what, double seconds) {
  return std::string(what) + "; try again in " + std::to_string(static_cast<long long>(std::ceil(seconds))) + " s";
}

}  // namespace

AccountService::AccountService(const Config& config, persistence::Store& store, const std::string& db_path,
                               Metrics& metrics, std::unique_ptr<AccountRecords> records)
    : config_(config),
      metrics_(metrics),
      records_(records ? std::move(records) : local_account_records(store, db_path)),
      accounts_(*records_),
      shared_failures_(records_->shared_sign_in_failures()),
      failures_(store, db_path),
      hasher_(PasswordCost{config.password_memory_kib, static_cast<unsigned>(config.password_passes)}),
      limiter_(SignInLimits{config.sign_in_burst, config.sign_in_per_minute / 60, config.sign_in_free_failures,
                            config.sign_in_backoff_s, config.sign_in_lock_failures, config.sign_in_tracked_names}),
      pool_(config.password_threads, config.password_queue),
      store_pool_(records_->blocking() ? std::make_unique<PasswordPool>(static_cast<int>(config.accounts_postgres_pool),
                                                                        config.password_queue)
                                       : nullptr) {
  restore_failures();
  housekeep();
  housekeeper_ = std::thread([this] { housekeeping_loop(); });
}

AccountService::~AccountService() { stop(); }

void AccountService::stop() {
  {
    std::lock_guard lock(housekeeping_mutex_);
    housekeeping_stop_ = true;
  }
  housekeeping_wake_.notify_all();
  if (housekeeper_.joinable()) housekeeper_.join();
  pool_.stop();
  if (store_pool_) store_pool_->stop();
}

void AccountService::housekeeping_loop() {
  const double retention_ms = config_.guest_retention_days * 24 * 3600 * 1000;
  const auto interval = std::chrono::milliseconds(
      static_cast<std::int64_t>(retention_ms > 0 ? std::clamp(retention_ms / 10, 50.0, 3600 * 1000.0) : 3600 * 1000.0));
  std::unique_lock lock(housekeeping_mutex_);
  while (!housekeeping_wake_.wait_for(lock, interval, [this] { return housekeeping_stop_; })) {
    lock.unlock();
    housekeep();
    lock.lock();
  }
}

void AccountService::housekeep() {
  const std::int64_t now = unix_millis();
  accounts_.delete_expired_sessions(now - static_cast<std::int64_t>(config_.session_idle_expiry_s * 1000),
                                    now - static_cast<std::int64_t>(config_.session_absolute_expiry_s * 1000),
                                    [](bool ok, const std::string& error) {
                                      if (!ok) spdlog::error("accounts: expired sessions not deleted: {}", error);
                                    });
  // In a cluster: this node's seated guests are held from every node's purge.
  accounts_.hold_seated_guests(now, [](bool ok, const std::string& error) {
    if (!ok) spdlog::error("accounts: seated guests not marked held: {}", error);
  });
  if (!(config_.guest_retention_days > 0)) return;
  const auto unused_since = now - static_cast<std::int64_t>(config_.guest_retention_days * 24 * 3600 * 1000);
  auto purged = std::make_shared<std::int64_t>(0);
  // A batch per round: a backlog goes over several rounds, no round holds the writer long.
  accounts_.purge_guests(unused_since, 1000, purged, [purged](bool ok, const std::string& error) {
    if (!ok) return spdlog::error("accounts: unused guests not purged: {}", error);
    if (*purged > 0) spdlog::info("accounts: {} unused guest accounts purged", *purged);
  });
}

bool AccountService::handles(const v1::ClientMessage& message) {
  using M = v1::ClientMessage;
  switch (message.body_case()) {
    case M::kCreateGuest:
    case M::kSignIn:
    case M::kAuthenticate:
    case M::kClaimAccount:
    case M::kChangePassword:
    case M::kSignOut:
    case M::kDeleteAccount:
    case M::kGetAccount: return true;
    default: return false;
  }
}

void AccountService::handle(std::uint64_t rid, const v1::ClientMessage& m, const std::string& address,
                            const AccountBinding* bound, Reply reply) {
  if (!store_pool_) return dispatch(rid, m, address, bound, reply);
  // A shared store blocks for round trips: the whole request runs on a worker.
  auto copy = std::make_shared<std::tuple<v1::ClientMessage, std::string, std::optional<AccountBinding>, Reply>>(
      m, address, bound ? std::optional<AccountBinding>(*bound) : std::nullopt, reply);
  const bool queued = store_pool_->submit([this, rid, copy] {
    auto& [message, from, binding, answer] = *copy;
    dispatch(rid, message, from, binding ? &*binding : nullptr, answer);
  });
  if (!queued) reply({error(rid, v1::SERVER_BUSY, "too many account requests at once; try again in a moment"), {}, {}});
}

void AccountService::dispatch(std::uint64_t rid, const v1::ClientMessage& m, const std::string& address,
                              const AccountBinding* bound, Reply& reply) {
  using M = v1::ClientMessage;
  try {
    switch (m.body_case()) {
      case M::kCreateGuest: return create_guest(rid, m.create_guest(), address, reply);
      case M::kSignIn: return sign_in(rid, m.sign_in(), address, reply);
      case M::kAuthenticate: return authenticate(rid, m.authenticate(), reply);
      case M::kClaimAccount: return claim(rid, m.claim_account(), address, bound, reply);
      case M::kChangePassword: return change_password(rid, m.change_password(), address, bound, reply);
      case M::kSignOut: return sign_out(rid, m.sign_out(), bound, reply);
      case M::kDeleteAccount: return delete_account(rid, m.delete_account(), address, bound, reply);
      case M::kGetAccount: return get_account(rid, bound, reply);
      default: return reply({error(rid, v1::UNKNOWN_MESSAGE, "not an account request"), {}, {}});
    }
  } catch (const persistence::StoreUnavailable& e) {
    // The shared store is out of reach: try again shortly (nothing changed).
    spdlog::warn("accounts: request {} not served: {}", static_cast<int>(m.body_case()), e.what());
    if (reply) reply({error(rid, v1::SERVER_BUSY, kAccountsUnavailable), {}, {}});
  } catch (const std::exception& e) {
    // A read failed (the database); the request changed nothing.
    spdlog::error("accounts: request {} failed: {}", static_cast<int>(m.body_case()), e.what());
    if (reply) reply({error(rid, v1::INTERNAL, kInternal), {}, {}});
  }
}

// --- Requests ------------------------------------------------------------------

void AccountService::create_guest(std::uint64_t rid, const v1::CreateGuest& m, const std::string& address,
                                  Reply& reply) {
  if (auto problem = user_text_problem(m.display_name(), kDisplayNameRules)) {
    return reply({error(rid, v1::INVALID_ARGUMENT, std::move(*problem)), {}, {}});
  }
  if (!guests_.take(address, config_.guests_per_address_burst, config_.guests_per_address_per_hour / 3600)) {
    return reply(
        {error(rid, v1::TOO_MANY_ATTEMPTS, "too many guest accounts from your address; try again later"), {}, {}});
  }
  AccountRecord account;
  account.id = new_account_id();
  account.display_name = m.display_name().empty() ? kDefaultGuestName : m.display_name();
  account.created_at = unix_millis();
  auto [token, session] = new_session(account.id);
  auto answer = session_reply(rid, account, token, session);
  AccountBinding bound{account.id, session.token_hash};
  accounts_.create(std::move(account), std::move(session),
                   [this, rid, answer = std::move(answer), bound = std::move(bound), reply = std::move(reply)](
                       bool ok, const std::string& why) mutable {
                     if (!ok) {
                       spdlog::error("accounts: guest not created: {}", why);
                       return reply({not_stored(rid, why), {}, {}});
                     }
                     reply({std::move(answer), AccountReply::Binding::kBind, std::move(bound)});
                   });
}

void AccountService::sign_in(std::uint64_t rid, const v1::SignIn& m, const std::string& address, Reply& reply) {
  // Bounds only: what is wrong about a name within them is the one answer.
  if (m.username().size() > kMaxUsernameBytes || m.password().size() > kMaxPasswordBytes) {
    return reply({error(rid, v1::INVALID_ARGUMENT,
                        "usernames have at most " + std::to_string(kMaxUsernameBytes) + " bytes, passwords " +
                            std::to_string(kMaxPasswordBytes)),
                  {},
                  {}});
  }
  const std::string key = username_key(m.username());
  if (!admit(rid, address, &key, reply)) return;
  on_pool(rid, reply, [this, rid, key, password = m.password()](Reply& reply) {
    const auto account = accounts_.account_by_key(key);
    bool ok = false;
    if (account && !account->password_hash.empty()) {
      ok = hasher_.verify(account->password_hash, password);
    } else {
      hasher_.verify_dummy(password);  // the same time as a real verification
    }
    if (!ok) {
      return password_failed(key, [this, rid, reply = std::move(reply)] {
        reply({error(rid, v1::SIGN_IN_FAILED, kSignInFailed), {}, {}});
      });
    }
    password_succeeded(key);
    // Stored under other parameters: re-hashed now, while the password is here.
    std::string rehashed = hasher_.needs_rehash(account->password_hash) ? hasher_.hash(password) : std::string();
    auto [token, session] = new_session(account->id);
    auto answer = session_reply(rid, *account, token, session);
    AccountBinding bound{account->id, session.token_hash};
    accounts_.add_session(std::move(session), std::move(rehashed),
                          [this, rid, answer = std::move(answer), bound = std::move(bound), reply = std::move(reply)](
                              bool ok, const std::string& why) mutable {
                            if (!ok) {
                              spdlog::error("accounts: session not stored: {}", why);
                              return reply({not_stored(rid, why), {}, {}});
                            }
                            reply({std::move(answer), AccountReply::Binding::kBind, std::move(bound)});
                          });
  });
}

void AccountService::authenticate(std::uint64_t rid, const v1::Authenticate& m, Reply& reply) {
  if (m.session_token().size() > kMaxSessionTokenBytes) {
    return reply({error(rid, v1::INVALID_ARGUMENT, "not a session token"), {}, {}});
  }
  const std::string hash = sha256_hex(m.session_token());
  const std::int64_t now = unix_millis();
  const auto session = accounts_.session(hash);
  const auto account = session ? accounts_.account(session->account_id) : std::nullopt;
  if (!session || !account || !session_live(*session, now)) {
    if (session) accounts_.delete_session(hash, [](bool, const std::string&) {});
    return reply({error(rid, v1::SESSION_INVALID, "that session has ended; sign in again"), {}, {}});
  }
  // The idle clock restarts; written at most every minute per session.
  if (now - session->last_used_at > 60 * 1000) accounts_.touch_session(hash, now, [](bool, const std::string&) {});
  reply({info_reply(rid, *account), AccountReply::Binding::kBind, AccountBinding{account->id, hash}});
}

void AccountService::claim(std::uint64_t rid, const v1::ClaimAccount& m, const std::string& address,
                           const AccountBinding* bound, Reply& reply) {
  if (auto problem = username_problem(m.username())) {
    return reply({error(rid, v1::INVALID_ARGUMENT, std::move(*problem)), {}, {}});
  }
  if (auto problem = password_problem(m.password())) {
    return reply({error(rid, v1::INVALID_ARGUMENT, std::move(*problem)), {}, {}});
  }
  const auto account = current(bound);
  if (!account) return reply({error(rid, v1::NOT_SIGNED_IN, "sign in first"), AccountReply::Binding::kUnbind, {}});
  if (account->claimed_at != 0) {
    return reply({error(rid, v1::ALREADY_CLAIMED, "this account has a username already"), {}, {}});
  }
  // Telling that a name is taken tells that it exists: unavoidable for a
  // claim, and limited like sign-ins (docs/accounts.md).
  if (!admit(rid, address, nullptr, reply)) return;
  const std::string key = username_key(m.username());
  if (accounts_.account_by_key(key)) {
    return reply({error(rid, v1::USERNAME_TAKEN, "that username is taken"), {}, {}});
  }
  on_pool(rid, reply,
          [this, rid, id = account->id, key, username = m.username(), password = m.password()](Reply& reply) {
            std::string hash = hasher_.hash(password);
            accounts_.claim(
                id, username, key, std::move(hash), unix_millis(),
                [this, rid, id, reply = std::move(reply)](bool ok, const std::string& why) mutable {
                  if (!ok) {
                    if (why == AccountStore::kUsernameTaken) {
                      return reply({error(rid, v1::USERNAME_TAKEN, "that username is taken"), {}, {}});
                    }
                    if (why == AccountStore::kNotAGuest) {
                      return reply({error(rid, v1::ALREADY_CLAIMED, "this account has a username already"), {}, {}});
                    }
                    spdlog::error("accounts: claim not stored: {}", why);
                    return reply({not_stored(rid, why), {}, {}});
                  }
                  std::optional<AccountRecord> claimed;
                  try {
                    claimed = accounts_.account(id);
                  } catch (const persistence::StoreUnavailable& e) {
                    // Claimed, but not read back: this reply owns `reply`, so it answers.
                    spdlog::warn("accounts: account {} claimed, not read back: {}", id, e.what());
                    return reply({error(rid, v1::SERVER_BUSY, kAccountsUnavailable), {}, {}});
                  }
                  if (!claimed) return reply({error(rid, v1::INTERNAL, kInternal), {}, {}});
                  spdlog::info("accounts: account {} claimed", id);
                  reply({info_reply(rid, *claimed), {}, {}});
                });
          });
}

void AccountService::change_password(std::uint64_t rid, const v1::ChangePassword& m, const std::string& address,
                                     const AccountBinding* bound, Reply& reply) {
  if (m.current_password().size() > kMaxPasswordBytes) {
    return reply({error(rid, v1::INVALID_ARGUMENT, "passwords have at most 128 bytes"), {}, {}});
  }
  if (auto problem = password_problem(m.new_password())) {
    return reply({error(rid, v1::INVALID_ARGUMENT, std::move(*problem)), {}, {}});
  }
  const auto account = current(bound);
  if (!account) return reply({error(rid, v1::NOT_SIGNED_IN, "sign in first"), AccountReply::Binding::kUnbind, {}});
  if (account->claimed_at == 0) {
    return reply({error(rid, v1::GUEST_ACCOUNT, "a guest account has no password: claim it first"), {}, {}});
  }
  if (!admit(rid, address, &account->username_key, reply)) return;
  on_pool(rid, reply,
          [this, rid, account = *account, keep = bound->session_hash, current_password = m.current_password(),
           new_password = m.new_password()](Reply& reply) {
            if (!hasher_.verify(account.password_hash, current_password)) {
              return password_failed(account.username_key, [this, rid, reply = std::move(reply)] {
                reply({error(rid, v1::SIGN_IN_FAILED, "wrong password"), {}, {}});
              });
            }
            password_succeeded(account.username_key);
            std::string hash = hasher_.hash(new_password);
            accounts_.set_password(
                account.id, std::move(hash), keep,
                [this, rid, account, keep, reply = std::move(reply)](bool ok, const std::string& why) mutable {
                  if (!ok) {
                    spdlog::error("accounts: password not stored: {}", why);
                    return reply({not_stored(rid, why), {}, {}});
                  }
                  connections_.sessions_ended(account.id, EndedSessions{"", keep});
                  reply({info_reply(rid, account), {}, {}});
                });
          });
}

void AccountService::sign_out(std::uint64_t rid, const v1::SignOut& m, const AccountBinding* bound, Reply& reply) {
  if (!bound) return reply({error(rid, v1::NOT_SIGNED_IN, "not signed in"), {}, {}});
  EndedSessions ended = m.everywhere() ? EndedSessions{} : EndedSessions{bound->session_hash, ""};
  auto done = [this, rid, id = bound->account_id, ended, reply = std::move(reply)](bool ok,
                                                                                   const std::string& why) mutable {
    if (!ok) {
      spdlog::error("accounts: sign-out not stored: {}", why);
      return reply({not_stored(rid, why), {}, {}});
    }
    connections_.sessions_ended(id, ended);
    v1::ServerMessage answer;
    answer.set_request_id(rid);
    answer.mutable_ok();
    reply({std::move(answer), AccountReply::Binding::kUnbind, {}});
  };
  if (m.everywhere()) return accounts_.delete_sessions(bound->account_id, std::move(done));
  accounts_.delete_session(bound->session_hash, std::move(done));
}

void AccountService::delete_account(std::uint64_t rid, const v1::DeleteAccount& m, const std::string& address,
                                    const AccountBinding* bound, Reply& reply) {
  if (m.password().size() > kMaxPasswordBytes) {
    return reply({error(rid, v1::INVALID_ARGUMENT, "passwords have at most 128 bytes"), {}, {}});
  }
  const auto account = current(bound);
  if (!account) return reply({error(rid, v1::NOT_SIGNED_IN, "sign in first"), AccountReply::Binding::kUnbind, {}});
  auto remove = [this, rid, id = account->id](Reply& reply) {
    accounts_.delete_account(id, kDeletedName,
                             [this, rid, id, reply = std::move(reply)](bool ok, const std::string& why) {
                               if (!ok) {
                                 spdlog::error("accounts: account {} not deleted: {}", id, why);
                                 return reply({not_stored(rid, why), {}, {}});
                               }
                               connections_.sessions_ended(id, EndedSessions{});
                               v1::ServerMessage answer;
                               answer.set_request_id(rid);
                               spdlog::info("accounts: account {} deleted", id);
                               answer.mutable_ok();
                               reply({std::move(answer), AccountReply::Binding::kUnbind, {}});
                             });
  };
  if (account->claimed_at == 0) return remove(reply);  // a guest's session is its only key
  if (!admit(rid, address, &account->username_key, reply)) return;
  on_pool(rid, reply, [this, rid, account = *account, password = m.password(), remove](Reply& reply) {
    if (!hasher_.verify(account.password_hash, password)) {
      return password_failed(account.username_key, [this, rid, reply = std::move(reply)] {
        reply({error(rid, v1::SIGN_IN_FAILED, "wrong password"), {}, {}});
      });
    }
    password_succeeded(account.username_key);
    remove(reply);
  });
}

void AccountService::get_account(std::uint64_t rid, const AccountBinding* bound, Reply& reply) {
  const auto account = current(bound);
  if (!account) return reply({error(rid, v1::NOT_SIGNED_IN, "not signed in"), AccountReply::Binding::kUnbind, {}});
  reply({info_reply(rid, *account), {}, {}});
}

// --- Helpers ---------------------------------------------------------------------

bool AccountService::prune_due(std::int64_t now) {
  std::int64_t pruned = failures_pruned_at_.load();
  return now - pruned > 3600 * 1000 && failures_pruned_at_.compare_exchange_strong(pruned, now);
}

void AccountService::password_failed(const std::string& key, std::function<void()> then) {
  const std::int64_t now = unix_millis();
  if (shared_failures_) {
    // Counted where every node counts: one atomic statement.
    try {
      if (prune_due(now)) shared_failures_->prune(now - kLockMillis);
      shared_failures_->failed(key, now, now - kLockMillis, config_.sign_in_tracked_names);
    } catch (const std::exception& e) {
      spdlog::error("accounts: a failed sign-in not counted in the shared store: {}", e.what());
    }
    return then();
  }
  const auto failures = limiter_.failed(key);
  if (!failures) return then();  // not tracked (the bound): nothing to store
  // The rows of names forgotten (older than any wait) go now and then, so
  // that the table holds about the names the limiter tracks, at most.
  if (prune_due(now)) {
    failures_.prune(now - kLockMillis, [](bool ok, const std::string& why) {
      if (!ok) spdlog::error("accounts: old sign-in failures not pruned: {}", why);
    });
  }
  failures_.record({key, *failures, now}, [then = std::move(then)](bool ok, const std::string& why) {
    if (!ok) spdlog::error("accounts: a failed sign-in not stored: {}", why);
    then();
  });
}

void AccountService::password_succeeded(const std::string& key) {
  if (shared_failures_) {
    try {
      shared_failures_->succeeded(key);
    } catch (const std::exception& e) {
      spdlog::error("accounts: a name's failed sign-ins not cleared in the shared store: {}", e.what());
    }
    return;
  }
  if (!limiter_.succeeded(key)) return;
  failures_.clear(key, [](bool ok, const std::string& why) {
    if (!ok) spdlog::error("accounts: a name's failed sign-ins not cleared: {}", why);
  });
}

void AccountService::restore_failures() {
  const std::int64_t now = unix_millis();
  failures_pruned_at_ = now;
  if (shared_failures_) {
    // The counts stay in the shared store, read at each attempt.
    try {
      shared_failures_->prune(now - kLockMillis);
    } catch (const std::exception& e) {
      spdlog::error("accounts: old sign-in failures not pruned in the shared store: {}", e.what());
    }
    return;
  }
  failures_.prune(now - kLockMillis, [](bool ok, const std::string& why) {
    if (!ok) spdlog::error("accounts: old sign-in failures not pruned: {}", why);
  });
  const auto steady_now = LimitClock::now();
  const auto rows = failures_.load(now - kLockMillis, config_.sign_in_tracked_names);
  // Most recent first: within the bound, the freshest are kept.
  for (const auto& row : rows) {
    limiter_.restore(row.name_key, row.failures,
                     steady_now - std::chrono::milliseconds(std::max<std::int64_t>(0, now - row.last_failure_at)));
  }
  if (!rows.empty()) spdlog::info("accounts: failed sign-ins restored for {} names", rows.size());
}

std::optional<AccountRecord> AccountService::current(const AccountBinding* bound) const {
  // Read at every request: a session ended elsewhere (sign out everywhere,
  // a new password, deletion) ends here at the next request.
  if (!bound) return std::nullopt;
  const auto session = accounts_.session(bound->session_hash);
  if (!session || session->account_id != bound->account_id || !session_live(*session, unix_millis())) {
    return std::nullopt;
  }
  return accounts_.account(bound->account_id);
}

bool AccountService::session_live(const SessionRecord& session, std::int64_t now) const {
  return static_cast<double>(now - session.last_used_at) < config_.session_idle_expiry_s * 1000 &&
         static_cast<double>(now - session.created_at) < config_.session_absolute_expiry_s * 1000;
}

bool AccountService::admit(std::uint64_t rid, const std::string& address, const std::string* name_key, Reply& reply) {
  using V = SignInLimiter::Verdict;
  auto decision = limiter_.take_address(address);
  if (decision.verdict == V::kAllowed && name_key) decision = check_name(*name_key);
  switch (decision.verdict) {
    case V::kAllowed: return true;
    case V::kAddressLimited:
      reply({error(rid, v1::TOO_MANY_ATTEMPTS,
                   retry_text("too many password attempts from your address", decision.retry_after_s)),
             {},
             {}});
      return false;
    case V::kNameBackedOff:
      reply({error(rid, v1::TOO_MANY_ATTEMPTS,
                   retry_text("too many failed attempts on that username", decision.retry_after_s)),
             {},
             {}});
      return false;
    case V::kFull:
      reply({error(rid, v1::SERVER_BUSY, retry_text("too many sign-ins at once", decision.retry_after_s)), {}, {}});
      return false;
  }
  return false;
}

SignInLimiter::Decision AccountService::check_name(const std::string& key) {
  if (!shared_failures_) return limiter_.check_name(key);
  // The count every node keeps (this runs on an account worker); the
  // wall clocks of the node that failed last and of this one.
  const std::int64_t now = unix_millis();
  const auto count = shared_failures_->read(key, now - kLockMillis, config_.sign_in_tracked_names);
  if (count.full) return {SignInLimiter::Verdict::kFull, SignInLimiter::kFullRetrySeconds};
  if (count.failures == 0) return {};
  return limiter_.check_count(count.failures, static_cast<double>(now - count.last_failure_at) / 1000);
}

void AccountService::on_pool(std::uint64_t rid, Reply& reply, std::function<void(Reply&)> job) {
  auto shared_reply = std::make_shared<Reply>(reply);
  const bool queued = pool_.submit([this, rid, job = std::move(job), shared_reply] {
    try {
      job(*shared_reply);
    } catch (const persistence::StoreUnavailable& e) {
      // (A job that handed its reply on has answered or will: not twice.)
      spdlog::warn("accounts: password job not served: {}", e.what());
      if (*shared_reply) (*shared_reply)({error(rid, v1::SERVER_BUSY, kAccountsUnavailable), {}, {}});
    } catch (const std::exception& e) {
      spdlog::error("accounts: password job failed: {}", e.what());
      if (*shared_reply) (*shared_reply)({error(rid, v1::INTERNAL, kInternal), {}, {}});
    }
  });
  if (!queued) reply({error(rid, v1::SERVER_BUSY, "too many sign-ins at once; try again in a moment"), {}, {}});
}

std::pair<std::string, SessionRecord> AccountService::new_session(std::int64_t account_id) const {
  std::string token = new_secret_token();  // 256 bits from the CSPRNG
  const std::int64_t now = unix_millis();
  SessionRecord record{sha256_hex(token), account_id, now, now};
  return {std::move(token), std::move(record)};
}

v1::ServerMessage AccountService::error(std::uint64_t rid, v1::ErrorCode code, std::string text) const {
  return error_reply(metrics_, rid, code, std::move(text));
}

v1::ServerMessage AccountService::not_stored(std::uint64_t rid, const std::string& why) const {
  if (AccountRecords::unavailable(why)) return error(rid, v1::SERVER_BUSY, kAccountsUnavailable);
  return error(rid, v1::INTERNAL, kInternal);
}

v1::ServerMessage AccountService::session_reply(std::uint64_t rid, const AccountRecord& account,
                                                const std::string& token, const SessionRecord& session) const {
  v1::ServerMessage m = info_reply(rid, account);
  v1::AccountInfo info = std::move(*m.mutable_account());
  auto* s = m.mutable_account_session();
  *s->mutable_account() = std::move(info);
  s->set_session_token(token);
  s->set_expires_unix_ms(session.created_at + static_cast<std::int64_t>(config_.session_absolute_expiry_s * 1000));
  return m;
}

v1::ServerMessage AccountService::info_reply(std::uint64_t rid, const AccountRecord& account) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  auto* info = m.mutable_account();
  info->set_username(account.username);
  info->set_display_name(account.display_name);
  info->set_guest(account.claimed_at == 0);
  info->set_created_unix_ms(account.created_at);
  return m;
}

}  // namespace brethren::server
