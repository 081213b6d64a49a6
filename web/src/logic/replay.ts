/** A replay step (number of events shown) kept within 0..count. */
export function clampStep(step: number, count: number): number {
  return Math.max(0, Math.min(count, step));
}
