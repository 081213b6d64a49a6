// Port Royal (Panning): the card tables (PRQ §1) and small card helpers.
#pragma once

#include <array>
#include <cstdint>

namespace brethren::rules::port_royal_panning {

// --- Crew cards (PRQ-5, §1.4, PRQ-A-1) ---------------------------------------
// Card id: colour * 8 + (value - 1) for the 32 coloured cards (colours red,
// blue, green, black = 0..3), then the ghosts 32, 33, 34 with values 1, 5, 7.
inline constexpr int kColours = 4;
inline constexpr int kMaxCrewValue = 8;
inline constexpr int kColouredCards = kColours * kMaxCrewValue;
inline constexpr int kGhostValues[] = {1, 5, 7};
inline constexpr int kCrewCards = kColouredCards + 3;
inline constexpr int kNoColour = -1;  // a ghost's colour

constexpr bool is_ghost(int card) { return card >= kColouredCards; }
constexpr int colour_of(int card) { return is_ghost(card) ? kNoColour : card / kMaxCrewValue; }
constexpr int crew_value(int card) {
  return is_ghost(card) ? kGhostValues[card - kColouredCards] : card % kMaxCrewValue + 1;
}
constexpr int crew_card(int colour, int value) { return colour * kMaxCrewValue + value - 1; }
constexpr int ghost_card(int index) { return kColouredCards + index; }

// --- Per player count (§1.4, §1.5) -------------------------------------------
struct PlayerCountSetup {
  int players;
  int max_crew_value;         // crew values 1..max in every colour
  std::array<int, 2> ghosts;  // ghost card ids used
  int capacity;               // ship capacity in tons (PRQ-44)
};
inline constexpr PlayerCountSetup kSetups[] = {
    {3, 6, {ghost_card(0), ghost_card(1)}, 24},
    {4, 8, {ghost_card(0), ghost_card(2)}, 18},
};
constexpr const PlayerCountSetup& setup_for(int players) { return kSetups[players == 3 ? 0 : 1]; }

inline constexpr int kHandSize = 8;    // PRQ-8
inline constexpr int kFaceUpCrew = 2;  // PRQ-8
inline constexpr int kTricks = 8;      // PRQ-24
inline constexpr int kRounds = 6;      // §3
inline constexpr int kMaxDebt = 19;    // PRQ-10

// --- Loot cards (§1.2, §1.3) ---------------------------------------------------
// Id 0..39: standard loot, good * 10 + index (goods biscuits, tobacco, rum,
// gunpowder = 0..3; index 0..9 in ascending value). Id 40..48: specials.
inline constexpr int kGoods = 4;
inline constexpr int kLootPerGood = 10;
inline constexpr int kStandardLoot = kGoods * kLootPerGood;
inline constexpr int kLootCards = kStandardLoot + 9;
// PRQ-A-6: the default values of a good's ten cards.
inline constexpr int kDefaultLootValues[kLootPerGood] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 12};

enum class Special : std::uint8_t {
  kNone = 0,
  kPlus8,
  kPlus6,
  kMinus5,
  kMinus10,
  kMaxPlus5,
  kMaxMinus5,
  kX2,
  kRemove1,
  kMove1,
};

// What a special card does on a ship (PRQ-30..36).
struct SpecialDef {
  Special kind;
  const char* name;
  int value_delta;     // added to value and weight (PRQ-30, PRQ-31)
  int capacity_delta;  // PRQ-32
  bool doubles;        // PRQ-33
  bool pays_down;      // PRQ-29: may pay down a bid with value_delta
  bool placed;         // goes on a ship when won (PRQ-26)
};
inline constexpr SpecialDef kSpecials[] = {
    {Special::kPlus8, "+8", 8, 0, false, true, true},
    {Special::kPlus6, "+6", 6, 0, false, true, true},
    {Special::kMinus5, "-5", -5, 0, false, false, true},
    {Special::kMinus10, "-10", -10, 0, false, false, true},
    {Special::kMaxPlus5, "Max +5", 0, 5, false, false, true},
    {Special::kMaxMinus5, "Max -5", 0, -5, false, false, true},
    {Special::kX2, "x2", 0, 0, true, false, true},
    {Special::kRemove1, "Remove 1 card", 0, 0, false, false, false},
    {Special::kMove1, "Move 1 card", 0, 0, false, false, false},
};

constexpr bool is_special(int loot) { return loot >= kStandardLoot; }
constexpr const SpecialDef& special_def(int loot) { return kSpecials[loot - kStandardLoot]; }
constexpr Special special_of(int loot) { return is_special(loot) ? special_def(loot).kind : Special::kNone; }
constexpr int good_of(int loot) { return is_special(loot) ? -1 : loot / kLootPerGood; }
constexpr int loot_id(Special s) { return kStandardLoot + static_cast<int>(s) - 1; }
inline constexpr int kRemove1Id = loot_id(Special::kRemove1);
inline constexpr int kMove1Id = loot_id(Special::kMove1);
// Specials that can lie on a ship (and be moved by Move 1 card): ids 40..46.
inline constexpr int kPlacedSpecials = 7;

// --- Prisoner cards (§1.1, PRQ-4) ----------------------------------------------
inline constexpr int kPrisonerValues[] = {1, 2, 3, 4, 5, 6};
// A ship never holds more prisoner cards than exist.
inline constexpr int kMaxPrisonersOnShip = 6;

}  // namespace brethren::rules::port_royal_panning
