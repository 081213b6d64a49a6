// Port Royal (Pfister) card faces as data: what a card shows, derived from its
// public name, so the table draws it and the log names it the same way.
import { CardKind } from "../../gen/brethren/v1/port_royal_pfister_pb";
import { t } from "../../i18n";

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

/** Words for this game's enums in the log: a card kind is the card's label. */
export function enumText(typeName: string, value: number): string | null {
  if (typeName === "brethren.v1.port_royal_pfister.CardKind") return pfisterLabel(value);
  return null;
}
