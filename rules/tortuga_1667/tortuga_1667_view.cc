// Tortuga 1667: typed actions, per-viewer views, the outcome and the reasons
// given for illegal actions.
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

Error malformed(const std::string& what) { return make_error(ErrorCode::kMalformedAction, what); }

}  // namespace

v1::GameAction TortugaState::encode_action(Seat, ActionId a) const {
  v1::GameAction out;
  pb::Action* act = out.mutable_tortuga_1667();
  if (a == action::kPass) {
    act->mutable_pass();
  } else if (a < action::kReveal) {
    const auto& pr = kSlotPairs[a - action::kLook];
    act->mutable_look()->set_slot_a(pr[0]);
    act->mutable_look()->set_slot_b(pr[1]);
  } else if (a < action::kForce) {
    act->mutable_reveal()->set_slot(static_cast<int>(a - action::kReveal));
  } else if (a < action::kMove) {
    const int idx = static_cast<int>(a - action::kForce);
    const auto& pr = kSlotPairs[idx / kMaxPlayers];
    act->mutable_force()->set_slot_a(pr[0]);
    act->mutable_force()->set_slot_b(pr[1]);
    act->mutable_force()->set_target(idx % kMaxPlayers);
  } else if (a < action::kAttack) {
    act->mutable_move_lifeboat()->set_to(static_cast<pb::Area>(a - action::kMove));
  } else if (a == action::kAttack) {
    act->mutable_attack();
  } else if (a < action::kMutiny) {
    act->mutable_maroon_crew()->set_target(static_cast<int>(a - action::kMaroon));
  } else if (a == action::kMutiny) {
    act->mutable_mutiny();
  } else if (a < action::kBrawl) {
    act->mutable_shift_treasure()->set_from(static_cast<pb::Team>(a - action::kShift));
  } else if (a == action::kBrawl) {
    act->mutable_brawl();
  } else if (a < action::kPick) {
    const int idx = static_cast<int>(a - action::kPlace);
    act->mutable_place_treasure()->set_source(idx / 2);
    act->mutable_place_treasure()->set_hold(static_cast<pb::Team>(idx % 2));
  } else if (a < action::kForcedTimeout) {
    act->mutable_pick_forced()->set_slot(static_cast<int>(a - action::kPick));
  } else if (a == action::kForcedTimeout) {
    act->mutable_forced_timeout();
  } else if (a < action::kVote2) {
    act->mutable_cast_vote()->add_kinds(static_cast<int>(a - action::kVote));
  } else if (a < action::kUseAtlantis) {
    const auto pr = vote_pair(static_cast<int>(a - action::kVote2));
    act->mutable_cast_vote()->add_kinds(pr[0]);
    act->mutable_cast_vote()->add_kinds(pr[1]);
  } else if (a == action::kUseAtlantis) {
    act->mutable_use_atlantis();
  } else if (a == action::kUseFountain) {
    act->mutable_use_fountain();
  } else if (a == action::kDecline) {
    act->mutable_decline();
  } else if (a < action::kLetterMove) {
    act->mutable_choose_player()->set_seat(static_cast<int>(a - action::kChoose));
  } else if (a < action::kLetterDraw) {
    const int idx = static_cast<int>(a - action::kLetterMove);
    act->mutable_letter_move()->set_seat(idx / 2);
    act->mutable_letter_move()->set_ship(static_cast<pb::Ship>(idx % 2));
  } else if (a == action::kLetterDraw) {
    act->mutable_letter_draw();
  } else if (a < action::kPlacePawn) {
    act->mutable_put_vote_card()->set_kind(static_cast<int>(a - action::kPut));
  } else {
    act->mutable_place_pawn()->set_area(static_cast<pb::Area>(a - action::kPlacePawn));
  }
  return out;
}

Result<ActionId> TortugaState::decode_action(Seat, const v1::GameAction& message) const {
  if (!message.has_tortuga_1667()) return malformed("not a Tortuga 1667 action");
  const pb::Action& act = message.tortuga_1667();
  auto slot_ok = [](int s) { return s >= 0 && s < kRowSize; };
  auto seat_ok = [this](int s) { return s >= 0 && s < n(); };
  auto kind_ok = [](int k) { return k >= 0 && k < kVoteKinds; };
  switch (act.kind_case()) {
    case pb::Action::kPass:
      return action::kPass;
    case pb::Action::kLook: {
      const int a = act.look().slot_a(), b = act.look().slot_b();
      if (!slot_ok(a) || !slot_ok(b) || a >= b) return malformed("look needs two positions 0..4 with slot_a < slot_b");
      return action::look(a, b);
    }
    case pb::Action::kReveal:
      if (!slot_ok(act.reveal().slot())) return malformed("slot must be 0..4");
      return action::reveal(act.reveal().slot());
    case pb::Action::kForce: {
      const int a = act.force().slot_a(), b = act.force().slot_b(), t = act.force().target();
      if (!slot_ok(a) || !slot_ok(b) || a >= b) return malformed("force needs two positions 0..4 with slot_a < slot_b");
      if (!seat_ok(t)) return malformed("no such target seat");
      return action::force(a, b, t);
    }
    case pb::Action::kMoveLifeboat: {
      const int area = act.move_lifeboat().to();
      if (area < 0 || area > kJRBoat) return malformed("unknown area");
      return action::move(area);
    }
    case pb::Action::kAttack:
      return action::kAttack;
    case pb::Action::kMaroonCrew:
      if (!seat_ok(act.maroon_crew().target())) return malformed("no such target seat");
      return action::maroon(act.maroon_crew().target());
    case pb::Action::kMutiny:
      return action::kMutiny;
    case pb::Action::kShiftTreasure: {
      const int from = act.shift_treasure().from();
      if (from != kBritish && from != kFrench) return malformed("from must be TEAM_BRITISH or TEAM_FRENCH");
      return action::shift(from);
    }
    case pb::Action::kBrawl:
      return action::kBrawl;
    case pb::Action::kPlaceTreasure: {
      const int source = act.place_treasure().source(), hold = act.place_treasure().hold();
      if (source < 0 || source > 2) return malformed("source must be 0..2");
      if (hold != kBritish && hold != kFrench) return malformed("hold must be TEAM_BRITISH or TEAM_FRENCH");
      return action::place(source, hold);
    }
    case pb::Action::kPickForced:
      if (!slot_ok(act.pick_forced().slot())) return malformed("slot must be 0..4");
      return action::pick(act.pick_forced().slot());
    case pb::Action::kForcedTimeout:
      return action::kForcedTimeout;
    case pb::Action::kCastVote: {
      const auto& k = act.cast_vote().kinds();
      if (k.size() == 1 && kind_ok(k[0])) return action::vote(k[0]);
      if (k.size() == 2 && kind_ok(k[0]) && kind_ok(k[1])) return action::vote2(std::min(k[0], k[1]), std::max(k[0], k[1]));
      return malformed("cast_vote needs one or two vote kinds 0..11");
    }
    case pb::Action::kUseAtlantis:
      return action::kUseAtlantis;
    case pb::Action::kUseFountain:
      return action::kUseFountain;
    case pb::Action::kDecline:
      return action::kDecline;
    case pb::Action::kChoosePlayer:
      if (!seat_ok(act.choose_player().seat())) return malformed("no such seat");
      return action::choose(act.choose_player().seat());
    case pb::Action::kLetterMove: {
      const int s = act.letter_move().seat(), ship = act.letter_move().ship();
      if (!seat_ok(s) || ship < 0 || ship > 1) return malformed("letter_move needs a seat and a ship");
      return action::letter_move(s, ship);
    }
    case pb::Action::kLetterDraw:
      return action::kLetterDraw;
    case pb::Action::kPutVoteCard:
      if (!kind_ok(act.put_vote_card().kind())) return malformed("kind must be 0..11");
      return action::put(act.put_vote_card().kind());
    case pb::Action::kPlacePawn: {
      const int area = act.place_pawn().area();
      if (area < 0 || area > kTortuga) return malformed("area must be a ship or Tortuga");
      return action::place_pawn(area);
    }
    case pb::Action::KIND_NOT_SET:
      break;
  }
  return malformed("the action names no Tortuga 1667 action");
}

std::string TortugaState::illegal_reason(Seat seat, ActionId a) const {
  switch (phase_) {
    case Phase::kSetupTreasure:
      return "the captain places his starting chest in the British or French hold of his ship (T67-6)";
    case Phase::kAdvancedPlacement:
      return "place your pawn at the end of a ship that is not full or on Tortuga (T67-8, T67-11)";
    case Phase::kForcedChoice:
    case Phase::kForcerChoice:
      return "pick one of the two positions pointed at (T67-19)";
    case Phase::kVoteCalled:
      return "a vote was called: use Atlantis to join it or decline (T67-34, T67-A-5)";
    case Phase::kVoting:
      if (a >= action::kVote2 && a < action::kUseAtlantis)
        return "playing two vote cards needs El Dorado and both cards in hand (T67-35)";
      return "play one vote card of a kind you hold, face down (T67-26)";
    case Phase::kAttackPlacement:
      return "the chest comes from the Galleon while it has any; only then from the other ship (T67-21, T67-A-4)";
    case Phase::kChoosePlayer:
      return pend_card_ == kPistol ? "choose the player to maroon (T67-28)"
                                   : "choose another player (T67-32, T67-37)";
    case Phase::kLetterChoice:
      return "move a player from Tortuga or a lifeboat to a ship that is not full, or draw a vote card (T67-29)";
    case Phase::kLetterReturn:
      return "put a vote card from your hand on top of the vote deck (T67-29)";
    case Phase::kGiveUpCard:
      return "give up one vote card from your hand (T67-10)";
    case Phase::kMaroonWindow:
      return "use a treasure map that applies to this marooning, or decline (T67-33, T67-34, T67-A-15)";
    case Phase::kFinished:
      return "the match has ended";
    case Phase::kTurn:
      break;
  }
  if (seat != current_) return "only the Atlantis owner may act out of turn now: use it or decline (T67-A-5)";
  if (a >= action::kLook && a < action::kMove)
    return "Look and Force need two face-down cards; Reveal a face-down one; Force names another player (T67-17..19, T67-27)";
  if (a >= action::kMove && a < action::kAttack)
    return sunk_ ? "the lifeboats were sunk by Black Powder (T67-36)"
                 : "lifeboat moves go one step to a free lifeboat or to a ship that is not full (T67-12, T67-20)";
  if (a == action::kAttack) return "only a Captain may attack (T67-21)";
  if (a >= action::kMaroon && a < action::kMutiny) return "only a Captain may maroon another member of his own crew (T67-22, T67-A-6)";
  if (a == action::kMutiny) return "only a First Mate may call a mutiny (T67-23)";
  if (a >= action::kShift && a < action::kBrawl) return "only the Cabin Boy may shift a chest from a non-empty hold (T67-24)";
  if (a == action::kBrawl) return "only the Governor of Tortuga may call a brawl (T67-25)";
  if (a == action::kPass) return "you may pass only when no action is possible";
  if (a == action::kUseAtlantis) return "Atlantis: only its owner, from a ship, to the other ship if not full (T67-34)";
  return "that is not a turn action (T67-15)";
}

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
  const bool resolving = phase_ == Phase::kChoosePlayer || phase_ == Phase::kLetterChoice ||
                         phase_ == Phase::kLetterReturn;
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

v1::MatchOutcome TortugaState::outcome() const {
  // T67-44..T67-46: every player whose current loyalty is the winning team's
  // wins; score = his team's treasures (0 for the Dutch).
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < n(); ++s) {
    const int team = loyalty_[s];
    const bool won = winner_ == kNoTeam || team == winner_;
    keys.push_back({won ? 1 : 0, team == kDutch ? 0 : team_total(team)});
  }
  auto result = rank_outcome(keys, "");
  // rank_outcome scores by the first key; report treasures instead.
  for (auto& r : *result.mutable_seats()) r.set_score(keys[r.seat()][1]);
  const std::string tally = " (British " + std::to_string(team_total(kBritish)) + ", French " +
                            std::to_string(team_total(kFrench)) + ")";
  switch (winner_) {
    case kBritish: result.set_summary("the British win" + tally); break;
    case kFrench: result.set_summary("the French win" + tally); break;
    case kDutch: result.set_summary("a tie: the Dutch player wins" + tally); break;
    default:
      result.set_summary((turn_ >= kMaxTurns ? "a draw at the turn limit" : "a draw after sudden death") + tally);
      break;
  }
  return result;
}

}  // namespace brethren::rules::tortuga_1667
