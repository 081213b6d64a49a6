// Tortuga 1667: what each viewer sees of the match (T67-H-*).
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
namespace {

void fill_card(pb::VoteCard* out, int k) {
  out->set_kind(k);
  out->set_top(static_cast<pb::VoteTop>(vote_top(k)));
  out->set_flag(static_cast<pb::Team>(vote_flag(k)));
  out->set_skull(vote_skull(k));
}

}  // namespace

v1::GameView TortugaState::game_view(Viewer viewer) const {
  v1::GameView out;
  pb::View* v = out.mutable_tortuga_1667();
  const bool player = !viewer.is_spectator();
  const Seat me = viewer.seat();
  v->set_phase(static_cast<pb::Phase>(phase_));
  v->set_current_seat(current_);
  v->set_turn(turn_);
  for (Seat s = 0; s < n(); ++s) {
    pb::PlayerView* p = v->add_players();
    const Place pl = place_of(s);
    p->set_seat(s);
    p->set_area(static_cast<pb::Area>(std::max(pl.area, 0)));
    p->set_position(pl.area < 0 ? -1 : pl.pos);
    if (pl.area == kFD || pl.area == kJR) {
      const int size = static_cast<int>(ship_[pl.area].size());
      p->set_captain(pl.pos == 0);
      p->set_first_mate(pl.pos == 1);
      p->set_cabin_boy(pl.pos + 1 == size);
    }
    p->set_governor(pl.area == kTortuga && pl.pos == 0);
    // T67-H-3: while a vote is open, others see a voter's hand shrink by one
    // card however many he played, so El Dorado's use (two cards, T67-35)
    // stays secret until the reveal, where the map is discarded publicly.
    const bool own_hand = player && me == s;
    const int hidden_extra = own_hand || submitted_[s].empty() ? 0 : static_cast<int>(submitted_[s].size()) - 1;
    p->set_vote_cards(static_cast<int>(hand_[s].size()) + hidden_extra);
    p->set_albatrosses(albatross_[s]);
    for (int c = kFountain; c <= kElDorado; ++c) {
      if (map_owner_[map_index(c)] == s) p->add_maps(static_cast<pb::EventCard>(c));
    }
    p->set_pirate_code_skips(code_holder_ == s ? code_skips_ : 0);
    const bool voter = phase_ == Phase::kVoting && std::find(voters_.begin(), voters_.end(), s) != voters_.end();
    p->set_is_voter(voter);
    p->set_has_voted(voter && !submitted_[s].empty());
    const bool known = phase_ == Phase::kFinished || (player && me == s);
    p->set_loyalty(known ? static_cast<pb::Team>(loyalty_[s]) : pb::TEAM_UNKNOWN);
  }
  for (int s = 0; s < 2; ++s) {
    pb::ShipView* sv = v->add_ships();
    for (int c : ship_[s]) sv->add_crew(c);
    sv->set_british(hold_[s][kBritish]);
    sv->set_french(hold_[s][kFrench]);
    sv->set_lifeboat(boat_[s]);
  }
  for (int c : tortuga_) v->add_tortuga(c);
  v->set_tortuga_british(depot_[kBritish]);
  v->set_tortuga_french(depot_[kFrench]);
  v->set_tortuga_neutral(neutral_);
  v->set_galleon(galleon_);
  v->set_lifeboats_sunk(sunk_);
  for (int i = 0; i < kRowSize; ++i) {
    pb::SlotView* sv = v->add_row();
    sv->set_face_down(row_[i].card >= 0);
    const bool seen = row_[i].card >= 0 && player && ((known_slots_[me] >> i) & 1u);
    sv->set_known(seen ? static_cast<pb::EventCard>(row_[i].card) : pb::EVENT_UNKNOWN);
  }
  v->set_event_deck_count(static_cast<int>(event_deck_.size()));
  for (int c : discard_) v->add_discard(static_cast<pb::EventCard>(c));
  for (int c : chosen_stars_) v->add_star_cards(static_cast<pb::EventCard>(c));
  v->set_star_card_count(star_count_);
  v->set_vote_deck_count(static_cast<int>(vote_deck_.size()));
  v->set_own_loyalty(player ? static_cast<pb::Team>(loyalty_[me]) : pb::TEAM_UNKNOWN);
  if (player) {
    for (int k : hand_[me]) fill_card(v->add_own_hand(), k);
    if (!vote_deck_.empty() && vote_deck_.back().known_by == me) {
      v->set_has_known_top(true);
      fill_card(v->mutable_known_top_vote_card(), vote_deck_.back().kind);
    }
    for (const Seen& seen : notes_[me]) {
      pb::Note* note = v->add_notes();
      note->set_turn(seen.turn);
      note->set_slot(seen.slot);
      note->set_card(static_cast<pb::EventCard>(seen.card));
    }
  }
  pb::Pending* pend = v->mutable_pending();
  pend->set_seat(phase_ == Phase::kTurn ? current_ : pend_seat_);
  if (phase_ == Phase::kForcedChoice || phase_ == Phase::kForcerChoice) {
    pend->add_slots(pend_slots_[0]);
    pend->add_slots(pend_slots_[1]);
    pend->set_forcing_seat(forcer_);
    pend->set_target(target_);
  } else {
    pend->set_forcing_seat(-1);
    pend->set_target(phase_ == Phase::kMaroonWindow ? target_ : -1);
  }
  const bool resolving =
      phase_ == Phase::kChoosePlayer || phase_ == Phase::kLetterChoice || phase_ == Phase::kLetterReturn;
  pend->set_card(resolving ? static_cast<pb::EventCard>(pend_card_) : pb::EVENT_UNKNOWN);
  pend->set_cause(phase_ == Phase::kMaroonWindow ? static_cast<pb::MaroonCause>(cause_) : pb::CAUSE_NONE);
  if (phase_ == Phase::kVoteCalled || phase_ == Phase::kVoting) {
    pb::VoteView* vv = v->mutable_vote();
    vv->set_kind(static_cast<pb::VoteKind>(vote_kind_));
    vv->set_caller(vote_caller_);
    vv->set_ship(static_cast<pb::Ship>(std::max(vote_ship_, 0)));
    for (int s : voters_) vv->add_voters(s);
    for (int s : skipped_) vv->add_skipped(s);
    for (int s : without_) vv->add_without_cards(s);
    if (player) {
      for (int k : submitted_[me]) fill_card(vv->add_own_cards(), k);
    }
  }
  v->set_turn_timer(timer_);
  v->set_advanced_setup(advanced_);
  v->set_sudden_death(sudden_death_);
  v->set_british_total(team_total(kBritish));
  v->set_french_total(team_total(kFrench));
  return out;
}

}  // namespace brethren::rules::tortuga_1667
