#include "tools/match_verifier.h"

#include <google/protobuf/util/message_differencer.h>

#include <charconv>

#include "server/protocol/fairness.h"

namespace brethren::tools {
namespace {

using google::protobuf::util::MessageDifferencer;

bool parse_seed(const std::string& text, std::uint64_t& seed) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

// The published events with version <= up_to must be exactly `expected`,
// and every later one must come after it.
std::string compare_events(const google::protobuf::RepeatedPtrField<v1::EventRecord>& published,
                           const std::vector<v1::EventRecord>& expected, std::uint64_t up_to) {
  std::size_t i = 0;
  for (; i < static_cast<std::size_t>(published.size()) && published[static_cast<int>(i)].version() <= up_to; ++i) {
    const auto& got = published[static_cast<int>(i)];
    if (i >= expected.size())
      return "published event version " + std::to_string(got.version()) + " is not in the replay";
    if (!MessageDifferencer::Equals(got, expected[i])) {
      return "event version " + std::to_string(got.version()) + " differs: published {" + got.ShortDebugString() +
             "}, replayed {" + expected[i].ShortDebugString() + "}";
    }
  }
  if (i < expected.size()) {
    return "the replay has event version " + std::to_string(expected[i].version()) + " {" +
           expected[i].ShortDebugString() + "}, the published log does not";
  }
  return "";
}

}  // namespace

VerifyReport verify_match(const rules::GameRegistry& games, const v1::MatchHistory& history) {
  VerifyReport report;
  auto fail = [&report](std::string why) {
    report.failure = std::move(why);
    return report;
  };
  const rules::Game* game = games.find(history.game_id());
  if (!game) return fail("unknown game '" + history.game_id() + "'");
  const v1::GameInfo& info = game->info();
  const v1::MatchInfo& fair = history.fairness();
  // 0: a history published before matches kept their rules version; every
  // one of those was played under version 1.
  const std::uint32_t rules_version = history.rules_version() == 0 ? 1 : history.rules_version();
  if (auto st = rules::check_rules_version(*game, rules_version); !st) {
    return fail("rules version: " + st.error().message +
                " (verify it with a brethren-verify of a build that plays "
                "rules version " +
                std::to_string(rules_version) + ")");
  }

  // 1. The revealed seed is the one committed to at the start.
  std::uint64_t seed = 0;
  if (fair.seed().empty() || fair.seed_salt().empty()) return fail("the seed is not revealed (is the match over?)");
  if (!parse_seed(fair.seed(), seed)) return fail("the revealed seed '" + fair.seed() + "' is not a decimal number");
  const std::string commitment = fairness::seed_commitment(seed, fair.seed_salt());
  if (commitment != fair.seed_commitment()) {
    return fail("commitment mismatch: SHA-256(\"" + fairness::commitment_preimage(seed, fair.seed_salt()) +
                "\") = " + commitment + ", but the match published " + fair.seed_commitment());
  }
  report.checked.push_back("commitment: SHA-256 of seed " + fair.seed() + " and salt = " + commitment);
  report.checked.push_back("rules: version " + std::to_string(rules_version) + " of " + info.display_name() +
                           ", the version this build plays");

  // 2. The set-up: what the seed deals before anyone acts.
  const rules::Viewer viewer = history.seat() >= 0 ? rules::Viewer::player(history.seat()) : rules::Viewer::spectator();
  const std::uint64_t secret_seed = info.secret_randomness() ? kStandInSecretSeed : 0;
  const rules::MatchSetup setup{history.options(), history.seat_count(), seed, secret_seed, rules_version};
  auto fresh = game->new_match(setup);
  if (!fresh) return fail("the match's options and seats make no match: " + fresh.error().message);
  const std::uint64_t setup_events = (*fresh)->version();
  if (history.event_count() < setup_events) return fail("the published log is shorter than the set-up");
  if (auto diff = compare_events(history.events(), (*fresh)->events_for(viewer), setup_events); !diff.empty()) {
    return fail("set-up: " + diff);
  }
  report.checked.push_back("set-up: the events before the first action (versions 1-" + std::to_string(setup_events) +
                           ") are what the seed deals");
  if (info.secret_randomness()) {
    report.not_checked.push_back("the part of the set-up drawn from the game's never-revealed second seed (" +
                                 info.display_name() +
                                 ": the vote deck, which would betray who played which vote card)");
  }

  // 3. The whole match, where its action log may be published.
  if (!history.actions_published()) {
    report.not_checked.push_back("the moves: " + info.display_name() +
                                 " does not publish its action log (it would reveal what the game keeps hidden)");
    report.verified = true;
    return report;
  }
  std::vector<rules::LoggedAction> log;
  for (const auto& a : history.actions()) log.push_back(rules::LoggedAction{a.seat(), a.action()});
  auto replayed = rules::replay(*game, setup, log);
  if (!replayed) return fail("the action log does not replay: " + replayed.error().message);
  const rules::State& state = **replayed;
  if (auto diff = compare_events(history.events(), state.events_for(viewer), state.version()); !diff.empty()) {
    return fail("replay: " + diff);
  }
  if (state.version() != history.event_count()) {
    return fail("replay: " + std::to_string(state.version()) + " events, the match published " +
                std::to_string(history.event_count()));
  }
  if (!state.is_terminal()) return fail("replay: the action log does not finish the match");
  if (!MessageDifferencer::Equals(state.outcome(), history.outcome())) {
    return fail("replay: the outcome differs: published {" + history.outcome().ShortDebugString() + "}, replayed {" +
                state.outcome().ShortDebugString() + "}");
  }
  report.checked.push_back("moves: the " + std::to_string(log.size()) +
                           " published actions replay to the identical event log and outcome");
  report.verified = true;
  return report;
}

}  // namespace brethren::tools
