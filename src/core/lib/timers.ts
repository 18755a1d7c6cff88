// Wall-clock time for the app's own machinery (the poller's jitter, backoff and Retry-After, the
// store's compaction, notification digests): real waits, as opposed to the market clock that
// decides whether the market is open. Injected so tests step time by hand instead of sleeping.

export interface Timers {
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimeout(fn: () => void, ms: number): () => void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(handle);
  },
};

/** Timers driven by `advance(ms)`, for tests: due callbacks fire in time order. */
export class ManualTimers implements Timers {
  #now: number;
  #seq = 0;
  readonly #pending = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const id = ++this.#seq;
    this.#pending.set(id, { at: this.#now + Math.max(0, ms), fn });
    return () => this.#pending.delete(id);
  }

  /** Moves time forward, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.#pending)
        if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.#pending.delete(next[0]);
      this.#now = Math.max(this.#now, next[1].at);
      next[1].fn();
    }
    this.#now = target;
  }

  /**
   * Moves time forward at once, as after a sleep: timers that fell due fire once, late, with
   * `now()` already at the end of the gap.
   */
  jump(ms: number): void {
    this.#now += ms;
    this.advance(0);
  }

  get pendingCount(): number {
    return this.#pending.size;
  }
}
