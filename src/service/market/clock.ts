// Market clocks. The service asks its clock what "now" is in market time: the real time, an
// accelerated time for demos (a whole session in about 80 seconds at 300×), a hand-set time for
// tests, or a chain folder's newest snapshot. `marketClockOf` is the one way from a ClockSpec
// (src/shared/clock-spec.ts) to a running clock. Each clock says its `rate` (market ms per real
// ms), so whoever shows its time between two readings (the header) can run it at its pace.
import type { ClockSpec } from '../../shared/clock-spec.ts';
import { nextSession } from '../../shared/market-calendar.ts';
import type { MarketClock } from './source.ts';

export function realClock(): MarketClock {
  return { now: () => Date.now(), kind: 'real', rate: 1 };
}

/**
 * Where a fast clock given no start begins: the open of the current session, or of the next one
 * when the market is closed. Choosing "fast" means watching the simulated market trade a whole
 * session; starting at the real now would leave it closed for minutes on a Saturday (nothing
 * polled, nothing to see) and a minute from the close at 15:59.
 */
export function fastClockStart(realNow: number): number {
  return nextSession(realNow).open;
}

export function dataClock(
  newestSnapshot: (notAfter: number) => number | null,
  realNow: () => number = Date.now,
): MarketClock {
  return {
    now: () => {
      const wall = realNow();
      const newest = newestSnapshot(wall);
      return newest === null ? wall : Math.min(newest, wall);
    },
    kind: 'data',
    // It moves when a file arrives, not with time.
    rate: 0,
  };
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
  return { now: () => start + (realNow() - origin) * speed, kind: 'fast', rate: speed };
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
    rate: 0,
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

export interface ClockBuildOptions {
  /** A chain folder's newest snapshot not later than `notAfter`: what a `data` clock reads (it needs one). */
  newestSnapshot?: (notAfter: number) => number | null;
  /** Real time source, epoch ms (tests inject one). Defaults to Date.now. */
  realNow?: () => number;
}

/**
 * The running clock a spec describes; a fast clock without a start starts at the open of the
 * current or next session (fastClockStart).
 */
export function marketClockOf(spec: ClockSpec, options: ClockBuildOptions = {}): MarketClock {
  switch (spec.kind) {
    case 'real':
      return realClock();
    case 'fast': {
      const realNow = options.realNow ?? Date.now;
      return fastClock({ start: spec.start ?? fastClockStart(realNow()), speed: spec.speed, realNow });
    }
    case 'frozen':
      return manualClock(spec.at);
    case 'data':
      if (!options.newestSnapshot) throw new Error("clock 'data' needs a chain folder (chainsDir)");
      return dataClock(options.newestSnapshot, options.realNow);
  }
}

/** A clock of one's own, as opposed to a spec or a spec's name (both plain data). */
export function isMarketClock(clock: object): clock is MarketClock {
  return typeof (clock as { now?: unknown }).now === 'function';
}
