// Tortuga 1667: applying a legal action in each phase.
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
namespace {

void erase_one(std::vector<int>& v, int x) { v.erase(std::find(v.begin(), v.end(), x)); }

}  // namespace

void TortugaState::do_apply(Seat seat, ActionId id) {
  // Only legal actions get here: the action's kind is one the phase allows.
  const Action a = decode(id);
  switch (phase_) {
    case Phase::kSetupTreasure: {
      const int h = a.hold;
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
      const int area = a.area;
      put_pawn(seat, area);
      emit_pawn_moved(seat, area, area, Cause::kNone);  // T67-8: drawn from the bag (from = to)
      next_advanced_pawn();
      return;
    }
    case Phase::kForcedChoice:
    case Phase::kForcerChoice:
      if (a.kind == Kind::kForcedTimeout) {
        pb::Event e;
        e.mutable_forced_timed_out()->set_seat(seat);
        emit_event(std::move(e));
        phase_ = Phase::kForcerChoice;
        pend_seat_ = forcer_;
        return;
      }
      reveal_slot(target_, a.slot, forcer_);
      return;
    case Phase::kVoteCalled:
      if (a.kind == Kind::kUseAtlantis) {
        spend_map(kAtlantis, seat);
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
      std::vector<int> kinds = {a.vote};
      if (a.kind == Kind::kVoteTwo) kinds.push_back(a.vote2);
      for (int k : kinds) erase_one(hand_[seat], k);
      submitted_[seat] = kinds;
      pb::Event e;
      e.mutable_voted()->set_seat(seat);  // only "has voted" (T67-H-3)
      emit_event(std::move(e));
      if (acting_seats().empty()) resolve_vote();
      return;
    }
    case Phase::kAttackPlacement: {
      const int source = a.source, h = a.hold;
      if (source == 0)
        --galleon_;
      else
        --hold_[1 - vote_ship_][source - 1];
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
      const Seat t = a.seat;
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
      if (a.kind == Kind::kLetterDraw) {
        draw_vote(seat);  // T67-29 option 2
        pb::Event e;
        e.mutable_letter_drew()->set_seat(seat);
        emit_event(std::move(e));
        phase_ = Phase::kLetterReturn;
        if (hand_[seat].empty()) end_action();
        return;
      } else {
        move_pawn(a.seat, a.ship, Cause::kNone);  // T67-29 option 1
        albatross_check();
        end_action();
        return;
      }
    case Phase::kLetterReturn: {
      const int k = a.vote;
      erase_one(hand_[seat], k);
      vote_deck_.push_back(DeckCard{k, -1, seat});  // on top, known to him (T67-H-4)
      pb::Event e;
      e.mutable_letter_returned()->set_seat(seat);
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kGiveUpCard: {
      const int k = a.vote;
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
      if (a.kind == Kind::kUseFountain) {
        // T67-33: the marooning is cancelled (a Captain's action is still spent).
        spend_map(kFountain, seat);
        end_action();
        return;
      }
      if (a.kind == Kind::kUseAtlantis) {
        // T67-34: to the other ship instead; a marooning Captain acts again.
        const int other = 1 - place_of(seat).area;
        spend_map(kAtlantis, seat);
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
    case Phase::kTurn: apply_turn(seat, a); return;
    case Phase::kFinished: return;
  }
}

// T67-15..T67-25, and the Atlantis window at the start of a turn (T67-A-5).
void TortugaState::apply_turn(Seat seat, const Action& a) {
  if (a.kind == Kind::kUseAtlantis) {
    // T67-34, T67-A-5: a free move, not an action.
    atlantis_done_ = true;
    spend_map(kAtlantis, seat);
    move_pawn(seat, 1 - place_of(seat).area, Cause::kNone);
    albatross_check();
    return;
  }
  if (a.kind == Kind::kDecline) {
    atlantis_done_ = true;
    pb::Event e;
    e.mutable_declined()->set_seat(seat);
    emit_event(std::move(e));
    return;
  }
  atlantis_done_ = true;  // the window closes once the turn's action is declared
  switch (a.kind) {
    case Kind::kPass: {
      pb::Event e;
      e.mutable_passed()->set_seat(seat);
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Kind::kLook:
      do_look(seat, a.slot_a, a.slot_b);
      end_action();
      return;
    case Kind::kReveal: reveal_slot(seat, a.slot, -1); return;
    case Kind::kForce: {
      const Seat t = a.seat;
      pb::Event e;
      e.mutable_forced()->set_seat(seat);
      e.mutable_forced()->set_target(t);
      e.mutable_forced()->add_slots(a.slot_a);
      e.mutable_forced()->add_slots(a.slot_b);
      emit_event(std::move(e));
      phase_ = Phase::kForcedChoice;
      pend_seat_ = t;
      target_ = t;
      forcer_ = seat;
      pend_slots_ = {a.slot_a, a.slot_b};
      return;
    }
    case Kind::kMove:
      move_pawn(seat, a.area, Cause::kNone);
      albatross_check();
      end_action();
      return;
    case Kind::kAttack: call_vote(VoteKind::kAttack, seat, place_of(seat).area); return;
    case Kind::kMaroon: maroon_single(a.seat, Cause::kCaptain); return;
    case Kind::kMutiny: call_vote(VoteKind::kMutiny, seat, place_of(seat).area); return;
    case Kind::kShift: {
      const int ship = place_of(seat).area, from = a.hold;
      --hold_[ship][from];
      ++hold_[ship][1 - from];
      pb::Event e;
      e.mutable_treasure_shifted()->set_ship(static_cast<pb::Ship>(ship));
      e.mutable_treasure_shifted()->set_from(static_cast<pb::Team>(from));
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Kind::kBrawl: call_vote(VoteKind::kBrawl, seat, -1); return;
    default: return;  // not a turn action: never legal here
  }
}

}  // namespace brethren::rules::tortuga_1667
