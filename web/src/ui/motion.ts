// Motion for the boards: what an event changes moves on the screen, briefly.
//
// Mark every thing that can move or appear with a stable `data-anim-key`
// ("card-P_JACK-3", "ship-7", "chest-fd-2") — the same key before and after an
// update for the same thing. Then:
//
//   useFlip(rootRef, version, { enterFrom })
//       Preact hook; call in a board with a ref on its root element and the
//       view's version. After each update, every keyed element under the root
//       that moved glides from where it was (FLIP: First, Last, Invert, Play);
//       a key that is new appears — from the element whose key
//       `enterFrom(key)` returns (a card from the deck to the harbour), else it
//       fades in where it is.
//   flipFrom(el, before)          one element from an old rect (a DOMRect) to where it is now.
//   travel(from, to)              a copy of `from` flies to `to`'s place (both elements), then goes away.
//   appear(el)                    fades/scales one element in.
//   lastMove(keys, key) / useLastMove(rootRef, keys, version)
//       the elements whose data-anim-key is in `keys` (what the last event
//       touched) get the class LAST_MOVE_CLASS until the next update.
//
// Every animation lasts at most MOTION_MS (<= 400 ms), runs on the compositor
// (transform, opacity), and none starts when the browser asks for reduced
// motion (prefers-reduced-motion: reduce). Each animation started adds one to
// document.documentElement.dataset.animations (data-animations on <html>), which
// the browser tests read: a move must start one; under reduced motion none.
import { useLayoutEffect, useRef } from "preact/hooks";
import type { RefObject } from "preact";

/** How long a move or an appearance takes. */
export const MOTION_MS = 300;
/** The class on what the last event touched. */
export const LAST_MOVE_CLASS = "last-move";
/** Distances under this (px) are layout noise, not a move. */
const MIN_MOVE_PX = 1;
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const ANIM_KEY = "data-anim-key";

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** How many animations this page started (also on <html data-animations>). */
export function animationCount(): number {
  return Number(document.documentElement.dataset.animations ?? "0") + uncounted;
}

/** The glides this module started and that may still run. */
const running = new Set<Animation>();
/** Animations started and not yet written to <html data-animations>. */
let uncounted = 0;

/**
 * Writes the count once per batch (a microtask after the board's layout
 * effect): an attribute of <html> invalidates the whole page's style, and
 * written after each glide it forced a full style recalculation for every
 * next measurement (hundreds of ms per move in Panning's profile).
 */
function flushCount() {
  if (uncounted === 0) return;
  document.documentElement.dataset.animations = String(Number(document.documentElement.dataset.animations ?? "0") + uncounted);
  uncounted = 0;
}

function counted(a: Animation): Animation {
  if (uncounted++ === 0) queueMicrotask(flushCount);
  running.add(a);
  const forget = () => running.delete(a);
  a.addEventListener("finish", forget);
  a.addEventListener("cancel", forget);
  return a;
}

/**
 * Ends every glide still running, so that elements stand where the layout put
 * them: a rect measured during a glide includes its transform, and the next
 * update's offsets would compound (pieces flying off screen when moves come
 * faster than MOTION_MS, e.g. from bots). Only those under `root`: a board
 * with two regions must not end the other region's glides of this update.
 */
export function settleMotion(root: Element) {
  for (const a of Array.from(running)) {
    const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
    if (target && root.contains(target)) a.finish();
  }
}

/** The offset that puts a box now at `now` back at `before` (the "invert" of FLIP). */
export function flipDelta(before: { left: number; top: number }, now: { left: number; top: number }): { dx: number; dy: number } | null {
  const dx = before.left - now.left;
  const dy = before.top - now.top;
  return Math.abs(dx) < MIN_MOVE_PX && Math.abs(dy) < MIN_MOVE_PX ? null : { dx, dy };
}

/** Animates `el` from the rect it had (`before`, in the same coordinates as el.getBoundingClientRect()) to where it is. */
export function flipFrom(el: Element, before: { left: number; top: number }): Animation | null {
  if (prefersReducedMotion()) return null;
  return glide(el, flipDelta(before, el.getBoundingClientRect()));
}

/** Starts the glide of `el` by an offset already measured (no layout read). */
function glide(el: Element, d: { dx: number; dy: number } | null): Animation | null {
  if (!d) return null;
  return counted(
    el.animate([{ transform: `translate(${d.dx}px, ${d.dy}px)` }, { transform: "none" }], { duration: MOTION_MS, easing: EASING }),
  );
}

/** Fades and grows `el` in where it is. */
export function appear(el: Element): Animation | null {
  if (prefersReducedMotion()) return null;
  return counted(
    el.animate([{ opacity: 0, transform: "scale(0.85)" }, { opacity: 1, transform: "none" }], { duration: MOTION_MS, easing: EASING }),
  );
}

/** A copy of `from` flies from its place to `to`'s place (a card from the deck to a hand), then is removed. */
export function travel(from: Element, to: Element): Animation | null {
  if (prefersReducedMotion()) return null;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const ghost = from.cloneNode(true);
  if (!(ghost instanceof HTMLElement)) return null;
  ghost.removeAttribute(ANIM_KEY);
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    position: "fixed",
    left: `${a.left}px`,
    top: `${a.top}px`,
    width: `${a.width}px`,
    height: `${a.height}px`,
    margin: "0",
    pointerEvents: "none",
    zIndex: "1000",
  });
  document.body.appendChild(ghost);
  const anim = counted(
    ghost.animate([{ transform: "none" }, { transform: `translate(${b.left - a.left}px, ${b.top - a.top}px)` }], {
      duration: MOTION_MS,
      easing: EASING,
    }),
  );
  const done = () => ghost.remove();
  anim.addEventListener("finish", done);
  anim.addEventListener("cancel", done);
  return anim;
}

function keyed(root: Element): Map<string, Element> {
  const out = new Map<string, Element>();
  for (const el of Array.from(root.querySelectorAll(`[${ANIM_KEY}]`))) {
    const k = el.getAttribute(ANIM_KEY);
    if (k !== null && !out.has(k)) out.set(k, el);
  }
  return out;
}

interface Place {
  left: number;
  top: number;
}

export interface FlipOptions {
  /** For a key that was not there before: the key of the element it comes from (e.g. the deck), if any. */
  enterFrom?: (key: string) => string | undefined;
  /** Whether new keys fade in (default true; false when only moves should animate). */
  appearNew?: boolean;
}

/**
 * After every change of `version`, animates the keyed elements under rootRef
 * from where they were. Positions are kept relative to the root, so scrolling
 * the page between updates moves nothing. The first render animates nothing.
 */
export function useFlip(rootRef: RefObject<Element>, version: unknown, opts: FlipOptions = {}) {
  const places = useRef<Map<string, Place> | null>(null);
  const drawnVersion = useRef<unknown>(undefined);
  // Every render records where things are; only a new version animates (a
  // hover or a marked card re-renders without moving anything).
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    settleMotion(root);
    const origin = root.getBoundingClientRect();
    const now = keyed(root);
    const before = places.current;
    const next = new Map<string, Place>();
    for (const [k, el] of now) {
      const r = el.getBoundingClientRect();
      next.set(k, { left: r.left - origin.left, top: r.top - origin.top });
    }
    const isUpdate = before !== null && drawnVersion.current !== version;
    drawnVersion.current = version;
    if (before && isUpdate && !prefersReducedMotion()) {
      // Every place was read above; from here on only writes (starting an
      // animation dirties style, and a read after it would force a
      // recalculation per element).
      for (const [k, el] of now) {
        const at = next.get(k)!;
        const was = before.get(k);
        if (was) {
          glide(el, flipDelta(was, at));
          continue;
        }
        const fromKey = opts.enterFrom?.(k);
        const from = fromKey !== undefined ? (before.get(fromKey) ?? next.get(fromKey)) : undefined;
        if (from) glide(el, flipDelta(from, at));
        else if (opts.appearNew ?? true) appear(el);
      }
    }
    places.current = next;
  });
}

/** The class for an element drawn with `key`, when the last event touched `keys` (for use in JSX: class={`card ${lastMove(keys, k)}`}). */
export function lastMove(keys: ReadonlySet<string>, key: string): string {
  return keys.has(key) ? LAST_MOVE_CLASS : "";
}

/**
 * Marks what the last event touched (by data-anim-key) until the next update,
 * on the DOM directly; a board that sets `class` itself on those elements
 * should use lastMove() in its JSX instead (a re-render would reset the class).
 */
export function useLastMove(rootRef: RefObject<Element>, keys: readonly string[], version: unknown) {
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const touched = new Set(keys);
    for (const el of Array.from(root.querySelectorAll(`[${ANIM_KEY}]`))) {
      el.classList.toggle(LAST_MOVE_CLASS, touched.has(el.getAttribute(ANIM_KEY) ?? ""));
    }
  }, [version, keys.join("\n")]);
}
