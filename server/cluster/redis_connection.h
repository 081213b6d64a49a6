// What the cluster's Redis clients share (the lobby, the ended-sessions
// relay): a host:port parsed from a flag, replies freed by RAII, binary-safe
// commands appended to a pipeline.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <hiredis/hiredis.h>

namespace brethren::server {

struct RedisReplyDeleter {
  void operator()(redisReply* reply) const { freeReplyObject(reply); }
};
using RedisReply = std::unique_ptr<redisReply, RedisReplyDeleter>;

struct RedisContextDeleter {
  void operator()(redisContext* redis) const { redisFree(redis); }
};
using RedisContext = std::unique_ptr<redisContext, RedisContextDeleter>;

struct RedisAddress {
  std::string host;  // without an IPv6 address's brackets
  int port = 0;
};
// "host:port" or "[v6]:port", as the flags take it.
RedisAddress parse_redis_address(const std::string& host_port);

timeval to_timeval(std::chrono::milliseconds ms);
// A connection whose connect and every command give up after `timeout` (so
// that a hung Redis delays only the thread that uses it); null, with the
// reason in `why`, when it cannot be made.
RedisContext redis_connect(const RedisAddress& address, std::string* why,
                           std::chrono::milliseconds timeout = std::chrono::milliseconds(1000));
// A command of any number of binary-safe arguments, appended to the pipeline.
void redis_append(redisContext* redis, const std::vector<std::string>& args);
// The next reply of the pipeline; null when the connection failed.
RedisReply redis_next_reply(redisContext* redis);

}  // namespace brethren::server
