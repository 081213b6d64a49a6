// Checks a finished match's published history (brethren.v1.MatchHistory) the
// way any player can: the seed against its commitment, the set-up deal
// against the seed, and, where the game publishes its action log, the whole
// match. docs/fairness.md explains what each game lets one check.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "brethren/v1/history.pb.h"
#include "rules/core/registry.h"

namespace brethren::tools {

struct VerifyReport {
  bool verified = false;
  // What was checked, one line each, in order.
  std::vector<std::string> checked;
  // What could not be checked for this game, and why.
  std::vector<std::string> not_checked;
  // The first mismatch, when not verified.
  std::string failure;
};

VerifyReport verify_match(const rules::GameRegistry& games, const v1::MatchHistory& history);

// The stand-in for a never-revealed secret seed (GameInfo.secret_randomness):
// the set-up check then covers exactly what the public seed decides.
inline constexpr std::uint64_t kStandInSecretSeed = 0x5EC12E7'5EEDULL;

}  // namespace brethren::tools
