#pragma once

namespace brethren::server {
inline constexpr const char* kServerVersion = "0.1.0";
inline constexpr const char* kServerName = "brethren/0.1.0";
}  // namespace brethren::server
