// The equity-index futures a ticker's levels can be shown against, and the calendar of their front
// quarterly contract. Shared: the service prices the equivalents (engine/futures-equivalent.ts),
// the renderer and the exports only name them.
//
// - SPX → ES, NDX → NQ, RUT → RTY (CME E-mini S&P 500, E-mini Nasdaq-100, E-mini Russell 2000);
//   their ETFs SPY, QQQ and IWM map to the same future through their index.
// - A quarterly contract settles on the third Friday of March, June, September and December (the
//   Special Opening Quotation of the index that morning, as a.m.-settled SPX options); when that
//   Friday is an NYSE holiday, on the trading day before (standardMonthlyExpiration).
// - The roll: from the Monday of the settlement week the next quarterly is the front contract (the
//   Monday of the third Friday's week, even when that Monday is a holiday).
// - A contract code is the root, the month code (H M U Z) and the year's last digit: ESZ6.
// - The minimum tick: 0.25 index point for ES and NQ, 0.10 for RTY (CME's contract specifications).
//   A futures level is shown, exported and alerted on the tick (onTick); the basis and the fair
//   value stay to the cent, as the index's own figures.
import {
  addDays,
  nthWeekday,
  parseIsoDate,
  standardMonthlyExpiration,
  type IsoDate,
} from './market-calendar.ts';
import { canonicalTicker } from './ticker-symbol.ts';

export type FutureRoot = 'ES' | 'NQ' | 'RTY';

export interface FutureMapping {
  /** The future's root symbol. */
  readonly symbol: FutureRoot;
  /** The index the future settles on (the ticker itself for an index; an ETF's index). */
  readonly index: 'SPX' | 'NDX' | 'RUT';
  /** True for an ETF, whose levels reach the future through its index. */
  readonly viaIndex: boolean;
}

const FUTURES: Readonly<Record<string, FutureMapping>> = {
  SPX: { symbol: 'ES', index: 'SPX', viaIndex: false },
  NDX: { symbol: 'NQ', index: 'NDX', viaIndex: false },
  RUT: { symbol: 'RTY', index: 'RUT', viaIndex: false },
  SPY: { symbol: 'ES', index: 'SPX', viaIndex: true },
  QQQ: { symbol: 'NQ', index: 'NDX', viaIndex: true },
  IWM: { symbol: 'RTY', index: 'RUT', viaIndex: true },
};

/** The future a ticker's levels are shown against (any spelling: `^SPX`, `spy`), or null. */
export function futureOf(ticker: string): FutureMapping | null {
  const symbol = canonicalTicker(ticker);
  return Object.hasOwn(FUTURES, symbol) ? (FUTURES[symbol] as FutureMapping) : null;
}

/** Each future's minimum price increment, index points. */
export const FUTURE_TICKS: Readonly<Record<FutureRoot, number>> = { ES: 0.25, NQ: 0.25, RTY: 0.1 };

/** The same ticks in whole cents, so that rounding reads integers (0.1 is no exact binary fraction). */
const TICK_CENTS = Object.fromEntries(
  Object.entries(FUTURE_TICKS).map(([root, tick]) => [root, Math.round(tick * 100)]),
) as Readonly<Record<FutureRoot, number>>;

/** A root symbol the app knows a tick for (ES, NQ, RTY; any case), or null. */
export function futureRoot(symbol: string): FutureRoot | null {
  const root = symbol.trim().toUpperCase();
  return Object.hasOwn(TICK_CENTS, root) ? (root as FutureRoot) : null;
}

/** The tick of a root symbol (ES, NQ, RTY; any case), index points, or null for one the app does not know. */
export function tickOf(symbol: string): number | null {
  const root = futureRoot(symbol);
  return root === null ? null : FUTURE_TICKS[root];
}

/** The tick a futures_equivalent's levels are on: as it states it, else its root's (a payload stored before it said). */
export function equivalentTick(fe: { symbol: string; tick?: number | undefined }): number | null {
  return fe.tick ?? tickOf(fe.symbol);
}

/**
 * A futures price on its contract's tick: to the cent first (the figure the equivalent is, level +
 * a basis in cents), then to the nearest tick, half a tick up (ES 5,963.125 → 5,963.25; RTY
 * 2,345.05 → 2,345.10). A symbol without a known tick keeps its cents.
 */
export function onTick(symbol: string, price: number): number {
  const cents = Math.round(price * 100);
  const root = futureRoot(symbol);
  if (root === null) return cents / 100;
  const tick = TICK_CENTS[root];
  return (Math.round(cents / tick) * tick) / 100;
}

/** The quarterly months, with their contract month codes. */
const QUARTERS: readonly (readonly [month: number, code: string])[] = [
  [3, 'H'],
  [6, 'M'],
  [9, 'U'],
  [12, 'Z'],
];

export interface QuarterlyContract {
  /** Contract code, e.g. ESZ6. */
  readonly contract: string;
  /** The settlement date: the third Friday, or the trading day before when it is a holiday. */
  readonly settles: IsoDate;
  /** The Monday of the settlement week: from that day the next quarterly is the front. */
  readonly rolls: IsoDate;
}

function quarterly(symbol: FutureRoot, year: number, month: number, code: string): QuarterlyContract {
  const friday = nthWeekday(year, month, 5, 3);
  return {
    contract: `${symbol}${code}${year % 10}`,
    settles: standardMonthlyExpiration(year, month),
    rolls: addDays(friday, -4),
  };
}

/** The front quarterly contract on a session date: the first whose roll Monday is after it. */
export function frontQuarterly(symbol: FutureRoot, date: IsoDate): QuarterlyContract {
  const { year } = parseIsoDate(date);
  for (let y = year; ; y++) {
    for (const [month, code] of QUARTERS) {
      const c = quarterly(symbol, y, month, code);
      if (date < c.rolls) return c;
    }
  }
}
