// The create-room form's game options, from listGames: each OptionInfo names
// a field of the game's Options message ("tortuga1667.turnTimer") with its
// default written in the option's JSON form. The form edits that JSON text
// and sends back only what differs from the default. Enum options become a
// choice among the enum's values, read from the generated descriptors (the
// client's own copy of proto/), so no game is named here.
import { ScalarType, type DescField } from "@bufbuild/protobuf";
import { GameOptionsSchema, type GameInfo } from "../gen/brethren/v1/game_pb";

export interface OptionField {
  name: string;
  /** The key inside the game's options object. */
  key: string;
  /** Catalogue keys of its label and its explanation ("opt.<game-id>.<name>", "….desc"). */
  labelKey: string;
  descKey: string;
  /** A readable label when the catalogue has none (an option added on the server only): words, no snake_case. */
  fallbackLabel: string;
  defaultText: string;
  /** bool: a checkbox; choice: one enum value; multi: a set of enum values; numbers: a list of whole numbers; number; text. */
  kind: "bool" | "choice" | "multi" | "numbers" | "number" | "text";
  /** For "choice"/"multi": each value's JSON text (what the form sends), its catalogue key and a readable fallback. */
  choices: { text: string; key: string; label: string }[];
}

/** The GameOptions oneof member of a game id: "port-royal-pfister" -> "portRoyalPfister". */
export function optionsCase(gameId: string): string {
  return gameId.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The descriptor of the option `key` inside the game's Options message, if the client knows it. */
function optionDescriptor(gameId: string, key: string): DescField | undefined {
  const member = GameOptionsSchema.fields.find((f) => f.localName === optionsCase(gameId));
  if (!member || member.fieldKind !== "message") return undefined;
  return member.message.fields.find((f) => f.name === key || f.localName === key || f.jsonName === key);
}

/** "CANNON_TIEBREAK_ALL_HELD" among values sharing "CANNON_TIEBREAK_" -> "all held". */
function enumLabel(name: string, prefix: string): string {
  return name.slice(prefix.length).toLowerCase().replace(/_/g, " ");
}

function commonPrefix(names: string[]): string {
  if (names.length < 2) return "";
  let prefix = names[0];
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf("_") + 1);
}

/** "cannon_tiebreak" / "tortuga1667.turnTimer" -> "Cannon tiebreak" / "Turn timer". */
export function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The form's text for a default written as JSON: a list without brackets ("2, 3, 4"), "" for an empty list. */
function formText(defaultValue: string, kind: OptionField["kind"]): string {
  if (kind !== "numbers") return defaultValue;
  try {
    const v: unknown = JSON.parse(defaultValue);
    return Array.isArray(v) ? v.join(", ") : "";
  } catch {
    return "";
  }
}

export function optionFields(game: GameInfo): OptionField[] {
  return game.options.map((o) => {
    const key = o.name.includes(".") ? o.name.slice(o.name.lastIndexOf(".") + 1) : o.name;
    const desc = optionDescriptor(game.id, key);
    const labelKey = `opt.${game.id}.${key}`;
    const base = { name: o.name, key, labelKey, descKey: `${labelKey}.desc`, fallbackLabel: humanize(key), choices: [] };
    if (desc?.fieldKind === "enum" || (desc?.fieldKind === "list" && desc.listKind === "enum")) {
      // A "…_UNSPECIFIED" zero value means "unset", never a real choice.
      const values = desc.enum.values.filter((v) => !v.name.endsWith("_UNSPECIFIED"));
      const prefix = commonPrefix(values.map((v) => v.name));
      const choices = values.map((v) => ({ text: JSON.stringify(v.name), key: `${labelKey}.${v.name}`, label: enumLabel(v.name, prefix) }));
      if (desc.fieldKind === "list") return { ...base, kind: "multi", defaultText: "", choices };
      return { ...base, kind: "choice", defaultText: o.defaultValue, choices };
    }
    if (desc?.fieldKind === "list" && desc.listKind === "scalar") return { ...base, kind: "numbers", defaultText: formText(o.defaultValue, "numbers") };
    if (desc?.fieldKind === "scalar" && desc.scalar !== ScalarType.STRING && desc.scalar !== ScalarType.BOOL && desc.scalar !== ScalarType.BYTES)
      return { ...base, kind: "number", defaultText: o.defaultValue };
    const kind = o.defaultValue === "true" || o.defaultValue === "false" ? "bool" : "text";
    return { ...base, kind, defaultText: o.defaultValue };
  });
}

/** The JSON value of a form's text: a list field's "2, 3" -> [2, 3] ("" -> the default, left out), a set's "A,B" -> ["A", "B"]. */
function fieldValue(f: OptionField, text: string): unknown {
  if (f.kind === "numbers") return text.split(/[\s,;]+/).filter(Boolean).map(Number);
  if (f.kind === "multi") return text.split(",").filter(Boolean).map((v) => JSON.parse(v) as unknown);
  return parseValue(text);
}

/** Whether a list field's text reads as whole numbers. */
export function numbersValid(text: string): boolean {
  return text.split(/[\s,;]+/).filter(Boolean).every((x) => /^\d+$/.test(x));
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim();
  }
}

/** {gameCase: {key: value}} for the options that differ from their defaults. */
export function optionsJson(game: GameInfo, fields: OptionField[], edited: Record<string, string>): Record<string, unknown> {
  const inner: Record<string, unknown> = {};
  for (const f of fields) {
    const text = edited[f.name];
    if (text === undefined || text === f.defaultText) continue;
    inner[f.key] = fieldValue(f, text);
  }
  return { [optionsCase(game.id)]: inner };
}
