// Provably fair shuffles (docs/fairness.md): the commitment to a match seed,
// published at the start and checked by anyone once the seed is revealed at
// the end. Shared by the server and brethren-verify, so both compute it the
// same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "brethren/v1/protocol.pb.h"

namespace brethren::fairness {

// What the commitment hashes: "brethren-seed-v1:<seed in decimal>:<salt>".
inline constexpr std::string_view kCommitmentPrefix = "brethren-seed-v1:";

std::string commitment_preimage(std::uint64_t seed, std::string_view salt_hex);
// Lower-case hex SHA-256 of commitment_preimage(seed, salt_hex).
std::string seed_commitment(std::uint64_t seed, std::string_view salt_hex);

// What RoomInfo.match and the history API publish: the commitment always,
// the seed and salt only once the match has ended. A match stored before
// commitments existed (no salt) has no commitment.
v1::MatchInfo public_match_info(std::int64_t match_id, std::uint64_t seed, const std::string& salt_hex, bool finished);

}  // namespace brethren::fairness
