// Card faces as data: what a card shows, derived from its public name, so the
// table draws it and the log names it the same way.
import type { Message } from "@bufbuild/protobuf";
import { CardKind } from "../gen/brethren/v1/port_royal_pfister_pb";
import { Colour as PrqColour, Good, Special, type CrewCard, type LootCard } from "../gen/brethren/v1/port_royal_panning_pb";
import { VoteTop, Team, EventCard, type VoteCard } from "../gen/brethren/v1/tortuga_1667_pb";
import { t } from "../i18n";

// --- Port Royal (Pfister) ------------------------------------------------

export type PfisterColour = "yellow" | "blue" | "green" | "red" | "black";
const PRP_COLOURS: Record<string, PfisterColour> = { Y: "yellow", B: "blue", G: "green", R: "red", K: "black" };

export interface PfisterFace {
  kind: "ship" | "person" | "tax" | "expedition" | "unknown";
  colour?: PfisterColour;
  swords?: number | "skull";
  coins?: number;
  person?: string;
  vp?: number;
  cost?: number;
  symbols?: string;
}

const PERSONS: Record<string, [string, number, number]> = {
  // name: [role, VP, cost] (proto/brethren/v1/port_royal_pfister.proto)
  TRADER_Y1: ["trader", 1, 3], TRADER_Y2: ["trader", 2, 5], TRADER_B1: ["trader", 1, 3], TRADER_B2: ["trader", 2, 5],
  TRADER_G1: ["trader", 1, 3], TRADER_R1: ["trader", 1, 3], TRADER_K1: ["trader", 1, 3],
  SETTLER: ["settler", 1, 4], CAPTAIN: ["captain", 1, 4], PRIEST: ["priest", 1, 4], JACK: ["jack", 1, 6],
  SAILOR1: ["sailor", 1, 3], SAILOR2: ["sailor", 2, 5], SAILOR3: ["sailor", 3, 7],
  PIRATE1: ["pirate", 1, 5], PIRATE2: ["pirate", 2, 7], PIRATE3: ["pirate", 3, 9],
  MADEM2: ["mademoiselle", 2, 7], MADEM3: ["mademoiselle", 3, 9],
  JESTER1: ["jester", 1, 5], JESTER2: ["jester", 2, 7], JESTER3: ["jester", 3, 9],
  ADMIRAL1: ["admiral", 1, 5], ADMIRAL2: ["admiral", 2, 7], ADMIRAL3: ["admiral", 3, 9],
  GOVERNOR: ["governor", 0, 8],
};
const EXPEDITIONS: Record<string, [string, number, number]> = {
  AA: ["⚓⚓", 4, 2], CC: ["✝✝", 4, 2], HH: ["⌂⌂", 4, 2], AAH: ["⚓⚓⌂", 6, 3], CCH: ["✝✝⌂", 6, 3], ACH_5P: ["⚓✝⌂", 5, 3],
};

export function pfisterFace(card: CardKind): PfisterFace {
  const name = CardKind[card] ?? "";
  let m = /^SHIP_([YBGRK])_(\d|X)_(\d)$/.exec(name);
  if (m) return { kind: "ship", colour: PRP_COLOURS[m[1]], swords: m[2] === "X" ? "skull" : Number(m[2]), coins: Number(m[3]) };
  m = /^P_(.+)$/.exec(name);
  if (m && PERSONS[m[1]]) {
    const [person, vp, cost] = PERSONS[m[1]];
    const colour = /^TRADER_([YBGRK])/.exec(m[1]);
    return { kind: "person", person, vp, cost, colour: colour ? PRP_COLOURS[colour[1]] : undefined };
  }
  m = /^EXP_(.+)$/.exec(name);
  if (m && EXPEDITIONS[m[1]]) {
    const [symbols, vp, coins] = EXPEDITIONS[m[1]];
    return { kind: "expedition", symbols, vp, coins };
  }
  if (name.startsWith("TAX_")) return { kind: "tax", person: name === "TAX_SWORDS" ? "swords" : "minvp" };
  return { kind: "unknown" };
}

export function pfisterLabel(card: CardKind): string {
  const f = pfisterFace(card);
  switch (f.kind) {
    case "ship":
      return t("prp.shipLabel", { colour: t(`colour.${f.colour}`), swords: f.swords === "skull" ? "☠" : String(f.swords), coins: f.coins! });
    case "person":
      return t("prp.personLabel", { person: t(`prp.person.${f.person}`) + (f.colour ? ` (${t(`colour.${f.colour}`)})` : ""), vp: f.vp!, cost: f.cost! });
    case "expedition":
      return t("prp.expLabel", { symbols: f.symbols!, vp: f.vp!, coins: f.coins! });
    case "tax":
      return t(`prp.tax.${f.person}`);
    default:
      return "?";
  }
}

// --- Port Royal (Panning) ------------------------------------------------

/** Colour never alone: each crew colour also has its own symbol. */
export const CREW_SYMBOL: Record<number, string> = {
  [PrqColour.RED]: "♥",
  [PrqColour.BLUE]: "◆",
  [PrqColour.GREEN]: "♣",
  [PrqColour.BLACK]: "♠",
  [PrqColour.GHOST]: "👻",
};
export const CREW_CLASS: Record<number, string> = {
  [PrqColour.RED]: "red",
  [PrqColour.BLUE]: "blue",
  [PrqColour.GREEN]: "green",
  [PrqColour.BLACK]: "black",
  [PrqColour.GHOST]: "ghost",
};
export function crewColourWord(c: PrqColour): string {
  return t(`colour.${CREW_CLASS[c] ?? "none"}`);
}
export function crewLabel(c: CrewCard): string {
  return `${CREW_SYMBOL[c.colour] ?? ""} ${crewColourWord(c.colour)} ${c.value}`;
}
export const GOOD_SYMBOL: Record<number, string> = {
  [Good.BISCUITS]: "🍪",
  [Good.TOBACCO]: "🍂",
  [Good.RUM]: "🍾",
  [Good.GUNPOWDER]: "💣",
};
export function goodWord(g: Good): string {
  return t(`good.${Good[g]?.toLowerCase() ?? "none"}`);
}
const SPECIAL_TEXT: Record<number, string> = {
  [Special.PLUS8]: "+8", [Special.PLUS6]: "+6", [Special.MINUS5]: "−5", [Special.MINUS10]: "−10",
  [Special.MAX_PLUS5]: "max +5", [Special.MAX_MINUS5]: "max −5", [Special.X2]: "×2",
  [Special.REMOVE1]: t("prq.remove1"), [Special.MOVE1]: t("prq.move1"),
};
export function lootLabel(l: LootCard): string {
  if (l.special !== Special.NONE) {
    const text = l.special === Special.REMOVE1 ? t("prq.remove1") : l.special === Special.MOVE1 ? t("prq.move1") : SPECIAL_TEXT[l.special];
    return `★ ${text}`;
  }
  return `${GOOD_SYMBOL[l.good] ?? ""} ${goodWord(l.good)} ${l.value}t`;
}

// --- Tortuga 1667 --------------------------------------------------------

const TOP_SYMBOL: Record<number, string> = { [VoteTop.TOP_CANNON]: "💥", [VoteTop.TOP_TORCH]: "🔥", [VoteTop.TOP_WATER]: "💧" };
export function voteLabel(v: VoteCard): string {
  const flag = v.flag === Team.BRITISH ? t("team.british") : t("team.french");
  return `${TOP_SYMBOL[v.top] ?? ""} ${t(`vote.top.${v.top}`)} · ${flag}${v.skull ? " · ☠" : ""}`;
}
/** Vote card kind -> its face (kind = top * 4 + middle * 2 + bottom, T67-A-1). */
export function voteFromKind(kind: number): { top: VoteTop; flag: Team; skull: boolean } {
  return { top: Math.floor(kind / 4) as VoteTop, flag: (Math.floor(kind / 2) % 2 === 0 ? Team.BRITISH : Team.FRENCH), skull: kind % 2 === 0 };
}
export function eventCardWord(e: EventCard): string {
  return t(`t67.event.${EventCard[e] ?? "EVENT_UNKNOWN"}`);
}

/** Labels for card messages met inside actions and events. */
export function cardLabel(m: Message): string | null {
  switch (m.$typeName) {
    case "brethren.v1.port_royal_panning.CrewCard":
      return crewLabel(m as CrewCard);
    case "brethren.v1.port_royal_panning.LootCard":
      return lootLabel(m as LootCard);
    case "brethren.v1.tortuga_1667.VoteCard":
      return voteLabel(m as VoteCard);
    default:
      return null;
  }
}
