// Game::deserialize on arbitrary bytes (issue #13). The first byte picks the
// game; the rest is the serialized state. A load must either fail with
// CORRUPT_STATE or give a state that keeps every invariant of check_state,
// also after a few legal moves from it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_support.h"

using namespace brethren;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const auto& all = fuzz::games().games();
  const rules::Game& game = *all[data[0] % all.size()];
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  auto loaded = game.deserialize(bytes);
  if (!loaded.ok()) {
    FUZZ_CHECK(loaded.error().code == rules::ErrorCode::kCorruptState);
    return 0;
  }
  rules::State& state = **loaded;
  fuzz::check_state(game, state);
  // Moves from an accepted state must not reach anything the loader let
  // through but the rules cannot handle.
  rules::Rng rng(size * 0x9E3779B97F4A7C15ULL + data[size - 1]);
  fuzz::play_legal(game, state, rng, 6, true);
  return 0;
}
