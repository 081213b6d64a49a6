// Tortuga 1667: applying a legal action in each phase.
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_util.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
using util::erase_one;
using util::insert_sorted;
using util::wrap;

// --- Applying actions ----------------------------------------------------------

void TortugaState::do_apply(Seat seat, ActionId a) {
  switch (phase_) {
    case Phase::kSetupTreasure: {
      const int h = static_cast<int>(a - action::kPlace) % 2;
      ++hold_[setup_ship_][h];
      pb::Event e;
      auto* t = e.mutable_treasure_placed();
      t->set_seat(seat);
      t->set_ship(static_cast<pb::Ship>(setup_ship_));
      t->set_hold(static_cast<pb::Team>(h));
      emit_event(std::move(e));
      if (setup_ship_ == kJR) {
        setup_ship_ = kFD;
        pend_seat_ = ship_[kFD][0];
        return;
      }
      setup_ship_ = -1;
      start_turn(ship_[kJR][0]);  // T67-7
      return;
    }
    case Phase::kAdvancedPlacement: {
      const int area = static_cast<int>(a - action::kPlacePawn);
      put_pawn(seat, area);
      pb::Event e;  // T67-8: drawn from the bag (from = to = the chosen area)
      e.mutable_pawn_moved()->set_seat(seat);
      e.mutable_pawn_moved()->set_from(static_cast<pb::Area>(area));
      e.mutable_pawn_moved()->set_to(static_cast<pb::Area>(area));
      emit_event(std::move(e));
      next_advanced_pawn();
      return;
    }
    case Phase::kForcedChoice:
    case Phase::kForcerChoice:
      if (a == action::kForcedTimeout) {
        pb::Event e;
        e.mutable_forced_timed_out()->set_seat(seat);
        emit_event(std::move(e));
        phase_ = Phase::kForcerChoice;
        pend_seat_ = forcer_;
        return;
      }
      reveal_slot(target_, static_cast<int>(a - action::kPick), forcer_);
      return;
    case Phase::kVoteCalled:
      if (a == action::kUseAtlantis) {
        map_owner_[map_index(kAtlantis)] = -1;
        discard_.push_back(kAtlantis);
        pb::Event e;
        e.mutable_map_used()->set_card(pb::EVENT_ATLANTIS);
        e.mutable_map_used()->set_owner(seat);
        emit_event(std::move(e));
        move_pawn(seat, vote_ship_, Cause::kNone);
        albatross_check();
      } else {
        pb::Event e;
        e.mutable_declined()->set_seat(seat);
        emit_event(std::move(e));
      }
      begin_voting();
      return;
    case Phase::kVoting: {
      std::vector<int> kinds;
      if (a < action::kVote2) kinds = {static_cast<int>(a - action::kVote)};
      else {
        const auto pr = vote_pair(static_cast<int>(a - action::kVote2));
        kinds = {pr[0], pr[1]};
      }
      for (int k : kinds) erase_one(hand_[seat], k);
      submitted_[seat] = kinds;
      pb::Event e;
      e.mutable_voted()->set_seat(seat);  // only "has voted" (T67-H-3)
      emit_event(std::move(e));
      if (acting_seats().empty()) resolve_vote();
      return;
    }
    case Phase::kAttackPlacement: {
      const int source = static_cast<int>(a - action::kPlace) / 2, h = static_cast<int>(a - action::kPlace) % 2;
      if (source == 0) --galleon_;
      else --hold_[1 - vote_ship_][source - 1];
      ++hold_[vote_ship_][h];
      pb::Event e;
      auto* t = e.mutable_treasure_placed();
      t->set_seat(seat);
      t->set_source(source);
      t->set_ship(static_cast<pb::Ship>(vote_ship_));
      t->set_hold(static_cast<pb::Team>(h));
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kChoosePlayer: {
      const Seat t = static_cast<Seat>(a - action::kChoose);
      const int card = pend_card_;
      if (card == kPistol) {
        maroon_single(t, Cause::kPistol);  // T67-28
        return;
      }
      if (card == kCabinFever) {
        // T67-37: the two loyalty cards are shuffled and dealt back.
        std::array<int, 2> cards{loyalty_[seat], loyalty_[t]};
        rng().shuffle(cards);
        const bool changed = cards[0] != loyalty_[seat];
        loyalty_[seat] = cards[0];
        loyalty_[t] = cards[1];
        for (Seat v = 0; v < n(); ++v) loyalty_known_[v] &= ~((1u << seat) | (1u << t));
        loyalty_known_[seat] |= 1u << seat;
        loyalty_known_[t] |= 1u << t;
        if (changed) {  // each then knows the other's new card: his own old one
          loyalty_known_[seat] |= 1u << t;
          loyalty_known_[t] |= 1u << seat;
        }
        pb::Event e;
        e.mutable_cabin_fever()->set_reader(seat);
        e.mutable_cabin_fever()->set_other(t);
        emit_event(std::move(e));
        for (Seat s : {seat, t}) {
          pb::Event d;
          d.mutable_loyalty_dealt()->set_loyalty(static_cast<pb::Team>(loyalty_[s]));
          emit_private(s, std::move(d));
        }
        end_action();
        return;
      }
      // T67-32: a treasure map goes face up to its owner.
      map_owner_[map_index(card)] = t;
      pb::Event e;
      e.mutable_map_given()->set_card(static_cast<pb::EventCard>(card));
      e.mutable_map_given()->set_owner(t);
      emit_event(std::move(e));
      if (card == kElDorado) draw_vote(t);  // T67-35
      end_action();
      return;
    }
    case Phase::kLetterChoice:
      if (a == action::kLetterDraw) {
        draw_vote(seat);  // T67-29 option 2
        pb::Event e;
        e.mutable_letter_drew()->set_seat(seat);
        emit_event(std::move(e));
        phase_ = Phase::kLetterReturn;
        if (hand_[seat].empty()) end_action();
        return;
      } else {
        const int idx = static_cast<int>(a - action::kLetterMove);
        move_pawn(idx / 2, idx % 2, Cause::kNone);  // T67-29 option 1
        albatross_check();
        end_action();
        return;
      }
    case Phase::kLetterReturn: {
      const int k = static_cast<int>(a - action::kPut);
      erase_one(hand_[seat], k);
      vote_deck_.push_back(DeckCard{k, -1, seat});  // on top, known to him (T67-H-4)
      pb::Event e;
      e.mutable_letter_returned()->set_seat(seat);
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kGiveUpCard: {
      const int k = static_cast<int>(a - action::kPut);
      erase_one(hand_[seat], k);
      put_vote_bottom(k, seat);  // T67-10, T67-H-4
      pb::Event e;
      e.mutable_vote_card_given_up()->set_seat(seat);
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kMaroonWindow: {
      const Cause cause = cause_;
      if (a == action::kUseFountain) {
        // T67-33: the marooning is cancelled (a Captain's action is still spent).
        map_owner_[map_index(kFountain)] = -1;
        discard_.push_back(kFountain);
        pb::Event e;
        e.mutable_map_used()->set_card(pb::EVENT_FOUNTAIN_OF_YOUTH);
        e.mutable_map_used()->set_owner(seat);
        emit_event(std::move(e));
        end_action();
        return;
      }
      if (a == action::kUseAtlantis) {
        // T67-34: to the other ship instead; a marooning Captain acts again.
        const int other = 1 - place_of(seat).area;
        map_owner_[map_index(kAtlantis)] = -1;
        discard_.push_back(kAtlantis);
        pb::Event e;
        e.mutable_map_used()->set_card(pb::EVENT_ATLANTIS);
        e.mutable_map_used()->set_owner(seat);
        emit_event(std::move(e));
        move_pawn(seat, other, Cause::kNone);
        albatross_check();
        if (cause == Cause::kCaptain) extra_action_ = true;
        end_action();
        return;
      }
      pb::Event e;
      e.mutable_declined()->set_seat(seat);
      emit_event(std::move(e));
      const bool on_tortuga = place_of(seat).area == kTortuga;
      move_pawn(seat, kTortuga, cause);
      after_single_maroon(seat, on_tortuga);
      return;
    }
    case Phase::kTurn:
      break;
    case Phase::kFinished:
      return;
  }

  // Phase::kTurn.
  if (a == action::kUseAtlantis) {
    // T67-34, T67-A-5: a free move, not an action.
    map_owner_[map_index(kAtlantis)] = -1;
    discard_.push_back(kAtlantis);
    atlantis_done_ = true;
    pb::Event e;
    e.mutable_map_used()->set_card(pb::EVENT_ATLANTIS);
    e.mutable_map_used()->set_owner(seat);
    emit_event(std::move(e));
    move_pawn(seat, 1 - place_of(seat).area, Cause::kNone);
    albatross_check();
    return;
  }
  if (a == action::kDecline) {
    atlantis_done_ = true;
    pb::Event e;
    e.mutable_declined()->set_seat(seat);
    emit_event(std::move(e));
    return;
  }
  atlantis_done_ = true;  // the window closes once the turn's action is declared
  if (a == action::kPass) {
    pb::Event e;
    e.mutable_passed()->set_seat(seat);
    emit_event(std::move(e));
    end_action();
  } else if (a < action::kReveal) {
    const auto& pr = kSlotPairs[a - action::kLook];
    do_look(seat, pr[0], pr[1]);
    end_action();
  } else if (a < action::kForce) {
    reveal_slot(seat, static_cast<int>(a - action::kReveal), -1);
  } else if (a < action::kMove) {
    const int idx = static_cast<int>(a - action::kForce);
    const auto& pr = kSlotPairs[idx / kMaxPlayers];
    const Seat t = idx % kMaxPlayers;
    pb::Event e;
    e.mutable_forced()->set_seat(seat);
    e.mutable_forced()->set_target(t);
    e.mutable_forced()->add_slots(pr[0]);
    e.mutable_forced()->add_slots(pr[1]);
    emit_event(std::move(e));
    phase_ = Phase::kForcedChoice;
    pend_seat_ = t;
    target_ = t;
    forcer_ = seat;
    pend_slots_ = {pr[0], pr[1]};
  } else if (a < action::kAttack) {
    move_pawn(seat, static_cast<int>(a - action::kMove), Cause::kNone);
    albatross_check();
    end_action();
  } else if (a == action::kAttack) {
    call_vote(VoteKind::kAttack, seat, place_of(seat).area);
  } else if (a < action::kMutiny) {
    maroon_single(static_cast<Seat>(a - action::kMaroon), Cause::kCaptain);
  } else if (a == action::kMutiny) {
    call_vote(VoteKind::kMutiny, seat, place_of(seat).area);
  } else if (a < action::kBrawl) {
    const int ship = place_of(seat).area, from = static_cast<int>(a - action::kShift);
    --hold_[ship][from];
    ++hold_[ship][1 - from];
    pb::Event e;
    e.mutable_treasure_shifted()->set_ship(static_cast<pb::Ship>(ship));
    e.mutable_treasure_shifted()->set_from(static_cast<pb::Team>(from));
    emit_event(std::move(e));
    end_action();
  } else if (a == action::kBrawl) {
    call_vote(VoteKind::kBrawl, seat, -1);
  }
}

}  // namespace brethren::rules::tortuga_1667
