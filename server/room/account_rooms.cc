#include "server/room/account_rooms.h"

#include <algorithm>

namespace brethren::server {

void AccountRooms::add(std::int64_t account_id, const std::string& room_code) {
  if (account_id == 0) return;
  std::lock_guard lock(mutex_);
  auto& codes = rooms_[account_id];
  if (std::find(codes.begin(), codes.end(), room_code) == codes.end()) codes.push_back(room_code);
}

void AccountRooms::remove(std::int64_t account_id, const std::string& room_code) {
  if (account_id == 0) return;
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(account_id);
  if (it == rooms_.end()) return;
  auto& codes = it->second;
  codes.erase(std::remove(codes.begin(), codes.end(), room_code), codes.end());
  if (codes.empty()) rooms_.erase(it);
}

std::vector<std::string> AccountRooms::rooms_of(std::int64_t account_id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(account_id);
  return it == rooms_.end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::pair<std::int64_t, std::vector<std::string>>> AccountRooms::all() const {
  std::lock_guard lock(mutex_);
  return {rooms_.begin(), rooms_.end()};
}

void AccountRooms::forget_account(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  rooms_.erase(account_id);
}

}  // namespace brethren::server
