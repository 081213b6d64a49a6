// The create-room form's game options, from listGames: each OptionInfo names
// a field of the game's Options message ("tortuga1667.turnTimer") with its
// default written in the option's JSON form. The form edits that JSON text
// and sends back only what differs from the default. Enum options become a
// choice among the enum's values, read from the generated descriptors (the
// client's own copy of proto/), so no game is named here.
import type { DescField } from "@bufbuild/protobuf";
import { GameOptionsSchema, type GameInfo } from "../gen/brethren/v1/game_pb";

export interface OptionField {
  name: string;
  /** The key inside the game's options object. */
  key: string;
  description: string;
  defaultText: string;
  kind: "bool" | "choice" | "text";
  /** For "choice": each value's JSON text (what the form sends) and a readable label. */
  choices: { text: string; label: string }[];
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

export function optionFields(game: GameInfo): OptionField[] {
  return game.options.map((o) => {
    const key = o.name.includes(".") ? o.name.slice(o.name.lastIndexOf(".") + 1) : o.name;
    const desc = optionDescriptor(game.id, key);
    const base = { name: o.name, key, description: o.description, defaultText: o.defaultValue, choices: [] };
    if (desc?.fieldKind === "enum") {
      // A "…_UNSPECIFIED" zero value means "unset", never a real choice.
      const values = desc.enum.values.filter((v) => !v.name.endsWith("_UNSPECIFIED"));
      const prefix = commonPrefix(values.map((v) => v.name));
      const choices = values.map((v) => ({ text: JSON.stringify(v.name), label: enumLabel(v.name, prefix) }));
      return { ...base, kind: "choice", choices };
    }
    const kind = o.defaultValue === "true" || o.defaultValue === "false" ? "bool" : "text";
    return { ...base, kind };
  });
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
    inner[f.key] = parseValue(text);
  }
  return { [optionsCase(game.id)]: inner };
}
