// What rooms and sessions share: settings, games, storage, metrics. Each
// member is either immutable after start-up or thread-safe by itself.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>

#include "persistence/store.h"
#include "rules/core/registry.h"
#include "server/config.h"
#include "server/metrics.h"

namespace brethren::server {

struct Services {
  const Config& config;
  const rules::GameRegistry& games;
  persistence::Store& store;
  Metrics& metrics;
  boost::asio::io_context& io;
  std::atomic<bool> shutting_down{false};
};

// Milliseconds since the Unix epoch, for stored timestamps.
std::int64_t unix_millis();

}  // namespace brethren::server
