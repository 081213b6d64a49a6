// Every open WebSocket session, so that shutdown can close them all.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace brethren::server {

class WsSession;

class SessionRegistry {
 public:
  std::uint64_t next_id() {
    std::lock_guard lock(mutex_);
    return ++last_id_;
  }
  void add(std::uint64_t id, std::weak_ptr<WsSession> session) {
    std::lock_guard lock(mutex_);
    sessions_[id] = std::move(session);
  }
  void remove(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    sessions_.erase(id);
  }
  std::vector<std::shared_ptr<WsSession>> all() const {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<WsSession>> out;
    for (const auto& [id, weak] : sessions_) {
      if (auto s = weak.lock()) out.push_back(std::move(s));
    }
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::uint64_t last_id_ = 0;
  std::unordered_map<std::uint64_t, std::weak_ptr<WsSession>> sessions_;
};

}  // namespace brethren::server
