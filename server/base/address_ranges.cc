#include "server/base/address_ranges.h"

#include <charconv>
#include <stdexcept>

namespace brethren::server {
namespace {

namespace ip = boost::asio::ip;

bool same_prefix(const ip::address_v6::bytes_type& a, const ip::address_v6::bytes_type& b, unsigned prefix) {
  for (unsigned bit = 0; bit < prefix; bit += 8) {
    const unsigned bits = prefix - bit >= 8 ? 8 : prefix - bit;
    const auto mask = static_cast<unsigned char>(0xff << (8 - bits));
    if ((a[bit / 8] & mask) != (b[bit / 8] & mask)) return false;
  }
  return true;
}

}  // namespace

ip::address_v6 as_v6(const ip::address& address) {
  return address.is_v4() ? ip::make_address_v6(ip::v4_mapped, address.to_v4()) : address.to_v6();
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
