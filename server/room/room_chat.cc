// The room's chat: one room-wide channel for players and (when the room lets
// them) spectators. There are no private messages: Tortuga forbids
// whispering (T67-H-9), so no game gets them. A message is stored before it
// is acknowledged or shown to anyone, so the chat a client saw survives a
// restart.
#include <spdlog/spdlog.h>

#include "server/room/room.h"
#include "server/room/chat_log.h"
#include "server/base/unix_time.h"

namespace brethren::server {

void Room::on_send_chat(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::SendChat& m) {
  RoomMember* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
  if (me->seat < 0 && !me->host && !settings_.spectator_chat()) {
    return reply_error(c, rid, v1::CHAT_FORBIDDEN, "spectators may not chat in this room");
  }
  std::string text;
  if (auto refused = ChatLog::check_text(m.text(), text)) return reply_error(c, rid, refused->code, refused->text);
  if (services_.shutting_down) return reply_error(c, rid, v1::SHUTTING_DOWN, "the server is shutting down");
  if (!ChatLog::take_rate(me->chat_sent, Clock::now())) {
    return reply_error(c, rid, v1::RATE_LIMITED,
                       "at most " + std::to_string(ChatLog::kBurst) + " chat messages in 10 seconds; slow down");
  }
  v1::ChatMessage message = chat_.next_message(me->seat, me->display_name, std::move(text), unix_millis());
  persistence::ChatRecord record{code(),
                                 static_cast<std::int64_t>(message.seq()),
                                 match_id(),
                                 me->seat,
                                 me->display_name,
                                 message.text(),
                                 message.at_unix_ms()};
  services_.store.append_chat(std::move(record), on_strand([this, c, rid, message](bool ok, const std::string& error) {
                                if (!ok) {
                                  // The seq stays used: later messages may be stored already.
                                  spdlog::error("room {}: chat message {} not stored: {}", code(), message.seq(),
                                                error);
                                  return reply_error(c, rid, v1::INTERNAL, "the message could not be stored");
                                }
                                chat_.add(message);
                                v1::ServerMessage ok_reply;
                                ok_reply.mutable_ok();
                                reply(c, rid, std::move(ok_reply));
                                // Room-wide: every member sees it, spectators who may not write included.
                                v1::ServerMessage push;
                                *push.mutable_chat() = message;
                                for (auto& [id, other] : members_) {
                                  if (auto client = other.client.lock()) client->deliver(push);
                                }
                              }));
}

void Room::send_chat_history(const std::shared_ptr<Client>& c) {
  v1::ServerMessage m;
  *m.mutable_chat_history() = chat_.history();
  c->deliver(std::move(m));
}

void Room::restore_chat(const std::vector<persistence::ChatRecord>& chat) { chat_.restore(chat); }

}  // namespace brethren::server
