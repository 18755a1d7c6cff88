// How the simulated market's gamma regimes come out: each session's close chain run through the
// engine's own flip (the figure /tickers and the backtest read), counting the sessions spent at or
// above the flip and the flip crossings from one close to the next. The "Gamma regimes" calibration
// rule of docs/engine-conventions.md is checked with it
// (test/unit/service/market/sim/calibration.test.ts) and its figures come from
// `npm run bench -- sim-calibration`.
import { findGammaFlip } from '../../engine/flip.ts';
import { carryPricing } from '../../engine/carry.ts';
import { pricingFor } from '../../engine/forward.ts';
import { gammaRegimeOf } from '../../../shared/api/invariants.ts';
import { nyToEpoch } from '../../../shared/market-calendar.ts';
import { manualClock } from '../clock.ts';
import { createSimulatedMarket, type SimulatedMarket } from './simulated-source.ts';

export interface RegimeCount {
  ticker: string;
  sessions: number;
  /** Closes above the flip (or at it, within the flip's precision: the spec's `neutral`). */
  positive: number;
  negative: number;
  /** Closes without a flip in range (the engine's gamma_regime `unknown`). */
  unknown: number;
  /** Closes whose side of the flip differs from the previous known close's. */
  crossings: number;
}

/** A close whose flip is null keeps the previous known side: it neither crosses nor un-crosses. */
type Side = 1 | -1 | 0;

function sideAtClose(market: SimulatedMarket, ticker: string, date: string): Side {
  // 17:00 New York is after every close, early closes included: the snapshot is the close.
  const at = market.latestSnapshotTime(ticker, nyToEpoch(date, 17 * 60));
  const chain = at === null ? null : market.chain(ticker, at);
  if (!chain) return 0;
  // The flip as the service reads it: the ticker's carry, VIX priced off its forwards.
  const flip = findGammaFlip(chain, { pricing: pricingFor(chain, carryPricing(ticker)) });
  const regime = gammaRegimeOf(chain.spot, flip.price);
  return regime === 'negative' ? -1 : regime === 'unknown' ? 0 : 1;
}

/** Counts `ticker`'s gamma regimes at the close of `count` sessions from session index `from`. */
export function countRegimes(
  market: SimulatedMarket,
  ticker: string,
  from: number,
  count: number,
): RegimeCount {
  const out: RegimeCount = { ticker, sessions: 0, positive: 0, negative: 0, unknown: 0, crossings: 0 };
  let last: Side = 0;
  const end = Math.min(market.sessions.length, from + count);
  for (let i = Math.max(0, from); i < end; i++) {
    const side = sideAtClose(market, ticker, market.sessions[i] as string);
    out.sessions++;
    if (side === 0) {
      out.unknown++;
      continue;
    }
    if (side > 0) out.positive++;
    else out.negative++;
    if (last !== 0 && side !== last) out.crossings++;
    last = side;
  }
  return out;
}

export interface CalibrationRun {
  seeds: readonly number[];
  /** Session index of the first counted close, and how many. */
  from: number;
  count: number;
}

/** The counts of several seeds, summed per ticker (each seed is its own market). */
export function measureRegimes(tickers: readonly string[], run: CalibrationRun): RegimeCount[] {
  const perSeed = tickers.map((): RegimeCount[] => []);
  for (const seed of run.seeds) {
    // A chain is read once, so a tiny cache is enough; the clock does not matter to past closes.
    const market = createSimulatedMarket({ seed, clock: manualClock(0), cacheSize: 4 });
    tickers.forEach((ticker, j) => perSeed[j]?.push(countRegimes(market, ticker, run.from, run.count)));
  }
  return tickers.map((ticker, j) => pooled(perSeed[j] ?? [], ticker));
}

/** Share of the counted closes at or above the flip, 0-1. */
export function positiveShare(c: RegimeCount): number {
  return c.sessions > 0 ? c.positive / c.sessions : 0;
}

/** Flip crossings per 21 sessions (about a month). */
export function crossingsPerMonth(c: RegimeCount): number {
  return c.sessions > 0 ? (21 * c.crossings) / c.sessions : 0;
}

export interface RegimeTarget {
  /** Share of sessions at or above the flip, 0-1: least and most. */
  positive: readonly [number, number];
  /** Flip crossings per 21 sessions: least and most. */
  crossingsPerMonth: readonly [number, number];
}

/**
 * The calibration rule (docs/engine-conventions.md, "Gamma regimes"). Index ETFs and indexes:
 * dealers long gamma on most sessions, as SqueezeMetrics' GEX and SpotGamma's flip commentary show
 * for the S&P 500 (negative stretches come with sell-offs), crossing the flip a few times a month.
 * Sector funds a little less, single stocks and high-beta names nearer half their sessions, with the
 * same few crossings a month.
 */
export const REGIME_TARGETS = {
  index: { positive: [0.65, 0.85], crossingsPerMonth: [2, 6] },
  sector: { positive: [0.55, 0.85], crossingsPerMonth: [1.5, 6] },
  single: { positive: [0.4, 0.7], crossingsPerMonth: [1.5, 6] },
} as const satisfies Record<string, RegimeTarget>;
export type RegimeGroup = keyof typeof REGIME_TARGETS;

/** The tickers the bench reports per group (the test checks a few of them). */
export const CALIBRATION_TICKERS: Readonly<Record<RegimeGroup, readonly string[]>> = {
  index: ['SPY', 'QQQ', 'IWM', 'DIA', 'SPX', 'NDX', 'RUT'],
  sector: ['XLF', 'XLE', 'XLU', 'SMH'],
  single: ['AAPL', 'MSFT', 'NVDA', 'JPM', 'KO', 'PG', 'TSLA', 'COIN', 'MSTR'],
};

/** The counts of several tickers pooled, as one. */
export function pooled(counts: readonly RegimeCount[], ticker = 'pooled'): RegimeCount {
  const out: RegimeCount = { ticker, sessions: 0, positive: 0, negative: 0, unknown: 0, crossings: 0 };
  for (const c of counts) {
    out.sessions += c.sessions;
    out.positive += c.positive;
    out.negative += c.negative;
    out.unknown += c.unknown;
    out.crossings += c.crossings;
  }
  return out;
}
