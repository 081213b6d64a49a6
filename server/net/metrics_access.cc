#include "server/net/metrics_access.h"

namespace brethren::server {

bool is_loopback(const boost::asio::ip::address& address) {
  if (address.is_loopback()) return true;
  // An IPv4 client of a dual-stack socket: ::ffff:127.0.0.1.
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6()).is_loopback();
  }
  return false;
}

MetricsVerdict metrics_verdict(const BearerToken& token, const boost::asio::ip::address& client,
                               std::string_view authorization) {
  if (token.configured()) return token.admits(authorization) ? MetricsVerdict::kServe : MetricsVerdict::kAskForToken;
  return is_loopback(client) ? MetricsVerdict::kServe : MetricsVerdict::kNotFound;
}

}  // namespace brethren::server
