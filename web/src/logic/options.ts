// The create-room form's game options, from listGames: each OptionInfo names
// a field of the game's Options message ("tortuga1667.turnTimer") with its
// default written in the option's JSON form. The form edits that JSON text
// and sends back only what differs from the default.
import type { GameInfo } from "../gen/brethren/v1/game_pb";

export interface OptionField {
  name: string;
  /** The key inside the game's options object. */
  key: string;
  description: string;
  defaultText: string;
  kind: "bool" | "text";
}

/** The GameOptions oneof member of a game id: "port-royal-pfister" -> "portRoyalPfister". */
export function optionsCase(gameId: string): string {
  return gameId.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

export function optionFields(game: GameInfo): OptionField[] {
  return game.options.map((o) => {
    const key = o.name.includes(".") ? o.name.slice(o.name.lastIndexOf(".") + 1) : o.name;
    const kind = o.defaultValue === "true" || o.defaultValue === "false" ? "bool" : "text";
    return { name: o.name, key, description: o.description, defaultText: o.defaultValue, kind };
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
