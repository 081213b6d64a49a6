// Who may read GET /metrics. Some of its figures follow what players cannot
// see: how long the bots' searches ran and how many settled early depend on
// the bots' hidden cards, so a player who read them around a bot's move
// would learn something of its hand. So /metrics is the operator's: with
// --metrics-token-file only a request bearing that token reads it (from
// anywhere, the Prometheus of a cluster); without one, only a client on the
// loopback interface (the real client's address after a trusted proxy's
// PROXY line), and everyone else is told it does not exist.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string_view>

#include "server/net/bearer_token.h"

namespace brethren::server {

enum class MetricsVerdict {
  kServe,
  kNotFound,     // 404: no token configured and the client is not local
  kAskForToken,  // 401 with WWW-Authenticate: Bearer
};

bool is_loopback(const boost::asio::ip::address& address);

MetricsVerdict metrics_verdict(const BearerToken& token, const boost::asio::ip::address& client,
                               std::string_view authorization);

}  // namespace brethren::server
