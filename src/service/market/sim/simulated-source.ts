// The default market data source: a deterministic simulated market. Daily paths are generated once
// per ticker on first use (small arrays); chains are built when asked for and kept in a small LRU
// cache. Everything is a function of the seed, so two processes with the same seed serve the
// same chains, histories and earnings calendars.
import { z } from 'zod';
import { carryPricing } from '../../engine/carry.ts';
import type { OptionChain } from '../../engine/chain.ts';
import type { EarningsEvent } from '../../engine/types.ts';
import { EMPTY_HISTORY } from '../../engine/interpret/history-metrics.ts';
import {
  epochToNy,
  parseIsoDate,
  standardMonthlyExpiration,
  type IsoDate,
} from '../../../shared/market-calendar.ts';
import { LRUCache } from 'lru-cache';
import type { MarketClock, MarketDataSource, TickerInfo } from '../source.ts';
import { buildChain } from './chain-builder.ts';
import { isVixMonthly } from '../../engine/vix-expirations.ts';
import {
  generateDailyPath,
  marketFactor,
  scaledPath,
  type DailyPath,
  type MarketFactor,
} from './daily-path.ts';
import { bridgePrice } from './intraday.ts';
import { ListingCache } from './listing.ts';
import { SIM_REGIMES, type SimRegime } from './regimes.ts';
import { SNAPSHOT_STEP_MS, sessionSnapshotTimes, simSessions, type SimSessions } from './sessions.ts';
import { SIM_UNIVERSE, simTicker, type SimTicker } from './universe.ts';
import { generateVixPath, VIX_INTRADAY_BETA, vixFuture } from './volatility-index.ts';

export interface SimulatedMarketOptions {
  /** Any safe integer; the same seed gives the same market in every process. */
  seed: number;
  clock: MarketClock;
  /** How many built chains to keep (default 256). */
  cacheSize?: number;
}

const optionsSchema = z.object({
  seed: z.number().int().refine(Number.isSafeInteger, 'seed must be a safe integer'),
  clock: z.custom<MarketClock>(
    (c) => typeof c === 'object' && c !== null && typeof (c as { now?: unknown }).now === 'function',
    'clock must have a now() method',
  ),
  cacheSize: z.number().int().min(1).max(100_000).optional(),
});

export interface SimulatedMarket extends MarketDataSource {
  readonly seed: number;
  /** Sessions the simulation covers, oldest first. */
  readonly sessions: readonly IsoDate[];
  /** The latent daily path of a ticker (for diagnostics, tests and benchmarks), or null if unknown. */
  dailyPath(ticker: string): DailyPath | null;
  /** The latent regime of a ticker on a session, or null. */
  regimeOn(ticker: string, date: IsoDate): SimRegime | null;
}

function lerp(a: number, b: number, f: number): number {
  return a + (b - a) * f;
}

export function createSimulatedMarket(options: SimulatedMarketOptions): SimulatedMarket {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new Error(`createSimulatedMarket: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const { seed, clock } = options;
  const sessions: SimSessions = simSessions();
  const listing = new ListingCache();
  const paths = new Map<string, DailyPath>();
  const chains = new LRUCache<string, OptionChain>({ max: options.cacheSize ?? 256 });
  const monthly = new Map<IsoDate, boolean>();
  let factor: MarketFactor | null = null;

  const universe: readonly TickerInfo[] = SIM_UNIVERSE.map(({ ticker, name, kind, demo }) => ({
    ticker,
    name,
    kind,
    demo,
  }));

  function pathOf(spec: SimTicker): DailyPath {
    let path = paths.get(spec.ticker);
    if (!path) {
      factor ??= marketFactor(seed, sessions.dates.length);
      const tracked = spec.tracks ? simTicker(spec.tracks.ticker) : undefined;
      const spy = spec.kind === 'volatility_index' ? simTicker('SPY') : undefined;
      if (tracked && spec.tracks) path = scaledPath(pathOf(tracked), spec.ticker, spec.tracks.ratio);
      else if (spy) path = generateVixPath(seed, spec, pathOf(spy), sessions, listing);
      else path = generateDailyPath(seed, spec, sessions, factor, listing);
      paths.set(spec.ticker, path);
    }
    return path;
  }

  function isMonthly(date: IsoDate): boolean {
    let hit = monthly.get(date);
    if (hit === undefined) {
      const { year, month } = parseIsoDate(date);
      hit = standardMonthlyExpiration(year, month) === date;
      monthly.set(date, hit);
    }
    return hit;
  }

  function build(spec: SimTicker, i: number, at: number): OptionChain {
    const path = pathOf(spec);
    const date = sessions.dates[i] as IsoDate;
    const open = sessions.open[i] as number;
    const close = sessions.close[i] as number;
    const prev = i > 0 ? (path.close[i - 1] as number) : path.startClose;
    const before = (a: Float64Array, first: number): number => (i > 0 ? (a[i - 1] as number) : first);
    const f = Math.min(1, Math.max(0, (at - open) / (close - open)));
    const vix = spec.kind === 'volatility_index';
    const spy = vix ? simTicker('SPY') : undefined;
    // An index walks its ETF's intraday path (the same draws, scaled), so SPX stays 10 × SPY all day;
    // VIX walks SPY's against it (VIX_INTRADAY_BETA), between its own open and close.
    const spot = bridgePrice(
      {
        seed,
        ticker: spec.tracks?.ticker ?? spec.ticker,
        date,
        open,
        close,
        from: prev * Math.exp(path.gap[i] as number),
        to: path.close[i] as number,
        vol: spy ? (pathOf(spy).realizedVol[i] as number) : (path.realizedVol[i] as number),
        follow: spy ? { ticker: spy.ticker, scale: -VIX_INTRADAY_BETA } : undefined,
      },
      at,
    );
    const previousIv30 = before(path.iv30, path.start.iv30);
    return buildChain({
      seed,
      ticker: spec,
      date,
      open,
      sessionFraction: f,
      asof: at,
      spot,
      previousClose: prev,
      previousIv30,
      heldLevel: before(path.heldLevel, path.start.heldLevel),
      iv30: lerp(previousIv30, path.iv30[i] as number, f),
      normalIv: path.normalIv,
      skew: lerp(before(path.skew, path.start.skew), path.skew[i] as number, f),
      // Open interest is settled overnight: the session's ratio holds all day.
      pcrOi: path.pcrOi[i] as number,
      speculation: path.speculation[i] as number,
      events: path.earnings,
      expirations: listing.get(spec.listing, date),
      expiresAt: (d) => listing.settlesAt(spec.listing, d),
      isMonthly: vix ? isVixMonthly : isMonthly,
      forward: vix ? vixFuture : undefined,
      carry: carryPricing(spec.ticker),
    });
  }

  return {
    simulated: true,
    clock,
    seed,
    sessions: sessions.dates,
    universe: () => universe,

    snapshotTimes(ticker, since, at) {
      if (!simTicker(ticker) || !(since <= at)) return [];
      const out: number[] = [];
      const last = sessions.lastOpeningAtOrBefore(at);
      for (let i = sessions.firstClosingAtOrAfter(since); i <= last; i++) {
        for (const t of sessionSnapshotTimes(sessions.open[i] as number, sessions.close[i] as number)) {
          if (t >= since && t <= at) out.push(t);
        }
      }
      return out;
    },

    latestSnapshotTime(ticker, at) {
      if (!simTicker(ticker) || !Number.isFinite(at)) return null;
      const i = sessions.lastOpeningAtOrBefore(at);
      if (i < 0) return null;
      const open = sessions.open[i] as number;
      const close = sessions.close[i] as number;
      if (at >= close) return close;
      return open + Math.floor((at - open) / SNAPSHOT_STEP_MS) * SNAPSHOT_STEP_MS;
    },

    chain(ticker, snapshotTime) {
      const spec = simTicker(ticker);
      if (!spec || !Number.isFinite(snapshotTime)) return null;
      const i = sessions.indexOf(epochToNy(snapshotTime).date);
      if (i < 0) return null;
      if (snapshotTime < (sessions.open[i] as number) || snapshotTime > (sessions.close[i] as number))
        return null;
      const key = `${spec.ticker}|${snapshotTime}`;
      let chain = chains.get(key);
      if (!chain) {
        chain = build(spec, i, snapshotTime);
        chains.set(key, chain);
      }
      return chain;
    },

    history(ticker, snapshotTime) {
      const spec = simTicker(ticker);
      if (!spec || !Number.isFinite(snapshotTime)) return EMPTY_HISTORY;
      const k = sessions.countBefore(epochToNy(snapshotTime).date);
      if (k === 0) return EMPTY_HISTORY;
      const path = pathOf(spec);
      return {
        dates: sessions.dates.slice(0, k),
        close: path.close.slice(0, k),
        atmIv: path.atmIv.slice(0, k),
        pcrOi: path.pcrOi.slice(0, k),
      };
    },

    earnings(ticker, snapshotTime): EarningsEvent | null {
      const spec = simTicker(ticker);
      if (!spec || !spec.earnings || !Number.isFinite(snapshotTime)) return null;
      const { date } = epochToNy(snapshotTime);
      const next = pathOf(spec).earnings.find((e) => e.date >= date);
      return next ? { date: next.date, time: next.time } : null;
    },

    dailyPath(ticker) {
      const spec = simTicker(ticker);
      return spec ? pathOf(spec) : null;
    },

    regimeOn(ticker, date) {
      const spec = simTicker(ticker);
      const i = sessions.indexOf(date);
      if (!spec || i < 0) return null;
      return SIM_REGIMES[pathOf(spec).regime[i] as number] ?? null;
    },
  };
}
