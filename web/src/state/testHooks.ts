// The one module the browser tests read through (window.__brethren): render
// timings, the time the lobby became usable, a way to drop the socket. The
// rest of the client calls these functions and never touches the global.
declare global {
  interface Window {
    __brethren?: { renderMs: number[]; pendingUpdateAt: number | null; readyAt?: number; dropConnection?: () => void };
  }
}

/** How many render timings are kept (the tests read percentiles of the last ones). */
const RENDER_SAMPLES_KEPT = 500;

function hooks() {
  return (window.__brethren ??= { renderMs: [], pendingUpdateAt: null });
}

/** Lets a test drop the socket as a broken network would. */
export function exposeDropConnection(drop: () => void) {
  hooks().dropConnection = drop;
}

/** The lobby can be used (ms from navigation start), recorded once. */
export function markReady() {
  hooks().readyAt ??= performance.now();
}

/** A match update arrived; the table's next render measures from here. */
export function markUpdateArrived() {
  hooks().pendingUpdateAt = performance.now();
}

/** The table drew the update that arrived last (call from a layout effect). */
export function markUpdateDrawn() {
  const b = hooks();
  if (b.pendingUpdateAt === null) return;
  b.renderMs.push(performance.now() - b.pendingUpdateAt);
  if (b.renderMs.length > RENDER_SAMPLES_KEPT) b.renderMs.shift();
  b.pendingUpdateAt = null;
}
