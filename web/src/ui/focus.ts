// Where the keyboard focus goes after a move: the next move, else the action
// bar, never the page's body (a keyboard player would start from the top).
/** Set by a move's button: the next drawn update puts the focus somewhere sensible. */
let focusAfterMove = false;
/** The focus was inside the table when it last drew. */
let focusWasInTable = false;
export function moveSubmitted() {
  focusAfterMove = true;
}

/** After a move (or when the focused control went away), the focus goes to the next move, else the action bar: never the page. */
export function placeFocus(table: HTMLElement) {
  const active = document.activeElement;
  // The focus was on the table and its control went away with the update.
  const lost = focusWasInTable && (!active || active === document.body || !active.isConnected);
  if (!focusAfterMove && !lost) {
    focusWasInTable = !!active && table.contains(active);
    return;
  }
  focusAfterMove = false;
  focusWasInTable = true;
  const next = table.querySelector<HTMLElement>("button.move:not(:disabled)");
  const target = next ?? table.querySelector<HTMLElement>("[data-testid=action-bar]") ?? table;
  target.focus({ preventScroll: true });
}

