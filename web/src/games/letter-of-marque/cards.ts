// Letter of Marque's words and colours: a player's colour (a swatch and its
// name), a ship's base, a treasure card; the log hooks.
import { t } from "../../i18n";
import { Base, CannonTiebreak } from "../../gen/brethren/v1/letter_of_marque_pb";

/** The six colours of the box, as the server names them (seat order), with the ink drawn for each. */
export const COLOURS: Record<string, string> = {
  red: "#c0392b",
  blue: "#2a64b5",
  green: "#2f8a3e",
  yellow: "#e0b100",
  purple: "#7d3c98",
  orange: "#e07b1f",
};
const FALLBACK_INK = "#777";

/** The ink of a colour name from the view ("red" -> "#c0392b"). */
export function colourInk(colour: string): string {
  return COLOURS[colour] ?? FALLBACK_INK;
}

/** The colour's word in the current language ("rojo"); never shown in place of a name. */
export function colourWord(colour: string): string {
  return colour in COLOURS ? t(`lom.colour.${colour}`) : colour;
}

/** A ship's base in words, e.g. "armed". */
export function baseWord(base: Base): string {
  return base === Base.ARMED ? t("lom.armed") : base === Base.UNARMED ? t("lom.unarmed") : t("lom.unknownBase");
}

/** A ship's base with its symbol, e.g. "🛡 armed". */
export function baseText(base: Base): string {
  return base === Base.ARMED ? `🛡 ${t("lom.armed")}` : base === Base.UNARMED ? `⛵ ${t("lom.unarmed")}` : `❓ ${t("lom.unknownBase")}`;
}

/** Words for this game's enums in the log and the options (null: not ours). */
export function enumText(typeName: string, value: number): string | null {
  if (typeName === "brethren.v1.letter_of_marque.Base") return baseWord(value);
  if (typeName === "brethren.v1.letter_of_marque.CannonTiebreak") {
    return value === CannonTiebreak.CAPTURED_ONLY ? t("enum.CANNON_TIEBREAK_CAPTURED_ONLY") : t("enum.CANNON_TIEBREAK_ALL_HELD");
  }
  return null;
}
