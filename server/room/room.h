// One room: the coordinator of its parts, each a class with one job and no
// I/O: its seats (room_seats.h), members (room_members.h), host controls
// (host_controls.h), chat (chat_log.h) and expiry (room_expiry.h); and the
// runner of its match (server/match/match_runner.h: moves, commits, clock,
// bots). The room asks its parts, stores what changes, then answers and
// tells the members. Every member function that touches this state runs on
// the room's strand; the public entry points post there. The room gives its
// runner the store, the strand's timers and its members (MatchStore,
// MatchClock, MatchObserver).
#pragma once

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "brethren/v1/protocol.pb.h"
#include "persistence/records.h"
#include "rules/core/game.h"
#include "server/match/client.h"
#include "server/match/match_runner.h"
#include "server/match/stored_match.h"
#include "server/rating/finished_match.h"
#include "server/room/caller.h"
#include "server/room/chat_log.h"
#include "server/room/host_controls.h"
#include "server/room/refusal.h"
#include "server/room/room_expiry.h"
#include "server/room/room_members.h"
#include "server/room/room_phase.h"
#include "server/room/room_seats.h"
#include "server/room/services.h"

namespace brethren::server {

class Room : public std::enable_shared_from_this<Room>,
             private MatchStore,
             private MatchClock,
             private MatchObserver,
             private MatchSearcher {
 public:
  using Clock = std::chrono::steady_clock;

  Room(Services& services, const rules::Game& game, persistence::RoomRecord record);

  const std::string& code() const { return record_.code; }

  // Stores the new room, then answers the creator (who becomes its host and
  // first member) with RoomCreated.
  void create(std::shared_ptr<Client> creator, std::uint64_t request_id, std::string host_token,
              std::string display_name);
  // A request naming this room; `caller`: who sent it (signed in or not).
  void handle(std::shared_ptr<Client> client, std::uint64_t request_id, v1::ClientMessage message,
              Clock::time_point received, Caller caller = {});
  // The connection closed.
  void disconnected(std::uint64_t client_id);

  // Quick play (server/quickplay/, room_quick_play.cc): a room the server
  // made for a table it formed, with no host. One seat per entry, in order.
  struct QuickPlaySeat {
    std::weak_ptr<Client> client;  // a person (his connection may be gone already)
    std::string display_name;
    std::int64_t account_id = 0;
    std::string bot_kind;  // non-empty: a bot of this kind holds the seat
    bool claimed = false;  // display_name is the account's username
    // A person waiting on another node of the cluster: his MATCHED or
    // CANCELLED goes there (quick play across nodes) instead of to a client.
    std::function<void(v1::ServerMessage)> elsewhere;
  };
  // Stores the room, its seats and its first match in one commit; then each
  // person still connected is a member on his seat and gets QuickPlayStatus
  // MATCHED (his seat token), and the match runs. A failure tells them
  // CANCELLED; `done(ok)` runs after either, on the room's strand.
  void start_quick_play(std::vector<QuickPlaySeat> seats, std::function<void(bool)> done);
  // Shutdown: close every member connection with 1001.
  void close_all();

  // Expiry (server/room/room_expiry.cc), on the room's strand: when nobody is
  // connected and the room has been idle longer than its kind allows, it is
  // marked expired in the store (an unfinished match is marked abandoned),
  // stops its timers, refuses requests with UNKNOWN_ROOM, and then calls
  // `forget` (the directory drops it). Nothing happens while anyone is in
  // the room or a commit is in flight.
  using ExpiryPolicy = ::brethren::server::ExpiryPolicy;
  void expire_if_idle(ExpiryPolicy policy, std::function<void()> forget);

  // The room a room request names; nullptr for the connection's own
  // requests (Hello, CreateRoom, ...).
  static const std::string* room_code_of(const v1::ClientMessage& message);

  // Thread-safe snapshot for ListRooms.
  v1::RoomSummary summary() const;
  bool listed() const;
  // Thread-safe (myRooms, issue #27 item 4): the room as `account_id` finds
  // it in his list, when he holds a seat and the room is open or playing;
  // nullopt otherwise. `activity`: grows with every change of any room, so
  // the larger changed last (MyRoom.active_unix_ms has ties).
  std::optional<v1::MyRoom> my_room(std::int64_t account_id, std::uint64_t& activity) const;
  // The account was deleted: its seats here show `deleted_name` and name no
  // account (stored again, in case the seat was taken while the deletion
  // was being stored); members told.
  void account_deleted(std::int64_t account_id, std::string deleted_name);
  // The guest account was purged (in a cluster, by any node): its seat here
  // keeps the name it shows and names no account (stored again); members told.
  void account_purged(std::int64_t account_id);
  // The connection `client_id` signed in (or authenticated) as `caller`:
  // the seat it holds here by its token alone becomes the account's
  // (stored, listed in myRooms, named by a claimed account's username);
  // unless the account holds another seat here already, or the seat is
  // another account's or a bot's (then nothing changes).
  void account_signed_in(std::uint64_t client_id, Caller caller);

  // --- Start-up recovery, before the server accepts connections ----------
  // (room_restore.cc)
  void restore_seat(const persistence::SeatRecord& seat);
  // Rebuilds the match by replaying its stored log; a non-empty final_state
  // (stored when the log was discarded) is loaded instead. When it does not
  // replay (the failure, with `error` in words), the room never shows it as
  // playing: a live match is ended as abandoned (stored so, and the room as
  // finished, so it expires like one), its members are told why
  // (RoomInfo.ended, MATCH_ABANDONED), the room leaves the lobby.
  ReplayFailure restore_match(const persistence::MatchRecord& match,
                              const std::vector<persistence::ActionRecord>& actions, const std::string& final_state,
                              std::string& error);
  // The room's stored chat (in seq order): its recent history and next seq.
  void restore_chat(const std::vector<persistence::ChatRecord>& chat);
  // Chat messages kept for ChatHistory (sent on JoinRoom / Resume /
  // ClaimHost): enough to follow the conversation.
  static constexpr std::size_t kChatHistorySize = ChatLog::kHistorySize;

 private:
  using Status = RoomPhase;
  // One room request: its ClientMessage body, the room code it names and
  // its handler (room.cc, Room::requests()).
  struct Request {
    v1::ClientMessage::BodyCase body;
    const std::string& (*room_code)(const v1::ClientMessage&);
    void (*handle)(Room&, const std::shared_ptr<Client>&, std::uint64_t rid, const v1::ClientMessage&,
                   Clock::time_point received);
  };
  static const std::vector<Request>& requests();
  static const Request* request_for(v1::ClientMessage::BodyCase body);
  // Request handlers (on the strand).
  void dispatch(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::ClientMessage& message,
                Clock::time_point received, const Caller& caller);
  void on_join(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::JoinRoom& m);
  void on_take_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::TakeSeat& m);
  void on_leave_seat(const std::shared_ptr<Client>& c, std::uint64_t rid);
  void on_leave_room(const std::shared_ptr<Client>& c, std::uint64_t rid);
  void on_resume(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::Resume& m);
  // The connection takes `seat` back (Resume, or JoinRoom by the seat's
  // account): the seat's previous connection is closed, the room, the
  // seat's view and the chat are sent.
  void resume_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat, std::uint64_t last_version);
  // Why the caller may not resume `seat` with its token: it is signed in to
  // another account than the seat's.
  bool seat_of_another_account(int seat) const;
  void on_claim_host(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::ClaimHost& m);
  void on_start(const std::shared_ptr<Client>& c, std::uint64_t rid);
  // A new match on the room's seats (StartMatch, Rematch): fresh seed,
  // stored, then announced; answers `rid` with RoomInfo.
  void start_match(const std::shared_ptr<Client>& c, std::uint64_t rid);
  // A new match on the room's seats with a fresh seed: its record and its
  // state, or the rules' refusal.
  struct NewMatch {
    persistence::MatchRecord record;
    std::unique_ptr<rules::State> state;
  };
  std::optional<Refusal> new_match(NewMatch& out) const;
  // The new match is stored: it is the room's, and the room is playing.
  void match_stored(const persistence::MatchRecord& match, std::unique_ptr<rules::State> state);
  void on_submit(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::SubmitAction& m,
                 Clock::time_point received);
  void on_sync(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::Sync& m);
  void on_add_bot(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::AddBot& m);
  // Chat (room_chat.cc).
  void on_send_chat(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::SendChat& m);
  void send_chat_history(const std::shared_ptr<Client>& c);
  // Host controls (room_host.cc): decided by HostControls, carried out here.
  HostControls host_controls() const { return HostControls(members_, seats_, status_); }
  void on_kick(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::KickMember& m);
  // Stores a kicked player's seat: free before the start, a bot's after.
  void store_kicked_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat);
  void on_lock(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::LockRoom& m);
  void on_transfer_host(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::TransferHost& m);
  void on_update_room(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::UpdateRoom& m);
  void on_rematch(const std::shared_ptr<Client>& c, std::uint64_t rid);
  // Stores record_ (settings, options, seats, host token) and answers `rid`
  // with RoomInfo and tells every member; on failure restores `before`.
  void store_room_record(const std::shared_ptr<Client>& c, std::uint64_t rid, persistence::RoomRecord before);
  // Removes a member at the host's word: told with Kicked, no longer a member.
  void expel(std::uint64_t client_id, const std::string& reason);
  // Spectator policy (room_host.cc): UNSPECIFIED resolved by the password.
  v1::SpectatorPolicy spectator_policy() const;
  // Whether an unseated member gets match updates.
  bool spectators_see_match() const { return spectator_policy() != v1::SPECTATORS_NONE; }

  // The match's runner for `state` (a new or restored match), its bots set
  // from the seats; then runner_->start(deadline) runs it.
  void make_runner(persistence::MatchRecord match, std::unique_ptr<rules::State> state,
                   std::vector<rules::LoggedAction> log);
  // The match's id, or 0 before the first match.
  std::int64_t match_id() const { return runner_ ? runner_->match().id : 0; }
  // Restore (room_restore.cc): the room's match could not be restored and
  // was ended (until a rematch replaces it).
  void end_unrestored(const persistence::MatchRecord& match, ReplayFailure failure, const std::string& reason);
  bool match_ended_unrestored() const { return unrestored_.has_value() && !runner_; }
  // The status members and the lobby see: ABANDONED for an ended live match.
  v1::RoomStatus shown_status() const;
  // RoomInfo.ended, its status and the ended match's commitment.
  void describe_ended(v1::RoomInfo& info) const;
  void reply_match_ended(const std::shared_ptr<Client>& c, std::uint64_t rid);

  // Autopilot (server/room/room_autopilot.cc): a seated player away longer than
  // the room's grace period is played by a bot until he resumes his seat.
  void seat_absent(int seat);
  void seat_returned(int seat);
  void on_absence_expired(int seat, std::uint64_t generation);
  // At a match's start or restore: every human seat without a connection.
  void watch_absent_seats();
  // The finished match as its ratings see it (room_match.cc).
  rating::FinishedMatch finished_match(std::int64_t match_id, std::int64_t finished_at) const;
  bool on_autopilot(int seat) const;

  // When a decision starting now in `state` must be made by (Unix ms), or 0.
  std::int64_t decision_deadline_from_now(const rules::State& state) const;
  // The kind a person's seat gets when the server must play it (autopilot,
  // a kicked player's seat): RoomSettings.autopilot_bot, else the strongest
  // the server offers (bot_kinds.h, strongest_bot_kind).
  std::string autopilot_kind() const;
  // The runner's bot for a seat of that kind (a search bot with its quick
  // stand-in, or a quick bot).
  MatchRunner::SeatBot seat_bot(const std::string& kind) const;
  // The runner's interfaces (room_match.cc): the store with the room's
  // commit accounting, timers on the strand, views to the members.
  void commit_move(persistence::ActionRecord action, std::optional<persistence::ResultRecord> result,
                   MatchStore::Done done) override;
  std::int64_t now_unix_ms() const override;
  Clock::time_point now_steady() const override;
  std::unique_ptr<MatchTimer> make_timer() override;
  void match_advanced(std::shared_ptr<Client> mover, v1::ServerMessage ack) override;
  void match_finished() override;
  // The room's own end of the match (status, retention, metrics, log); once.
  void mark_finished();
  // Searches on the server's bot pool, their results posted to the strand.
  std::unique_ptr<Search> search(std::unique_ptr<rules::State> state, int seat, std::unique_ptr<rules::SearchBot> bot,
                                 MatchSearcher::Done done) override;
  // Expiry (room_expiry.cc): what RoomExpiry judges the room on.
  RoomExpiry::Activity activity() const;
  // A stored Unix time on the steady clock (a time from before a restart).
  static Clock::time_point steady_time_of(std::int64_t unix_ms);

  // Runs the match the runner holds, at its start and after a restore: the
  // absent seats watched, the clock, the views, then the bots.
  void run_match(std::int64_t deadline);

  // Sending.
  void reply(const std::shared_ptr<Client>& c, std::uint64_t rid, v1::ServerMessage message);
  // Answers `rid` with the room as `c` sees it (RoomInfo).
  void reply_room(const std::shared_ptr<Client>& c, std::uint64_t rid);
  void reply_error(const std::shared_ptr<Client>& c, std::uint64_t rid, v1::ErrorCode code, std::string text);
  void refuse(const std::shared_ptr<Client>& c, std::uint64_t rid, Refusal refusal);
  v1::RoomInfo room_info(std::uint64_t for_client) const;
  void broadcast_room();
  // The seat of `account_id` names no account any more, and shows
  // `new_name` when given (on the strand).
  void release_account_seat(std::int64_t account_id, const std::optional<std::string>& new_name);
  // Events since the last broadcast + current views; `ack` to `mover` (if
  // any) in the same write as its view.
  void broadcast_match(const std::shared_ptr<Client>& mover = nullptr, v1::ServerMessage ack = {});
  void send_match(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat, std::uint64_t after_version);

  RoomMember* member(std::uint64_t client_id) { return members_.find(client_id); }
  // members_.add, and the connection learns it is in the room.
  RoomMember& add_member(const std::shared_ptr<Client>& c, int seat, bool host, const std::string& name);
  bool check_password(const std::string& password) const;
  void update_summary();
  // Runs `fn` on the strand once the store has committed (ok) or failed.
  template <class Fn>
  persistence::Store::Done on_strand(Fn fn);

  Services& services_;
  const rules::Game& game_;
  persistence::RoomRecord record_;
  v1::GameOptions options_;
  v1::RoomSettings settings_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;

  Status status_ = Status::kOpen;
  RoomSeats seats_;
  RoomMembers members_;

  // The match, once started (kept after its end, until a rematch).
  std::unique_ptr<MatchRunner> runner_;
  std::uint64_t broadcast_version_ = 0;  // what the members have seen
  struct Absence {
    std::unique_ptr<boost::asio::steady_timer> timer;
    std::uint64_t generation = 0;  // bumped on every return: stale expiries do nothing
    bool autopilot = false;
  };
  std::vector<Absence> absences_;  // per seat

  // Expiry: when somebody was last seen in the room (refreshed by each
  // sweep that finds a member, and set to the end when the match ends); the
  // runner knows when the last move was committed.
  Clock::time_point last_occupied_ = Clock::now();
  bool expiring_ = false;  // the expiry is being stored
  bool expired_ = false;
  // Requests that came while the expiry was being stored.
  struct HeldRequest {
    std::shared_ptr<Client> client;
    std::uint64_t request_id;
    v1::ClientMessage message;
    Clock::time_point received;
    Caller caller;
  };
  std::vector<HeldRequest> held_requests_;

  // The room's chat: the most recent messages (for ChatHistory) and the
  // next message's seq.
  ChatLog chat_;

  // The match restore could not rebuild (room_restore.cc).
  struct Unrestored {
    persistence::MatchRecord match;
    v1::MatchEnded ended;
    bool abandoned = false;  // it was live (ended as abandoned), not finished
  };
  std::optional<Unrestored> unrestored_;

  // Who sent the request being dispatched: set by dispatch() for the
  // handler's synchronous part (handlers that store first copy what they
  // need).
  Caller caller_;

  mutable std::mutex summary_mutex_;
  v1::RoomSummary summary_;
  bool listed_ = false;
  // For my_room (under summary_mutex_): each seat's account and name, the
  // seats that must act now, when the room last changed.
  struct Table {
    std::vector<std::int64_t> accounts;
    std::vector<std::string> names;
    std::vector<int> acting;
    std::int64_t active_at = 0;
    std::uint64_t activity = 0;
  };
  Table table_;
};

// In the header: the room's handlers live in several files (room*.cc).
template <class Fn>
persistence::Store::Done Room::on_strand(Fn fn) {
  ++services_.metrics.commits_in_flight;
  // Called once: the callback moves on to the strand (a move's carries its
  // pending move).
  return [self = shared_from_this(), fn = std::move(fn)](bool ok, const std::string& error) mutable {
    boost::asio::post(self->strand_, [self, fn = std::move(fn), ok, error]() mutable {
      fn(ok, error);
      // After `fn`: the shutdown waits for this count to reach 0 before it
      // closes the connections, so what `fn` delivers (a move's
      // acknowledgement) is queued on each session ahead of the close.
      --self->services_.metrics.commits_in_flight;
    });
  };
}

}  // namespace brethren::server
