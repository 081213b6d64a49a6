// Narrowing a GameAction to one game's action of one kind, typed from the
// generated protobuf types (no casts of payloads).
import type { EventRecord, GameAction } from "../gen/brethren/v1/game_pb";
import { isCase, type Oneof, type ActionKind, type ActionPayload, type EventOf, type GameCase } from "./types";

/** Type guard: a GameEvent's oneof holds game C's event. */
function isGameEvent<C extends GameCase>(g: Oneof, c: C): g is { case: C; value: EventOf<C> } {
  return g.case === c;
}

/** The events of game `c` among event records (the game's own Event messages). */
export function gameEvents<C extends GameCase>(records: EventRecord[], c: C): EventOf<C>[] {
  const out: EventOf<C>[] = [];
  for (const r of records) {
    const g: Oneof | undefined = r.event?.game;
    if (g && isGameEvent(g, c)) out.push(g.value);
  }
  return out;
}

/** Type guard: an action's kind oneof holds kind K of game C (the compiler cannot narrow a generic oneof by itself). */
function isKind<C extends GameCase, K extends ActionKind<C>>(k: Oneof, kind: K): k is { case: K; value: ActionPayload<C, K> } {
  return k.case === kind;
}

/** The payload of a legal action of game `c` and kind `kind`, narrowed by the oneof cases (undefined for any other). */
export function payloadOf<C extends GameCase, K extends ActionKind<C>>(action: GameAction, c: C, kind: K): ActionPayload<C, K> | undefined {
  const g = action.game;
  if (!isCase(g, c)) return undefined;
  const k = g.value.kind;
  return isKind<C, K>(k, kind) ? k.value : undefined;
}

