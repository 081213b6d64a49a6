// One WebSocket connection: reads frames, decodes them, applies the rate
// limit and request-id rules, answers connection-level requests and hands
// room requests to their room. Everything runs on the connection's strand.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "persistence/accounts.h"
#include "server/match/client.h"
#include "server/protocol/codec.h"
#include "server/net/coalescing_socket.h"
#include "server/base/rate_limiter.h"
#include "server/room/caller.h"
#include "server/room/services.h"

namespace brethren::server {

class RoomDirectory;
class SessionRegistry;
struct AccountBinding;
struct AccountReply;
struct EndedSessions;

class WsSession : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::beast::tcp_stream&& stream, Services& services, RoomDirectory& rooms, SessionRegistry& registry);
  ~WsSession() override;

  // `client_address`: the peer's, or the client a trusted proxy named.
  void run(boost::beast::http::request<boost::beast::http::string_body> request, std::string client_address);

  std::uint64_t client_id() const override { return id_; }
  void deliver(v1::ServerMessage message) override;
  void deliver_all(std::vector<v1::ServerMessage> messages) override;
  void close(std::uint16_t code, std::string reason) override;
  void joined_room(const std::string& code) override;
  void left_room(const std::string& code) override;

 private:
  struct Outgoing {
    std::string data;
    bool binary = false;
    bool close = false;
    std::uint16_t close_code = 1000;
  };

  void on_accept(boost::beast::error_code ec);
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_frame(std::string_view frame, Encoding encoding);
  void on_control(boost::beast::websocket::frame_type kind, std::string_view payload);
  // Counts received bytes against the byte rate; false (and closing) past it.
  bool take_bytes(std::size_t bytes);
  void dispatch(v1::ClientMessage message);
  // In a cluster: why a room this node does not hold is another node's, or
  // nullopt when the code names this node (or is no code at all).
  std::optional<std::string> wrong_node_message(const std::string& code) const;
  void send(v1::ServerMessage message);
  void send_error(std::uint64_t request_id, v1::ErrorCode code, std::string text);
  void enqueue(Outgoing out);
  // Runs `fn`, whose sends only queue, then writes what it queued: the
  // frames a handler sends leave together, without a trip through the
  // strand first.
  template <class Fn>
  void batch(Fn&& fn);
  void write_next();
  // The client does not read fast enough: what it has not read is dropped
  // and it is closed (1008), or dropped at once when even the socket's own
  // queue is full.
  void overflow(std::size_t bytes);
  // Ends the connection without a close handshake.
  void drop(const char* why);
  void start_close_deadline();
  void finish();

  // Connection-level requests.
  void on_hello(std::uint64_t rid, const v1::Hello& m);
  void on_list_games(std::uint64_t rid);
  // `caller`: a claimed account's creator is named by its username.
  void on_create_room(std::uint64_t rid, const v1::CreateRoom& m, const Caller& caller);
  void on_list_rooms(std::uint64_t rid, const v1::ListRooms& m);
  // Account requests go to the account service (server/account/), one at a
  // time per connection; its reply may bind the connection to a session.
  // GetProfile, GetLeaderboard (docs/ratings.md).
  void on_players(std::uint64_t rid, v1::ClientMessage message);
  void on_account(std::uint64_t rid, v1::ClientMessage message);
  void on_account_reply(AccountReply reply);
  // The connection is signed in with `bound` (registered with the account
  // service's SignedInConnections; a seat it holds by token alone becomes the
  // account's), or no longer signed in.
  void bind_account(AccountBinding bound);
  void unbind_account();
  // Sessions of the account ended elsewhere (sign-out everywhere, a new
  // password, deletion): unbound now when its own is one of them, told by
  // the push `error NOT_SIGNED_IN` (requestId 0).
  void account_sessions_ended(std::int64_t account_id, const EndedSessions& ended);
  // QuickPlay and CancelQuickPlay go to the quick-play service (server/quickplay/).
  void on_quick_play(std::uint64_t rid, const v1::ClientMessage& message);
  // Identity at the table (issue #27, item 4): who sends a room request
  // that seats or names by account (CreateRoom, JoinRoom, TakeSeat,
  // Resume), its session read now; `then` runs with him, or not at all
  // when the session has ended (answered NOT_SIGNED_IN, the connection no
  // longer signed in) or could not be read (answered by send_unread).
  void with_caller(std::uint64_t rid, const v1::ClientMessage& message, std::function<void(Caller)> then);
  // How a session read went: read (the account, or nullopt when the session
  // has ended), or not: the workers' queue was full, the shared store was
  // out of reach, or it failed otherwise.
  enum class SessionRead { kRead, kBusy, kUnavailable, kFailed };
  // The signed-in account's session read now, then `then` on this strand.
  void with_account(std::function<void(std::optional<persistence::AccountRecord> account, SessionRead read)> then);
  // The answer to a request whose session was not read: SERVER_BUSY while
  // the workers are full or the shared store is out of reach (try again
  // shortly), INTERNAL for a real failure.
  void send_unread(std::uint64_t rid, SessionRead read);
  // A shared account store (PostgreSQL) blocks: `work` runs on the account
  // workers, then `then` here, and requests that arrive meanwhile wait in
  // order (parked_). Otherwise both run now. False (nothing run) when the
  // workers' queue is full.
  bool off_strand(std::function<void()> work, std::function<void()> then);
  void resume_parked();
  // The signed-in account's live rooms, his turn first.
  void on_my_rooms(std::uint64_t rid);
  void send_my_rooms(std::uint64_t rid, std::int64_t account_id);

  // Memory per idle connection matters (docs/performance.md): a plain
  // socket instead of a tcp_stream (no timers of its own; the websocket
  // stream has its timeouts), reads in small chunks into the session instead
  // of a growing buffer, and no allocation for an empty send queue.
  boost::beast::websocket::stream<CoalescingSocket> ws_;
  // A binary move fits; longer messages are assembled in `message_`.
  static constexpr std::size_t kReadChunk = 64;
  std::array<char, kReadChunk> read_chunk_;
  std::string message_;
  Services& services_;
  RoomDirectory& rooms_;
  SessionRegistry& registry_;
  const std::uint64_t id_;
  RateLimiter limiter_;
  TokenBucket bytes_in_;
  std::string remote_address_;
  std::size_t queued_bytes_ = 0;  // data in queue_
  // Only while closing: a peer that does not finish the close handshake in
  // time is dropped.
  std::unique_ptr<boost::asio::steady_timer> close_deadline_;
  std::uint64_t last_request_id_ = 0;
  std::vector<Outgoing> queue_;  // written together, in order
  // Usually a few (at most every room: --max-rooms); a vector, no tree per
  // connection.
  std::vector<std::string> room_codes_;
  // The account session this connection is signed in with, if any.
  std::unique_ptr<AccountBinding> account_;
  // Requests waiting while a shared account store is read (off_strand).
  std::unique_ptr<std::deque<v1::ClientMessage>> parked_;
  // The small fields together (padding counts: 368 bytes in all keeps the
  // session in a 384-byte allocation).
  int rooms_created_ = 0;
  Encoding encoding_ = Encoding::kJson;  // of the last frame received
  bool writing_ = false;
  bool batching_ = false;  // inside batch(): the batch writes at its end
  bool closing_ = false;
  bool finished_ = false;
  bool account_busy_ = false;  // an account request is being answered
  bool quick_played_ = false;  // sent a quick-play request: its entry leaves when it closes
  bool paused_ = false;        // off_strand() work running: requests are parked
};

}  // namespace brethren::server
