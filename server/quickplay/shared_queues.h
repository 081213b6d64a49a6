// Quick play across the nodes of a cluster (docs/quickplay.md, "Across
// nodes"): what QuickPlay hands to the cluster's shared queues and what it
// gets back. The queues themselves live in the lobby's Redis
// (server/cluster/quick_play_redis.*); this header knows no Redis, so that
// QuickPlay stays testable without one.
//
// The flow: a node writes each waiting player as a ticket; one matcher at
// a time reads every node's tickets, forms tables with the same rules as a
// single node (QuickPlayQueue), and claims each table's tickets atomically,
// handing the table to the node of most of its people; that node makes the
// room and each player's node tells him MATCHED (his room and seat token).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace brethren::server::quickplay {

// A waiting player, as every node sees him. Ids are unique in the cluster:
// the node id in the top byte, a per-process counter below.
struct Ticket {
  std::uint64_t id = 0;
  std::string game_id;
  int seats = 0;
  std::int64_t account_id = 0;
  std::string display_name;
  bool claimed = false;  // display_name is the account's username
  double mu = 0;
  std::int64_t since_unix_ms = 0;
};

inline int ticket_node(std::uint64_t ticket) { return static_cast<int>(ticket >> 56); }

// A table the matcher formed: its people in seat order (bots fill the rest).
struct FormedTable {
  std::string game_id;
  int seats = 0;
  std::vector<Ticket> people;
};

class SharedQueues {
 public:
  virtual ~SharedQueues() = default;
  // Written in the next round; the ticket's id names this node.
  virtual void add(Ticket ticket) = 0;
  // Taken out in the next round. `done(true)`: it was still waiting;
  // `done(false)`: a matcher had claimed it (a room is being made for him).
  // Called on the shared queues' thread.
  virtual void remove(std::uint64_t ticket, std::function<void(bool removed)> done) = 0;
  // Sends a serialized ServerMessage (QuickPlayStatus) to the node of
  // `ticket`, which delivers it to the player waiting there.
  virtual void tell(std::uint64_t ticket, std::string message) = 0;
  // How many wait for `game_id` on the other nodes, as of the last round.
  virtual std::size_t waiting(const std::string& game_id) const = 0;
};

}  // namespace brethren::server::quickplay
