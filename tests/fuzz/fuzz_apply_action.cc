// Checked apply of arbitrary GameAction messages on states reached by random
// play (issue #13). Input layout (fuzz_seed_generator.cc writes the same):
//   [0] game  [1] seat count  [2..9] seed  [10..11] random moves  [12] flags
//   then records: [seat + 1] [length] [length bytes of a GameAction]
// After an accepted action every invariant of check_state must hold; a
// rejected one must leave the state byte for byte unchanged.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_support.h"

using namespace brethren;

namespace {

constexpr std::size_t kHeader = 13;
constexpr int kMaxRandomMoves = 600;

std::uint64_t read_u64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < kHeader) return 0;
  const auto& all = fuzz::games().games();
  const rules::Game& game = *all[data[0] % all.size()];
  const int min = game.info().min_seats(), max = game.info().max_seats();
  const int seats = min + data[1] % (max - min + 1);
  const std::uint64_t seed = read_u64(data + 2);
  const int moves = (data[10] | (data[11] << 8)) % (kMaxRandomMoves + 1);
  const bool secret_stream = data[12] & 1;
  rules::MatchSetup setup{game.info().default_options(), seats, seed, secret_stream ? seed | 1 : 0};
  auto created = game.new_match(setup);
  FUZZ_CHECK(created.ok());
  rules::State& state = **created;
  rules::Rng rng(seed ^ 0x5eed);
  fuzz::play_legal(game, state, rng, moves, false);

  std::size_t pos = kHeader;
  while (pos + 2 <= size) {
    // Seat -1 and one past the last seat are in range on purpose.
    const int seat = static_cast<int>(data[pos] % (seats + 2)) - 1;
    const std::size_t length = data[pos + 1];
    pos += 2;
    if (length > size - pos) break;
    v1::GameAction action;
    const bool parsed = action.ParseFromArray(data + pos, static_cast<int>(length));
    pos += length;
    if (!parsed) continue;
    const std::string before = state.serialize();
    const auto st = state.apply(seat, action);
    if (st.ok()) {
      fuzz::check_state(game, state);
    } else {
      FUZZ_CHECK(!st.error().message.empty());
      FUZZ_CHECK(state.serialize() == before);
    }
  }
  return 0;
}
