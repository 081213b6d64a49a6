// Tortuga 1667: what follows Look and Reveal: the event cards' effects (§5),
// marooning a single player and the Armada.
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;

void TortugaState::do_look(Seat seat, int a, int b) {
  pb::Event pub, priv;
  pub.mutable_looked()->set_seat(seat);
  for (int s : {a, b}) {
    pub.mutable_looked()->add_slots(s);
    priv.mutable_look_result()->add_slots(s);
    priv.mutable_look_result()->add_cards(static_cast<pb::EventCard>(row_[s].card));
    known_slots_[seat] |= 1u << s;
    notes_[seat].push_back(Seen{turn_, s, row_[s].card});
  }
  emit_event(std::move(pub));
  emit_private(seat, std::move(priv));
}

void TortugaState::reveal_slot(Seat reader, int slot, Seat forced_by) {
  const int card = row_[slot].card;
  row_[slot].card = -1;
  for (auto& k : known_slots_) k &= ~(1u << slot);
  pb::Event e;
  auto* r = e.mutable_revealed();
  r->set_reader(reader);
  r->set_slot(slot);
  r->set_card(static_cast<pb::EventCard>(card));
  r->set_forced_by(forced_by);
  emit_event(std::move(e));
  // T67-18 / T67-27: refill from the deck while it lasts.
  if (card != kArmada) {
    pb::Event refill;
    refill.mutable_row_refilled()->set_slot(slot);
    if (!event_deck_.empty()) {
      row_[slot].card = event_deck_.back();
      row_[slot].bottom5 = event_deck_.size() <= 5;
      event_deck_.pop_back();
      refill.mutable_row_refilled()->set_refilled(true);
    }
    emit_event(std::move(refill));
  }
  resolve_event(reader, card);
}

void TortugaState::resolve_event(Seat reader, int card) {
  pend_card_ = card;
  pend_seat_ = reader;
  switch (card) {
    case kPistol:
    case kCabinFever:
      discard_.push_back(card);
      phase_ = Phase::kChoosePlayer;
      return;
    case kFountain:
    case kAtlantis:
    case kElDorado:
      phase_ = Phase::kChoosePlayer;  // T67-32: kept by the player it is given to
      return;
    case kLetter:
      discard_.push_back(card);
      phase_ = Phase::kLetterChoice;
      {
        std::vector<ActionId> legal;
        fill_legal_actions(reader, legal);
        if (legal.empty()) end_action();  // nothing possible at all
      }
      return;
    case kBlackSpot:
      discard_.push_back(card);
      maroon_single(reader, Cause::kBlackSpot);  // T67-30
      return;
    case kAlbatross:
      ++albatross_[reader];  // T67-31: kept in front of the reader
      albatross_check();
      end_action();
      return;
    case kBlackPowder: {
      discard_.push_back(card);
      sunk_ = true;  // T67-36
      pb::Event e;
      e.mutable_lifeboats_sunk();
      emit_event(std::move(e));
      for (int s = 0; s < 2; ++s) {
        if (boat_[s] >= 0) move_pawn(boat_[s], kTortuga, Cause::kBlackPowder);
      }
      end_action();
      return;
    }
    case kEightBells: {
      discard_.push_back(card);
      const int area = place_of(reader).area;  // T67-38, T67-A-10
      std::vector<int>* column = area == kTortuga ? &tortuga_ : area == kFD || area == kJR ? &ship_[area] : nullptr;
      if (column) {
        rng().shuffle(*column);
        pb::Event e;
        e.mutable_reordered()->set_area(static_cast<pb::Area>(area));
        for (int p : *column) e.mutable_reordered()->add_column(p);
        emit_event(std::move(e));
      }
      end_action();
      return;
    }
    case kFacade: {
      discard_.push_back(card);
      // T67-39, T67-A-9: swap places with the player to the right.
      const Seat other = (reader + n() - 1) % n();
      const Place a = place_of(reader), b = place_of(other);
      auto slot_of = [this](Place p) -> int* {
        if (p.area == kFD || p.area == kJR) return &ship_[p.area][p.pos];
        if (p.area == kTortuga) return &tortuga_[p.pos];
        return &boat_[p.area - kFDBoat];
      };
      std::swap(*slot_of(a), *slot_of(b));
      emit_pawn_moved(reader, a.area, b.area, Cause::kNone);
      emit_pawn_moved(other, b.area, a.area, Cause::kNone);
      albatross_check();
      end_action();
      return;
    }
    case kPirateCode:
      code_holder_ = reader;  // T67-40
      code_skips_ = 2;
      end_action();
      return;
    case kStormySeas: {
      discard_.push_back(card);
      const int area = place_of(reader).area;  // T67-41, T67-A-10
      pb::Event e;
      e.mutable_stormy_seas()->set_area(static_cast<pb::Area>(area));
      if (area == kFD || area == kJR) {
        const int moved = hold_[area][0] + hold_[area][1];
        galleon_ += moved;
        hold_[area] = {0, 0};
        e.mutable_stormy_seas()->set_treasures(moved);
      } else if (area == kTortuga) {
        const int moved = depot_[0] + depot_[1];
        neutral_ += moved;
        depot_ = {0, 0};
        e.mutable_stormy_seas()->set_treasures(moved);
      }
      emit_event(std::move(e));
      end_action();
      return;
    }
    case kArmada: armada(); return;
    default: end_action();
  }
}

void TortugaState::armada() {
  // T67-43..T67-46.
  const int b = team_total(kBritish), f = team_total(kFrench);
  if (b != f) return finish(b > f ? kBritish : kFrench);
  if (n() % 2 == 1) return finish(kDutch);
  // Sudden death: the Armada leaves; discards, row and deck form a new deck.
  sudden_death_ = true;
  std::vector<int> deck = discard_;
  discard_.clear();
  for (auto& slot : row_) {
    if (slot.card >= 0) deck.push_back(slot.card);
    slot = Slot{};
  }
  deck.insert(deck.end(), event_deck_.begin(), event_deck_.end());
  rng().shuffle(deck);
  event_deck_ = deck;
  for (auto& k : known_slots_) k = 0;
  for (auto& slot : row_) {
    if (event_deck_.empty()) break;
    slot.card = event_deck_.back();
    event_deck_.pop_back();
  }
  pb::Event e;
  e.mutable_sudden_death()->set_event_deck(static_cast<int>(event_deck_.size()));
  emit_event(std::move(e));
  end_action();
}

void TortugaState::maroon_single(Seat seat, Cause cause) {
  target_ = seat;
  cause_ = cause;
  pend_seat_ = seat;
  phase_ = Phase::kMaroonWindow;
  // T67-A-5: ask only if a map could be used; the owner may decline.
  std::vector<ActionId> legal;
  fill_legal_actions(seat, legal);
  if (legal.size() > 1) {
    // Public (the maps' owners are public), so the new state has a version of its own.
    pb::Event e;
    e.mutable_maroon_threatened()->set_target(seat);
    e.mutable_maroon_threatened()->set_cause(static_cast<pb::MaroonCause>(cause));
    emit_event(std::move(e));
    return;
  }
  const bool on_tortuga = place_of(seat).area == kTortuga;
  move_pawn(seat, kTortuga, cause);
  after_single_maroon(seat, on_tortuga);
}

void TortugaState::after_single_maroon(Seat seat, bool was_on_tortuga) {
  // T67-10: marooned again on Tortuga costs one vote card of his choice.
  if (was_on_tortuga && !hand_[seat].empty()) {
    phase_ = Phase::kGiveUpCard;
    pend_seat_ = seat;
    return;
  }
  end_action();
}

}  // namespace brethren::rules::tortuga_1667
