#include "server/account/signed_in_connections.h"

#include <algorithm>

namespace brethren::server {

void SignedInConnections::add(std::int64_t account_id, std::uint64_t connection_id, Ended ended) {
  std::lock_guard lock(mutex_);
  auto& entries = by_account_[account_id];
  for (auto& e : entries) {
    if (e.connection_id == connection_id) {
      e.ended = std::move(ended);
      return;
    }
  }
  entries.push_back(Entry{connection_id, std::move(ended)});
}

void SignedInConnections::remove(std::int64_t account_id, std::uint64_t connection_id) {
  std::lock_guard lock(mutex_);
  auto it = by_account_.find(account_id);
  if (it == by_account_.end()) return;
  auto& entries = it->second;
  entries.erase(std::remove_if(entries.begin(), entries.end(),
                               [connection_id](const Entry& e) { return e.connection_id == connection_id; }),
                entries.end());
  if (entries.empty()) by_account_.erase(it);
}

void SignedInConnections::set_relay(Relay relay) {
  std::lock_guard lock(mutex_);
  relay_ = std::move(relay);
}

void SignedInConnections::sessions_ended(std::int64_t account_id, const EndedSessions& ended_sessions) {
  Relay relay;
  {
    std::lock_guard lock(mutex_);
    relay = relay_;
  }
  if (relay) relay(account_id, ended_sessions);
  tell(account_id, ended_sessions);
}

void SignedInConnections::sessions_ended_elsewhere(std::int64_t account_id, const EndedSessions& ended_sessions) {
  tell(account_id, ended_sessions);
}

void SignedInConnections::tell(std::int64_t account_id, const EndedSessions& ended_sessions) {
  std::vector<Ended> told;
  {
    std::lock_guard lock(mutex_);
    auto it = by_account_.find(account_id);
    if (it == by_account_.end()) return;
    for (const auto& e : it->second) told.push_back(e.ended);
  }
  // Outside the lock: a callback may post, and the connection removes itself.
  for (const auto& ended : told) ended(ended_sessions);
}

std::size_t SignedInConnections::size() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& [id, entries] : by_account_) n += entries.size();
  return n;
}

}  // namespace brethren::server
