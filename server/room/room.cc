#include "server/room/room.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <algorithm>
#include <atomic>
#include <map>

#include "server/protocol/fairness.h"
#include "server/match/match_feed.h"
#include "server/match/stored_match.h"
#include "server/match/wire_errors.h"
#include "server/base/secrets.h"
#include "server/room/user_text.h"
#include "server/base/unix_time.h"
#include "server/room/bot_kinds.h"

namespace brethren::server {

namespace asio = boost::asio;

Room::Room(Services& services, const rules::Game& game, persistence::RoomRecord record)
    : services_(services),
      game_(game),
      record_(std::move(record)),
      strand_(asio::make_strand(services.io)),
      status_(phase_of(record_.status)),
      seats_(record_.seat_count),
      chat_(record_.code) {
  options_.ParseFromString(record_.options);
  settings_.ParseFromString(record_.settings);
  update_summary();
}

// --- Entry points -------------------------------------------------------------

void Room::create(std::shared_ptr<Client> creator, std::uint64_t rid, std::string host_token,
                  std::string display_name) {
  asio::post(strand_, [self = shared_from_this(), creator, rid, host_token, display_name] {
    self->services_.store.insert_room(self->record_, self->on_strand([self, creator, rid, host_token, display_name](
                                                                         bool ok, const std::string& error) {
      if (!ok) {
        spdlog::error("room {}: could not be stored: {}", self->code(), error);
        self->reply_error(creator, rid, v1::INTERNAL, "the room could not be stored");
        return;
      }
      self->add_member(creator, -1, true, display_name);
      v1::ServerMessage m;
      *m.mutable_room_created()->mutable_room() = self->room_info(creator->client_id());
      m.mutable_room_created()->set_host_token(host_token);
      self->reply(creator, rid, std::move(m));
      spdlog::info("room {}: created, game {}, {} seats, {} by '{}'", self->code(), self->record_.game_id,
                   self->record_.seat_count, self->record_.is_public ? "public" : "private",
                   escape_user_text(display_name));
    }));
  });
}

void Room::handle(std::shared_ptr<Client> client, std::uint64_t rid, v1::ClientMessage message,
                  Clock::time_point received, Caller caller) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client), rid, message = std::move(message),
                       received, caller = std::move(caller)]() mutable {
    // Found in the directory just before it forgot the room: answered once
    // the expiry is stored (UNKNOWN_ROOM), or handled if storing it failed.
    if (self->expired_) {
      return self->reply_error(client, rid, v1::UNKNOWN_ROOM, "room '" + self->code() + "' has expired");
    }
    if (self->expiring_) {
      self->held_requests_.push_back(
          HeldRequest{std::move(client), rid, std::move(message), received, std::move(caller)});
      return;
    }
    self->dispatch(client, rid, message, received, caller);
  });
}

namespace {
using M = v1::ClientMessage;
}  // namespace

// Every room request, once: the ClientMessage body it arrives in, the room
// code it names (the connection finds the room by it) and its handler on
// the room's strand. A new room request is one row here
// (docs/adding-a-request.md).
const std::vector<Room::Request>& Room::requests() {
  using C = std::shared_ptr<Client>;
  using T = Clock::time_point;
  static const std::vector<Request> table = {
      {M::kJoinRoom, [](const M& m) -> const std::string& { return m.join_room().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_join(c, rid, m.join_room()); }},
      {M::kTakeSeat, [](const M& m) -> const std::string& { return m.take_seat().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_take_seat(c, rid, m.take_seat()); }},
      {M::kLeaveSeat, [](const M& m) -> const std::string& { return m.leave_seat().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M&, T) { r.on_leave_seat(c, rid); }},
      {M::kLeaveRoom, [](const M& m) -> const std::string& { return m.leave_room().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M&, T) { r.on_leave_room(c, rid); }},
      {M::kResume, [](const M& m) -> const std::string& { return m.resume().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_resume(c, rid, m.resume()); }},
      {M::kClaimHost, [](const M& m) -> const std::string& { return m.claim_host().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_claim_host(c, rid, m.claim_host()); }},
      {M::kStartMatch, [](const M& m) -> const std::string& { return m.start_match().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M&, T) { r.on_start(c, rid); }},
      {M::kSubmitAction, [](const M& m) -> const std::string& { return m.submit_action().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T received) {
         r.on_submit(c, rid, m.submit_action(), received);
       }},
      {M::kSync, [](const M& m) -> const std::string& { return m.sync().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_sync(c, rid, m.sync()); }},
      {M::kAddBot, [](const M& m) -> const std::string& { return m.add_bot().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_add_bot(c, rid, m.add_bot()); }},
      {M::kSendChat, [](const M& m) -> const std::string& { return m.send_chat().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_send_chat(c, rid, m.send_chat()); }},
      {M::kKickMember, [](const M& m) -> const std::string& { return m.kick_member().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_kick(c, rid, m.kick_member()); }},
      {M::kLockRoom, [](const M& m) -> const std::string& { return m.lock_room().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_lock(c, rid, m.lock_room()); }},
      {M::kTransferHost, [](const M& m) -> const std::string& { return m.transfer_host().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_transfer_host(c, rid, m.transfer_host()); }},
      {M::kUpdateRoom, [](const M& m) -> const std::string& { return m.update_room().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M& m, T) { r.on_update_room(c, rid, m.update_room()); }},
      {M::kRematch, [](const M& m) -> const std::string& { return m.rematch().room_code(); },
       [](Room& r, const C& c, std::uint64_t rid, const M&, T) { r.on_rematch(c, rid); }},
  };
  return table;
}

const Room::Request* Room::request_for(v1::ClientMessage::BodyCase body) {
  for (const Request& request : requests()) {
    if (request.body == body) return &request;
  }
  return nullptr;
}

const std::string* Room::room_code_of(const v1::ClientMessage& message) {
  const Request* request = request_for(message.body_case());
  return request ? &request->room_code(message) : nullptr;
}

void Room::dispatch(const std::shared_ptr<Client>& client, std::uint64_t rid, const v1::ClientMessage& message,
                    Clock::time_point received, const Caller& caller) {
  const Request* request = request_for(message.body_case());
  if (!request) return reply_error(client, rid, v1::UNKNOWN_MESSAGE, "not a room request");
  caller_ = caller;
  request->handle(*this, client, rid, message, received);
  caller_ = Caller{};
}

void Room::disconnected(std::uint64_t client_id) {
  asio::post(strand_, [self = shared_from_this(), client_id] {
    const RoomMember* gone = self->members_.find(client_id);
    if (!gone) return;
    const int seat = gone->seat;
    self->members_.remove(client_id);
    if (seat >= 0 && self->seats_[seat].client_id == client_id) {
      self->seats_[seat].client_id = 0;
      spdlog::info("room {} seat {}: disconnected", self->code(), seat);
      self->seat_absent(seat);
    }
    self->broadcast_room();
  });
}

void Room::close_all() {
  asio::post(strand_, [self = shared_from_this()] {
    for (auto& [id, m] : self->members_) {
      if (auto c = m.client.lock()) c->close(1001, "server shutting down");
    }
  });
}

// --- Membership and seats -------------------------------------------------------

RoomMember& Room::add_member(const std::shared_ptr<Client>& c, int seat, bool host, const std::string& name) {
  RoomMember& m = members_.add(c, seat, host, name);
  c->joined_room(code());
  return m;
}

bool Room::check_password(const std::string& password) const {
  return record_.password_hash.empty() || sha256_hex(code() + ":" + password) == record_.password_hash;
}

void Room::on_join(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::JoinRoom& m) {
  // A signed-in player whose account holds a seat here takes it back: his
  // session proves who he is as the seat token would (no password asked,
  // as for Resume).
  if (const int own = seats_.seat_of_account(caller_.account_id); own >= 0) return resume_seat(c, rid, own, 0);
  RoomMember* existing = member(c->client_id());
  const v1::SpectatorPolicy policy = spectator_policy();
  if (!existing && settings_.locked()) return reply_error(c, rid, v1::ROOM_LOCKED, "the host locked this room");
  if (!existing && policy == v1::SPECTATORS_NONE && status_ != Status::kOpen) {
    return reply_error(c, rid, v1::SPECTATORS_FORBIDDEN, "this room allows no spectators and its match has begun");
  }
  // SPECTATORS_OPEN admits watchers without the password; a seat needs it.
  const bool password_given = check_password(m.password());
  if (!password_given && policy != v1::SPECTATORS_OPEN) {
    return reply_error(c, rid, v1::WRONG_PASSWORD, "wrong password for this room");
  }
  // A claimed account's username is its name at every table.
  std::string name = !caller_.username.empty() ? caller_.username : m.display_name();
  if (name.empty()) name = caller_.signed_in() ? caller_.account_name : "Player";
  if (existing) {
    existing->display_name = name;
    existing->password_given = existing->password_given || password_given;
  } else {
    add_member(c, -1, false, name).password_given = password_given;
    spdlog::info("room {}: '{}' joined", code(), escape_user_text(name));
  }
  reply_room(c, rid);
  const int seat = member(c->client_id())->seat;
  if (runner_ && (seat >= 0 || spectators_see_match())) send_match(c, 0, seat, 0);
  send_chat_history(c);
  broadcast_room();
}

void Room::on_take_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::TakeSeat& m) {
  RoomMember* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
  if (status_ != Status::kOpen) return reply_error(c, rid, v1::ALREADY_STARTED, "the match has started");
  if (me->seat >= 0)
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "you already hold seat " + std::to_string(me->seat));
  if (!me->password_given) {
    return reply_error(c, rid, v1::WRONG_PASSWORD, "join again with the room password to take a seat");
  }
  // One seat per account in a room (its seat is found by the account).
  if (const int own = seats_.seat_of_account(caller_.account_id); own >= 0) {
    return reply_error(c, rid, v1::ACCOUNT_ALREADY_SEATED,
                       "your account holds seat " + std::to_string(own) + " in this room: Resume takes it back");
  }
  int seat = -1;
  if (auto refused = seats_.pick(m.seat(), seat)) return refuse(c, rid, std::move(*refused));
  // Reserve now; confirm once stored. A signed-in player's seat is his
  // account's, in the same commit, under its username when claimed.
  const std::string token = new_secret_token();
  const std::int64_t account = caller_.account_id;
  if (!caller_.username.empty()) me->display_name = caller_.username;
  seats_.take(seat, me->display_name, token, c->client_id(), account);
  seats_[seat].claimed = !caller_.username.empty();
  const SeatSlot& slot = seats_[seat];
  me->seat = seat;
  services_.store.upsert_seat(persistence::SeatRecord{code(), seat, slot.display_name, slot.token_hash, "", account},
                              on_strand([this, c, rid, seat, token, account](bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {} seat {}: could not be stored: {}", code(), seat, error);
                                  seats_.free(seat);
                                  if (RoomMember* again = member(c->client_id())) again->seat = -1;
                                  return reply_error(c, rid, v1::INTERNAL, "the seat could not be stored");
                                }
                                services_.account_rooms.add(account, code());
                                update_summary();
                                v1::ServerMessage reply_message;
                                auto* taken = reply_message.mutable_seat_taken();
                                *taken->mutable_room() = room_info(c->client_id());
                                taken->set_seat(seat);
                                taken->set_seat_token(token);
                                reply(c, rid, std::move(reply_message));
                                spdlog::info("room {} seat {}: taken by '{}'", code(), seat,
                                             escape_user_text(seats_[seat].display_name));
                                broadcast_room();
                              }));
}

void Room::on_leave_seat(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  RoomMember* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
  if (me->seat < 0) return reply_error(c, rid, v1::NOT_SEATED, "you hold no seat");
  if (status_ != Status::kOpen)
    return reply_error(c, rid, v1::ALREADY_STARTED, "seats are kept once the match has started");
  const int seat = me->seat;
  services_.store.delete_seat(code(), seat, on_strand([this, c, rid, seat](bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {} seat {}: release not stored: {}", code(), seat, error);
                                  return reply_error(c, rid, v1::INTERNAL, "the seat could not be released");
                                }
                                services_.account_rooms.remove(seats_[seat].account_id, code());
                                seats_.free(seat);
                                if (RoomMember* again = member(c->client_id())) again->seat = -1;
                                update_summary();
                                reply_room(c, rid);
                                spdlog::info("room {} seat {}: released", code(), seat);
                                broadcast_room();
                              }));
}

void Room::on_leave_room(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  RoomMember* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "you are not in this room");
  const int seat = me->seat;
  members_.remove(c->client_id());
  c->left_room(code());
  if (seat >= 0) {
    if (status_ == Status::kOpen) {
      // Before the start the seat is given back; afterwards it stays the
      // player's (he can resume it with his token).
      services_.account_rooms.remove(seats_[seat].account_id, code());
      seats_.free(seat);
      services_.store.delete_seat(code(), seat, [room = code(), seat](bool ok, const std::string& error) {
        if (!ok) spdlog::error("room {} seat {}: release not stored: {}", room, seat, error);
      });
    } else if (seats_[seat].client_id == c->client_id()) {
      seats_[seat].client_id = 0;
      seat_absent(seat);
    }
  }
  v1::ServerMessage reply_message;
  reply_message.mutable_ok();
  reply(c, rid, std::move(reply_message));
  broadcast_room();
}

void Room::on_resume(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::Resume& m) {
  // Without a token, a signed-in player resumes his account's seat.
  if (m.seat_token().empty() && caller_.signed_in()) {
    const int own = seats_.seat_of_account(caller_.account_id);
    if (own < 0) return reply_error(c, rid, v1::INVALID_TOKEN, "your account holds no seat in this room");
    return resume_seat(c, rid, own, m.last_version());
  }
  const int seat = seats_.seat_of_token(m.seat_token());
  if (seat < 0) return reply_error(c, rid, v1::INVALID_TOKEN, "that seat token is not valid for this room");
  // A token does not make one account another's seat-holder (a shared
  // browser signed in to someone else keeps the first one's token).
  if (seat_of_another_account(seat)) {
    return reply_error(c, rid, v1::SEAT_OF_ANOTHER_ACCOUNT,
                       "that seat belongs to another account than the one you are signed in to");
  }
  resume_seat(c, rid, seat, m.last_version());
}

bool Room::seat_of_another_account(int seat) const {
  const std::int64_t owner = seats_[seat].account_id;
  return caller_.signed_in() && owner != 0 && owner != caller_.account_id;
}

void Room::resume_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat, std::uint64_t last_version) {
  RoomMember* me = member(c->client_id());
  if (me && me->seat >= 0 && me->seat != seat) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "this connection already holds seat " + std::to_string(me->seat));
  }
  SeatSlot& slot = seats_[seat];
  if (slot.client_id != 0 && slot.client_id != c->client_id()) {
    // The newest connection wins; the old one is told why it is closed.
    if (const RoomMember* old = members_.find(slot.client_id)) {
      if (auto old_client = old->client.lock()) {
        old_client->left_room(code());
        old_client->close(kCloseSeatResumedElsewhere, "seat resumed on another connection");
      }
      members_.remove(slot.client_id);
    }
  }
  slot.client_id = c->client_id();
  add_member(c, seat, me && me->host, slot.display_name);
  seat_returned(seat);
  spdlog::info("room {} seat {}: resumed", code(), seat);
  reply_room(c, rid);
  if (runner_) send_match(c, 0, seat, last_version);
  send_chat_history(c);
  broadcast_room();
}

void Room::on_claim_host(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::ClaimHost& m) {
  if (sha256_hex(m.host_token()) != record_.host_token_hash) {
    return reply_error(c, rid, v1::INVALID_TOKEN, "that host token is not valid for this room");
  }
  RoomMember* me = member(c->client_id());
  const std::string& name = m.display_name();
  if (me) {
    me->host = true;
    if (!name.empty()) me->display_name = name;
  } else {
    add_member(c, -1, true, name.empty() ? "Host" : name);
  }
  reply_room(c, rid);
  if (!me && runner_ && spectators_see_match()) send_match(c, 0, -1, 0);
  send_chat_history(c);
  broadcast_room();  // the others see the host (and his name) come back
}

// --- The match -----------------------------------------------------------------

void Room::on_start(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  if (auto refused = host_controls().check_start(c->client_id())) return refuse(c, rid, std::move(*refused));
  start_match(c, rid);
}

void Room::start_match(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  if (services_.draining) return reply_error(c, rid, v1::DRAINING, std::string(kDrainingRefusesMatches));
  NewMatch created;
  if (auto refused = new_match(created)) return refuse(c, rid, std::move(*refused));
  const Status before = status_;
  status_ = Status::kStarting;
  const persistence::MatchRecord match = created.record;
  auto holder = std::make_shared<std::unique_ptr<rules::State>>(std::move(created.state));
  // The match and the room's new status commit together: a match row
  // without its room playing would come back as the room's match after a
  // restart although nobody was told it had started.
  persistence::Store::Unit unit;
  unit.insert_match(match).set_room_status(code(), persistence::RoomStatus::kPlaying, unix_millis());
  services_.store.commit_unit(std::move(unit),
                              on_strand([this, c, rid, holder, before, match](bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {}: match start not stored: {}", code(), error);
                                  status_ = before;
                                  return reply_error(c, rid, v1::INTERNAL, "the match could not be stored");
                                }
                                match_stored(match, std::move(*holder));
                                reply_room(c, rid);
                                broadcast_room();
                                run_match(match.first_deadline_ms);
                              }));
}

std::optional<Refusal> Room::new_match(NewMatch& out) const {
  const std::uint64_t seed =
      services_.config.insecure_fixed_seed != 0 ? services_.config.insecure_fixed_seed : new_seed();
  // Fairness (docs/fairness.md): the salt makes the published commitment
  // unguessable; the secret seed, never published, feeds what a game keeps
  // hidden even after the end (GameInfo.secret_randomness). With a fixed
  // test seed everything is fixed (the salt too, so that runs send identical
  // bytes) and there is no secret stream, so the match is the rules' own.
  const bool fixed = services_.config.insecure_fixed_seed != 0;
  const std::string seed_salt =
      fixed ? sha256_hex("brethren-insecure-salt:" + std::to_string(seed)) : new_secret_token();
  std::uint64_t secret_seed = 0;
  while (!fixed && secret_seed == 0) secret_seed = new_seed();
  auto created = game_.new_match(rules::MatchSetup{options_, record_.seat_count, seed, secret_seed});
  if (!created) return Refusal{to_protocol_error(created.error().code), created.error().message};
  persistence::MatchRecord match{services_.store.next_match_id(),
                                 code(),
                                 record_.game_id,
                                 record_.options,
                                 seed,
                                 record_.seat_count,
                                 persistence::MatchStatus::kLive,
                                 unix_millis(),
                                 0,
                                 seed_salt,
                                 secret_seed,
                                 0};
  match.first_deadline_ms = decision_deadline_from_now(**created);
  match.rules_version = game_.rules_version();
  out.record = std::move(match);
  out.state = std::move(created).value();
  return std::nullopt;
}

void Room::match_stored(const persistence::MatchRecord& match, std::unique_ptr<rules::State> state) {
  make_runner(match, std::move(state), {});
  broadcast_version_ = 0;
  status_ = Status::kPlaying;
  ++services_.metrics.live_matches;
  update_summary();
  spdlog::info("room {}: match {} started", code(), match.id);
}

void Room::on_submit(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::SubmitAction& m,
                     Clock::time_point received) {
  RoomMember* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
  if (match_ended_unrestored()) return reply_match_ended(c, rid);
  if (status_ == Status::kFinished) return reply_error(c, rid, v1::GAME_OVER, "the match has ended");
  if (!runner_) return reply_error(c, rid, v1::NOT_STARTED, "the match has not started");
  if (me->seat < 0) return reply_error(c, rid, v1::NOT_SEATED, "spectators cannot play");
  if (services_.shutting_down) return reply_error(c, rid, v1::SHUTTING_DOWN, "the server is shutting down");
  runner_->submit(c, rid, me->seat, m.action(), received);
}

std::int64_t Room::decision_deadline_from_now(const rules::State& state) const {
  return MatchRunner::decision_deadline(state, record_.turn_time_limit_ms, unix_millis());
}

std::string Room::autopilot_kind() const {
  if (!settings_.autopilot_bot().empty()) return settings_.autopilot_bot();
  return strongest_bot_kind(services_, record_.game_id);
}

MatchRunner::SeatBot Room::seat_bot(const std::string& kind) const {
  MatchRunner::SeatBot bot;
  const std::string game = record_.game_id;
  if (services_.make_search_bot && services_.make_search_bot(game, kind, 0)) {
    // Each decision gets its own search bot; the quick stand-in is the
    // strongest quick bot (the game's heuristic).
    bot.make_search = [&services = services_, game, kind] { return services.make_search_bot(game, kind, new_seed()); };
    bot.quick = services_.make_bot(game, strongest_quick_bot_kind(services_, game), new_seed());
  } else {
    bot.quick = services_.make_bot(game, kind, new_seed());
  }
  return bot;
}

void Room::on_add_bot(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::AddBot& m) {
  if (auto refused = host_controls().check_host(c->client_id(), "only the host can add bots")) {
    return refuse(c, rid, std::move(*refused));
  }
  if (status_ != Status::kOpen) return reply_error(c, rid, v1::ALREADY_STARTED, "the match has started");
  std::string kind = m.kind();
  if (kind.empty()) kind = strongest_bot_kind(services_, record_.game_id);
  if (!offers_bot_kind(services_, record_.game_id, kind)) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT,
                       "no '" + escape_user_text(kind) + "' bot for " + record_.game_id + "; " +
                           bot_kinds_text(services_, record_.game_id));
  }
  int seat = -1;
  if (auto refused = seats_.pick(m.seat(), seat)) return refuse(c, rid, std::move(*refused));
  seats_.give_bot(seat, kind);
  services_.store.upsert_seat(persistence::SeatRecord{code(), seat, seats_[seat].display_name, "", kind},
                              on_strand([this, c, rid, seat](bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {} seat {}: bot not stored: {}", code(), seat, error);
                                  seats_.free(seat);
                                  return reply_error(c, rid, v1::INTERNAL, "the bot seat could not be stored");
                                }
                                update_summary();
                                spdlog::info("room {} seat {}: {} bot added", code(), seat, seats_[seat].bot_kind);
                                reply_room(c, rid);
                                broadcast_room();
                              }));
}

void Room::make_runner(persistence::MatchRecord match, std::unique_ptr<rules::State> state,
                       std::vector<rules::LoggedAction> log) {
  MatchRunner::Context context{game_,      *this, *this, *this, services_.metrics, code(), record_.turn_time_limit_ms,
                               new_seed(), this};
  runner_ = std::make_unique<MatchRunner>(std::move(context), std::move(match), std::move(state), std::move(log));
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    if (!seats_[s].bot_kind.empty()) {
      runner_->set_bot(static_cast<int>(s), seat_bot(seats_[s].bot_kind));
    } else if (on_autopilot(static_cast<int>(s))) {
      runner_->set_bot(static_cast<int>(s), seat_bot(autopilot_kind()));
    }
  }
}

void Room::on_sync(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::Sync& m) {
  RoomMember* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
  if (match_ended_unrestored()) return reply_match_ended(c, rid);
  if (!runner_) return reply_error(c, rid, v1::NOT_STARTED, "the match has not started");
  if (me->seat < 0 && !spectators_see_match()) {
    return reply_error(c, rid, v1::SPECTATORS_FORBIDDEN, "this room shows its match to seated players only");
  }
  send_match(c, rid, me->seat, m.last_version());
}

// --- Sending -------------------------------------------------------------------

void Room::reply(const std::shared_ptr<Client>& c, std::uint64_t rid, v1::ServerMessage message) {
  message.set_request_id(rid);
  c->deliver(std::move(message));
}

void Room::reply_error(const std::shared_ptr<Client>& c, std::uint64_t rid, v1::ErrorCode code, std::string text) {
  server::reply_error(*c, services_.metrics, rid, code, std::move(text));
}

void Room::refuse(const std::shared_ptr<Client>& c, std::uint64_t rid, Refusal refusal) {
  reply_error(c, rid, refusal.code, std::move(refusal.text));
}

void Room::reply_room(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  v1::ServerMessage m;
  *m.mutable_room() = room_info(c->client_id());
  reply(c, rid, std::move(m));
}

void Room::run_match(std::int64_t deadline) {
  watch_absent_seats();
  // The clock before the views (they carry its deadline), the bots after
  // them (a bot's move is applied at once, committed later).
  runner_->start(deadline);
  broadcast_match();
  runner_->wake_bots();
}

void Room::send_match(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat, std::uint64_t after_version) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  *m.mutable_match_update() =
      build_match_update(code(), runner_->state(), seat, after_version, services_.config.max_event_gap);
  m.mutable_match_update()->set_deadline_unix_ms(runner_->deadline_unix_ms());
  m.mutable_match_update()->set_match_id(match_id());
  c->deliver(std::move(m));
}

void Room::broadcast_match(const std::shared_ptr<Client>& mover, v1::ServerMessage ack) {
  // One update per distinct seat (and one for all spectators), built once;
  // its last recipient takes it, the others get copies (with 4 seats and no
  // spectators: no copy at all, which the saturation profile asked for).
  std::map<int, std::vector<std::shared_ptr<Client>>> recipients;
  const bool to_spectators = spectators_see_match();
  for (auto& [id, m] : members_) {
    if (m.seat < 0 && !to_spectators) continue;
    if (auto c = m.client.lock()) recipients[m.seat].push_back(std::move(c));
  }
  bool acknowledged = false;
  for (auto& [seat, clients] : recipients) {
    v1::ServerMessage message;
    *message.mutable_match_update() =
        build_match_update(code(), runner_->state(), seat, broadcast_version_, services_.config.max_event_gap);
    message.mutable_match_update()->set_deadline_unix_ms(runner_->deadline_unix_ms());
    message.mutable_match_update()->set_match_id(match_id());
    const std::size_t last = clients.size() - 1;
    for (std::size_t i = 0; i <= last; ++i) {
      v1::ServerMessage copy = i == last ? std::move(message) : message;
      if (mover && clients[i] == mover) {
        std::vector<v1::ServerMessage> both(2);
        both[0] = std::move(ack);
        both[1] = std::move(copy);
        clients[i]->deliver_all(std::move(both));
        acknowledged = true;
      } else {
        clients[i]->deliver(std::move(copy));
      }
    }
  }
  // A mover who is no longer a member (left meanwhile) still hears of his move.
  if (mover && !acknowledged) mover->deliver(std::move(ack));
  broadcast_version_ = runner_->state().version();
}

v1::RoomInfo Room::room_info(std::uint64_t for_client) const {
  v1::RoomInfo info;
  info.set_room_code(code());
  info.set_game_id(record_.game_id);
  *info.mutable_options() = options_;
  info.set_public_(record_.is_public);
  info.set_has_password(!record_.password_hash.empty());
  info.set_seat_count(record_.seat_count);
  info.set_turn_time_limit_ms(static_cast<std::uint32_t>(record_.turn_time_limit_ms));
  *info.mutable_settings() = settings_;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto* s = info.add_seats();
    s->set_seat(static_cast<int>(i));
    s->set_taken(seats_[i].taken);
    s->set_display_name(seats_[i].display_name);
    s->set_connected(seats_[i].client_id != 0 || !seats_[i].bot_kind.empty());
    s->set_bot(seats_[i].bot_kind);
    s->set_autopilot(on_autopilot(static_cast<int>(i)));
    s->set_account(seats_[i].account_id != 0);
    s->set_claimed(seats_[i].claimed);
  }
  info.set_status(wire_status(status_));
  describe_ended(info);
  info.set_spectator_count(members_.spectator_count());
  for (const RoomMember* m : members_.in_joining_order()) {
    auto* mi = info.add_members();
    mi->set_member_id(m->member_id);
    mi->set_display_name(m->display_name);
    mi->set_seat(m->seat);
    mi->set_host(m->host);
  }
  // The commitment from the start; the seed once the match has ended.
  if (runner_) {
    const auto& match = runner_->match();
    *info.mutable_match() =
        fairness::public_match_info(match.id, match.seed, match.seed_salt, status_ == Status::kFinished);
  }
  const RoomMember* you = members_.find(for_client);
  if (you) info.set_your_member_id(you->member_id);
  info.set_your_seat(you ? you->seat : -1);
  info.set_you_are_host(you && you->host);
  return info;
}

void Room::broadcast_room() {
  for (auto& [id, m] : members_) {
    if (auto c = m.client.lock()) {
      v1::ServerMessage message;
      *message.mutable_room() = room_info(id);
      c->deliver(std::move(message));
    }
  }
  update_summary();
}

void Room::update_summary() {
  v1::RoomSummary s;
  s.set_room_code(code());
  s.set_game_id(record_.game_id);
  s.set_seat_count(record_.seat_count);
  s.set_seats_taken(seats_.taken_count());
  s.set_has_password(!record_.password_hash.empty());
  s.set_status(shown_status());
  Table table;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    table.accounts.push_back(seats_[i].account_id);
    table.names.push_back(seats_[i].taken ? seats_[i].display_name : std::string());
  }
  if (runner_ && status_ == Status::kPlaying) runner_->state().fill_acting_seats(table.acting);
  table.active_at = unix_millis();
  static std::atomic<std::uint64_t> changes{0};
  table.activity = ++changes;
  std::lock_guard lock(summary_mutex_);
  summary_ = std::move(s);
  table_ = std::move(table);
  // A match the server ended at restore leaves the lobby: nothing to join.
  listed_ = record_.is_public && !match_ended_unrestored();
}

v1::RoomSummary Room::summary() const {
  std::lock_guard lock(summary_mutex_);
  return summary_;
}

std::optional<v1::MyRoom> Room::my_room(std::int64_t account_id, std::uint64_t& activity) const {
  std::lock_guard lock(summary_mutex_);
  const v1::RoomStatus status = summary_.status();
  if (status != v1::ROOM_STATUS_OPEN && status != v1::ROOM_STATUS_PLAYING) return std::nullopt;
  const auto& accounts = table_.accounts;
  const auto found = std::find(accounts.begin(), accounts.end(), account_id);
  if (account_id == 0 || found == accounts.end()) return std::nullopt;
  const int seat = static_cast<int>(found - accounts.begin());
  v1::MyRoom room;
  room.set_room_code(code());
  room.set_game_id(record_.game_id);
  room.set_status(status);
  room.set_your_seat(seat);
  room.set_your_turn(std::find(table_.acting.begin(), table_.acting.end(), seat) != table_.acting.end());
  for (const auto& name : table_.names) room.add_player_names(name);
  room.set_active_unix_ms(table_.active_at);
  activity = table_.activity;
  return room;
}

void Room::account_deleted(std::int64_t account_id, std::string deleted_name) {
  asio::post(strand_, [self = shared_from_this(), account_id, deleted_name = std::move(deleted_name)] {
    self->release_account_seat(account_id, deleted_name);
  });
}

void Room::account_purged(std::int64_t account_id) {
  asio::post(strand_,
             [self = shared_from_this(), account_id] { self->release_account_seat(account_id, std::nullopt); });
}

void Room::release_account_seat(std::int64_t account_id, const std::optional<std::string>& new_name) {
  const int seat = seats_.seat_of_account(account_id);
  if (seat < 0) return;
  SeatSlot& slot = seats_[seat];
  if (new_name) {
    slot.display_name = *new_name;
    for (std::uint64_t id : members_.on_seat(seat)) members_.find(id)->display_name = *new_name;
  }
  slot.account_id = 0;
  slot.claimed = false;
  services_.store.upsert_seat(
      persistence::SeatRecord{code(), seat, slot.display_name, slot.token_hash, slot.bot_kind, 0},
      [room = code(), seat](bool ok, const std::string& error) {
        if (!ok) spdlog::error("room {} seat {}: its account's end not stored: {}", room, seat, error);
      });
  spdlog::info("room {} seat {}: its account was {}", code(), seat, new_name ? "deleted" : "purged");
  broadcast_room();
}

void Room::account_signed_in(std::uint64_t client_id, Caller caller) {
  asio::post(strand_, [self = shared_from_this(), client_id, caller = std::move(caller)] {
    RoomMember* me = self->member(client_id);
    if (!me || me->seat < 0 || !caller.signed_in() || self->expired_) return;
    const int seat = me->seat;
    SeatSlot& slot = self->seats_[seat];
    if (!slot.taken || !slot.bot_kind.empty() || slot.account_id != 0 || slot.client_id != client_id) return;
    // One seat per account in a room: a second stays token-only.
    if (self->seats_.seat_of_account(caller.account_id) >= 0) return;
    // A rated match is rated by who held the seats (an account, a bot):
    // signing in during the match, when its result is in sight, must not
    // make it rated. The seat stays token-only (a later sign-in binds it).
    if (self->settings_.rated() && self->status_ == Status::kPlaying) return;
    // Reserved now (a TakeSeat by the account meanwhile is refused), confirmed once stored.
    const std::string before = slot.display_name;
    slot.account_id = caller.account_id;
    slot.claimed = !caller.username.empty();
    if (slot.claimed) slot.display_name = caller.username;
    for (std::uint64_t id : self->members_.on_seat(seat)) self->members_.find(id)->display_name = slot.display_name;
    self->services_.store.upsert_seat(
        persistence::SeatRecord{self->code(), seat, slot.display_name, slot.token_hash, "", caller.account_id},
        self->on_strand([self, seat, account = caller.account_id, before](bool ok, const std::string& error) {
          SeatSlot& now = self->seats_[seat];
          if (now.account_id != account) return;  // freed or changed meanwhile
          if (!ok) {
            spdlog::error("room {} seat {}: its account not stored: {}", self->code(), seat, error);
            now.account_id = 0;
            now.claimed = false;
            now.display_name = before;
            for (std::uint64_t id : self->members_.on_seat(seat)) self->members_.find(id)->display_name = before;
            return self->broadcast_room();
          }
          self->services_.account_rooms.add(account, self->code());
          self->update_summary();  // before the push: a myRooms it prompts finds the seat
          spdlog::info("room {} seat {}: now its player's account's", self->code(), seat);
          self->broadcast_room();
        }));
  });
}

bool Room::listed() const {
  // UpdateRoom may change it on the strand while ListRooms reads it.
  std::lock_guard lock(summary_mutex_);
  return listed_;
}

}  // namespace brethren::server
