// Port Royal: the 120 cards as data (rules reference §1, PRP-1..PRP-3).
//
// `kKinds` lists every distinct card face with its number of copies; the 120
// physical cards get ids 0..119 by expanding that table in order, so the
// 5-player Expedition (the only card without a coin on its back) is id 119.
// Card ids are internal: they are never sent to a client, which only ever
// sees the public face (`CardKind` in the proto, card_proto() below) of cards
// that are face up.
#pragma once

#include <array>
#include <cstdint>

#include "brethren/v1/port_royal_pfister.pb.h"

namespace brethren::rules::port_royal_pfister {

enum class Type : std::uint8_t { kShip = 1, kPerson = 2, kExpedition = 3, kTax = 4 };
// Values equal the proto enums (Colour, PersonType, TaxType).
enum class Colour : std::uint8_t { kNone = 0, kYellow = 1, kBlue = 2, kGreen = 3, kRed = 4, kBlack = 5 };
enum class Person : std::uint8_t {
  kNone = 0,
  kTrader = 1,
  kSettler = 2,
  kCaptain = 3,
  kPriest = 4,
  kJack = 5,
  kSailor = 6,
  kPirate = 7,
  kMademoiselle = 8,
  kJester = 9,
  kAdmiral = 10,
  kGovernor = 11,
};
enum class Tax : std::uint8_t { kNone = 0, kMostSwords = 1, kFewestPoints = 2 };

inline constexpr int kNumColours = 5;

struct CardKind {
  const char* code;
  Type type;
  Colour colour = Colour::kNone;  // ships; Traders: the colour they trade
  int coins = 0;                  // ships: coin value; expeditions: coins gained
  int swords = 0;                 // ships: sword value (0 with a skull); Sailor 1, Pirate 2
  bool skull = false;
  Person person = Person::kNone;
  int points = 0;                            // persons and expeditions (PRP-39)
  int cost = 0;                              // persons: hire cost
  int anchors = 0, crosses = 0, houses = 0;  // expeditions: required symbols
  Tax tax = Tax::kNone;
  int copies = 1;
};

namespace detail {
constexpr CardKind ship(const char* code, Colour c, int swords, int coins, int copies) {
  return {code, Type::kShip, c, coins, swords, swords == 0, Person::kNone, 0, 0, 0, 0, 0, Tax::kNone, copies};
}
constexpr CardKind person(const char* code, Person p, int points, int cost, int copies, Colour c = Colour::kNone,
                          int swords = 0) {
  return {code, Type::kPerson, c, 0, swords, false, p, points, cost, 0, 0, 0, Tax::kNone, copies};
}
constexpr CardKind expedition(const char* code, int anchors, int crosses, int houses, int points, int coins) {
  return {code, Type::kExpedition, Colour::kNone, coins,  0,          false, Person::kNone, points,
          0,    anchors,           crosses,       houses, Tax::kNone, 1};
}
constexpr CardKind tax(const char* code, Tax t, int copies) {
  return {code, Type::kTax, Colour::kNone, 0, 0, false, Person::kNone, 0, 0, 0, 0, 0, t, copies};
}
}  // namespace detail

// §1.2 ships (sword value 0 = skull), §1.3 persons, §1.4 expeditions, §1.5 taxes.
inline constexpr CardKind kKinds[] = {
    detail::ship("SHIP-Y-1-1", Colour::kYellow, 1, 1, 3),
    detail::ship("SHIP-Y-1-2", Colour::kYellow, 1, 2, 1),
    detail::ship("SHIP-Y-2-2", Colour::kYellow, 2, 2, 2),
    detail::ship("SHIP-Y-2-3", Colour::kYellow, 2, 3, 1),
    detail::ship("SHIP-Y-4-3", Colour::kYellow, 4, 3, 2),
    detail::ship("SHIP-Y-4-4", Colour::kYellow, 4, 4, 1),
    detail::ship("SHIP-B-1-1", Colour::kBlue, 1, 1, 3),
    detail::ship("SHIP-B-1-2", Colour::kBlue, 1, 2, 1),
    detail::ship("SHIP-B-2-2", Colour::kBlue, 2, 2, 2),
    detail::ship("SHIP-B-2-3", Colour::kBlue, 2, 3, 1),
    detail::ship("SHIP-B-5-3", Colour::kBlue, 5, 3, 2),
    detail::ship("SHIP-B-5-4", Colour::kBlue, 5, 4, 1),
    detail::ship("SHIP-G-1-1", Colour::kGreen, 1, 1, 3),
    detail::ship("SHIP-G-1-2", Colour::kGreen, 1, 2, 1),
    detail::ship("SHIP-G-3-2", Colour::kGreen, 3, 2, 2),
    detail::ship("SHIP-G-3-3", Colour::kGreen, 3, 3, 1),
    detail::ship("SHIP-G-5-3", Colour::kGreen, 5, 3, 2),
    detail::ship("SHIP-G-5-4", Colour::kGreen, 5, 4, 1),
    detail::ship("SHIP-R-1-1", Colour::kRed, 1, 1, 3),
    detail::ship("SHIP-R-3-2", Colour::kRed, 3, 2, 3),
    detail::ship("SHIP-R-6-3", Colour::kRed, 6, 3, 2),
    detail::ship("SHIP-R-X-3", Colour::kRed, 0, 3, 1),
    detail::ship("SHIP-R-X-4", Colour::kRed, 0, 4, 1),
    detail::ship("SHIP-K-2-1", Colour::kBlack, 2, 1, 3),
    detail::ship("SHIP-K-4-2", Colour::kBlack, 4, 2, 3),
    detail::ship("SHIP-K-7-3", Colour::kBlack, 7, 3, 2),
    detail::ship("SHIP-K-X-3", Colour::kBlack, 0, 3, 1),
    detail::ship("SHIP-K-X-4", Colour::kBlack, 0, 4, 1),
    detail::person("P-TRADER-Y1", Person::kTrader, 1, 3, 1, Colour::kYellow),
    detail::person("P-TRADER-Y2", Person::kTrader, 2, 5, 1, Colour::kYellow),
    detail::person("P-TRADER-B1", Person::kTrader, 1, 3, 1, Colour::kBlue),
    detail::person("P-TRADER-B2", Person::kTrader, 2, 5, 1, Colour::kBlue),
    detail::person("P-TRADER-G1", Person::kTrader, 1, 3, 2, Colour::kGreen),
    detail::person("P-TRADER-R1", Person::kTrader, 1, 3, 2, Colour::kRed),
    detail::person("P-TRADER-K1", Person::kTrader, 1, 3, 2, Colour::kBlack),
    detail::person("P-SETTLER", Person::kSettler, 1, 4, 5),
    detail::person("P-CAPTAIN", Person::kCaptain, 1, 4, 5),  // PRP-A-13: cost 4
    detail::person("P-PRIEST", Person::kPriest, 1, 4, 5),
    detail::person("P-JACK", Person::kJack, 1, 6, 3),
    detail::person("P-SAILOR1", Person::kSailor, 1, 3, 7, Colour::kNone, 1),
    detail::person("P-SAILOR2", Person::kSailor, 2, 5, 2, Colour::kNone, 1),
    detail::person("P-SAILOR3", Person::kSailor, 3, 7, 1, Colour::kNone, 1),
    detail::person("P-PIRATE1", Person::kPirate, 1, 5, 1, Colour::kNone, 2),
    detail::person("P-PIRATE2", Person::kPirate, 2, 7, 1, Colour::kNone, 2),
    detail::person("P-PIRATE3", Person::kPirate, 3, 9, 1, Colour::kNone, 2),
    detail::person("P-MADEM2", Person::kMademoiselle, 2, 7, 2),
    detail::person("P-MADEM3", Person::kMademoiselle, 3, 9, 2),
    detail::person("P-JESTER1", Person::kJester, 1, 5, 1),
    detail::person("P-JESTER2", Person::kJester, 2, 7, 3),
    detail::person("P-JESTER3", Person::kJester, 3, 9, 1),
    detail::person("P-ADMIRAL1", Person::kAdmiral, 1, 5, 1),
    detail::person("P-ADMIRAL2", Person::kAdmiral, 2, 7, 3),
    detail::person("P-ADMIRAL3", Person::kAdmiral, 3, 9, 2),
    detail::person("P-GOVERNOR", Person::kGovernor, 0, 8, 4),
    detail::tax("TAX-SWORDS", Tax::kMostSwords, 2),
    detail::tax("TAX-MINVP", Tax::kFewestPoints, 2),
    detail::expedition("EXP-AA", 2, 0, 0, 4, 2),
    detail::expedition("EXP-CC", 0, 2, 0, 4, 2),
    detail::expedition("EXP-HH", 0, 0, 2, 4, 2),
    detail::expedition("EXP-AAH", 2, 0, 1, 6, 3),
    detail::expedition("EXP-CCH", 0, 2, 1, 6, 3),
    detail::expedition("EXP-ACH-5P", 1, 1, 1, 5, 3),  // PRP-2: 5 players only, last card
};

inline constexpr int kNumKinds = static_cast<int>(std::size(kKinds));
inline constexpr int kFirstExpeditionKind = kNumKinds - 6;
inline constexpr int kNumExpeditionKinds = 6;

inline constexpr int total_copies() {
  int n = 0;
  for (const CardKind& k : kKinds) n += k.copies;
  return n;
}
inline constexpr int kNumCards = total_copies();
static_assert(kNumCards == 120, "Port Royal has 120 cards (PRP §1.1)");
inline constexpr int kFivePlayerExpedition = kNumCards - 1;  // card id

// Card id -> kind index.
inline constexpr std::array<std::uint8_t, kNumCards> kKindOf = [] {
  std::array<std::uint8_t, kNumCards> out{};
  int id = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    for (int c = 0; c < kKinds[k].copies; ++c) out[id++] = static_cast<std::uint8_t>(k);
  }
  return out;
}();

inline constexpr const CardKind& card(int id) { return kKinds[kKindOf[id]]; }
inline constexpr int kind_index(int id) { return kKindOf[id]; }

// Expedition kinds are numbered 0..5 in table order (EXP-AA .. EXP-ACH-5P).
inline constexpr int expedition_index(int id) { return kind_index(id) - kFirstExpeditionKind; }
inline constexpr const CardKind& expedition_kind(int index) { return kKinds[kFirstExpeditionKind + index]; }

// The public face of a card as the proto names it: CardKind value = kind index + 1.
inline v1::port_royal_pfister::CardKind card_proto(int card_id) {
  return static_cast<v1::port_royal_pfister::CardKind>(kind_index(card_id) + 1);
}
// The proto name of expedition kind `index` (0..5).
inline v1::port_royal_pfister::CardKind expedition_proto(int index) {
  return static_cast<v1::port_royal_pfister::CardKind>(kFirstExpeditionKind + index + 1);
}

}  // namespace brethren::rules::port_royal_pfister
