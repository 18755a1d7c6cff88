// A fake clock with its timers, for the rate limiter and the collector's schedule: time moves only
// when a test says so, and due callbacks run in order as it does. Nothing sleeps.
import type { TradierTimers } from '../../../../../src/service/market/tradier/index.ts';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

/** Lets promise chains settle (I/O-free): a few turns of the event loop. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeTime implements TradierTimers {
  #t: number;
  #next = 1;
  #pending: Pending[] = [];

  constructor(start: number) {
    this.#t = start;
  }

  readonly now = (): number => this.#t;

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#pending.push({ id, at: this.#t + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#pending = this.#pending.filter((p) => p.id !== handle);
  }

  /** Delays of the timers waiting now, from the current instant. */
  waiting(): number[] {
    return this.#pending.map((p) => p.at - this.#t).sort((a, b) => a - b);
  }

  /** Moves time forward, running each due timer at its instant and letting promises settle. */
  async advance(ms: number): Promise<void> {
    const target = this.#t + ms;
    await settle();
    for (;;) {
      const due = this.#pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#pending = this.#pending.filter((p) => p !== due);
      this.#t = due.at;
      due.fn();
      await settle();
    }
    this.#t = target;
    await settle();
  }
}
