// Address lists from the command line (--proxy-protocol-from) and the
// IPv6 form both IPv4 and IPv6 addresses are compared in.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <vector>

namespace brethren::server {

// IPv4 as IPv4-mapped IPv6; IPv6 as is.
boost::asio::ip::address_v6 as_v6(const boost::asio::ip::address& address);

// A list of addresses and CIDR ranges (e.g. "127.0.0.1,10.0.0.0/8,::1").
class AddressRanges {
 public:
  // Throws std::invalid_argument naming the entry that does not parse.
  explicit AddressRanges(const std::string& list);
  bool empty() const { return ranges_.empty(); }
  bool contains(const boost::asio::ip::address& address) const;

 private:
  struct Range {
    boost::asio::ip::address_v6 network;  // IPv4 as IPv4-mapped IPv6
    unsigned prefix = 128;
  };
  std::vector<Range> ranges_;
};

}  // namespace brethren::server
