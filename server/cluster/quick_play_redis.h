// Quick play across the nodes of a cluster (issue #27 item 8;
// docs/quickplay.md, "Across nodes"), in the lobby's Redis:
//
//   brethren:qp:node:<N>     hash, ticket id -> Ticket: the players waiting
//                            on node N; renewed every round, it lapses with
//                            its node (3 s)
//   brethren:qp:matcher      the node that forms tables now (1 s, renewed
//                            while it lives)
//   brethren:qp:inbox:<N>    list of tables node N is to make rooms for
//   brethren:qp:mailbox:<N>  list of QuickPlayStatus messages for players
//                            waiting on node N (MATCHED from another node)
//
// Correctness does not rest on the lock: a table's tickets are claimed by
// one script that deletes them all and pushes the table only if every one
// is still there, so no player is seated twice and a cancel either wins
// (he is out) or loses (his MATCHED is coming). The lock only keeps the
// nodes from doing the same work. Everything runs on a thread of its own,
// every 100 ms, in one pipelined round trip (two when tables were formed);
// no connection or room waits for Redis.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/base/config.h"
#include "server/quickplay/quick_play.h"
#include "server/quickplay/shared_queues.h"

struct redisContext;

namespace brethren::server {

class RedisQuickPlay : public quickplay::SharedQueues {
 public:
  static constexpr std::chrono::milliseconds kRound{100};
  // A claimed ticket whose MATCHED has not come by then (the node making
  // the room died): the player is told CANCELLED and may ask again.
  static constexpr std::chrono::seconds kClaimedTimeout{15};
  // Requests waiting for the next round; beyond, new tickets are refused
  // by the queue bound anyway (--quickplay-max-queue), and tells dropped.
  static constexpr std::size_t kMaxPending = 10000;

  // Starts the thread and makes `quick_play` (which must outlive this)
  // use these queues. Needs config.node_id >= 0 and config.lobby_redis.
  RedisQuickPlay(const Config& config, QuickPlay& quick_play);
  // Stops the thread and takes this node's players out of the queues.
  ~RedisQuickPlay() override;
  RedisQuickPlay(const RedisQuickPlay&) = delete;
  RedisQuickPlay& operator=(const RedisQuickPlay&) = delete;

  void add(quickplay::Ticket ticket) override;
  void remove(std::uint64_t ticket, std::function<void(bool removed)> done) override;
  void tell(std::uint64_t ticket, std::string message) override;
  std::size_t waiting(const std::string& game_id) const override;

  static std::string queue_key(int node);
  static std::string inbox_key(int node);
  static std::string mailbox_key(int node);
  static constexpr const char* kMatcherKey = "brethren:qp:matcher";

  // Binary-safe encodings (length-prefixed fields); strict decoders.
  static std::string encode(const quickplay::Ticket& ticket);
  static std::optional<quickplay::Ticket> decode_ticket(std::string_view bytes);
  static std::string encode(const quickplay::FormedTable& table);
  static std::optional<quickplay::FormedTable> decode_table(std::string_view bytes);

  // The matching every matcher runs over the cluster's tickets: the same
  // rules as one node's queues (QuickPlayQueue), one ticket per account
  // (its oldest), and the node of most of a table's people as its host
  // (ties: the longest waiter's). Pure, for the tests.
  struct Formed {
    quickplay::FormedTable table;
    int host = 0;
  };
  static std::vector<Formed> form_tables(const std::vector<quickplay::Ticket>& tickets,
                                         const quickplay::MatchWindow& window, quickplay::Clock::duration bot_fill,
                                         std::int64_t now_unix_ms);

 private:
  struct Pending {
    std::vector<quickplay::Ticket> adds;
    std::vector<std::pair<std::uint64_t, std::function<void(bool)>>> removes;
    std::vector<std::pair<std::uint64_t, std::string>> tells;
  };
  struct Written {
    quickplay::Ticket ticket;
    std::optional<quickplay::Clock::time_point> missing_since;  // claimed by a matcher
  };

  void run();
  bool round(Pending& pending);
  bool claim(const std::vector<Formed>& tables);
  bool connect();
  void disconnect();
  void went_down(const std::string& why, Pending& pending);

  const Config& config_;
  QuickPlay& quick_play_;
  const int node_;
  const quickplay::MatchWindow window_;
  const quickplay::Clock::duration bot_fill_;
  std::string host_;
  int port_ = 0;
  // The thread's own.
  redisContext* redis_ = nullptr;
  bool down_logged_ = false;
  std::unordered_map<std::uint64_t, Written> written_;
  // Shared with the callers.
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  Pending pending_;
  std::map<std::string, std::size_t> others_waiting_;  // per game, other nodes
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace brethren::server
