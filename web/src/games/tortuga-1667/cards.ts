// Tortuga 1667 card words: vote cards, event cards, teams, areas, the colour
// of each player's pawn.
import { isMessage, type Message } from "@bufbuild/protobuf";
import { VoteTop, VoteKind, Team, EventCard, Ship, Area, MaroonCause, Phase, VoteCardSchema, type VoteCard } from "../../gen/brethren/v1/tortuga_1667_pb";
import { t } from "../../i18n";

/** The pawn colour of each seat (9 seats at most): kept on the pawn, the player list and the "looked at" marks. */
export const SEAT_COLOURS = ["#e67e22", "#8e44ad", "#16a085", "#d63384", "#7a8a12", "#8d5524", "#34495e", "#b8860b", "#2e8b57"];
export function seatColour(seat: number): string {
  return SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length];
}

export const TOP_SYMBOL: Record<number, string> = { [VoteTop.TOP_CANNON]: "💥", [VoteTop.TOP_TORCH]: "🔥", [VoteTop.TOP_WATER]: "💧" };
export const FLAG_SYMBOL: Record<number, string> = { [Team.BRITISH]: "🇬🇧", [Team.FRENCH]: "🇫🇷", [Team.DUTCH]: "🇳🇱" };

export function topWord(top: VoteTop): string {
  return t(`t67.top.${top}`);
}
/** The team as a name on the board ("British"). */
export function teamName(team: Team): string {
  return t(`t67.teamName.${team}`);
}
/** The full words of a vote card: "cannon · British flag · skull". */
export function voteLabel(v: VoteCard): string {
  const flag = t(`t67.flag.${v.flag}`);
  return `${TOP_SYMBOL[v.top] ?? ""} ${topWord(v.top)} · ${flag} · ${v.skull ? `☠ ${t("t67.skull")}` : t("t67.blank")}`;
}
export function eventCardWord(e: EventCard): string {
  return t(`t67.event.${EventCard[e] ?? "EVENT_UNKNOWN"}`);
}
/** What an event card does, in a sentence (tooltips, rules panel). */
export function eventCardHelp(e: EventCard): string {
  return t(`t67.eventHelp.${EventCard[e] ?? "EVENT_UNKNOWN"}`);
}
export const EVENT_SYMBOL: Record<number, string> = {
  [EventCard.EVENT_PISTOL]: "🔫",
  [EventCard.EVENT_LETTER_OF_MARQUE]: "📜",
  [EventCard.EVENT_BLACK_SPOT]: "⚫",
  [EventCard.EVENT_ALBATROSS]: "🕊",
  [EventCard.EVENT_FOUNTAIN_OF_YOUTH]: "⛲",
  [EventCard.EVENT_ATLANTIS]: "🏛",
  [EventCard.EVENT_EL_DORADO]: "🌟",
  [EventCard.EVENT_BLACK_POWDER]: "💣",
  [EventCard.EVENT_CABIN_FEVER]: "🤒",
  [EventCard.EVENT_EIGHT_BELLS]: "🔔",
  [EventCard.EVENT_FACADE]: "🎭",
  [EventCard.EVENT_PIRATE_CODE]: "📕",
  [EventCard.EVENT_STORMY_SEAS]: "🌊",
  [EventCard.EVENT_SPANISH_ARMADA]: "⚔",
};
export function areaWord(a: Area): string {
  return t(`t67.area.${a}`);
}
export function shipName(s: Ship | number): string {
  return t(s === Ship.FLYING_DUTCHMAN ? "t67.flyingDutchman" : "t67.jollyRoger");
}

/** Words for this game's enums in the log. */
export function enumText(typeName: string, value: number): string | null {
  switch (typeName) {
    case "brethren.v1.tortuga_1667.EventCard":
      return eventCardWord(value);
    case "brethren.v1.tortuga_1667.Team":
      return t(`t67.team.${value}`);
    case "brethren.v1.tortuga_1667.Area":
      return areaWord(value);
    case "brethren.v1.tortuga_1667.Ship":
      return shipName(value);
    case "brethren.v1.tortuga_1667.VoteKind":
      return t(`t67.voteKind.${value}`);
    case "brethren.v1.tortuga_1667.MaroonCause":
      return value === MaroonCause.CAUSE_NONE ? "" : t(`t67.cause.${value}`);
    case "brethren.v1.tortuga_1667.VoteTop":
      return topWord(value);
    case "brethren.v1.tortuga_1667.Phase":
      return t(`t67.phase.${Phase[value] ?? "UNSPECIFIED"}`);
    default:
      return null;
  }
}

/** A card met inside an action or event: its short label. */
export function cardLabel(m: Message): string | null {
  return isMessage(m, VoteCardSchema) ? voteLabel(m) : null;
}

/** Which part of a vote card counts in a vote of this kind. */
export function countingPart(kind: VoteKind): "top" | "flag" | "skull" | null {
  return kind === VoteKind.VOTE_ATTACK ? "top" : kind === VoteKind.VOTE_BRAWL ? "flag" : kind === VoteKind.VOTE_MUTINY ? "skull" : null;
}

/** Vote card kind -> its face (kind = top * 4 + flag * 2 + blank, as in docs/games/tortuga-1667.md). */
export function voteFromKind(kind: number): { top: VoteTop; flag: Team; skull: boolean } {
  const top: VoteTop = kind >= 8 ? VoteTop.TOP_WATER : kind >= 4 ? VoteTop.TOP_TORCH : VoteTop.TOP_CANNON;
  return { top, flag: Math.floor(kind / 2) % 2 === 0 ? Team.BRITISH : Team.FRENCH, skull: kind % 2 === 0 };
}
