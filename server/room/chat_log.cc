#include "server/room/chat_log.h"

#include <algorithm>

#include "server/room/user_text.h"

namespace brethren::server {
namespace {

constexpr std::size_t kMaxChatBytes = kChatTextRules.max_bytes;

std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

}  // namespace

std::optional<ChatLog::Refusal> ChatLog::check_text(const std::string& text, std::string& trimmed) {
  if (!valid_utf8(text)) return Refusal{v1::INVALID_ARGUMENT, "chat text must be valid UTF-8"};
  const std::string_view kept = trim(text);
  if (kept.empty()) return Refusal{v1::INVALID_ARGUMENT, "chat text is empty"};
  if (kept.size() > kMaxChatBytes) {
    return Refusal{v1::MESSAGE_TOO_LONG, "chat messages have at most " + std::to_string(kMaxChatBytes) + " bytes"};
  }
  // The rules every echoed user text follows (server/room/user_text.h).
  if (auto problem = user_text_character_problem(kept, kChatTextRules)) {
    return Refusal{v1::INVALID_ARGUMENT, *problem};
  }
  trimmed = std::string(kept);
  return std::nullopt;
}

bool ChatLog::take_rate(std::deque<std::chrono::steady_clock::time_point>& sent,
                        std::chrono::steady_clock::time_point now) {
  while (!sent.empty() && now - sent.front() >= kWindow) sent.pop_front();
  if (sent.size() >= kBurst) return false;
  sent.push_back(now);
  return true;
}

v1::ChatMessage ChatLog::next_message(int seat, const std::string& display_name, std::string text,
                                      std::int64_t at_unix_ms) {
  v1::ChatMessage message;
  message.set_room_code(room_code_);
  message.set_seq(next_seq_++);
  message.set_seat(seat);
  message.set_display_name(display_name);
  message.set_text(std::move(text));
  message.set_at_unix_ms(at_unix_ms);
  return message;
}

void ChatLog::add(v1::ChatMessage message) {
  recent_.push_back(std::move(message));
  while (recent_.size() > kHistorySize) recent_.pop_front();
}

void ChatLog::restore(const std::vector<persistence::ChatRecord>& chat) {
  recent_.clear();
  for (const auto& record : chat) {
    v1::ChatMessage message;
    message.set_room_code(room_code_);
    message.set_seq(static_cast<std::uint64_t>(record.seq));
    message.set_seat(record.seat);
    message.set_display_name(record.display_name);
    message.set_text(record.text);
    message.set_at_unix_ms(record.at);
    add(std::move(message));
    next_seq_ = std::max(next_seq_, static_cast<std::uint64_t>(record.seq) + 1);
  }
}

v1::ChatHistory ChatLog::history() const {
  v1::ChatHistory history;
  history.set_room_code(room_code_);
  for (const auto& message : recent_) *history.add_messages() = message;
  return history;
}

}  // namespace brethren::server
