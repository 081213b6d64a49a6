// The room's chat: one room-wide channel for players and (when the room lets
// them) spectators. There are no private messages: Tortuga forbids
// whispering (T67-H-9), so no game gets them. A message is stored before it
// is acknowledged or shown to anyone, so the chat a client saw survives a
// restart.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <string_view>

#include "server/room/room.h"
#include "server/room/user_text.h"

namespace brethren::server {

namespace {

constexpr std::size_t kMaxChatBytes = kChatTextRules.max_bytes;
// Per member: at most this many messages in any window of this length.
constexpr std::size_t kChatBurst = 5;
constexpr auto kChatWindow = std::chrono::seconds(10);

std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

}  // namespace

void Room::on_send_chat(const std::shared_ptr<Client>& c, std::uint64_t rid, const v1::SendChat& m) {
  Member* me = member(c->client_id());
  if (!me) return reply_error(c, rid, v1::NOT_IN_ROOM, "join the room first");
  if (me->seat < 0 && !me->host && !settings_.spectator_chat()) {
    return reply_error(c, rid, v1::CHAT_FORBIDDEN, "spectators may not chat in this room");
  }
  if (!valid_utf8(m.text())) return reply_error(c, rid, v1::INVALID_ARGUMENT, "chat text must be valid UTF-8");
  const std::string_view text = trim(m.text());
  if (text.empty()) return reply_error(c, rid, v1::INVALID_ARGUMENT, "chat text is empty");
  if (text.size() > kMaxChatBytes) {
    return reply_error(c, rid, v1::MESSAGE_TOO_LONG,
                       "chat messages have at most " + std::to_string(kMaxChatBytes) + " bytes");
  }
  // The rules every echoed user text follows (server/room/user_text.h).
  if (auto problem = user_text_character_problem(text, kChatTextRules)) {
    return reply_error(c, rid, v1::INVALID_ARGUMENT, *problem);
  }
  if (services_.shutting_down) return reply_error(c, rid, v1::SHUTTING_DOWN, "the server is shutting down");
  const auto now = Clock::now();
  while (!me->chat_sent.empty() && now - me->chat_sent.front() >= kChatWindow) me->chat_sent.pop_front();
  if (me->chat_sent.size() >= kChatBurst) {
    return reply_error(c, rid, v1::RATE_LIMITED,
                       "at most " + std::to_string(kChatBurst) + " chat messages in 10 seconds; slow down");
  }
  me->chat_sent.push_back(now);

  v1::ChatMessage message;
  message.set_room_code(code());
  message.set_seq(next_chat_seq_++);
  message.set_seat(me->seat);
  message.set_display_name(me->display_name);
  message.set_text(std::string(text));
  message.set_at_unix_ms(unix_millis());
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
                                chat_history_.push_back(message);
                                while (chat_history_.size() > kChatHistorySize) chat_history_.pop_front();
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
  auto* history = m.mutable_chat_history();
  history->set_room_code(code());
  for (const auto& message : chat_history_) *history->add_messages() = message;
  c->deliver(std::move(m));
}

void Room::restore_chat(const std::vector<persistence::ChatRecord>& chat) {
  chat_history_.clear();
  for (const auto& record : chat) {
    v1::ChatMessage message;
    message.set_room_code(code());
    message.set_seq(static_cast<std::uint64_t>(record.seq));
    message.set_seat(record.seat);
    message.set_display_name(record.display_name);
    message.set_text(record.text);
    message.set_at_unix_ms(record.at);
    chat_history_.push_back(std::move(message));
    if (chat_history_.size() > kChatHistorySize) chat_history_.pop_front();
    next_chat_seq_ = std::max(next_chat_seq_, static_cast<std::uint64_t>(record.seq) + 1);
  }
}

}  // namespace brethren::server
