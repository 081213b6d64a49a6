// Port Royal (Panning) card faces and words: crew colours (each with its own
// symbol, never colour alone), goods, loot cards.
import { isMessage, type Message } from "@bufbuild/protobuf";
import { Colour as PrqColour, CrewCardSchema, Good, LootCardSchema, Special, type CrewCard, type LootCard } from "../../gen/brethren/v1/port_royal_panning_pb";
import { t } from "../../i18n";

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
/** The specials that are numbers; the two actions (remove 1, move 1) are words from the catalogue. */
const SPECIAL_TEXT: Record<number, string> = {
  [Special.PLUS8]: "+8", [Special.PLUS6]: "+6", [Special.MINUS5]: "−5", [Special.MINUS10]: "−10",
  [Special.X2]: "×2",
};
export function lootLabel(l: LootCard): string {
  if (l.special !== Special.NONE) {
    const text = l.special === Special.REMOVE1 ? t("prq.remove1") : l.special === Special.MOVE1 ? t("prq.move1") : specialFace(l.special);
    return `★ ${text}`;
  }
  return `${GOOD_SYMBOL[l.good] ?? ""} ${goodWord(l.good)} ${l.value}t`;
}

/** The special cards' words: what each does, for tooltips and the rules panel. */
export function specialKey(s: Special): string {
  return `prq.special.${Special[s] ?? "NONE"}`;
}
/** A loot card in words with its effect (tooltip / aria-label). */
export function lootTitle(l: LootCard): string {
  if (l.special !== Special.NONE) return `${lootLabel(l)}: ${t(`${specialKey(l.special)}.what`)}`;
  return t("prq.lootTitle", { good: goodWord(l.good), t: l.value });
}
/** The short face of a special: "+8", "max +5", "×2", "✖1", "⇄1". */
export function specialFace(s: Special): string {
  if (s === Special.MAX_PLUS5) return `${t("prq.maxFace")} +5`;
  if (s === Special.MAX_MINUS5) return `${t("prq.maxFace")} −5`;
  if (s === Special.REMOVE1) return "✖1";
  if (s === Special.MOVE1) return "⇄1";
  return SPECIAL_TEXT[s] ?? "★";
}
/** The loot values of the room (option), default 2..12 without 11. */
const DEFAULT_LOOT_VALUES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12];
const GOODS = [Good.BISCUITS, Good.TOBACCO, Good.RUM, Good.GUNPOWDER];
const SPECIALS = [Special.PLUS8, Special.PLUS6, Special.MINUS5, Special.MINUS10, Special.MAX_PLUS5, Special.MAX_MINUS5, Special.X2, Special.REMOVE1, Special.MOVE1];
const SPECIAL_VALUE: Record<number, number> = { [Special.PLUS8]: 8, [Special.PLUS6]: 6, [Special.MINUS5]: -5, [Special.MINUS10]: -10, [Special.MAX_PLUS5]: 5, [Special.MAX_MINUS5]: -5 };
/** The loot card with a public id (ids 0..39: good × 10 + index of value; 40..48: specials in enum order). */
export function lootById(id: number, lootValues: readonly number[]): LootCard | null {
  if (id < 0 || id > 48) return null;
  if (id >= 40) {
    const sp = SPECIALS[id - 40];
    return { $typeName: "brethren.v1.port_royal_panning.LootCard", id, good: Good.UNSPECIFIED, special: sp, value: SPECIAL_VALUE[sp] ?? 0 };
  }
  const good = GOODS[Math.floor(id / 10)];
  const vals = lootValues.length === 40 ? lootValues.slice((good - 1) * 10, good * 10) : lootValues.length === 10 ? lootValues : DEFAULT_LOOT_VALUES;
  return { $typeName: "brethren.v1.port_royal_panning.LootCard", id, good, special: Special.NONE, value: vals[id % 10] ?? 0 };
}

/** Words for this game's enums in the log. */
export function enumText(typeName: string, value: number): string | null {
  if (typeName === "brethren.v1.port_royal_panning.Good") return goodWord(value);
  if (typeName === "brethren.v1.port_royal_panning.Colour") return crewColourWord(value);
  return null;
}

/** A card met inside an action or event: its short label. */
export function cardLabel(m: Message): string | null {
  if (isMessage(m, CrewCardSchema)) return crewLabel(m);
  if (isMessage(m, LootCardSchema)) return lootLabel(m);
  return null;
}
