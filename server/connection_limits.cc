#include "server/connection_limits.h"

#include <charconv>
#include <stdexcept>

namespace brethren::server {
namespace {

namespace ip = boost::asio::ip;

ip::address_v6 as_v6(const ip::address& address) {
  return address.is_v4() ? ip::make_address_v6(ip::v4_mapped, address.to_v4()) : address.to_v6();
}

bool same_prefix(const ip::address_v6::bytes_type& a, const ip::address_v6::bytes_type& b, unsigned prefix) {
  for (unsigned bit = 0; bit < prefix; bit += 8) {
    const unsigned bits = prefix - bit >= 8 ? 8 : prefix - bit;
    const auto mask = static_cast<unsigned char>(0xff << (8 - bits));
    if ((a[bit / 8] & mask) != (b[bit / 8] & mask)) return false;
  }
  return true;
}

}  // namespace

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

AddressRanges::AddressRanges(const std::string& list) {
  std::size_t start = 0;
  while (start < list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    std::string entry = list.substr(start, end - start);
    start = end + 1;
    while (!entry.empty() && entry.front() == ' ') entry.erase(entry.begin());
    while (!entry.empty() && entry.back() == ' ') entry.pop_back();
    if (entry.empty()) continue;
    const auto slash = entry.find('/');
    boost::system::error_code ec;
    const auto address = ip::make_address(entry.substr(0, slash), ec);
    if (ec) throw std::invalid_argument("not an address: " + entry);
    unsigned prefix = address.is_v4() ? 32 : 128;
    if (slash != std::string::npos) {
      const std::string bits = entry.substr(slash + 1);
      const auto [at, err] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
      if (err != std::errc() || at != bits.data() + bits.size() || prefix > (address.is_v4() ? 32u : 128u)) {
        throw std::invalid_argument("not a prefix length: " + entry);
      }
    }
    ranges_.push_back({as_v6(address), address.is_v4() ? prefix + 96 : prefix});
  }
}

bool AddressRanges::contains(const ip::address& address) const {
  const auto bytes = as_v6(address).to_bytes();
  for (const auto& range : ranges_) {
    if (same_prefix(range.network.to_bytes(), bytes, range.prefix)) return true;
  }
  return false;
}

}  // namespace brethren::server
