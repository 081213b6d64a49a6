#include "server/account/deleted_accounts_follower.h"

#include <spdlog/spdlog.h>

#include <future>

#include "server/account/account_service.h"
#include "server/room/account_rooms.h"
#include "server/room/room.h"
#include "server/room/room_directory.h"

namespace brethren::server {

DeletedAccountsFollower::DeletedAccountsFollower(persistence::postgres::Pool& pool, persistence::Store& store,
                                                 const std::string& db_path, AccountRooms& account_rooms,
                                                 RoomDirectory& rooms)
    : shared_(pool), local_(store, db_path), account_rooms_(account_rooms), rooms_(rooms) {
  thread_ = std::thread([this] { run(); });
}

DeletedAccountsFollower::~DeletedAccountsFollower() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void DeletedAccountsFollower::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    // A full batch: more may wait, read on at once.
    bool more = false;
    do {
      more = follow();
      lock.lock();
      const bool stop = stopping_;
      lock.unlock();
      if (stop) break;
    } while (more);
    lock.lock();
    wake_.wait_for(lock, kPeriod, [this] { return stopping_; });
  }
}

bool DeletedAccountsFollower::resume() {
  // Where this node stopped, if the list is still the one it followed: the
  // account it saved must be listed at the saved position. A PostgreSQL
  // restored from a dump lists other accounts there (or nothing), and
  // whatever the node applied after the dump may be gone: from the start
  // then, as a node without a saved position does (the rewrites are
  // idempotent).
  try {
    const auto saved = local_.followed_deletions();
    if (saved && shared_.listed_at(saved->position) == saved->account_id) {
      position_ = saved->position;
    } else if (saved) {
      spdlog::warn(
          "accounts: the shared list of deleted accounts is not the one this node followed (a restored "
          "PostgreSQL?): following it from the start");
    }
  } catch (const std::exception& e) {
    if (!failing_) spdlog::warn("accounts: where this node stopped following deleted accounts not read: {}", e.what());
    failing_ = true;
    return false;
  }
  resumed_ = true;
  return true;
}

void DeletedAccountsFollower::save(std::int64_t account_id) {
  std::promise<std::pair<bool, std::string>> stored;
  auto done = stored.get_future();
  local_.save_followed_deletions({position_, account_id}, [&stored](bool ok, const std::string& why) {
    stored.set_value({ok, why});
  });
  // Not saved: the next start reads again what was applied (idempotent).
  if (const auto [ok, why] = done.get(); !ok) spdlog::warn("accounts: deleted accounts' position not saved: {}", why);
}

bool DeletedAccountsFollower::follow() {
  if (!resumed_ && !resume()) return false;
  std::vector<persistence::postgres::DeletedAccount> listed;
  try {
    listed = shared_.deleted_since(position_, kBatch);
  } catch (const std::exception& e) {
    if (!failing_) spdlog::warn("accounts: deleted accounts not read from the shared store: {}", e.what());
    failing_ = true;
    return false;
  }
  // The batch's purged guests in one commit (a purge lists up to a thousand
  // at once), then its deleted accounts one by one. An id is listed once,
  // so the order between the two does not matter.
  std::vector<std::int64_t> purged;
  for (const auto& entry : listed) {
    if (entry.purged) purged.push_back(entry.account_id);
  }
  if (!purged.empty() && !forget(purged)) return false;
  for (const auto& entry : listed) {
    if (!entry.purged && !anonymise(entry.account_id)) return false;
    position_ = entry.position;
  }
  if (!listed.empty()) save(listed.back().account_id);
  if (failing_) spdlog::info("accounts: deleted accounts followed again");
  failing_ = false;
  return listed.size() == kBatch;
}

bool DeletedAccountsFollower::forget(const std::vector<std::int64_t>& purged) {
  // This node's stored seats keep their names and name no account; then its
  // live rooms (a guest held only here is purged only if this node was
  // away, or if he sat down just as the purge ran).
  std::promise<std::pair<bool, std::string>> stored;
  auto done = stored.get_future();
  local_.forget_accounts(purged, [&stored](bool ok, const std::string& why) { stored.set_value({ok, why}); });
  const auto [ok, why] = done.get();
  if (!ok) {
    if (!failing_) spdlog::error("accounts: seats of purged guests not unbound here: {}", why);
    failing_ = true;
    return false;
  }
  for (const auto account_id : purged) {
    for (const auto& code : account_rooms_.rooms_of(account_id)) {
      if (auto room = rooms_.find(code)) room->account_purged(account_id);
    }
    account_rooms_.forget_account(account_id);
  }
  return true;
}

bool DeletedAccountsFollower::anonymise(std::int64_t account_id) {
  // This node's stored seats first (one commit, through the store's
  // writer), then its live rooms: the same as the deleting node does.
  std::promise<std::pair<bool, std::string>> stored;
  auto done = stored.get_future();
  local_.delete_account(account_id, AccountService::kDeletedName, [&stored](bool ok, const std::string& why) {
    stored.set_value({ok, why});
  });
  const auto [ok, why] = done.get();
  if (!ok) {
    if (!failing_) spdlog::error("accounts: seats of deleted account not anonymised here: {}", why);
    failing_ = true;
    return false;
  }
  for (const auto& code : account_rooms_.rooms_of(account_id)) {
    if (auto room = rooms_.find(code)) room->account_deleted(account_id, AccountService::kDeletedName);
  }
  account_rooms_.forget_account(account_id);
  return true;
}

}  // namespace brethren::server
