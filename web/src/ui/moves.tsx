// Offering legal actions as controls on the things they act on. A board
// claims the actions it draws as buttons (on a card, a ship, a player)
// through its typed GameMoves (src/games/types.ts); the table lists whatever
// no board claimed in a plain list of moves in words.
import { createContext, type ComponentChildren } from "preact";
import { useContext } from "preact/hooks";
import type { GameAction, GameView } from "../gen/brethren/v1/game_pb";
import { actionKind, describeAction, type SeatNamer } from "../logic/describe";
import { payloadOf } from "../games/payload";
import { type ActionKind, type ActionPayload, type GameCase, type GameMoves, type TypedMove } from "../games/types";
import { moveSubmitted } from "./focus";

/**
 * Sends a move to the server: given by the table (the store's submit), so that
 * boards and their buttons import nothing from the store (node unit tests of a
 * board need no socket). Without a provider (a replay) a move sends nothing.
 */
export const SubmitMove = createContext<(action: GameAction) => Promise<unknown>>(() => Promise.resolve());

export interface MoveEntry {
  action: GameAction;
  index: number;
  kind: string;
}

export class Moves {
  /** Every action a board drew on a thing (the table lists the others). */
  private claimed = new Set<number>();
  /**
   * The actions claimed in this render pass: one action, one control (a board
   * part that re-renders alone, in a later task, starts a new pass). A part
   * that sets its own state while it renders (Preact first runs any of its
   * effects still pending) is rendered again in the same pass and finds its
   * moves taken, so they vanish until a later paint: such state is derived
   * from the view instead (Tortuga's marks).
   */
  private pass = new Set<number>();
  private passOpen = false;
  readonly entries: MoveEntry[];
  /** `view`: the game's view now, for words that need it (a loot card's value). */
  constructor(actions: GameAction[], readonly names: SeatNamer, private readonly view?: GameView) {
    this.entries = actions.map((action, index) => ({ action, index, kind: actionKind(action) }));
  }

  /** Claims the entries matching `pred` (not yet claimed). */
  claim(pred: (e: MoveEntry) => boolean): MoveEntry[] {
    if (!this.passOpen) {
      // A render is synchronous: the pass ends with the current task.
      this.pass.clear();
      this.passOpen = true;
      queueMicrotask(() => {
        this.passOpen = false;
      });
    }
    const out = this.entries.filter((e) => !this.pass.has(e.index) && pred(e));
    for (const e of out) {
      this.pass.add(e.index);
      this.claimed.add(e.index);
    }
    return out;
  }

  unclaimed(): MoveEntry[] {
    return this.entries.filter((e) => !this.claimed.has(e.index));
  }

  label(e: MoveEntry): string {
    return describeAction(e.action, this.names, this.view);
  }
}

/** A game's typed view of the legal actions (see GameMoves). */
export function gameMoves<C extends GameCase>(moves: Moves, c: C): GameMoves<C> {
  const take = <K extends ActionKind<C>>(kind: K, pred: (a: ActionPayload<C, K>) => boolean = () => true): TypedMove<C, K>[] => {
    const out: TypedMove<C, K>[] = [];
    moves.claim((entry) => {
      const payload = payloadOf(entry.action, c, kind);
      if (payload === undefined || !pred(payload)) return false;
      out.push({ entry, payload });
      return true;
    });
    return out;
  };
  const button = <K extends ActionKind<C>>(m: TypedMove<C, K>, children?: ComponentChildren, label?: string) => (
    <MoveButton e={m.entry} label={label ?? moves.label(m.entry)}>{children}</MoveButton>
  );
  return {
    all: moves,
    take,
    button,
    label: (e) => moves.label(e),
    buttons: (kind, pred, short) => take(kind, pred).map((m) => button(m, short ? short(m.payload) : undefined)),
  };
}

export function MoveButton({ e, label, children }: { e: MoveEntry; label: string; children?: ComponentChildren }) {
  const submit = useContext(SubmitMove);
  return (
    <button
      type="button"
      class="move"
      data-move={e.kind}
      data-index={e.index}
      aria-label={label}
      title={label}
      onClick={(ev) => {
        // Disabled until the server answers (no double moves); enabled again
        // after, because Preact keeps this element when the same move stays
        // legal (drawing twice) or the move was refused.
        const button = ev.currentTarget;
        button.disabled = true;
        moveSubmitted();
        void submit(e.action).finally(() => {
          button.disabled = false;
          // A refused move: the focus comes back to the control.
          if (button.isConnected && document.activeElement === document.body) button.focus({ preventScroll: true });
        });
      }}
    >
      {children ?? label}
    </button>
  );
}
