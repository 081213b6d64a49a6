// Caps on open connections: overall (--max-connections) and per client
// address (--max-connections-per-address; an IPv4 address, or an IPv6 /64,
// the block one subscriber usually gets). A connection over a cap is not
// counted as open; it gets an HTTP 503 with Retry-After and is closed, and
// at most kMaxRejecting such answers are in progress at once (beyond that a
// connection is closed at once, without an answer).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/base/address_ranges.h"

namespace brethren::server {

class ConnectionLimits;

// One accepted connection's place; gives it back when destroyed.
class ConnectionSlot {
 public:
  enum class State { kAdmitted, kReject, kCloseNow };
  // Only ConnectionLimits makes slots (the key keeps make_shared usable).
  class Key {
    friend class ConnectionLimits;
    Key() = default;
  };
  ConnectionSlot(Key, ConnectionLimits& limits) : limits_(limits) {}
  ~ConnectionSlot();
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  State state() const { return state_; }

 private:
  friend class ConnectionLimits;
  ConnectionLimits& limits_;
  State state_ = State::kCloseNow;
  std::string address_key_;  // empty: not counted per address (yet)
};

class ConnectionLimits {
 public:
  static constexpr std::size_t kMaxRejecting = 256;

  // max_per_address 0: no per-address cap.
  ConnectionLimits(std::size_t max_total, std::size_t max_per_address);

  // A new connection from `address`. With count_address false (a trusted
  // proxy's connection) only the overall cap applies until bind_address().
  std::shared_ptr<ConnectionSlot> admit(const boost::asio::ip::address& address, bool count_address = true);
  // The real client of an admitted proxied connection, as the proxy told;
  // false (and the slot then rejects) when that address is over its cap.
  bool bind_address(ConnectionSlot& slot, const boost::asio::ip::address& client);

  std::size_t open() const;
  std::size_t open_from(const boost::asio::ip::address& address) const;

  // The key an address is counted under: IPv4 (also IPv4-mapped IPv6) as
  // is, IPv6 by its /64.
  static std::string address_key(const boost::asio::ip::address& address);

 private:
  friend class ConnectionSlot;
  void release(ConnectionSlot& slot);

  const std::size_t max_total_;
  const std::size_t max_per_address_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::size_t rejecting_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;
};

}  // namespace brethren::server
