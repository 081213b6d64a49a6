// Words for actions and events: a template from the catalogue when there is
// one ("{attacker} attacked {defender}'s ship …"), else a generic sentence
// built from the message's own fields. Seat numbers become player names,
// enum values words, cards their short labels.
import { createRegistry, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import { file_brethren_v1_game, type GameAction, type GameEvent, type GameView } from "../gen/brethren/v1/game_pb";
import { t, hasKey } from "../i18n";
import { GAMES, gameClients } from "../games/registry";
import type { ActionOf, DescribeContext, EventOf, GameCase, GameClient, Oneof, ViewOf } from "../games/types";

/** Every game's messages: game.proto imports each game's file. */
const registry = createRegistry(file_brethren_v1_game, ...file_brethren_v1_game.dependencies);

/** Field names that hold a seat number. */
const SEAT_FIELDS = new Set([
  "seat", "target", "leader", "owner", "attacker", "defender", "reader", "other", "forcedBy",
  "caller", "startSeat", "toSeat", "forcingSeat", "highBidder", "dealer", "nextDealer",
  "privilegedSeat", "firstBidder", "activeSeat", "currentSeat",
]);
/** Positions counted from 0 in the protocol and from 1 on the screen (the cards show #1 … #5). */
const POSITION_FIELDS = new Set(["slot", "slotA", "slotB", "position", "slots", "prisonerIndex", "index"]);
const SEAT_LIST_FIELDS = new Set(["tiedLowest", "rewarded", "seats", "voters", "skipped", "withoutCards", "cannonsFrom", "flyingDutchman", "jollyRoger", "column"]);

const BRANCH_FLAGS = ["armed", "success", "automatic", "nobodyBid", "pilesExhausted", "ghost"];

export type SeatNamer = (seat: number) => string;

const ENUM_PREFIXES = /^(COLOUR|GOOD|EVENT|AREA|TEAM|CARD_KIND|SPECIAL|SHIP|BASE|TOP|VOTE|CAUSE|DESTINATION|PHASE|DEALER_ROTATION|TIE_BREAK|END_CONDITION|CANNON_TIEBREAK)_/;

export function enumWord(name: string): string {
  const key = `enum.${name}`;
  if (hasKey(key)) return t(key);
  return name.replace(ENUM_PREFIXES, "").toLowerCase().replace(/_/g, " ");
}

/** Enums whose values are cards (or words of a game) get the game's words. */
function enumText(typeName: string, value: number): string | null {
  for (const g of gameClients()) {
    const text = g.enumText?.(typeName, value);
    if (text != null) return text;
  }
  return null;
}

function cardLabel(m: Message): string | null {
  for (const g of gameClients()) {
    const text = g.cardLabel?.(m);
    if (text != null) return text;
  }
  return null;
}

function scalarText(v: unknown): string {
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  return String(v);
}

function fieldValue(field: DescField, value: unknown, names: SeatNamer): string {
  const name = field.localName;
  if (field.fieldKind === "scalar") {
    if (SEAT_FIELDS.has(name) && typeof value === "number") return value < 0 ? "—" : names(value);
    if (POSITION_FIELDS.has(name) && typeof value === "number") return String(value + 1);
    return scalarText(value);
  }
  if (field.fieldKind === "enum") {
    const special = enumText(field.enum.typeName, value as number);
    if (special !== null) return special;
    const ev = field.enum.values.find((x) => x.number === value);
    return ev ? enumWord(ev.name) : String(value);
  }
  if (field.fieldKind === "message") return messageText(value as Message, names);
  if (field.fieldKind === "list") {
    const items = value as unknown[];
    if (items.length === 0) return "—";
    if (field.listKind === "enum") {
      const special = items.map((x) => enumText(field.enum.typeName, x as number));
      if (special.every((x) => x !== null)) return special.join(", ");
      return items.map((x) => enumWord(field.enum.values.find((e) => e.number === x)?.name ?? String(x))).join(", ");
    }
    if (field.listKind === "message") return items.map((x) => messageText(x as Message, names)).join(", ");
    if (SEAT_LIST_FIELDS.has(name)) return items.map((x) => names(Number(x))).join(", ");
    if (POSITION_FIELDS.has(name)) return items.map((x) => String(Number(x) + 1)).join(", ");
    return items.map(scalarText).join(", ");
  }
  return "";
}

/** A nested message: a card gets its label; anything else its fields. */
export function messageText(m: Message | undefined, names: SeatNamer): string {
  if (!m) return "—";
  const card = cardLabel(m);
  if (card !== null) return card;
  const desc = registry.getMessage(m.$typeName);
  if (!desc) return "";
  return desc.fields
    .map((f) => ({ f, v: (m as unknown as Record<string, unknown>)[f.localName] }))
    .filter(({ f, v }) => !isEmpty(f, v))
    .map(({ f, v }) => `${fieldWord(f.localName)} ${fieldValue(f, v, names)}`)
    .join(", ");
}

function isEmpty(f: DescField, v: unknown): boolean {
  if (v === undefined) return true;
  if (f.fieldKind === "list") return (v as unknown[]).length === 0;
  return false;
}

function fieldWord(name: string): string {
  const key = `field.${name}`;
  return hasKey(key) ? t(key) : name.replace(/([A-Z])/g, " $1").toLowerCase();
}

export function params(m: Message, names: SeatNamer): Record<string, string> {
  const desc = registry.getMessage(m.$typeName) as DescMessage;
  const out: Record<string, string> = {};
  for (const f of desc.fields) out[f.localName] = fieldValue(f, (m as unknown as Record<string, unknown>)[f.localName], names);
  return out;
}

/** The catalogue's sentence `key` with the fields of `m` (and `extra`) as placeholders. */
function sentence(key: string, m: Message, names: SeatNamer, extra: Record<string, string> = {}): string {
  return t(key, { ...params(m, names), ...extra });
}

/** Type guard: a GameView's oneof holds game C's view (the compiler cannot narrow a generic oneof by itself). */
function isGameView<C extends GameCase>(g: Oneof, c: C): g is { case: C; value: ViewOf<C> } {
  return g.case === c;
}

function context<C extends GameCase>(c: C, names: SeatNamer, view: GameView | undefined): DescribeContext<C> {
  const g: Oneof | undefined = view?.game;
  return { names, view: g && isGameView(g, c) ? g.value : undefined, sentence: (key, m, extra) => sentence(key, m, names, extra) };
}

/** The game's own words for one of its events (null: none, use the template). */
function ownEventWords<C extends GameCase>(g: { case: C; value: EventOf<C> }, names: SeatNamer, view?: GameView): string | null {
  const client: GameClient<C> = GAMES[g.case];
  return client.describeEvent?.(g.value, context(g.case, names, view)) ?? null;
}

function ownActionWords<C extends GameCase>(g: { case: C; value: ActionOf<C> }, names: SeatNamer, view?: GameView): string | null {
  const client: GameClient<C> = GAMES[g.case];
  return client.describeAction?.(g.value, context(g.case, names, view)) ?? null;
}

function describe(prefix: "act" | "ev", wrapper: GameAction | GameEvent, names: SeatNamer, view?: GameView): string {
  const game = wrapper.game;
  if (!game.case || !game.value) return "";
  const inner = game.value.kind;
  if (!inner.case) return "";
  const value: Message = inner.value;
  const key = `${prefix}.${GAMES[game.case].key}.${inner.case}`;
  const p = params(value, names);
  // A true flag may pick its own wording ("…armed: the attack failed").
  for (const flag of BRANCH_FLAGS) {
    if ((value as unknown as Record<string, unknown>)[flag] === true && hasKey(`${key}.${flag}`)) return t(`${key}.${flag}`, p);
  }
  if (hasKey(key)) return t(key, p);
  const head = inner.case.replace(/([A-Z])/g, " $1").toLowerCase();
  const rest = messageText(value, names);
  return rest ? `${head[0].toUpperCase()}${head.slice(1)}: ${rest}` : `${head[0].toUpperCase()}${head.slice(1)}`;
}

/** An action in words: the game's own (describeAction hook), else the catalogue's template, else its fields. */
export function describeAction(a: GameAction, names: SeatNamer, view?: GameView): string {
  const g = a.game;
  const own = g.case ? ownActionWords(g, names, view) : null;
  return own ?? describe("act", a, names, view);
}

/** An event in words, as describeAction; "" when the game leaves it out of the log. */
export function describeEvent(e: GameEvent, names: SeatNamer, view?: GameView): string {
  const g = e.game;
  const own = g.case ? ownEventWords(g, names, view) : null;
  return own ?? describe("ev", e, names, view);
}

/** The seat an event is mainly about (its first seat field, e.g. who moved), or null. */
export function eventSeat(e: GameEvent): number | null {
  const inner = e.game.value?.kind;
  if (!inner?.case) return null;
  const m: Message = inner.value;
  const desc = registry.getMessage(m.$typeName);
  for (const f of desc?.fields ?? []) {
    const v = (m as unknown as Record<string, unknown>)[f.localName];
    if (f.fieldKind === "scalar" && SEAT_FIELDS.has(f.localName) && typeof v === "number" && v >= 0) return v;
  }
  return null;
}

/** The action's own kind, e.g. "attack", for matching it to what it acts on. */
export function actionKind(a: GameAction): string {
  return (a.game.value?.kind.case as string | undefined) ?? "";
}

