// The connections of this node signed in to each account (issue #27 item
// 2; docs/accounts.md, "Ended sessions"), so that sessions ended by sign-out
// everywhere, a new password or a deletion end their connections' rights at
// once instead of at their next account request. A connection registers a
// callback while it is signed in; the callback runs on the caller's thread
// and must post to the connection's own strand. Thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace brethren::server {

// Which of an account's sessions ended: one (sign-out), or all but one
// (a new password keeps the changer's) or all (sign-out everywhere, deletion).
struct EndedSessions {
  std::string only;  // non-empty: just this session
  std::string keep;  // else every session but this one (empty: all)
  bool ends(const std::string& session_hash) const {
    return only.empty() ? session_hash != keep : session_hash == only;
  }
};

class SignedInConnections {
 public:
  // The connection unbinds itself when `ends(its session)`.
  using Ended = std::function<void(const EndedSessions&)>;

  void add(std::int64_t account_id, std::uint64_t connection_id, Ended ended);
  void remove(std::int64_t account_id, std::uint64_t connection_id);
  // In a cluster: hears every end this node's service reports, to tell the
  // other nodes (server/cluster/session_ends_redis.h). Null: a single node.
  using Relay = std::function<void(std::int64_t account_id, const EndedSessions&)>;
  void set_relay(Relay relay);
  // Ended by this node's account service: every registered connection of
  // the account hears it, and the relay tells the other nodes.
  void sessions_ended(std::int64_t account_id, const EndedSessions& ended);
  // Ended on another node: this node's connections only.
  void sessions_ended_elsewhere(std::int64_t account_id, const EndedSessions& ended);
  std::size_t size() const;

 private:
  void tell(std::int64_t account_id, const EndedSessions& ended);
  struct Entry {
    std::uint64_t connection_id = 0;
    Ended ended;
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::int64_t, std::vector<Entry>> by_account_;
  Relay relay_;
};

}  // namespace brethren::server
