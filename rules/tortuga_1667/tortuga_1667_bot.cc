// Tortuga 1667 heuristic bot. Every legal action in the seat's view gets a
// score from simple rules of thumb; the best one is played (ties broken by the
// bot's own seeded Rng). It only reads the MatchView: own loyalty, own vote
// hand, the public board and the event-row cards it has looked at.
#include "rules/tortuga_1667/tortuga_1667_bot.h"

#include <algorithm>
#include <vector>

#include "brethren/v1/tortuga_1667.pb.h"
#include "rules/tortuga_1667/tortuga_1667_cards.h"

namespace brethren::rules::tortuga_1667 {
namespace {

namespace pb = brethren::v1::tortuga_1667;

constexpr int kCannon = 0, kTorch = 1, kWater = 2;

// What the bot knows about its situation, derived from the view once.
struct Ctx {
  const pb::View& v;
  int me;
  pb::Team mine;  // the team the bot plays for
  pb::Team enemy;
  bool ahead;     // would the bot's side win if the game ended now?
  int ship = -1;  // 0 = FD, 1 = JR, -1 = not on a ship
  const pb::PlayerView* self = nullptr;

  int hold(int s, pb::Team t) const { return t == pb::TEAM_BRITISH ? v.ships(s).british() : v.ships(s).french(); }
  int tortuga(pb::Team t) const { return t == pb::TEAM_BRITISH ? v.tortuga_british() : v.tortuga_french(); }
  bool has_card(int top, int flag, int skull) const {  // -1 = any
    for (const auto& c : v.own_hand()) {
      if ((top < 0 || vote_top(c.kind()) == top) && (flag < 0 || vote_flag(c.kind()) == flag) &&
          (skull < 0 || vote_skull(c.kind()) == (skull == 1)))
        return true;
    }
    return false;
  }
};

Ctx make_ctx(const v1::MatchView& view) {
  const pb::View& v = view.game().tortuga_1667();
  Ctx c{v, view.viewer_seat(), v.own_loyalty(), pb::TEAM_FRENCH, false};
  const int b = v.british_total(), f = v.french_total();
  if (c.mine == pb::TEAM_DUTCH || c.mine == pb::TEAM_UNKNOWN) {
    // The Dutch player wins a tie: he helps whichever team trails, and is
    // "ahead" (happy for the game to end) exactly when the totals are equal.
    c.mine = b <= f ? pb::TEAM_BRITISH : pb::TEAM_FRENCH;
    c.ahead = b == f;
  } else {
    c.ahead = c.mine == pb::TEAM_BRITISH ? b > f : f > b;
  }
  c.enemy = c.mine == pb::TEAM_BRITISH ? pb::TEAM_FRENCH : pb::TEAM_BRITISH;
  for (const auto& p : v.players()) {
    if (p.seat() == c.me) c.self = &p;
  }
  if (c.self && (c.self->area() == pb::AREA_FLYING_DUTCHMAN || c.self->area() == pb::AREA_JOLLY_ROGER))
    c.ship = c.self->area() == pb::AREA_FLYING_DUTCHMAN ? 0 : 1;
  return c;
}

// How much the bot wants to keep a vote card for later: cards of its own
// flag win Brawls, cannons/torches win its Attacks, skulls win Mutinies.
// Votes that do not matter to the bot dump the least valuable card.
double keep_value(const Ctx& c, int kind) {
  double v = 0;
  if (vote_flag(kind) == static_cast<int>(c.mine)) v += 2;
  const int top = vote_top(kind);
  v += top == kCannon ? 1.2 : top == kTorch ? 1.0 : 0.4;
  if (vote_skull(kind)) v += 0.5;
  return v;
}

// Probability that an Attack succeeds when the bot plays `mine_top` and
// `others` further cards are random draws from the reference deck
// (9 cannon / 12 torch / 9 water): needs a cannon and torches > waters.
double attack_success(int mine_top, int others) {
  const double p[3] = {0.3, 0.4, 0.3};
  double total = 0;
  int combos = 1;
  for (int i = 0; i < others; ++i) combos *= 3;
  for (int code = 0; code < combos; ++code) {
    int n[3] = {0, 0, 0};
    ++n[mine_top];
    double prob = 1;
    for (int i = 0, x = code; i < others; ++i, x /= 3) {
      ++n[x % 3];
      prob *= p[x % 3];
    }
    if (n[kCannon] >= 1 && n[kTorch] - n[kWater] >= 1) total += prob;
  }
  return total;
}

// Value of revealing (or having someone reveal) a known event card.
double card_value(const Ctx& c, pb::EventCard card) {
  switch (card) {
    case pb::EVENT_SPANISH_ARMADA: return c.ahead ? 90 : -100;  // ends the game now
    case pb::EVENT_BLACK_SPOT:
    case pb::EVENT_ALBATROSS: return -30;  // hurts the reader
    case pb::EVENT_LETTER_OF_MARQUE: return 10;
    case pb::EVENT_PISTOL: return 5;
    case pb::EVENT_STORMY_SEAS: {
      // Sends the reader's ship's (or Tortuga's) treasure away: good when the
      // enemy holds most of it there.
      if (c.ship >= 0) return 10.0 * (c.hold(c.ship, c.enemy) - c.hold(c.ship, c.mine));
      if (c.self && c.self->area() == pb::AREA_TORTUGA) return 10.0 * (c.tortuga(c.enemy) - c.tortuga(c.mine));
      return 0;
    }
    default: return 0;
  }
}

// Revealing an unknown card: when ahead, hurrying toward the Armada helps;
// when behind, it only risks ending the game, the more so as the deck runs out.
double unknown_reveal(const Ctx& c) {
  if (c.ahead) return 8;
  return c.v.event_deck_count() < 5 ? -25 : -3;
}

double slot_value(const Ctx& c, int slot) {
  if (slot < 0 || slot >= c.v.row_size()) return 0;
  const auto known = c.v.row(slot).known();
  return known == pb::EVENT_UNKNOWN ? unknown_reveal(c) : card_value(c, known);
}

int ship_of(const pb::View& v, int seat) {
  for (int s = 0; s < v.ships_size(); ++s) {
    for (int x : v.ships(s).crew()) {
      if (x == seat) return s;
    }
  }
  return -1;
}

double score_vote(const Ctx& c, const pb::CastVote& cv) {
  const auto& vote = c.v.vote();
  const bool caller = vote.caller() == c.me;
  double s = 0;
  for (int k : cv.kinds()) s -= 0.1 * keep_value(c, k);  // prefer spending cheap cards
  switch (vote.kind()) {
    case pb::VOTE_BRAWL:
      // The Tortuga treasure goes to the majority flag: always vote ours.
      for (int k : cv.kinds()) s += vote_flag(k) == static_cast<int>(c.mine) ? 10 : -10;
      break;
    case pb::VOTE_ATTACK:
      if (caller && cv.kinds_size() >= 1) {
        // Our own Attack: we place the chest, so maximise success.
        int others = vote.voters_size();  // other voters + the deck card
        if (cv.kinds_size() == 1) {
          s += 10 * attack_success(vote_top(cv.kinds(0)), others);
        } else {
          // El Dorado: two of our cards plus the random ones.
          // Approximate: cannon+torch is a near-certain success.
          const int t0 = vote_top(cv.kinds(0)), t1 = vote_top(cv.kinds(1));
          s += ((t0 == kCannon && t1 == kTorch) || (t1 == kCannon && t0 == kTorch)) ? 9 : 4;
        }
      }
      break;
    case pb::VOTE_MUTINY:
      // Our own Mutiny (we are First Mate and would become Captain): skulls.
      if (caller) {
        for (int k : cv.kinds()) s += vote_skull(k) ? 10 : -10;
      }
      break;
    default: break;
  }
  return s;
}

double score(const Ctx& c, const pb::Action& a) {
  const pb::View& v = c.v;
  const int other = c.ship >= 0 ? 1 - c.ship : -1;
  switch (a.kind_case()) {
    case pb::Action::kShiftTreasure:
      // Cabin Boy: moving a chest from the enemy hold to ours is a sure point swing.
      return a.shift_treasure().from() == c.enemy ? 100 : -100;
    case pb::Action::kAttack: {
      // Captain: a successful attack lets us put a chest into our hold.
      const bool gain = v.galleon() > 0 || (other >= 0 && c.hold(other, c.enemy) > 0);
      return gain ? 60 : -10;
    }
    case pb::Action::kBrawl: {
      // Governor: worth it when Tortuga's treasure is not yet all ours and we
      // hold a card of our flag to push the vote.
      if (c.tortuga(c.mine) >= 2) return -20;
      return c.has_card(-1, static_cast<int>(c.mine), -1) ? 50 : 5;
    }
    case pb::Action::kMutiny: {
      // First Mate: a Captain whose ship holds more enemy than our treasure is
      // probably an enemy; a skull in hand makes success likelier, and we
      // would become Captain.
      if (c.ship < 0) return -5;
      const bool suspicious = c.hold(c.ship, c.enemy) > c.hold(c.ship, c.mine);
      return suspicious && c.has_card(-1, -1, 1) ? 30 : c.has_card(-1, -1, 1) ? 3 : -5;
    }
    case pb::Action::kMaroonCrew: return -5;  // no information about the crew's loyalty
    case pb::Action::kMoveLifeboat: {
      const auto to = a.move_lifeboat().to();
      const auto from = c.self ? c.self->area() : pb::AREA_TORTUGA;
      if (to == pb::AREA_FLYING_DUTCHMAN || to == pb::AREA_JOLLY_ROGER) {
        // Boarding from a lifeboat makes us Cabin Boy; best where the enemy
        // hold has treasure to shift.
        const int s = to == pb::AREA_FLYING_DUTCHMAN ? 0 : 1;
        return 40 + 10.0 * std::min(c.hold(s, c.enemy), 2);
      }
      if (to == pb::AREA_TORTUGA) return -10;
      // Into a lifeboat: worth it from Tortuga unless we are Governor.
      if (from == pb::AREA_TORTUGA) {
        if (c.self && c.self->governor()) return -5;
        const int s = to == pb::AREA_FD_LIFEBOAT ? 0 : 1;
        return 15 + 2.0 * c.hold(s, c.enemy);
      }
      return -10;  // leaving a ship
    }
    case pb::Action::kReveal: return slot_value(c, a.reveal().slot());
    case pb::Action::kLook: {
      // Safe information; prefer slots we have not seen.
      double s = 2;
      for (int slot : {a.look().slot_a(), a.look().slot_b()}) {
        if (slot < v.row_size() && v.row(slot).known() == pb::EVENT_UNKNOWN) s += 1;
      }
      return s - 3;  // only when nothing better; unseen pairs score 1 (above Pass)
    }
    case pb::Action::kForce: {
      // Someone else picks one of the two slots blindly: half of each.
      // (The Armada is what matters; other cards land on someone else.)
      return 0.5 * (slot_value(c, a.force().slot_a()) + slot_value(c, a.force().slot_b())) - 0.5;
    }
    case pb::Action::kPass: return 0;
    case pb::Action::kPlaceTreasure: {
      double s = a.place_treasure().hold() == c.mine ? 10 : -10;
      const int src = a.place_treasure().source();
      const pb::Team from = src == 1 ? pb::TEAM_BRITISH : pb::TEAM_FRENCH;
      if (src != 0) s += from == c.enemy ? 5 : -5;  // steal from the enemy's hold
      return s;
    }
    case pb::Action::kPickForced: return slot_value(c, a.pick_forced().slot());
    case pb::Action::kCastVote: return score_vote(c, a.cast_vote());
    case pb::Action::kUseFountain: return 50;  // cancels our own marooning
    case pb::Action::kUseAtlantis:
      // Into the other ship rather than Tortuga when being marooned.
      return v.pending().target() == c.me ? 40 : -1;
    case pb::Action::kDecline: return 0;
    case pb::Action::kChoosePlayer: {
      const int t = a.choose_player().seat();
      if (v.pending().card() == pb::EVENT_PISTOL) {
        if (t == c.me) return -50;
        // As First Mate, shooting our Captain makes us Captain.
        if (c.self && c.self->first_mate() && c.ship >= 0 && v.ships(c.ship).crew_size() > 0 &&
            v.ships(c.ship).crew(0) == t)
          return 20;
        // Otherwise prefer removing a Captain of a ship with more enemy
        // treasure (he probably put it there).
        const int s = ship_of(v, t);
        if (s >= 0 && v.ships(s).crew(0) == t) return 2.0 * (c.hold(s, c.enemy) - c.hold(s, c.mine));
        return 0;
      }
      return 0;
    }
    case pb::Action::kLetterMove: {
      if (a.letter_move().seat() != c.me) return -5;
      const int s = a.letter_move().ship() == pb::SHIP_FLYING_DUTCHMAN ? 0 : 1;
      return 30 + 5.0 * std::min(c.hold(s, c.enemy), 2);  // we arrive as Cabin Boy
    }
    case pb::Action::kLetterDraw: return 5;
    case pb::Action::kPutVoteCard: return -keep_value(c, a.put_vote_card().kind());
    case pb::Action::kPlacePawn: {
      const auto area = a.place_pawn().area();
      if (area == pb::AREA_TORTUGA) return v.tortuga_size() == 0 ? 8 : 0;  // Governor
      const int s = area == pb::AREA_FLYING_DUTCHMAN ? 0 : 1;
      return 5 + 2.0 * c.hold(s, c.enemy) - 0.5 * v.ships(s).crew_size();
    }
    default: return 0;
  }
}

}  // namespace

std::optional<v1::GameAction> HeuristicBot::choose(const v1::MatchView& view) {
  if (view.legal_actions_size() == 0) return std::nullopt;
  if (!view.game().has_tortuga_1667()) {
    return view.legal_actions(static_cast<int>(rng_.below(static_cast<std::uint32_t>(view.legal_actions_size()))));
  }
  const Ctx c = make_ctx(view);
  std::vector<int> best;
  double best_score = 0;
  for (int i = 0; i < view.legal_actions_size(); ++i) {
    const double s = score(c, view.legal_actions(i).tortuga_1667());
    if (best.empty() || s > best_score + 1e-9) {
      best = {i};
      best_score = s;
    } else if (s > best_score - 1e-9) {
      best.push_back(i);
    }
  }
  return view.legal_actions(best[rng_.below(static_cast<std::uint32_t>(best.size()))]);
}

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed) { return std::make_unique<HeuristicBot>(seed); }

}  // namespace brethren::rules::tortuga_1667
