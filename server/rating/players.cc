#include "server/rating/players.h"

#include "server/base/room_code.h"
#include "server/rating/rating.h"

namespace brethren::rating {
namespace {

void fill(v1::GameRating& out, const persistence::RatingRecord& r) {
  out.set_game_id(r.game_id);
  out.set_rating(r.shown);
  out.set_mu(r.mu);
  out.set_sigma(r.sigma);
  out.set_provisional(provisional(Rating{r.mu, r.sigma}));
  out.set_games(static_cast<std::uint32_t>(r.games));
  out.set_wins(static_cast<std::uint32_t>(r.wins));
}

}  // namespace

std::variant<v1::PlayerProfile, Refused> player_profile(const persistence::RatingReads& reader,
                                                        const std::string& username_key) {
  const Refused none{v1::NOT_FOUND, kNoSuchPlayer, 404};
  if (username_key.empty() || username_key.size() > kMaxLookupBytes) return none;
  const auto account = reader.claimed_account(username_key);
  if (!account) return none;
  v1::PlayerProfile profile;
  profile.set_username(account->username);
  profile.set_display_name(account->display_name);
  profile.set_created_unix_ms(account->created_at);
  for (const auto& r : reader.ratings_of(account->id)) fill(*profile.add_ratings(), r);
  // Only finished matches are ever recorded (with their result), so nothing
  // here belongs to a live match.
  for (const auto& m : reader.recent_matches(account->id, kRecentMatches)) {
    auto* match = profile.add_recent_matches();
    match->set_match_id(m.match_id);
    match->set_game_id(m.game_id);
    match->set_finished_unix_ms(m.finished_at);
    match->set_place(m.place);
    match->set_won(m.won);
    match->set_rated(m.rated);
    if (m.rated) {
      match->set_rating_after(m.shown_after);
      match->set_rating_change(m.shown_after - m.shown_before);
    }
    // In a cluster the proxy routes on ?room='s first character, which
    // names the node: the room's code itself stays private (an unlisted
    // room's code admits to its later matches).
    std::string url = "/replay/" + std::to_string(m.match_id);
    if (const char node = server::room_code_node_prefix(m.node_id)) url += std::string("?room=") + node;
    match->set_replay_url(std::move(url));
  }
  return profile;
}

std::variant<v1::Leaderboard, Refused> leaderboard_page(const persistence::RatingReads& reader, bool game_known,
                                                        const std::string& game_id, std::uint32_t page_size,
                                                        std::uint32_t offset) {
  if (!game_known) return Refused{v1::UNKNOWN_GAME, "no game with that id", 404};
  if (page_size > kMaxPageSize) {
    return Refused{v1::INVALID_ARGUMENT, "page_size is at most " + std::to_string(kMaxPageSize), 400};
  }
  if (offset > kMaxOffset) return Refused{v1::INVALID_ARGUMENT, "offset is at most " + std::to_string(kMaxOffset), 400};
  const std::uint32_t size = page_size == 0 ? kDefaultPageSize : page_size;
  // One row more than asked tells whether another page follows.
  auto rows = reader.leaderboard(game_id, kProvisionalSigma, kLeaderboardMinGames, offset, size + 1);
  v1::Leaderboard board;
  board.set_game_id(game_id);
  const bool more = rows.size() > size;
  if (more) rows.pop_back();
  std::uint32_t position = offset;
  for (const auto& row : rows) {
    auto* out = board.add_rows();
    out->set_position(++position);
    out->set_username(row.username);
    fill(*out->mutable_rating(), row.rating);
  }
  if (more && position <= kMaxOffset) board.set_next_offset(position);
  return board;
}

}  // namespace brethren::rating
