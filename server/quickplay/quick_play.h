// Quick play (issue #27 item 8, docs/quickplay.md): "play <game> with <N>".
// A signed-in connection waits in the queue of that game and seat count;
// players close in rating are seated together, with a window that widens
// as they wait (match_window.h); after --quickplay-bot-fill-ms the free
// seats of the longest waiter's table are bots of a level near the
// people's (bot_level.h). A formed table becomes a room on this node, its
// match started by the server (Room::start_quick_play).
//
// Threads: requests arrive on the connections' strands, where the checks
// that read (the session, the rating) run; the queues, and the one steady
// timer that wakes the matching when a window has widened enough or a bot
// fill is due, live on the service's own strand. A single node's queues
// are this process's; a cluster node's are shared (use_shared_queues):
// tickets in the lobby's Redis, matched by one node for all, each table
// made by the node of most of its people (shared_queues.h).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "brethren/v1/protocol.pb.h"
#include "server/match/client.h"
#include "server/quickplay/quick_play_queue.h"
#include "server/quickplay/shared_queues.h"
#include "server/rating/rating.h"
#include "server/room/room_directory.h"
#include "server/room/services.h"

namespace brethren::server {

struct AccountBinding;  // server/account/account_service.h

class QuickPlay : public std::enable_shared_from_this<QuickPlay> {
 public:
  // A signed-in player: his account and the name his seat shows.
  struct Player {
    std::int64_t account_id = 0;
    std::string display_name;  // a claimed account's username, a guest's name
    bool claimed = false;
  };
  // The player a connection's session names, or nullopt when the session
  // has ended (signed out, expired, account deleted). Called on the
  // requesting connection's strand (or, with a shared store, on an account
  // worker). Both sources throw when they cannot read: persistence::
  // StoreUnavailable is answered SERVER_BUSY, anything else INTERNAL.
  using PlayerSource = std::function<std::optional<Player>(std::int64_t account_id, const std::string& session_hash)>;
  // The player's rating in a game; a new player's (rating::initial_rating)
  // when he has none. Called on the requesting connection's strand.
  using RatingSource = std::function<rating::Rating(std::int64_t account_id, const std::string& game_id)>;
  // Every player at the new player's rating: what quick play uses until a
  // ratings store is wired in (main.cc).
  static RatingSource unrated();

  QuickPlay(Services& services, RoomDirectory& rooms, PlayerSource players, RatingSource ratings);

  // True for the requests this service answers.
  static bool handles(const v1::ClientMessage& message);
  // QuickPlay or CancelQuickPlay from `client`, signed in with `account`
  // (nullptr: not signed in).
  void handle(const std::shared_ptr<Client>& client, std::uint64_t request_id, const v1::ClientMessage& message,
              const AccountBinding* account);
  // The connection closed or changed its account: its entry, if any, leaves
  // the queue (without a message: the connection is gone or was told by
  // the account reply).
  void leave(std::uint64_t client_id);

  // --- A cluster node (docs/quickplay.md, "Across nodes") ---
  // From now on players wait in `shared` (which must outlive this service),
  // with tickets of node `node_id`. Call before serving.
  void use_shared_queues(quickplay::SharedQueues* shared, int node_id);
  // From the shared queues' thread: a table whose people the matcher
  // claimed for this node; this node makes its room.
  void host_table(quickplay::FormedTable table);
  // From the shared queues' thread: a serialized ServerMessage for the
  // player of `ticket` waiting here (his MATCHED from another node, or a
  // CANCELLED); his entry ends.
  void told(std::uint64_t ticket, std::string message);
  // From the shared queues' thread: the store is unreachable; everyone
  // waiting here is told CANCELLED with `reason`.
  void shared_queues_down(std::string reason);

 private:
  using Key = std::pair<std::string, int>;  // game id, seats
  struct Waiting {
    Key key;
    std::uint64_t ticket = 0;  // a cluster node's ticket id; 0 on a single node
    std::int64_t account_id = 0;
    std::weak_ptr<Client> client;
    std::string display_name;
    bool claimed = false;
  };

  void enqueue(const std::shared_ptr<Client>& client, std::uint64_t rid, Key key, Player player, double mu);
  void cancel(const std::shared_ptr<Client>& client, std::uint64_t rid);
  // Removes the entry of `client_id` from its queue and the indexes.
  std::optional<Waiting> take_out(std::uint64_t client_id);
  // Forms every table due at `now` in `key`'s queue, then sets the timer.
  void match(const Key& key);
  void on_timer();
  void reschedule();
  // Makes the room of a formed table and starts its match (bots in the
  // free seats); tells the players CANCELLED when the node takes no room.
  void start_table(const Key& key, const std::vector<quickplay::QueueEntry>& people);
  // The room of a table of `seats` (people first; bots fill the rest),
  // their mean rating `mean_mu` choosing the bots' level.
  void make_room(const Key& key, std::vector<Room::QuickPlaySeat> seats, double mean_mu);
  void enqueue_shared(const std::shared_ptr<Client>& client, std::uint64_t rid, Key key, Player player, double mu);
  void cancel_shared(const std::shared_ptr<Client>& client, std::uint64_t rid, std::uint64_t ticket);
  quickplay::QuickPlayQueue& queue(const Key& key);
  void reply(const std::shared_ptr<Client>& client, std::uint64_t rid, v1::ServerMessage message);
  void reply_error(const std::shared_ptr<Client>& client, std::uint64_t rid, v1::ErrorCode code, std::string text);

  Services& services_;
  RoomDirectory& rooms_;
  const PlayerSource players_;
  const RatingSource ratings_;
  const quickplay::MatchWindow window_;
  const quickplay::Clock::duration bot_fill_;
  // On the strand only.
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  std::map<Key, quickplay::QuickPlayQueue> queues_;
  std::unordered_map<std::uint64_t, Waiting> waiting_;     // by client id
  std::unordered_set<std::int64_t> accounts_;              // accounts waiting
  std::unordered_map<std::string, std::size_t> per_game_;  // players waiting per game id
  // A cluster node's: set before serving, then read-only.
  quickplay::SharedQueues* shared_ = nullptr;
  int node_id_ = -1;
  std::uint64_t next_ticket_ = 0;                             // on the strand
  std::unordered_map<std::uint64_t, std::uint64_t> tickets_;  // ticket -> client id
};

// The PlayerSource of the accounts table (persistence/accounts.h), read
// through a connection of its own: the session must exist, belong to the
// account and be within the idle and absolute expiries
// (docs/accounts.md, "Sessions").
QuickPlay::PlayerSource account_players(persistence::Store& store, const std::string& db_path, const Config& config);
// The players of the account service's store; with a shared (blocking)
// store, QuickPlay::handle runs on the account workers (WsSession).
QuickPlay::PlayerSource signed_in_players(std::shared_ptr<AccountService> accounts);

}  // namespace brethren::server
