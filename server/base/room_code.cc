#include "server/base/room_code.h"

#include <array>
#include <cctype>

#include "server/base/secrets.h"

namespace brethren::server {
namespace {

constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::size_t kRoomCodeLength = 9;
static_assert(sizeof kCrockford - 1 == kMaxClusterNodes);

}  // namespace

std::string new_room_code(int node_id) {
  std::array<unsigned char, kRoomCodeLength> bytes{};
  random_bytes(bytes.data(), bytes.size());
  std::string code;
  for (unsigned char b : bytes) code += kCrockford[b & 31];  // 256 % 32 == 0: unbiased
  if (node_id >= 0 && node_id < kMaxClusterNodes) code[0] = kCrockford[node_id];
  return code;
}

char room_code_node_prefix(int node_id) {
  return node_id >= 0 && node_id < kMaxClusterNodes ? kCrockford[node_id] : '\0';
}

int room_code_node(std::string_view code) {
  if (code.size() != kRoomCodeLength) return -1;
  const std::string_view alphabet(kCrockford, kMaxClusterNodes);
  for (char ch : code) {
    if (alphabet.find(ch) == std::string_view::npos) return -1;
  }
  return static_cast<int>(alphabet.find(code[0]));
}

std::string normalize_room_code(std::string_view typed) {
  std::string out;
  for (char ch : typed) {
    if (ch == '-' || ch == ' ') continue;
    char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (up == 'I' || up == 'L') up = '1';
    if (up == 'O') up = '0';
    out += up;
  }
  return out;
}

}  // namespace brethren::server
