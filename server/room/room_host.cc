// The host's controls over a room, carried out: kick, lock, transfer host,
// change the room before the start, rematch; and the spectator policy they
// set. HostControls (host_controls.h) decides; every change is stored
// before the host is answered and the room is told.
#include <spdlog/spdlog.h>

#include "server/room/room.h"
#include "server/base/secrets.h"
#include "server/protocol/spectator_policy.h"
#include "server/room/user_text.h"
#include "server/room/bot_kinds.h"

namespace brethren::server {

v1::SpectatorPolicy Room::spectator_policy() const {
  return effective_spectator_policy(settings_, !record_.password_hash.empty());
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
                                  seats_.resize_keeping_taken(record_.seat_count);
                                  update_summary();
                                  broadcast_room();
                                  return reply_error(c, rid, v1::INTERNAL, "the change could not be stored");
                                }
                                reply_room(c, rid);
                                broadcast_room();
                              }));
}

void Room::expel(std::uint64_t client_id, const std::string& reason) {
  const RoomMember* gone = members_.find(client_id);
  if (!gone) return;
  auto client = gone->client.lock();
  spdlog::info("room {}: '{}' removed by the host", code(), escape_user_text(gone->display_name));
  members_.remove(client_id);
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
  HostControls::Kick kick;
  if (auto refused = host_controls().plan_kick(c->client_id(), m, kick)) return refuse(c, rid, std::move(*refused));
  // The player is out at once, so that he cannot act meanwhile; a seat's
  // new state is stored before the host is answered.
  for (std::uint64_t id : kick.expelled) expel(id, "removed by the host");
  if (kick.seat >= 0) return store_kicked_seat(c, rid, kick.seat);
  // A spectator: membership is not stored, so nothing to wait for.
  reply_room(c, rid);
  broadcast_room();
}

void Room::store_kicked_seat(const std::shared_ptr<Client>& c, std::uint64_t rid, int seat) {
  SeatSlot& slot = seats_[seat];
  const SeatSlot before{true, slot.display_name, slot.token_hash, 0, slot.bot_kind, slot.account_id};
  auto restore_on_failure = [this, c, rid, seat, before](const std::string& error) {
    spdlog::error("room {} seat {}: kick not stored: {}", code(), seat, error);
    seats_[seat] = before;
    update_summary();
    broadcast_room();
    reply_error(c, rid, v1::INTERNAL, "the kick could not be stored");
  };
  auto answer = [this, c, rid, account = before.account_id] {
    services_.account_rooms.remove(account, code());  // no longer his seat (myRooms)
    update_summary();
    reply_room(c, rid);
    broadcast_room();
  };
  if (status_ == Status::kOpen) {
    // Before the start the seat is simply free again.
    seats_.free(seat);
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
  seats_.give_bot(seat, kind);
  services_.store.upsert_seat(persistence::SeatRecord{code(), seat, slot.display_name, "", kind, 0},
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
  if (auto refused = host_controls().check_host(c->client_id())) return refuse(c, rid, std::move(*refused));
  persistence::RoomRecord before = record_;
  settings_.set_locked(m.locked());
  record_.settings = settings_.SerializeAsString();
  spdlog::info("room {}: {} by the host", code(), m.locked() ? "locked" : "unlocked");
  store_room_record(c, rid, std::move(before));
}

void Room::on_transfer_host(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::TransferHost& m) {
  std::uint64_t new_host = 0;
  if (auto refused = host_controls().plan_transfer(c->client_id(), m, new_host)) {
    return refuse(c, rid, std::move(*refused));
  }
  // Host rights move at once; the old token (and every connection that
  // claimed it) stops working, the new one is only sent once stored.
  persistence::RoomRecord before = record_;
  const std::string token = new_secret_token();
  record_.host_token_hash = sha256_hex(token);
  const std::vector<std::uint64_t> old_hosts = members_.make_sole_host(new_host);
  const RoomMember& target = *members_.find(new_host);
  std::weak_ptr<Client> new_host_client = target.client;
  spdlog::info("room {}: host passed to '{}'", code(), target.display_name);
  services_.store.update_room(record_, on_strand([this, c, rid, before, token, old_hosts, new_host, new_host_client](
                                                     bool ok, const std::string& error) {
                                if (!ok) {
                                  spdlog::error("room {}: host transfer not stored: {}", code(), error);
                                  record_.host_token_hash = before.host_token_hash;
                                  if (RoomMember* granted = member(new_host)) granted->host = false;
                                  for (std::uint64_t id : old_hosts) {
                                    if (RoomMember* old_host = member(id)) old_host->host = true;
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
  std::optional<std::string> autopilot_problem;
  if (m.has_settings())
    autopilot_problem = autopilot_bot_problem(services_, record_.game_id, m.settings().autopilot_bot());
  persistence::RoomRecord before = record_;
  if (auto refused =
          host_controls().plan_update(c->client_id(), m, game_, autopilot_problem, record_, options_, settings_)) {
    return refuse(c, rid, std::move(*refused));
  }
  seats_.resize(record_.seat_count);
  spdlog::info("room {}: changed by the host ({} seats)", code(), record_.seat_count);
  store_room_record(c, rid, std::move(before));
}

// --- Rematch ---------------------------------------------------------------------

void Room::on_rematch(const std::shared_ptr<Client>& c, std::uint64_t rid) {
  if (auto refused = host_controls().check_rematch(c->client_id(), services_.shutting_down)) {
    return refuse(c, rid, std::move(*refused));
  }
  spdlog::info("room {}: rematch after match {}", code(), match_id());
  start_match(c, rid);
}

}  // namespace brethren::server
