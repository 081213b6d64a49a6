#include "server/rating/shared_rating_reads.h"

#include "persistence/postgres/rating_reader.h"

namespace brethren::rating {
namespace {

using namespace persistence;

class SharedRatingReads final : public RatingReads {
 public:
  explicit SharedRatingReads(postgres::Pool& pool) : reader_(pool) {}

  // PostgreSQL out of reach: StoreUnavailable (SERVER_BUSY, not INTERNAL).
  std::optional<PublicAccount> claimed_account(const std::string& key) const override {
    return postgres::or_unavailable([&] { return reader_.claimed_account(key); });
  }
  std::vector<RatingRecord> ratings_of(std::int64_t id) const override {
    return postgres::or_unavailable([&] { return reader_.ratings_of(id); });
  }
  std::optional<RatingRecord> rating(std::int64_t id, const std::string& game_id) const override {
    return postgres::or_unavailable([&] { return reader_.rating(id, game_id); });
  }
  // The matches of every node, each with the node that played it (its
  // replay link routes there).
  std::vector<MatchPlayerRecord> recent_matches(std::int64_t id, std::size_t limit) const override {
    std::vector<MatchPlayerRecord> out;
    for (auto& played : postgres::or_unavailable([&] { return reader_.recent_matches(id, limit); })) {
      played.player.node_id = played.node_id;
      out.push_back(std::move(played.player));
    }
    return out;
  }
  std::vector<BoardRow> leaderboard(const std::string& game_id, double max_sigma, std::int64_t min_games,
                                    std::size_t offset, std::size_t limit) const override {
    return postgres::or_unavailable([&] { return reader_.leaderboard(game_id, max_sigma, min_games, offset, limit); });
  }

 private:
  postgres::RatingReader reader_;
};

}  // namespace

std::shared_ptr<RatingReads> shared_rating_reads(postgres::Pool& pool) {
  return std::make_shared<SharedRatingReads>(pool);
}

}  // namespace brethren::rating
