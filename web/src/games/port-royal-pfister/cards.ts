// Port Royal (Pfister) card faces as data: what a card shows, derived from its
// public name, so the table draws it and the log names it the same way.
import { CardKind, Destination } from "../../gen/brethren/v1/port_royal_pfister_pb";
import { t } from "../../i18n";

export type PfisterColour = "yellow" | "blue" | "green" | "red" | "black";
const PRP_COLOURS: Record<string, PfisterColour> = { Y: "yellow", B: "blue", G: "green", R: "red", K: "black" };
/** The expedition symbols: anchor (Captain), cross (Priest), house (Settler). */
export type PfisterSymbol = "anchor" | "cross" | "house";
export const SYMBOL_ICON: Record<PfisterSymbol, string> = { anchor: "⚓", cross: "✝", house: "🏠" };

export type PersonRole =
  | "trader" | "settler" | "captain" | "priest" | "jack" | "sailor" | "pirate" | "mademoiselle" | "jester" | "admiral" | "governor";

/** An icon per role (our own symbols: emoji). */
export const ROLE_ICON: Record<PersonRole, string> = {
  trader: "💰", settler: "🏠", captain: "⚓", priest: "✝", jack: "🃏", sailor: "🗡", pirate: "🏴‍☠️",
  mademoiselle: "💃", jester: "🤡", admiral: "🎖", governor: "👑",
};

export interface PfisterFace {
  kind: "ship" | "person" | "tax" | "expedition" | "unknown";
  colour?: PfisterColour;
  swords?: number | "skull";
  coins?: number;
  person?: PersonRole;
  vp?: number;
  cost?: number;
  /** Expedition: the symbols it needs. */
  needs?: PfisterSymbol[];
  /** Tax: who gains the coin. */
  tax?: "swords" | "minvp";
}

const PERSONS: Record<string, [PersonRole, number, number]> = {
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
const EXPEDITIONS: Record<string, [PfisterSymbol[], number, number]> = {
  AA: [["anchor", "anchor"], 4, 2], CC: [["cross", "cross"], 4, 2], HH: [["house", "house"], 4, 2],
  AAH: [["anchor", "anchor", "house"], 6, 3], CCH: [["cross", "cross", "house"], 6, 3],
  ACH_5P: [["anchor", "cross", "house"], 5, 3],
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
    const [needs, vp, coins] = EXPEDITIONS[m[1]];
    return { kind: "expedition", needs, vp, coins };
  }
  if (name.startsWith("TAX_")) return { kind: "tax", tax: name === "TAX_SWORDS" ? "swords" : "minvp" };
  return { kind: "unknown" };
}

/** "1 card" / "3 cards". */
export function cardsText(n: number): string {
  return t(n === 1 ? "prp.cards.one" : "prp.cards.many", { n });
}
/** "1 coin" / "3 coins". */
export function coinsText(n: number): string {
  return t(n === 1 ? "prp.coins.one" : "prp.coins.many", { n });
}

/** "1 victory point" / "3 victory points". */
export function vpText(n: number): string {
  return t(n === 1 ? "prp.vp.one" : "prp.vp.many", { n });
}

/** "1 sword" / "3 swords". */
export function swordsText(n: number): string {
  return t(n === 1 ? "prp.swords.one" : "prp.swords.many", { n });
}

/** "2 anchors and 1 house" in words. */
export function needsText(needs: PfisterSymbol[]): string {
  const counts = new Map<PfisterSymbol, number>();
  for (const s of needs) counts.set(s, (counts.get(s) ?? 0) + 1);
  const parts = [...counts].map(([s, n]) => t(n === 1 ? `prp.sym.${s}.one` : `prp.sym.${s}.many`, { n }));
  return parts.length <= 1 ? parts.join("") : t("prp.and", { a: parts.slice(0, -1).join(", "), b: parts[parts.length - 1] });
}

/** The ship's name: "yellow Pinnace". */
export function shipName(colour: PfisterColour): string {
  return t(`prp.ship.${colour}`);
}

/** What a person does, in words. */
export function effectText(f: PfisterFace): string {
  if (f.kind !== "person" || !f.person) return "";
  if (f.person === "trader") return t("prp.effect.trader", { colour: t(`prp.colour.${f.colour ?? "yellow"}`) });
  return t(`prp.effect.${f.person}`);
}

/** The person's name with its colour for a Trader: "Trader (yellow Pinnace)". */
export function personName(f: PfisterFace): string {
  const base = t(`prp.person.${f.person}`);
  return f.person === "trader" && f.colour ? t("prp.traderOf", { person: base, ships: t(`prp.ships.${f.colour}`) }) : base;
}

/** The card in a few words (the log, a button's words). */
export function pfisterLabel(card: CardKind): string {
  const f = pfisterFace(card);
  switch (f.kind) {
    case "ship":
      return f.swords === "skull"
        ? t("prp.shipLabelSkull", { ship: shipName(f.colour!), coins: coinsText(f.coins!) })
        : t("prp.shipLabel", { ship: shipName(f.colour!), swords: swordsText(f.swords as number), coins: coinsText(f.coins!) });
    case "person":
      return t("prp.personLabel", { person: personName(f), vp: f.vp!, cost: f.cost! });
    case "expedition":
      return t("prp.expLabel", { needs: needsText(f.needs!), vp: f.vp!, coins: coinsText(f.coins!) });
    case "tax":
      return t(`prp.tax.${f.tax}`);
    default:
      return "?";
  }
}

/** The card's tooltip: its label and, for a person, what it does. */
export function pfisterTitle(card: CardKind): string {
  const f = pfisterFace(card);
  const label = pfisterLabel(card);
  if (f.kind === "person") return `${label}. ${effectText(f)}`;
  if (f.kind === "ship") return `${label}. ${t(f.swords === "skull" ? "prp.shipHelpSkull" : "prp.shipHelp", { swords: swordsText(f.swords === "skull" ? 0 : f.swords!) })}`;
  if (f.kind === "tax") return `${label}. ${t("prp.taxHelp")}`;
  if (f.kind === "expedition") return `${label}. ${t("prp.expHelp")}`;
  return label;
}

/** Words for this game's enums in the log: a card kind is the card's label, a destination where the card went. */
export function enumText(typeName: string, value: number): string | null {
  if (typeName === "brethren.v1.port_royal_pfister.CardKind") return pfisterLabel(value);
  if (typeName === "brethren.v1.port_royal_pfister.Destination") {
    const d = Destination[value];
    return d && d !== "UNSPECIFIED" ? t(`prp.dest.${d}`) : "";
  }
  if (typeName === "brethren.v1.port_royal_pfister.Colour") {
    const c = ["", "yellow", "blue", "green", "red", "black"][value];
    return c ? shipName(c as PfisterColour) : "";
  }
  return null;
}
