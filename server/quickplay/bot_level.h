// Which bot fills a quick-play table's free seats (docs/quickplay.md, "Bots"):
// the kind whose fixed rating (server/rating/bot_ratings.h) is nearest to
// the mean μ of the people at the table, among the kinds the server offers
// for the game. Pure: the kinds are passed in.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace brethren::server::quickplay {

// `offered`: the server's kinds for the game, weakest first
// (room/bot_kinds.h); kinds without a fixed rating are skipped, and a tie
// goes to the weaker kind. When no offered kind has a rating: the strongest
// offered kind; empty when none is offered.
std::string bot_kind_for(double people_mean_mu, const std::vector<std::string>& offered);

}  // namespace brethren::server::quickplay
