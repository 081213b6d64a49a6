// Offering legal actions as controls on the things they act on. A board
// claims the actions it draws as buttons (on a card, a ship, a player); the
// table lists whatever no board claimed in a plain list of moves in words.
import type { ComponentChildren } from "preact";
import type { GameAction } from "../gen/brethren/v1/game_pb";
import { actionKind, actionValue, describeAction, type SeatNamer } from "../logic/describe";
import { store } from "../store";

export interface MoveEntry {
  action: GameAction;
  index: number;
  kind: string;
}

export class Moves {
  private claimed = new Set<number>();
  readonly entries: MoveEntry[];
  constructor(actions: GameAction[], readonly names: SeatNamer) {
    this.entries = actions.map((action, index) => ({ action, index, kind: actionKind(action) }));
  }

  /** The actions of a kind (matching `pred`), claimed for drawing on a thing. */
  take<T>(kind: string, pred: (v: T) => boolean = () => true): MoveEntry[] {
    const out = this.entries.filter((e) => !this.claimed.has(e.index) && e.kind === kind && pred(actionValue<T>(e.action)));
    for (const e of out) this.claimed.add(e.index);
    return out;
  }

  unclaimed(): MoveEntry[] {
    return this.entries.filter((e) => !this.claimed.has(e.index));
  }

  label(e: MoveEntry): string {
    return describeAction(e.action, this.names);
  }

  /** Buttons for the actions of a kind on one thing; `short` is the visible text, the full words go to the screen reader. */
  buttons<T>(kind: string, pred: (v: T) => boolean = () => true, short?: (v: T) => ComponentChildren) {
    return this.take<T>(kind, pred).map((e) => <MoveButton e={e} label={this.label(e)}>{short ? short(actionValue<T>(e.action)) : this.label(e)}</MoveButton>);
  }
}

export function MoveButton({ e, label, children }: { e: MoveEntry; label: string; children?: ComponentChildren }) {
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
        const button = ev.currentTarget as HTMLButtonElement;
        button.disabled = true;
        void store.submit(e.action).finally(() => {
          button.disabled = false;
        });
      }}
    >
      {children ?? label}
    </button>
  );
}
