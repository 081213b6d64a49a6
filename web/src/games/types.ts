// The contract between the table (src/ui) and one game's client
// (src/games/<game-id>/). Every type here is derived from the generated
// protobuf types, keyed by the oneof case the game has in GameView.game,
// GameAction.game and GameEvent.game ("letterOfMarque", ...): renaming a proto
// message or field makes `tsc` fail where a board uses it.
import type { ComponentChildren, ComponentType } from "preact";
import type { Message } from "@bufbuild/protobuf";
import type { GameAction, GameEvent, GameView, MatchView } from "../gen/brethren/v1/game_pb";
import type { Catalogue } from "../i18n";
import type { SeatNamer } from "../logic/describe";
import type { MoveEntry, Moves } from "../ui/moves";

/** A protobuf oneof as protobuf-es generates it. */
export type Oneof = { case: string | undefined; value?: unknown };
/** The member of a oneof with case K. */
export type OneofMember<U extends Oneof, K> = Extract<Exclude<U, { case: undefined }>, { case: K }>;

/** Type guard: narrows a oneof by its case (no cast; the predicate is checked by the compiler at call sites). */
export function isCase<U extends Oneof, K extends Exclude<U["case"], undefined>>(u: U, k: K): u is OneofMember<U, K> {
  return u.case === k;
}

/** The games' oneof cases: "letterOfMarque" | "portRoyalPfister" | "portRoyalPanning" | "tortuga1667". */
export type GameCase = Exclude<GameView["game"]["case"], undefined>;
/** A game's own View, Action and Event messages. */
export type ViewOf<C extends GameCase> = OneofMember<GameView["game"], C>["value"];
export type ActionOf<C extends GameCase> = OneofMember<GameAction["game"], C>["value"];
export type EventOf<C extends GameCase> = OneofMember<GameEvent["game"], C>["value"];
/** The kinds of a game's actions ("attack", "take", ...) and the message of one kind. */
export type ActionKind<C extends GameCase> = Exclude<ActionOf<C>["kind"]["case"], undefined>;
export type ActionPayload<C extends GameCase, K extends ActionKind<C>> = OneofMember<ActionOf<C>["kind"], K>["value"];

/** A legal action of one game, with its payload typed by its kind. */
export interface TypedMove<C extends GameCase, K extends ActionKind<C>> {
  entry: MoveEntry;
  payload: ActionPayload<C, K>;
}

/**
 * A game's view of the legal actions: moves.buttons("attack", (a) => a.shipId === s.shipId, ...)
 * — `a` is the generated Attack message. Claimed actions are drawn on the thing
 * they act on; the table lists the unclaimed ones in words.
 */
export interface GameMoves<C extends GameCase> {
  /** Claims the actions of a kind matching `pred` (for drawing them on a thing). */
  take<K extends ActionKind<C>>(kind: K, pred?: (a: ActionPayload<C, K>) => boolean): TypedMove<C, K>[];
  /** Buttons for the actions of a kind on one thing; `short` is the visible text, the full words go to screen readers. */
  buttons<K extends ActionKind<C>>(
    kind: K,
    pred?: (a: ActionPayload<C, K>) => boolean,
    short?: (a: ActionPayload<C, K>) => ComponentChildren,
  ): ComponentChildren[];
  /** A claimed move's button with the given visible content; `label`: this board's full words for it (screen readers, tooltip), else the generic sentence. */
  button<K extends ActionKind<C>>(m: TypedMove<C, K>, children?: ComponentChildren, label?: string): ComponentChildren;
  /** The whole move in words (as in the list of moves and the log). */
  label(e: MoveEntry): string;
  /** The untyped list (the table's fallback list of moves). */
  readonly all: Moves;
}

/** What every board receives. */
export interface BoardProps<C extends GameCase> {
  /** This game's own view (seat's view: hidden information already removed by the server). */
  view: ViewOf<C>;
  /** The whole match view (version, toAct, viewerSeat, finished, outcome). */
  match: MatchView;
  moves: GameMoves<C>;
  names: SeatNamer;
  /** The viewer's seat, -1 for a spectator. */
  me: number;
  /** This game's events of the last update (for motion and highlighting), when known. */
  lastEvents?: EventOf<C>[];
  /** This game's events of the match so far as this viewer saw them, up to the drawn view (what the board shows from the past: who looked at which card). */
  events: EventOf<C>[];
}

export interface RulesProps<C extends GameCase> {
  view: ViewOf<C>;
  match: MatchView;
}

export type GameCatalogues = { en: Catalogue; es: Catalogue; it: Catalogue };

/** A player's colour as the board draws it: the ink, and its word when the game names its colours. */
export interface SeatColour {
  css: string;
  word?: string;
}

/** What a game's log hooks may use to word a line. */
export interface DescribeContext<C extends GameCase> {
  names: SeatNamer;
  /** This game's current view, when known (e.g. the room's loot values), for words the message alone lacks. */
  view?: ViewOf<C>;
  /** The catalogue's sentence `key` with the message's fields as placeholders (seats as names, enums and cards in words). */
  sentence(key: string, m: Message, extra?: Record<string, string>): string;
}

export interface GameClient<C extends GameCase> {
  /** The oneof case in GameView/GameAction/GameEvent/GameOptions. */
  oneofCase: C;
  /** The server's game id ("letter-of-marque"), also the folder's name. */
  gameId: string;
  /** The short prefix of its catalogue keys ("lom", "prp", "prq", "t67"): act.<key>.<kind>, ev.<key>.<kind>. */
  key: string;
  Board: ComponentType<BoardProps<C>>;
  RulesPanel: ComponentType<RulesProps<C>>;
  catalogue: GameCatalogues;
  /** Words for an enum value of this game's protos (cards, goods, teams) in the log, or null for the generic words. */
  enumText?: (typeName: string, value: number) => string | null;
  /** A short label for a card message met inside this game's actions and events, or null. */
  cardLabel?: (m: Message) => string | null;
  /** This game's own log line for one of its events: the words, "" to leave the event out of the log (noise), or null for the catalogue's template. */
  describeEvent?: (event: EventOf<C>, ctx: DescribeContext<C>) => string | null;
  /** The same for one of its actions (the list of moves and a button's full words). */
  describeAction?: (action: ActionOf<C>, ctx: DescribeContext<C>) => string | null;
  /** A seat's colour on this board (for the shell's log and outcome), or null when the game has no player colours. */
  seatColour?: (view: ViewOf<C>, seat: number) => SeatColour | null;
}
