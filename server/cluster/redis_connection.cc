#include "server/cluster/redis_connection.h"

#include <cstdlib>

namespace brethren::server {

RedisAddress parse_redis_address(const std::string& host_port) {
  RedisAddress out;
  const auto colon = host_port.rfind(':');
  out.host = host_port.substr(0, colon);
  if (out.host.size() > 2 && out.host.front() == '[' && out.host.back() == ']') {
    out.host = out.host.substr(1, out.host.size() - 2);
  }
  out.port = colon == std::string::npos ? 0 : std::atoi(host_port.c_str() + colon + 1);
  return out;
}

timeval to_timeval(std::chrono::milliseconds ms) {
  return timeval{static_cast<time_t>(ms.count() / 1000), static_cast<suseconds_t>((ms.count() % 1000) * 1000)};
}

RedisContext redis_connect(const RedisAddress& address, std::string* why, std::chrono::milliseconds timeout) {
  const timeval limit = to_timeval(timeout);
  RedisContext redis(redisConnectWithTimeout(address.host.c_str(), address.port, limit));
  if (!redis || redis->err) {
    if (why) *why = redis ? redis->errstr : "out of memory";
    return nullptr;
  }
  redisSetTimeout(redis.get(), limit);
  return redis;
}

void redis_append(redisContext* redis, const std::vector<std::string>& args) {
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  for (const auto& a : args) {
    argv.push_back(a.data());
    lengths.push_back(a.size());
  }
  redisAppendCommandArgv(redis, static_cast<int>(args.size()), argv.data(), lengths.data());
}

RedisReply redis_next_reply(redisContext* redis) {
  void* reply = nullptr;
  if (redisGetReply(redis, &reply) != REDIS_OK) return nullptr;
  return RedisReply(static_cast<redisReply*>(reply));
}

}  // namespace brethren::server
