// A value that components watch apart from the store's State: the lobby's
// "my games" and quick play keep theirs here, so that a change re-renders
// only the parts that show them.
import { useEffect, useState } from "preact/hooks";

export class Watched<T> {
  private listeners = new Set<() => void>();

  constructor(private current: T) {}

  get value(): T {
    return this.current;
  }

  set(next: T) {
    this.current = next;
    for (const fn of this.listeners) fn();
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
}

/** The watched value, re-rendering the component when it changes. */
export function useWatched<T>(w: Watched<T>): T {
  const [, setTick] = useState(0);
  useEffect(() => w.subscribe(() => setTick((n) => n + 1)), [w]);
  return w.value;
}
