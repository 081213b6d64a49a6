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
  [Special.MAX_PLUS5]: "max +5", [Special.MAX_MINUS5]: "max −5", [Special.X2]: "×2",
};
export function lootLabel(l: LootCard): string {
  if (l.special !== Special.NONE) {
    const text = l.special === Special.REMOVE1 ? t("prq.remove1") : l.special === Special.MOVE1 ? t("prq.move1") : SPECIAL_TEXT[l.special];
    return `★ ${text}`;
  }
  return `${GOOD_SYMBOL[l.good] ?? ""} ${goodWord(l.good)} ${l.value}t`;
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
