// Tortuga 1667: card and board tables (rules reference §1.4-§1.6).
#pragma once

#include <array>

namespace brethren::rules::tortuga_1667 {

inline constexpr int kMinPlayers = 4;
inline constexpr int kMaxPlayers = 9;
inline constexpr int kShipCapacity = 5;  // T67-11
inline constexpr int kRowSize = 5;       // T67-4
inline constexpr int kHandSize = 3;      // T67-2

// Areas, as in the proto enum Area.
inline constexpr int kFD = 0, kJR = 1, kTortuga = 2, kFDBoat = 3, kJRBoat = 4;

// Teams, as in the proto enum Team.
inline constexpr int kBritish = 0;
inline constexpr int kFrench = 1;
inline constexpr int kDutch = 2;
inline constexpr int kNoTeam = 3;

// §1.4 loyalty distribution by player count: {British, French, Dutch}.
inline constexpr std::array<std::array<int, 3>, 10> kLoyalties{{
    {0, 0, 0},
    {0, 0, 0},
    {0, 0, 0},
    {0, 0, 0},
    {2, 2, 0},
    {2, 2, 1},
    {3, 3, 0},
    {3, 3, 1},
    {4, 4, 0},
    {4, 4, 1},
}};

// §1.5 vote cards: kind = top * 4 + flag * 2 + (blank ? 1 : 0).
inline constexpr int kVoteKinds = 12;
inline constexpr int kCannon = 0, kTorch = 1, kWater = 2;
constexpr int vote_top(int kind) { return kind / 4; }
constexpr int vote_flag(int kind) { return (kind / 2) % 2; }  // kBritish / kFrench
constexpr bool vote_skull(int kind) { return kind % 2 == 0; }
// T67-A-1: the reference deck (V-C-B-S, V-C-B-N, V-C-F-S, ... V-W-F-N).
inline constexpr std::array<int, kVoteKinds> kDefaultVoteCopies{2, 2, 3, 2, 3, 3, 3, 3, 2, 3, 2, 2};

// §1.6 event cards, as in the proto enum EventCard.
enum Card : int {
  kPistol = 0,
  kLetter,
  kBlackSpot,
  kAlbatross,
  kFountain,
  kAtlantis,
  kElDorado,
  kBlackPowder,
  kCabinFever,
  kEightBells,
  kFacade,
  kPirateCode,
  kStormySeas,
  kArmada,
  kCardKinds,
  kUnknownCard = kCardKinds,
};
struct CardInfo {
  const char* name;
  int copies;
  bool star;
  bool map;
};
inline constexpr std::array<CardInfo, kCardKinds> kCards{{
    {"Pistol", 2, false, false},
    {"Letter of Marque", 4, false, false},
    {"Black Spot", 3, false, false},
    {"Albatross", 3, false, false},
    {"Fountain of Youth", 1, false, true},
    {"Atlantis", 1, false, true},
    {"El Dorado", 1, false, true},
    {"Black Powder", 1, true, false},
    {"Cabin Fever", 1, true, false},
    {"Eight Bells", 1, true, false},
    {"Facade", 1, true, false},
    {"Pirate Code", 1, true, false},
    {"Stormy Seas", 1, true, false},
    {"Spanish Armada", 1, false, false},
}};
inline constexpr int kFirstStar = kBlackPowder;
inline constexpr int kStarCount = 6;
constexpr int map_index(int card) { return card - kFountain; }  // 0..2

// The ten unordered pairs of row positions, in ActionId order.
inline constexpr std::array<std::array<int, 2>, 10> kSlotPairs{{
    {0, 1},
    {0, 2},
    {0, 3},
    {0, 4},
    {1, 2},
    {1, 3},
    {1, 4},
    {2, 3},
    {2, 4},
    {3, 4},
}};
constexpr int slot_pair_index(int a, int b) {
  for (int i = 0; i < 10; ++i) {
    if (kSlotPairs[i][0] == a && kSlotPairs[i][1] == b) return i;
  }
  return -1;
}
// The 78 unordered pairs (a <= b) of vote kinds for El Dorado, in ActionId order.
inline constexpr int kVotePairs = kVoteKinds * (kVoteKinds + 1) / 2;
constexpr int vote_pair_index(int a, int b) {
  int i = 0;
  for (int x = 0; x < kVoteKinds; ++x) {
    for (int y = x; y < kVoteKinds; ++y, ++i) {
      if (x == a && y == b) return i;
    }
  }
  return -1;
}
constexpr std::array<int, 2> vote_pair(int index) {
  int i = 0;
  for (int x = 0; x < kVoteKinds; ++x) {
    for (int y = x; y < kVoteKinds; ++y, ++i) {
      if (i == index) return {x, y};
    }
  }
  return {-1, -1};
}

}  // namespace brethren::rules::tortuga_1667
