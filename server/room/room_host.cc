// The host's controls over a room: kick, lock, transfer host, change the
// room before the start, rematch; and the spectator policy they set. Every
// change is stored before the host is answered and the room is told.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/room/room.h"
#include "server/base/secrets.h"
#include "server/protocol/spectator_policy.h"
#include "server/room/user_text.h"
#include "server/match/wire_errors.h"
#include "server/room/bot_kinds.h"

namespace brethren::server {

v1::SpectatorPolicy Room::spectator_policy() const {
  return effective_spectator_policy(settings_, !record_.password_hash.empty());
}

Room::Member* Room::host_member(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  Member* me = member(c->client_id());
  if (!me) {
    reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
    return nullptr;
  }
  if (!me->host) {
    reply_error(c, rid, v1::NOT_HOST, "only the host can do that");
    return nullptr;
  }
  return me;
}

void Room::store_room_record(const std::shared_ptr<Client>& c, std::uint64_t rid, persistence::RoomRecord before) {
  update_summary();
  services_.store.update_room(record_, on_strand([this, c, rid, before](bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {}: room change not stored: {}", code(), error);
                                  // Back to what is stored; seats added meanwhile go again unless taken.
                                  record_ = before;
                                  options_.ParseFromString(record_.options);
                                  settings_.ParseFromString(record_.settings);
                                  std::size_t keep = static_cast<std::size_t>(record_.seat_count);
                                  for (std::size_t s = keep; s < seats_.size(); ++s) {
                                    if (seats_[s].taken) keep = s + 1;
                                  }
                                  seats_.resize(keep);
                                  update_summary();
                                  broadcast_room();
                                  return reply_error(c, rid, v1::INTERNAL, "the change could not be stored");
                                }
                                reply_room(c, rid);
                                broadcast_room();
                              }));
}

void Room::expel(std::uint64_t client_id, const std::string& reason) {
  auto it = members_.find(client_id);
  if (it == members_.end()) return;
  auto client = it->second.client.lock();
  spdlog::info("room {}: '{}' removed by the host", code(), escape_user_text(it->second.display_name));
  members_.erase(it);
  if (!client) return;
  // The connection stays open: it may join other rooms (or this one again,
  // unless the host locks it).
  client->left_room(code());
  v1::ServerMessage m;
  m.mutable_kicked()->set_room_code(code());
  m.mutable_kicked()->set_reason(reason);
  client->deliver(std::move(m));
}

// --- KickMember ----------------------------------------------------------------

void Room::on_kick(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::KickMember& m) {
  if (!host_member(c, rid)) return;
  if (m.seat() >= 0) {
    if (m.seat() >= static_cast<int>(seats_.size())) {
      return reply_error(c, rid, v1::INVALID_ARGUMENT, "no seat " + std::to_string(m.seat()));
    }
    return kick_seat(c, rid, m.seat());
  }
  if (m.seat() != -1) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "seat is a seat number, or -1 to name a member by member_id");
  }
  auto target = std::find_if(members_.begin(), members_.end(),
                             [&](const auto& entry) { return entry.second.member_id == m.member_id(); });
  if (target == members_.end()) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "no member " + std::to_string(m.member_id()) + " in this room");
  }
  if (target->first == c->client_id()) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "you cannot kick yourself; transfer host or leave the room");
  }
  if (target->second.seat >= 0) return kick_seat(c, rid, target->second.seat);
  // A spectator: membership is not stored, so nothing to wait for.
  expel(target->first, "removed by the host");
  reply_room(c, rid);
  broadcast_room();
}

void Room::kick_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat) {
  SeatSlot& slot = seats_[seat];
  if (!slot.taken) return reply_error(c, rid, v1::INVALID_ARGUMENT, "seat " + std::to_string(seat) + " is free");
  if (status_ == Status::kStarting) {
    return reply_error(c, rid, v1::ALREADY_STARTED, "the match is starting; kick once it has started");
  }
  if (status_ != Status::kOpen && !slot.bot_kind.empty()) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "a bot already plays seat " + std::to_string(seat));
  }
  std::vector<std::uint64_t> holders;
  for (const auto& [id, m] : members_) {
    if (m.seat == seat) holders.push_back(id);
  }
  if (std::find(holders.begin(), holders.end(), c->client_id()) != holders.end()) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "you cannot kick yourself; leave your seat instead");
  }
  // The player is out at once, so that he cannot act meanwhile; the seat's
  // new state is stored before the host is answered.
  for (std::uint64_t id : holders) expel(id, "removed by the host");
  const SeatSlot before{true, slot.display_name, slot.token_hash, 0, slot.bot_kind};
  auto restore_on_failure = [this, c, rid, seat, before](const std::string& error) {
    spdlog::error("room {} seat {}: kick not stored: {}", code(), seat, error);
    seats_[seat] = before;
    update_summary();
    broadcast_room();
    reply_error(c, rid, v1::INTERNAL, "the kick could not be stored");
  };
  auto answer = [this, c, rid] {
    update_summary();
    reply_room(c, rid);
    broadcast_room();
  };
  if (status_ == Status::kOpen) {
    // Before the start the seat is simply free again.
    slot = SeatSlot{};
    services_.store.delete_seat(code(), seat, on_strand([=, this](bool ok, const std::string& error) {
                                  if (!ok) return restore_on_failure(error);
                                  spdlog::info("room {} seat {}: freed by the host", code(), seat);
                                  answer();
                                }));
    return;
  }
  // After the start the match needs the seat: the room's autopilot kind
  // plays it to the end (and in rematches), and the player's token no
  // longer works.
  const std::string kind = autopilot_kind();
  slot = SeatSlot{true, "Bot (" + kind + ")", "", 0, kind};
  services_.store.upsert_seat(persistence::SeatRecord{code(), seat, slot.display_name, "", kind},
                              on_strand([=, this](bool ok, const std::string& error) {
                                if (!ok) return restore_on_failure(error);
                                spdlog::info("room {} seat {}: player removed by the host, a {} bot plays on", code(),
                                             seat, kind);
                                if (runner_ && !runner_->has_bot(seat)) {
                                  runner_->set_bot(seat, seat_bot(kind));
                                }
                                answer();
                                if (runner_) runner_->wake_bots();
                              }));
}

// --- LockRoom, TransferHost, UpdateRoom --------------------------------------

void Room::on_lock(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::LockRoom& m) {
  if (!host_member(c, rid)) return;
  persistence::RoomRecord before = record_;
  settings_.set_locked(m.locked());
  record_.settings = settings_.SerializeAsString();
  spdlog::info("room {}: {} by the host", code(), m.locked() ? "locked" : "unlocked");
  store_room_record(c, rid, std::move(before));
}

void Room::on_transfer_host(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::TransferHost& m) {
  if (!host_member(c, rid)) return;
  auto target = std::find_if(members_.begin(), members_.end(),
                             [&](const auto& entry) { return entry.second.member_id == m.member_id(); });
  if (target == members_.end()) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "no member " + std::to_string(m.member_id()) + " in this room");
  }
  if (target->second.host) return reply_error(c, rid, v1::INVALID_ARGUMENT, "that member is the host already");
  // Host rights move at once; the old token (and every connection that
  // claimed it) stops working, the new one is only sent once stored.
  persistence::RoomRecord before = record_;
  const std::string token = new_secret_token();
  record_.host_token_hash = sha256_hex(token);
  std::vector<std::uint64_t> old_hosts;
  for (auto& [id, other] : members_) {
    if (other.host) old_hosts.push_back(id);
    other.host = false;
  }
  target->second.host = true;
  const std::uint64_t new_host = target->first;
  std::weak_ptr<Client> new_host_client = target->second.client;
  spdlog::info("room {}: host passed to '{}'", code(), target->second.display_name);
  services_.store.update_room(record_, on_strand([this, c, rid, before, token, old_hosts, new_host, new_host_client](
                                                     bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {}: host transfer not stored: {}", code(), error);
                                  record_.host_token_hash = before.host_token_hash;
                                  if (Member* granted = member(new_host)) granted->host = false;
                                  for (std::uint64_t id : old_hosts) {
                                    if (Member* old_host = member(id)) old_host->host = true;
                                  }
                                  broadcast_room();
                                  return reply_error(c, rid, v1::INTERNAL, "the host transfer could not be stored");
                                }
                                if (auto client = new_host_client.lock()) {
                                  v1::ServerMessage granted;
                                  granted.mutable_host_granted()->set_room_code(code());
                                  granted.mutable_host_granted()->set_host_token(token);
                                  client->deliver(std::move(granted));
                                }
                                reply_room(c, rid);
                                broadcast_room();
                              }));
}

void Room::on_update_room(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::UpdateRoom& m) {
  if (!host_member(c, rid)) return;
  if (status_ != Status::kOpen) {
    return reply_error(c, rid, v1::ALREADY_STARTED, "the room can be changed before the start only");
  }
  const v1::GameOptions options = m.has_options() ? m.options() : options_;
  const int seat_count = m.has_seat_count() ? m.seat_count() : record_.seat_count;
  // The rules validate seat count and options, exactly as at creation.
  if (auto checked = game_.check_setup(options, seat_count); !checked) {
    return reply_error(c, rid, to_protocol_error(checked.error().code), checked.error().message);
  }
  for (std::size_t s = static_cast<std::size_t>(seat_count); s < seats_.size(); ++s) {
    if (seats_[s].taken) {
      return reply_error(c, rid, v1::SEAT_TAKEN,
                         "seat " + std::to_string(s) + " is taken; only free seats can be removed");
    }
  }
  if (m.has_settings() && !v1::SpectatorPolicy_IsValid(m.settings().spectators())) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, "unknown spectator policy");
  }
  if (m.has_settings()) {
    if (auto problem = autopilot_bot_problem(services_, record_.game_id, m.settings().autopilot_bot())) {
      return reply_error(c, rid, v1::INVALID_ARGUMENT, *problem);
    }
  }
  persistence::RoomRecord before = record_;
  options_ = options;
  record_.options = options_.SerializeAsString();
  record_.seat_count = seat_count;
  seats_.resize(static_cast<std::size_t>(seat_count));
  if (m.has_turn_time_limit_ms()) record_.turn_time_limit_ms = m.turn_time_limit_ms();
  if (m.has_public_()) record_.is_public = m.public_();
  // Settings are one value: a client sends them all, as RoomInfo shows them.
  if (m.has_settings()) {
    settings_ = m.settings();
    record_.settings = settings_.SerializeAsString();
  }
  spdlog::info("room {}: changed by the host ({} seats)", code(), seat_count);
  store_room_record(c, rid, std::move(before));
}

// --- Rematch ---------------------------------------------------------------------

void Room::on_rematch(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  if (!host_member(c, rid)) return;
  if (status_ != Status::kFinished) {
    return reply_error(
        c, rid, v1::NOT_FINISHED,
        status_ == Status::kOpen ? "no match has been played yet; start one" : "the match has not ended");
  }
  if (services_.shutting_down) return reply_error(c, rid, v1::SHUTTING_DOWN, "the server is shutting down");
  for (const SeatSlot& s : seats_) {
    if (!s.taken) return reply_error(c, rid, v1::SEATS_NOT_FILLED, "every seat needs a player");
  }
  spdlog::info("room {}: rematch after match {}", code(), match_id());
  start_match(c, rid);
}

}  // namespace brethren::server
