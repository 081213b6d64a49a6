#include "server/net/ws_session.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <algorithm>
#include <optional>

#include "server/account/account_service.h"
#include "server/quickplay/quick_play.h"
#include "server/room/my_rooms.h"
#include "server/room/room_directory.h"
#include "server/base/secrets.h"
#include "server/net/players_http.h"
#include "server/net/session_registry.h"
#include "server/room/user_text.h"
#include "server/base/version.h"
#include "server/match/wire_errors.h"
#include "server/base/unix_time.h"
#include "server/room/bot_kinds.h"
#include "server/base/room_code.h"

namespace brethren::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

constexpr std::uint32_t kProtocolVersion = 1;
constexpr std::size_t kMaxPassword = 128;
constexpr std::size_t kMaxRoomCode = 32;  // codes are 9 characters; dashes and spaces are allowed
constexpr std::uint32_t kDefaultRoomPage = 50;
constexpr std::uint32_t kMaxRoomPage = 100;
// A peer that has not finished the close handshake by then is dropped.
constexpr auto kCloseDeadline = std::chrono::seconds(5);
// Received bytes may come in bursts of this many seconds' worth.
constexpr double kByteBurstSeconds = 4;

// Why a string the client sent may not be shown to others or logged
// (server/room/user_text.h), or nullopt. Checked before any room sees it.
std::optional<std::string> user_strings_problem(const v1::ClientMessage& m) {
  using M = v1::ClientMessage;
  auto password = [](const std::string& p) -> std::optional<std::string> {
    if (p.size() > kMaxPassword) return "passwords have at most " + std::to_string(kMaxPassword) + " bytes";
    return std::nullopt;
  };
  switch (m.body_case()) {
    case M::kHello: return user_text_problem(m.hello().client_name(), kClientNameRules);
    case M::kCreateRoom:
      if (auto p = password(m.create_room().password())) return p;
      return user_text_problem(m.create_room().display_name(), kDisplayNameRules);
    case M::kJoinRoom:
      if (auto p = password(m.join_room().password())) return p;
      return user_text_problem(m.join_room().display_name(), kDisplayNameRules);
    case M::kClaimHost: return user_text_problem(m.claim_host().display_name(), kDisplayNameRules);
    case M::kAddBot: return user_text_problem(m.add_bot().kind(), kBotKindRules);
    default: return std::nullopt;
  }
}

// An opaque page token is a room code this server handed out.
bool valid_page_token(const std::string& token) {
  return token.size() <= kMaxRoomCode &&
         token.find_first_not_of("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos;
}

// Probes after 150 s of silence, every 30 s, 5 times: a peer that is gone
// is closed within ~5 minutes, as Beast's suggested idle timeout (300 s) did.
void enable_tcp_keepalive(asio::ip::tcp::socket& socket) {
  using keep_idle = asio::detail::socket_option::integer<IPPROTO_TCP, TCP_KEEPIDLE>;
  using keep_interval = asio::detail::socket_option::integer<IPPROTO_TCP, TCP_KEEPINTVL>;
  using keep_count = asio::detail::socket_option::integer<IPPROTO_TCP, TCP_KEEPCNT>;
  beast::error_code ignored;
  socket.set_option(asio::socket_base::keep_alive(true), ignored);
  socket.set_option(keep_idle(150), ignored);
  socket.set_option(keep_interval(30), ignored);
  socket.set_option(keep_count(5), ignored);
}

// A claimed account sits under its username; a guest under the name he types.
Caller caller_of(const persistence::AccountRecord& account) {
  return Caller{account.id, account.claimed_at != 0 ? account.username : std::string(), account.display_name};
}

}  // namespace

WsSession::WsSession(beast::tcp_stream&& stream, Services& services, RoomDirectory& rooms, SessionRegistry& registry)
    : ws_(stream.release_socket()),
      services_(services),
      rooms_(rooms),
      registry_(registry),
      id_(registry.next_id()),
      limiter_(services.config.rate_limit, services.config.rate_burst, services.config.rate_abuse_strikes,
               services.config.rate_abuse_forgive),
      bytes_in_(services.config.max_bytes_per_second,
                std::max(kByteBurstSeconds * services.config.max_bytes_per_second,
                         2.0 * static_cast<double>(services.config.max_frame_bytes))) {}

WsSession::~WsSession() = default;

void WsSession::run(beast::http::request<beast::http::string_body> request, std::string client_address) {
  remote_address_ = std::move(client_address);
  registry_.add(id_, weak_from_this());
  ++services_.metrics.connections_open;
  ++services_.metrics.connections_total;
  beast::error_code ignored;
  // Small frames go out at once (Nagle would hold a second one for an ACK).
  beast::get_lowest_layer(ws_).set_option(asio::ip::tcp::no_delay(true), ignored);
  // Beast's handshake timeout, but no idle timer of its own: a pending timer
  // per idle connection costs ~250 bytes (docs/performance.md). Dead peers
  // are found by the kernel's TCP keepalive instead (on_accept), which costs
  // nothing per connection in the process and closes them as late as the
  // idle timeout did (~5 minutes).
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = websocket::stream_base::none();
  timeouts.keep_alive_pings = false;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, kServerName); }));
  ws_.read_message_max(services_.config.max_frame_bytes);
  // Pings and pongs count against the connection's limits like messages.
  ws_.control_callback([this](websocket::frame_type kind, beast::string_view payload) {
    on_control(kind, std::string_view(payload.data(), payload.size()));
  });
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) {
    spdlog::debug("connection {}: handshake failed: {}", id_, ec.message());
    return finish();
  }
  enable_tcp_keepalive(beast::get_lowest_layer(ws_));
  spdlog::info("connection {}: open from {}", id_, remote_address_);
  read();
}

void WsSession::read() {
  ws_.async_read_some(asio::buffer(read_chunk_), [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

void WsSession::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      spdlog::warn("connection {}: frame over {} bytes, closed (1009)", id_, services_.config.max_frame_bytes);
    } else if (ec != websocket::error::closed) {
      spdlog::debug("connection {}: read ended: {}", id_, ec.message());
    }
    return finish();
  }
  if (!take_bytes(bytes)) return;
  const Encoding encoding = ws_.got_text() ? Encoding::kJson : Encoding::kBinary;
  batch([&] {
    if (ws_.is_message_done() && message_.empty()) {
      on_frame(std::string_view(read_chunk_.data(), bytes), encoding);
    } else {
      message_.append(read_chunk_.data(), bytes);
      if (ws_.is_message_done()) {
        on_frame(message_, encoding);
        std::string().swap(message_);  // idle connections keep no big buffer
      }
    }
  });
  if (!closing_) read();
}

void WsSession::on_frame(std::string_view frame, Encoding encoding) {
  ++services_.metrics.messages_received;
  encoding_ = encoding;
  if (!limiter_.allow()) {
    ++services_.metrics.rate_limited;
    if (limiter_.abusive()) {
      spdlog::warn("connection {}: sustained flooding, closed (1008)", id_);
      return close(1008, "too many messages");
    }
    // Refused unread: only its request id is looked for.
    return send_error(peek_request_id(frame, encoding), v1::RATE_LIMITED, "too many messages; slow down");
  }
  v1::ClientMessage message;
  std::string error;
  if (!decode_client_message(frame, encoding, message, error)) return send_error(0, v1::MALFORMED_MESSAGE, error);
  dispatch(std::move(message));
}

void WsSession::on_control(websocket::frame_type kind, std::string_view payload) {
  if (finished_) return;
  // Beast answers a ping by itself, through the socket's queue, before the
  // session hears of it: a client that does not read its pongs is dropped
  // here, as nothing else would stop that queue growing.
  if (kind == websocket::frame_type::ping &&
      queued_bytes_ + ws_.next_layer().queued_bytes() >= services_.config.max_send_queue_bytes) {
    return drop("pongs not read");
  }
  if (closing_ || !take_bytes(payload.size())) return;
  if (kind != websocket::frame_type::ping) return;
  if (!limiter_.allow()) {
    ++services_.metrics.rate_limited;
    if (limiter_.abusive()) {
      spdlog::warn("connection {}: ping flood, closed (1008)", id_);
      close(1008, "too many pings");
    }
  }
}

bool WsSession::take_bytes(std::size_t bytes) {
  if (closing_ || finished_) return false;
  if (bytes_in_.take(static_cast<double>(bytes))) return true;
  spdlog::warn("connection {}: over {} bytes per second, closed (1008)", id_, services_.config.max_bytes_per_second);
  close(1008, "too many bytes");
  return false;
}

void WsSession::dispatch(v1::ClientMessage message) {
  if (paused_) {
    // Bounded like the rest: the message rate limits how many can come.
    constexpr std::size_t kMaxParked = 64;
    if (!parked_) parked_ = std::make_unique<std::deque<v1::ClientMessage>>();
    if (parked_->size() >= kMaxParked) {
      return send_error(message.request_id(), v1::SERVER_BUSY, "too many requests waiting; slow down");
    }
    parked_->push_back(std::move(message));
    return;
  }
  const std::uint64_t rid = message.request_id();
  if (message.body_case() == v1::ClientMessage::BODY_NOT_SET) {
    return send_error(rid, v1::UNKNOWN_MESSAGE, "the message names no request this server knows");
  }
  if (rid == 0 || rid <= last_request_id_) {
    return send_error(rid, v1::DUPLICATE_REQUEST,
                      "requestId must be > 0 and larger than every earlier one on this connection (last: " +
                          std::to_string(last_request_id_) + ")");
  }
  last_request_id_ = rid;
  if (auto problem = user_strings_problem(message)) return send_error(rid, v1::INVALID_ARGUMENT, std::move(*problem));
  if (AccountService::handles(message)) return on_account(rid, std::move(message));
  if (QuickPlay::handles(message)) return on_quick_play(rid, message);
  using M = v1::ClientMessage;
  switch (message.body_case()) {
    case M::kHello: return on_hello(rid, message.hello());
    case M::kListGames: return on_list_games(rid);
    case M::kCreateRoom:
      return with_caller(rid, message,
                         [this, rid, m = message.create_room()](Caller caller) { on_create_room(rid, m, caller); });
    case M::kListRooms: return on_list_rooms(rid, message.list_rooms());
    case M::kGetProfile:
    case M::kGetLeaderboard: return on_players(rid, std::move(message));
    case M::kMyRooms: return on_my_rooms(rid);
    case M::kPing: {
      v1::ServerMessage m;
      m.set_request_id(rid);
      m.mutable_pong()->set_nonce(message.ping().nonce());
      return send(std::move(m));
    }
    default: break;
  }
  const std::string* code = Room::room_code_of(message);
  auto room = code && code->size() <= kMaxRoomCode ? rooms_.find(*code) : nullptr;
  if (!room) {
    if (code && code->size() <= kMaxRoomCode) {
      if (auto where = wrong_node_message(*code)) return send_error(rid, v1::WRONG_NODE, std::move(*where));
    }
    // Echoed escaped: the code is the client's own text.
    return send_error(rid, v1::UNKNOWN_ROOM, "no room with code '" + escape_user_text(code ? *code : "") + "'");
  }
  with_caller(rid, message, [this, room, rid, message](Caller caller) mutable {
    room->handle(shared_from_this(), rid, std::move(message), std::chrono::steady_clock::now(), std::move(caller));
  });
}

void WsSession::with_caller(std::uint64_t rid, const v1::ClientMessage& message, std::function<void(Caller)> then) {
  using M = v1::ClientMessage;
  const auto body = message.body_case();
  const bool by_account = body == M::kCreateRoom || body == M::kJoinRoom || body == M::kTakeSeat || body == M::kResume;
  if (!account_ || !services_.accounts || !by_account) return then(Caller{});
  with_account(
      [this, rid, then = std::move(then)](std::optional<persistence::AccountRecord> account, SessionRead read) {
        if (read != SessionRead::kRead) return send_unread(rid, read);
        if (!account) {
          unbind_account();
          return send_error(rid, v1::NOT_SIGNED_IN, "your session has ended; sign in again");
        }
        then(caller_of(*account));
      });
}

void WsSession::with_account(std::function<void(std::optional<persistence::AccountRecord>, SessionRead)> then) {
  struct Read {
    std::optional<persistence::AccountRecord> account;
    SessionRead read = SessionRead::kFailed;
  };
  auto result = std::make_shared<Read>();
  auto work = [accounts = services_.accounts, bound = *account_, result, id = id_] {
    try {
      result->account = accounts->signed_in(bound);
      result->read = SessionRead::kRead;
    } catch (const persistence::StoreUnavailable& e) {
      spdlog::warn("connection {}: session not read: {}", id, e.what());
      result->read = SessionRead::kUnavailable;
    } catch (const std::exception& e) {
      spdlog::error("connection {}: session not read: {}", id, e.what());
    }
  };
  auto done = [then, result] { then(std::move(result->account), result->read); };
  if (!off_strand(std::move(work), std::move(done))) then(std::nullopt, SessionRead::kBusy);
}

void WsSession::send_unread(std::uint64_t rid, SessionRead read) {
  switch (read) {
    case SessionRead::kRead: return;
    case SessionRead::kBusy:
      return send_error(rid, v1::SERVER_BUSY, "too many account requests at once; try again in a moment");
    case SessionRead::kUnavailable: return send_error(rid, v1::SERVER_BUSY, kAccountsUnavailable);
    case SessionRead::kFailed:
      return send_error(rid, v1::INTERNAL, "the server could not read your session; nothing was changed");
  }
}

bool WsSession::off_strand(std::function<void()> work, std::function<void()> then) {
  if (!services_.accounts || !services_.accounts->blocking()) {
    work();
    then();
    return true;
  }
  auto self = shared_from_this();
  const bool queued = services_.accounts->run_blocking([self, work = std::move(work), then = std::move(then)] {
    try {
      work();
    } catch (const std::exception& e) {
      // `work` answers its own errors; whatever escapes must not leave the
      // connection paused for ever.
      spdlog::error("connection {}: work off its strand failed: {}", self->id_, e.what());
    }
    asio::dispatch(self->ws_.get_executor(), [self, then] {
      self->paused_ = false;
      if (self->finished_) return;
      self->batch([&] {
        then();
        self->resume_parked();
      });
    });
  });
  if (queued) paused_ = true;
  return queued;
}

void WsSession::resume_parked() {
  while (!paused_ && parked_ && !parked_->empty() && !finished_) {
    auto message = std::move(parked_->front());
    parked_->pop_front();
    dispatch(std::move(message));
  }
  if (parked_ && parked_->empty()) parked_.reset();
}

void WsSession::on_my_rooms(std::uint64_t rid) {
  if (!services_.accounts) return send_error(rid, v1::UNKNOWN_MESSAGE, "this server keeps no accounts");
  if (!account_) return send_error(rid, v1::NOT_SIGNED_IN, "sign in first");
  with_account([this, rid](std::optional<persistence::AccountRecord> account, SessionRead read) {
    if (read != SessionRead::kRead) return send_unread(rid, read);
    if (!account) {
      unbind_account();
      return send_error(rid, v1::NOT_SIGNED_IN, "your session has ended; sign in again");
    }
    send_my_rooms(rid, account->id);
  });
}

void WsSession::send_my_rooms(std::uint64_t rid, std::int64_t account_id) {
  // This node's rooms, fresh; in a cluster, the other nodes' as they
  // published them at most a heartbeat ago. Either is only ever sent to the
  // account itself.
  auto found = local_my_rooms(services_.account_rooms, rooms_, account_id);
  auto remote = services_.remote_my_rooms.of(account_id);
  for (auto& room : *remote.mutable_rooms()) found.push_back(MyRoomEntry{std::move(room), 0});
  order_my_rooms(found);
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  auto* list = reply.mutable_my_rooms();
  list->set_truncated(remote.truncated() || found.size() > kMaxMyRooms);
  if (found.size() > kMaxMyRooms) found.resize(kMaxMyRooms);
  for (auto& f : found) *list->add_rooms() = std::move(f.room);
  send(std::move(reply));
}

std::optional<std::string> WsSession::wrong_node_message(const std::string& code) const {
  const int own = services_.config.node_id;
  if (own < 0) return std::nullopt;
  // Normalized, a well-formed code holds only the alphabet: safe to echo.
  const std::string normalized = normalize_room_code(code);
  const int owner = room_code_node(normalized);
  if (owner < 0 || owner == own) return std::nullopt;
  return "room " + normalized + " lives on node brethren-" + std::to_string(owner) + ", not on " +
         services_.config.node_name + ": connect to /ws?room=" + normalized;
}

void WsSession::on_hello(std::uint64_t rid, const v1::Hello& m) {
  if (m.protocol_version() < 1) {
    return send_error(rid, v1::UNSUPPORTED_VERSION, "protocol_version must be at least 1; this server speaks 1");
  }
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  auto* h = reply.mutable_hello();
  h->set_protocol_version(std::min(m.protocol_version(), kProtocolVersion));
  h->set_server_version(kServerVersion);
  h->set_max_frame_bytes(static_cast<std::uint32_t>(services_.config.max_frame_bytes));
  send(std::move(reply));
}

void WsSession::on_list_games(std::uint64_t rid) {
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  for (const auto& game : services_.games.games()) {
    auto* info = reply.mutable_games()->add_games();
    *info = game->info();
    // The server's bot kinds, weakest first (the last is the strongest).
    info->clear_bot_kinds();
    for (const auto& offered : offered_bot_kinds(services_, game->id())) {
      auto* kind = info->add_bot_kinds();
      kind->set_kind(offered.kind);
      kind->set_time_budget_ms(offered.time_budget_ms);
      kind->set_searches(offered.searches);
    }
  }
  send(std::move(reply));
}

void WsSession::on_list_rooms(std::uint64_t rid, const v1::ListRooms& m) {
  // Paged: an unpaged list of thousands of rooms was half a megabyte per
  // request.
  if (m.page_size() > kMaxRoomPage) {
    return send_error(rid, v1::INVALID_ARGUMENT, "page_size is at most " + std::to_string(kMaxRoomPage));
  }
  if (!valid_page_token(m.page_token())) {
    return send_error(rid, v1::INVALID_ARGUMENT, "page_token is not one this server handed out");
  }
  auto page = rooms_.list_public_page(m.game_id(), m.with_free_seats(), m.page_token(),
                                      m.page_size() == 0 ? kDefaultRoomPage : m.page_size());
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  auto* list = reply.mutable_rooms();
  for (auto& summary : page.rooms) *list->add_rooms() = std::move(summary);
  list->set_next_page_token(std::move(page.next_after));
  send(std::move(reply));
}

void WsSession::on_create_room(std::uint64_t rid, const v1::CreateRoom& m, const Caller& caller) {
  if (services_.shutting_down) return send_error(rid, v1::SHUTTING_DOWN, "the server is shutting down");
  if (auto refused = rooms_.creation_refused()) return send_error(rid, v1::DRAINING, std::move(*refused));
  const rules::Game* game = services_.games.find(m.game_id());
  if (!game) return send_error(rid, v1::UNKNOWN_GAME, "no game with id '" + escape_user_text(m.game_id()) + "'");
  if (!v1::SpectatorPolicy_IsValid(m.settings().spectators())) {
    return send_error(rid, v1::INVALID_ARGUMENT, "unknown spectator policy");
  }
  if (auto problem = autopilot_bot_problem(services_, m.game_id(), m.settings().autopilot_bot())) {
    return send_error(rid, v1::INVALID_ARGUMENT, *problem);
  }
  // The rules validate seat count and options, exactly as at the start.
  if (auto checked = game->check_setup(m.options(), m.seat_count()); !checked) {
    return send_error(rid, to_protocol_error(checked.error().code), checked.error().message);
  }
  const auto& config = services_.config;
  if (rooms_created_ >= config.max_rooms_per_connection) {
    return send_error(
        rid, v1::TOO_MANY_ROOMS,
        "one connection may create at most " + std::to_string(config.max_rooms_per_connection) + " rooms");
  }
  if (rooms_.size() >= config.max_rooms) {
    return send_error(rid, v1::TOO_MANY_ROOMS, "the server holds as many rooms as it may; try again later");
  }
  // Taken last: a refused request costs the address nothing.
  if (!services_.room_quota.take(remote_address_, config.max_rooms_per_address,
                                 config.rooms_per_address_per_minute / 60.0)) {
    return send_error(rid, v1::TOO_MANY_ROOMS, "too many rooms created from your address; try again in a minute");
  }
  ++rooms_created_;
  const std::string host_token = new_secret_token();
  persistence::RoomRecord record;
  record.game_id = m.game_id();
  record.options = m.options().SerializeAsString();
  record.is_public = m.public_();
  record.seat_count = m.seat_count();
  record.host_token_hash = sha256_hex(host_token);
  record.status = persistence::RoomStatus::kOpen;
  record.created_at = unix_millis();
  record.turn_time_limit_ms = m.turn_time_limit_ms();
  record.settings = m.settings().SerializeAsString();
  const std::string password = m.password();
  auto room = rooms_.create(*game, std::move(record), [&password](persistence::RoomRecord& r) {
    if (!password.empty()) r.password_hash = sha256_hex(r.code + ":" + password);
  });
  std::string name = !caller.username.empty() ? caller.username : m.display_name();
  room->create(shared_from_this(), rid, host_token, name.empty() ? "Host" : std::move(name));
}

void WsSession::on_players(std::uint64_t rid, v1::ClientMessage message) {
  if (!services_.ratings) return send_error(rid, v1::UNKNOWN_MESSAGE, "this server keeps no ratings");
  // The reads run on the history worker, like GET /api/players/{name}.
  services_.history_pool.post([self = shared_from_this(), rid, message = std::move(message)] {
    auto reply = players_reply(self->services_, message);
    reply.set_request_id(rid);
    asio::dispatch(self->ws_.get_executor(),
                   [self, reply = std::move(reply)]() mutable { self->batch([&] { self->send(std::move(reply)); }); });
  });
}

void WsSession::on_account(std::uint64_t rid, v1::ClientMessage message) {
  if (!services_.accounts) return send_error(rid, v1::UNKNOWN_MESSAGE, "this server keeps no accounts");
  if (account_busy_) return send_error(rid, v1::SERVER_BUSY, "one account request at a time per connection");
  account_busy_ = true;
  // A deleted account's seats in this node's live rooms show "deleted
  // player" too (the store's rows are rewritten by the deletion itself).
  const std::int64_t deleting = message.has_delete_account() && account_ ? account_->account_id : 0;
  services_.accounts->handle(
      rid, message, remote_address_, account_.get(), [self = shared_from_this(), deleting](AccountReply reply) {
        if (deleting != 0 && reply.message.has_ok()) {
          for (const auto& code : self->services_.account_rooms.rooms_of(deleting)) {
            if (auto room = self->rooms_.find(code)) room->account_deleted(deleting, AccountService::kDeletedName);
          }
          self->services_.account_rooms.forget_account(deleting);
        }
        asio::dispatch(self->ws_.get_executor(),
                       [self, reply = std::move(reply)]() mutable { self->on_account_reply(std::move(reply)); });
      });
}

void WsSession::on_quick_play(std::uint64_t rid, const v1::ClientMessage& message) {
  if (!services_.quick_play) return send_error(rid, v1::UNKNOWN_MESSAGE, "this server offers no quick play");
  quick_played_ = true;
  if (!account_ || !services_.accounts || !services_.accounts->blocking()) {
    return services_.quick_play->handle(shared_from_this(), rid, message, account_.get());
  }
  // Its player is read from the shared store: on the account workers.
  auto work = [self = shared_from_this(), rid, message, bound = *account_] {
    self->services_.quick_play->handle(self, rid, message, &bound);
  };
  if (!off_strand(std::move(work), [] {})) {
    send_error(rid, v1::SERVER_BUSY, "too many account requests at once; try again in a moment");
  }
}

void WsSession::on_account_reply(AccountReply reply) {
  account_busy_ = false;
  // A quick-play entry is its account's: it leaves with the account.
  if (quick_played_ && reply.binding != AccountReply::Binding::kKeep) services_.quick_play->leave(id_);
  if (reply.binding == AccountReply::Binding::kBind) {
    bind_account(std::move(reply.bound));
  } else if (reply.binding == AccountReply::Binding::kUnbind) {
    unbind_account();
  }
  batch([&] { send(std::move(reply.message)); });
}

void WsSession::bind_account(AccountBinding bound) {
  if (account_ && account_->account_id != bound.account_id) unbind_account();
  account_ = std::make_unique<AccountBinding>(std::move(bound));
  const std::int64_t id = account_->account_id;
  std::weak_ptr<WsSession> weak = shared_from_this();
  services_.accounts->connections().add(id, id_, [weak, id](const EndedSessions& ended) {
    if (auto self = weak.lock()) {
      asio::dispatch(self->ws_.get_executor(), [self, id, ended] { self->account_sessions_ended(id, ended); });
    }
  });
  // A seat this connection took before signing in becomes the account's
  // (each room decides: not when the account holds a seat there already).
  if (room_codes_.empty()) return;
  with_account([this](std::optional<persistence::AccountRecord> account, SessionRead read) {
    if (read != SessionRead::kRead) return spdlog::error("connection {}: account not read for its seats", id_);
    if (!account) return;
    const Caller caller = caller_of(*account);
    for (const auto& code : room_codes_) {
      if (auto room = rooms_.find(code)) room->account_signed_in(id_, caller);
    }
  });
}

void WsSession::unbind_account() {
  if (!account_) return;
  if (services_.accounts) services_.accounts->connections().remove(account_->account_id, id_);
  account_.reset();
}

void WsSession::account_sessions_ended(std::int64_t account_id, const EndedSessions& ended) {
  if (finished_ || !account_ || account_->account_id != account_id || !ended.ends(account_->session_hash)) return;
  unbind_account();
  if (quick_played_) services_.quick_play->leave(id_);
  // The connection whose own request ended them learns it from the reply.
  if (account_busy_) return;
  batch([&] { send_error(0, v1::NOT_SIGNED_IN, "your session has ended; sign in again"); });
}

// --- Sending -------------------------------------------------------------------

void WsSession::deliver(v1::ServerMessage message) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)]() mutable {
    self->batch([&] { self->send(std::move(message)); });
  });
}

void WsSession::deliver_all(std::vector<v1::ServerMessage> messages) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), messages = std::move(messages)]() mutable {
    self->batch([&] {
      for (auto& message : messages) self->send(std::move(message));
    });
  });
}

void WsSession::send(v1::ServerMessage message) {
  if (closing_ || finished_) return;
  enqueue(Outgoing{encode_server_message(message, encoding_), encoding_ == Encoding::kBinary, false, 0});
}

void WsSession::send_error(std::uint64_t request_id, v1::ErrorCode code, std::string text) {
  send(error_reply(services_.metrics, request_id, code, std::move(text)));
}

void WsSession::close(std::uint16_t code, std::string reason) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)]() mutable {
    if (self->closing_ || self->finished_) return;
    self->closing_ = true;
    self->start_close_deadline();
    // Not a batch: close() may come from Beast's control callback, where no
    // write may start; the posted write_next starts it.
    self->enqueue(Outgoing{std::move(reason), false, true, code});
  });
}

void WsSession::start_close_deadline() {
  close_deadline_ = std::make_unique<asio::steady_timer>(ws_.get_executor(), kCloseDeadline);
  close_deadline_->async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec && !self->finished_) self->drop("close handshake not finished in time");
  });
}

void WsSession::overflow(std::size_t bytes) {
  spdlog::warn("connection {}: {} bytes waiting for a client that does not read them, closed (1008)", id_, bytes);
  // What it has not read it will not get; the close frame goes after the
  // bytes the socket already holds, unless even those are too many.
  queue_.clear();
  queued_bytes_ = 0;
  if (ws_.next_layer().queued_bytes() >= services_.config.max_send_queue_bytes) return drop("send queue full");
  close(1008, "too many unread messages");
}

void WsSession::drop(const char* why) {
  if (finished_) return;
  spdlog::warn("connection {}: dropped: {}", id_, why);
  closing_ = true;
  queue_.clear();
  queued_bytes_ = 0;
  // Every pending operation fails now, and the session finishes.
  ws_.next_layer().drop();
}

void WsSession::enqueue(Outgoing out) {
  if (!out.close) {
    // Everything not yet in the kernel counts. One message of any size may
    // wait alone (a full resync can be large); beyond that the bound holds.
    const std::size_t queued = queued_bytes_ + ws_.next_layer().queued_bytes();
    if ((queued > 0 && queued + out.data.size() > services_.config.max_send_queue_bytes) ||
        queue_.size() >= services_.config.max_send_queue) {
      return overflow(queued + out.data.size());
    }
    queued_bytes_ += out.data.size();
  }
  queue_.push_back(std::move(out));
  // Inside a batch the batch writes at its end; elsewhere, once the frames
  // sent in this round are queued too: one syscall for all.
  if (writing_ || batching_) return;
  writing_ = true;
  asio::post(ws_.get_executor(), [self = shared_from_this()] { self->write_next(); });
}

template <class Fn>
void WsSession::batch(Fn&& fn) {
  const bool outer = batching_;
  batching_ = true;
  fn();
  batching_ = outer;
  if (outer || writing_ || queue_.empty()) return;
  writing_ = true;
  write_next();
}

namespace {
// A whole unmasked server frame (RFC 6455 5.2): FIN, opcode, length, payload.
void append_frame(std::string& out, const std::string& payload, bool binary) {
  const std::size_t n = payload.size();
  out.push_back(static_cast<char>(0x80 | (binary ? 0x2 : 0x1)));
  if (n < 126) {
    out.push_back(static_cast<char>(n));
  } else if (n <= 0xffff) {
    out.push_back(static_cast<char>(126));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(n & 0xff));
  } else {
    out.push_back(static_cast<char>(127));
    for (int shift = 56; shift >= 0; shift -= 8)
      out.push_back(static_cast<char>((static_cast<std::uint64_t>(n) >> shift) & 0xff));
  }
  out.append(payload);
}
}  // namespace

void WsSession::write_next() {
  for (;;) {
    if (queue_.empty() || finished_) {
      writing_ = false;
      return;
    }
    Outgoing& out = queue_.front();
    if (out.close) {
      ws_.async_close(websocket::close_reason(static_cast<websocket::close_code>(out.close_code), out.data),
                      [self = shared_from_this()](beast::error_code) {
                        self->queue_.clear();
                        self->queued_bytes_ = 0;
                        self->writing_ = false;
                        self->finish();
                      });
      return;
    }
    // Every data frame up to the next close, encoded here and written at
    // once (see coalescing_socket.h); Beast's own frames pass through the
    // same queue.
    std::string frames;
    std::size_t taken = 0;
    for (; taken < queue_.size() && !queue_[taken].close; ++taken) {
      append_frame(frames, queue_[taken].data, queue_[taken].binary);
      queued_bytes_ -= queue_[taken].data.size();
    }
    queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(taken));
    if (queue_.empty() && queue_.capacity() > 64) std::vector<Outgoing>().swap(queue_);
    const bool written =
        ws_.next_layer().write_frames(std::move(frames), [self = shared_from_this()](beast::error_code ec) {
          if (ec) {
            self->queue_.clear();
            self->queued_bytes_ = 0;
            self->writing_ = false;
            // A read may no longer be pending (the session stopped reading to close).
            if (self->closing_) self->finish();
            return;
          }
          self->write_next();
        });
    // In the kernel already: on to what is queued behind (a close).
    if (!written) return;
  }
}

void WsSession::joined_room(const std::string& code) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), code] {
    // The room may answer after the connection is gone; it must still hear
    // of the disconnect, or the seat stays "connected" for ever.
    if (self->finished_) {
      if (auto room = self->rooms_.find(code)) room->disconnected(self->id_);
      return;
    }
    auto& codes = self->room_codes_;
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
  });
}

void WsSession::left_room(const std::string& code) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), code] {
    auto& codes = self->room_codes_;
    codes.erase(std::remove(codes.begin(), codes.end(), code), codes.end());
  });
}

void WsSession::finish() {
  if (finished_) return;
  finished_ = true;
  if (close_deadline_) close_deadline_->cancel();
  for (const auto& code : room_codes_) {
    if (auto room = rooms_.find(code)) room->disconnected(id_);
  }
  room_codes_.clear();
  if (quick_played_) services_.quick_play->leave(id_);
  unbind_account();
  registry_.remove(id_);
  --services_.metrics.connections_open;
  spdlog::info("connection {}: closed", id_);
}

}  // namespace brethren::server
