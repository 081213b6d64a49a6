// A room's chat as the room keeps it in memory: the most recent messages
// (sent as ChatHistory on JoinRoom, Resume and ClaimHost) and the next
// message's seq; and what a member may send (text rules, rate). The room
// stores each message before it is added here.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "brethren/v1/protocol.pb.h"
#include "persistence/records.h"
#include "server/room/refusal.h"

namespace brethren::server {

class ChatLog {
 public:
  // Enough to follow the conversation.
  static constexpr std::size_t kHistorySize = 100;
  // Per member: at most kBurst messages in any window of kWindow.
  static constexpr std::size_t kBurst = 5;
  static constexpr std::chrono::seconds kWindow{10};

  explicit ChatLog(std::string room_code) : room_code_(std::move(room_code)) {}

  // A refused message: its code and the reason in words.
  using Refusal = ::brethren::server::Refusal;
  // `text` trimmed, or why it cannot be sent (UTF-8, empty, too long,
  // characters user text may not hold).
  static std::optional<Refusal> check_text(const std::string& text, std::string& trimmed);
  // Whether a member who sent at `sent` may send at `now`; if so, `now` is
  // added to `sent`.
  static bool take_rate(std::deque<std::chrono::steady_clock::time_point>& sent,
                        std::chrono::steady_clock::time_point now);

  // The next message, numbered.
  v1::ChatMessage next_message(int seat, const std::string& display_name, std::string text, std::int64_t at_unix_ms);
  // A stored message: kept among the recent ones.
  void add(v1::ChatMessage message);
  // The stored chat at a restart (in seq order).
  void restore(const std::vector<persistence::ChatRecord>& chat);
  v1::ChatHistory history() const;

 private:
  std::string room_code_;
  std::deque<v1::ChatMessage> recent_;
  std::uint64_t next_seq_ = 1;
};

}  // namespace brethren::server
