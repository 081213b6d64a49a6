#include "server/net/connection_limits.h"

namespace brethren::server {

namespace ip = boost::asio::ip;

ConnectionSlot::~ConnectionSlot() { limits_.release(*this); }

ConnectionLimits::ConnectionLimits(std::size_t max_total, std::size_t max_per_address)
    : max_total_(max_total), max_per_address_(max_per_address) {}

std::string ConnectionLimits::address_key(const ip::address& address) {
  const ip::address_v6 v6 = as_v6(address);
  const auto bytes = v6.to_bytes();
  // IPv4 by its 4 bytes, IPv6 by its 8-byte /64: the lengths keep the two
  // apart, and both fit a string's inline buffer (no allocation per
  // connection).
  if (v6.is_v4_mapped()) return std::string(reinterpret_cast<const char*>(bytes.data()) + 12, 4);
  return std::string(reinterpret_cast<const char*>(bytes.data()), 8);
}

std::shared_ptr<ConnectionSlot> ConnectionLimits::admit(const ip::address& address, bool count_address) {
  auto slot = std::make_shared<ConnectionSlot>(ConnectionSlot::Key{}, *this);  // one allocation
  std::string key = count_address ? address_key(address) : std::string();
  std::lock_guard lock(mutex_);
  const bool address_full =
      count_address && max_per_address_ > 0 && per_address_.count(key) && per_address_[key] >= max_per_address_;
  if (open_ < max_total_ && !address_full) {
    slot->state_ = ConnectionSlot::State::kAdmitted;
    ++open_;
    if (count_address) {
      ++per_address_[key];
      slot->address_key_ = std::move(key);
    }
  } else if (rejecting_ < kMaxRejecting) {
    slot->state_ = ConnectionSlot::State::kReject;
    ++rejecting_;
  } else {
    slot->state_ = ConnectionSlot::State::kCloseNow;
  }
  return slot;
}

bool ConnectionLimits::bind_address(ConnectionSlot& slot, const ip::address& client) {
  std::string key = address_key(client);
  std::lock_guard lock(mutex_);
  if (slot.state_ != ConnectionSlot::State::kAdmitted || !slot.address_key_.empty()) return false;
  auto& count = per_address_[key];
  if (max_per_address_ > 0 && count >= max_per_address_) {
    --open_;
    if (rejecting_ < kMaxRejecting) {
      slot.state_ = ConnectionSlot::State::kReject;
      ++rejecting_;
    } else {
      slot.state_ = ConnectionSlot::State::kCloseNow;
    }
    return false;
  }
  ++count;
  slot.address_key_ = std::move(key);
  return true;
}

void ConnectionLimits::release(ConnectionSlot& slot) {
  std::lock_guard lock(mutex_);
  switch (slot.state_) {
    case ConnectionSlot::State::kAdmitted:
      --open_;
      if (!slot.address_key_.empty()) {
        auto it = per_address_.find(slot.address_key_);
        if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
      }
      break;
    case ConnectionSlot::State::kReject: --rejecting_; break;
    case ConnectionSlot::State::kCloseNow: break;
  }
}

std::size_t ConnectionLimits::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

std::size_t ConnectionLimits::open_from(const ip::address& address) const {
  const std::string key = address_key(address);
  std::lock_guard lock(mutex_);
  auto it = per_address_.find(key);
  return it == per_address_.end() ? 0 : it->second;
}

}  // namespace brethren::server
