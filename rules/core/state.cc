#include "rules/core/state.h"

#include <algorithm>

namespace brethren::rules {
namespace {
// Version 2 adds the secret stream's words; a state without a secret stream
// is still written as version 1, so its bytes (and stored states) are
// unchanged.
constexpr std::uint64_t kFormatVersion = 1;
constexpr std::uint64_t kFormatVersionWithSecretStream = 2;
}  // namespace

State::State(std::string game_id, int num_seats, std::uint64_t seed, std::uint64_t secret_seed)
    : game_id_(std::move(game_id)), num_seats_(num_seats), rng_(seed) {
  if (secret_seed != 0) secret_rng_.emplace(secret_seed);
}

bool State::is_acting(Seat seat) const {
  const auto seats = acting_seats();
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

std::vector<ActionId> State::legal_actions(Seat seat) const {
  std::vector<ActionId> out;
  legal_actions(seat, out);
  return out;
}

bool State::is_legal(Seat seat, ActionId action) const {
  std::vector<ActionId> legal;
  legal_actions(seat, legal);
  return std::binary_search(legal.begin(), legal.end(), action);
}

std::string State::illegal_reason(Seat, ActionId) const { return "that action is not allowed now"; }

Status State::apply(Seat seat, ActionId action) {
  if (is_terminal()) return make_error(ErrorCode::kGameOver, "the match has ended");
  if (seat < 0 || seat >= num_seats_) return make_error(ErrorCode::kNotYourTurn, "no such seat");
  if (!is_acting(seat))
    return make_error(ErrorCode::kNotYourTurn, "seat " + std::to_string(seat) + " need not act now");
  if (action >= action_space_size()) return make_error(ErrorCode::kMalformedAction, "action out of range");
  if (!is_legal(seat, action)) return make_error(ErrorCode::kIllegalAction, illegal_reason(seat, action));
  do_apply(seat, action);
  return Ok{};
}

Status State::apply(Seat seat, const v1::GameAction& action) {
  if (seat < 0 || seat >= num_seats_) return make_error(ErrorCode::kNotYourTurn, "no such seat");
  auto decoded = decode_action(seat, action);
  if (!decoded) return decoded.error();
  return apply(seat, *decoded);
}

v1::MatchView State::view(Viewer viewer) const {
  v1::MatchView out;
  out.set_game_id(game_id_);
  out.set_viewer_seat(viewer.is_spectator() ? -1 : viewer.seat());
  out.set_seat_count(num_seats_);
  out.set_version(version());
  for (Seat s : acting_seats()) out.add_to_act(s);
  if (!viewer.is_spectator()) {
    std::vector<ActionId> legal;
    legal_actions(viewer.seat(), legal);
    for (ActionId a : legal) *out.add_legal_actions() = encode_action(viewer.seat(), a);
  }
  *out.mutable_game() = game_view(viewer);
  if (is_terminal()) {
    out.set_finished(true);
    *out.mutable_outcome() = outcome();
  }
  return out;
}

std::vector<v1::EventRecord> State::events_for(Viewer viewer, std::uint64_t after_version) const {
  std::vector<v1::EventRecord> out;
  for (std::uint64_t i = after_version; i < events_.size(); ++i) {
    if (!events_[i].audience.includes(viewer)) continue;
    auto& record = out.emplace_back();
    record.set_version(i + 1);
    *record.mutable_event() = *events_[i].event;
  }
  return out;
}

void State::emit(Audience audience, v1::GameEvent event) {
  events_.push_back(LoggedEvent{audience, std::make_shared<const v1::GameEvent>(std::move(event))});
}

v1::GameEvent& State::emit_in_place(Audience audience) {
  auto& arena = event_arena_.arena;
  if (!arena) {
    // A whole game's events fit in a few blocks (a Letter of Marque game's
    // in two of these).
    google::protobuf::ArenaOptions options;
    options.start_block_size = 4096;
    options.max_block_size = 16384;
    arena = std::make_shared<google::protobuf::Arena>(options);
  }
  auto* event = google::protobuf::Arena::CreateMessage<v1::GameEvent>(arena.get());
  events_.push_back(LoggedEvent{audience, std::shared_ptr<const v1::GameEvent>(arena, event)});
  return *event;
}

void State::resample_hidden(Viewer viewer, Rng& rng) {
  do_resample_hidden(viewer, rng);
  // The viewer cannot know the draws still to come either.
  rng_.reseed(rng.next());
  if (secret_rng_) secret_rng_->reseed(rng.next());
}

std::string State::serialize() const {
  Writer out;
  out(secret_rng_ ? kFormatVersionWithSecretStream : kFormatVersion, game_id_, num_seats_, rng_.words());
  if (secret_rng_) out(secret_rng_->words());
  out.put_varint(events_.size());
  for (const auto& e : events_) {
    out(e.audience.is_everyone(), e.audience.seat_mask());
    std::string bytes;
    e.event->SerializeToString(&bytes);
    out.put_bytes(bytes);
  }
  save_game(out);
  return out.take();
}

Status State::load(std::string_view bytes) {
  Reader in(bytes);
  std::uint64_t format = 0;
  std::string game_id;
  std::array<std::uint64_t, 4> words{};
  in(format, game_id, num_seats_, words);
  const bool known_format = format == kFormatVersion || format == kFormatVersionWithSecretStream;
  if (!in.ok() || !known_format || game_id != game_id_ || num_seats_ < 1 || num_seats_ > kMaxSeats)
    return make_error(ErrorCode::kCorruptState, "not a serialized " + game_id_ + " state");
  // xoshiro256** never reaches the all-zero state from a seed, and from it
  // draws only zeros: Rng::below would never return.
  constexpr std::array<std::uint64_t, 4> kStuck{};
  if (words == kStuck) return make_error(ErrorCode::kCorruptState, "impossible random state");
  rng_.set_words(words);
  secret_rng_.reset();
  if (format == kFormatVersionWithSecretStream) {
    std::array<std::uint64_t, 4> secret_words{};
    in(secret_words);
    if (secret_words == kStuck) return make_error(ErrorCode::kCorruptState, "impossible random state");
    secret_rng_.emplace().set_words(secret_words);
  }
  const std::uint64_t n = in.get_varint();
  if (!in.ok() || n > bytes.size()) return make_error(ErrorCode::kCorruptState, "bad event count");
  events_.clear();
  events_.reserve(n);
  for (std::uint64_t i = 0; i < n && in.ok(); ++i) {
    bool everyone = false;
    std::uint32_t mask = 0;
    in(everyone, mask);
    auto event = std::make_shared<v1::GameEvent>();
    if (!event->ParseFromString(in.get_bytes())) in.fail();
    events_.push_back(LoggedEvent{Audience::from_mask(everyone, mask), std::move(event)});
  }
  if (in.ok()) load_game(in);
  if (!in.ok() || !in.at_end()) return make_error(ErrorCode::kCorruptState, "truncated or trailing state bytes");
  return Ok{};
}

std::vector<State::RatedSide> State::rated_sides() const {
  const auto result = outcome();
  std::vector<RatedSide> sides(static_cast<std::size_t>(result.seats_size()));
  for (const auto& seat : result.seats()) {
    if (seat.seat() < 0 || static_cast<std::size_t>(seat.seat()) >= sides.size()) continue;
    sides[static_cast<std::size_t>(seat.seat())] = RatedSide{seat.seat(), seat.rank()};
  }
  return sides;
}

}  // namespace brethren::rules
