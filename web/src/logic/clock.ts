/** Whole seconds until the deadline (never negative), or null without a clock. */
export function secondsLeft(deadlineUnixMs: number, nowMs: number): number | null {
  if (!deadlineUnixMs) return null;
  return Math.max(0, Math.ceil((deadlineUnixMs - nowMs) / 1000));
}
