// Market clocks. The service asks its clock what "now" is in market time: the real time, an
// accelerated time for demos (a whole session in about 80 seconds at 300×), a hand-set time for
// tests, or a chain folder's newest snapshot.
import type { MarketClock } from './source.ts';

export function realClock(): MarketClock {
  return { now: () => Date.now(), kind: 'real' };
}

/**
 * The data's own clock: "now" is the newest snapshot a chain folder holds, so a folder of
 * Friday's files still ranks on Monday (rankings keep snapshots within 36 hours of "now"). Until
 * the folder holds a snapshot it reads the wall clock.
 */
export function dataClock(newestSnapshot: () => number | null): MarketClock {
  return { now: () => newestSnapshot() ?? Date.now(), kind: 'data' };
}

export interface FastClockOptions {
  /** Market time at the moment the clock is created, epoch ms. */
  start: number;
  /** How many market milliseconds pass per real millisecond (e.g. 300). */
  speed: number;
  /** Real time source, epoch ms (tests inject one). Defaults to Date.now. */
  realNow?: () => number;
}

export function fastClock({ start, speed, realNow = Date.now }: FastClockOptions): MarketClock {
  if (!Number.isFinite(start)) throw new Error(`fastClock: start must be an epoch in ms, got ${start}`);
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new Error(`fastClock: speed must be positive, got ${speed}`);
  const origin = realNow();
  return { now: () => start + (realNow() - origin) * speed, kind: 'fast' };
}

export interface ManualClock extends MarketClock {
  set(epochMs: number): void;
  advance(ms: number): void;
}

export function manualClock(start: number): ManualClock {
  if (!Number.isFinite(start)) throw new Error(`manualClock: start must be an epoch in ms, got ${start}`);
  let t = start;
  return {
    now: () => t,
    kind: 'manual',
    set: (epochMs) => {
      if (!Number.isFinite(epochMs)) throw new Error(`manualClock: not an instant: ${epochMs}`);
      t = epochMs;
    },
    advance: (ms) => {
      if (!Number.isFinite(ms)) throw new Error(`manualClock: not a duration: ${ms}`);
      t += ms;
    },
  };
}
