// The per-snapshot computation cache. Every endpoint reads a ticker at its latest snapshot
// (`source.latestSnapshotTime(ticker, clock.now())`), and every ranking reads all tickers at theirs;
// both go through one bounded LRU keyed by (ticker, snapshot time), so each snapshot is analysed
// once however many endpoints and rankings read it.
//
// The ranking universe is the set of latest snapshots within the 36-hour recency window; the tickers
// outside it are kept with why (left-out.ts), for the rankings to say so. It changes
// only when some ticker gets a new snapshot (a "snapshot epoch"), so it is built once per epoch and
// each ranking request is a filter over ~40 ready rows. `warmUniverse` builds the next epoch ahead
// of requests, one ticker per event-loop turn, so a new epoch does not stall the server.
//
// A source whose data can change under a snapshot instant (a live chain folder: a file replaced,
// history added, new tickers) gives a per-ticker `revision`: it is part of every cache key and of
// the epoch, and the ticker list is re-read whenever the source hands out a new universe.
import type { MarketDataSource, TickerInfo } from '../market/source.ts';
import type { PricingParams } from '../engine/types.ts';
import { LRUCache } from 'lru-cache';
import { leftOutOf, unreadable, type LeftOut } from './left-out.ts';
import { analyzeSnapshot, type TickerAnalysis } from './ticker-analysis.ts';

/** "Recency window 36 hours": older latest snapshots are left out of the rankings. */
export const RECENCY_WINDOW_MS = 36 * 3600 * 1000;

export interface Universe {
  /** Identifies the epoch: every (ticker, latest snapshot) pair in the window. */
  readonly key: string;
  /** A short local id of the epoch (a counter): equal ids, equal universes, within this process. */
  readonly id: number;
  /** The newest snapshot among the rows, epoch ms; null when no ticker is in the window. */
  readonly asof: number | null;
  /** One row per ticker, in universe order. */
  readonly rows: readonly TickerAnalysis[];
  /** The tickers of the market not in `rows`, and why; sorted by ticker. */
  readonly leftOut: readonly LeftOut[];
}

export interface AnalysisCacheOptions {
  source: MarketDataSource;
  /** One pricing for every ticker, overriding each ticker's stated carry (engine/carry.ts). */
  pricing?: PricingParams;
  /** Snapshots kept; each holds a chain (tens to hundreds of KB). Default 160. */
  capacity?: number;
}

/** How long (market time) a checked epoch is trusted before the source is asked again. */
export const EPOCH_RECHECK_MS = 1000;

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class AnalysisCache {
  readonly source: MarketDataSource;
  readonly #pricing: PricingParams | undefined;
  readonly #lru: LRUCache<string, TickerAnalysis>;
  #known: ReadonlyMap<string, TickerInfo>;
  #knownFrom: readonly TickerInfo[];
  #universe: Universe | null = null;
  #checkedAt: number | null = null;
  #epochs = 0;

  constructor(opts: AnalysisCacheOptions) {
    this.source = opts.source;
    this.#pricing = opts.pricing;
    this.#lru = new LRUCache({ max: opts.capacity ?? 160 });
    this.#knownFrom = opts.source.universe();
    this.#known = new Map(this.#knownFrom.map((t) => [t.ticker, t]));
  }

  /** The source's tickers; a live source hands out a new array when its universe changes. */
  #tickers(): ReadonlyMap<string, TickerInfo> {
    const current = this.source.universe();
    if (current !== this.#knownFrom) {
      this.#knownFrom = current;
      this.#known = new Map(current.map((t) => [t.ticker, t]));
    }
    return this.#known;
  }

  /** The source's revision of a ticker ('' for sources whose snapshots never change). */
  revision(ticker: string): string {
    return this.source.revision?.(ticker) ?? '';
  }

  /** The override every ticker is read with, or undefined: each ticker reads its stated carry. */
  get pricing(): PricingParams | undefined {
    return this.#pricing;
  }

  now(): number {
    return this.source.clock.now();
  }

  /** Whether the market lists this (normalised) ticker at all. */
  knows(ticker: string): boolean {
    return this.#tickers().has(ticker);
  }

  latestTime(ticker: string, now = this.now()): number | null {
    return this.#tickers().has(ticker) ? this.source.latestSnapshotTime(ticker, now) : null;
  }

  /** The analysis of a ticker at a snapshot instant (cached), or null when there is no chain. */
  at(ticker: string, time: number): TickerAnalysis | null {
    const revision = this.revision(ticker);
    const key = `${ticker}@${time}#${revision}`;
    const hit = this.#lru.get(key);
    if (hit) return hit;
    const analysis = analyzeSnapshot(this.source, ticker, time, this.#pricing, revision);
    if (analysis) this.#lru.set(key, analysis);
    return analysis;
  }

  latest(ticker: string): TickerAnalysis | null {
    const time = this.latestTime(ticker);
    return time === null ? null : this.at(ticker, time);
  }

  /**
   * The latest snapshot time of every ticker inside the recency window, as of `now`; the others
   * with why. Each ticker is judged at its own latest snapshot against the one "now".
   */
  #epoch(now: number): { key: string; members: [string, number][]; leftOut: LeftOut[] } {
    const members: [string, number][] = [];
    const leftOut: LeftOut[] = [];
    const ctx = { now, dataClock: this.source.clock.kind === 'data', windowMs: RECENCY_WINDOW_MS };
    for (const ticker of this.#tickers().keys()) {
      const t = this.source.latestSnapshotTime(ticker, now);
      if (t !== null && t >= now - RECENCY_WINDOW_MS) members.push([ticker, t]);
      else leftOut.push(leftOutOf(ticker, t, this.source.newestSnapshotTime?.(ticker) ?? t, ctx));
    }
    const key = members.map(([ticker, t]) => {
      const revision = this.revision(ticker);
      return revision === '' ? `${ticker}@${t}` : `${ticker}@${t}#${revision}`;
    });
    // Left-out tickers are part of the epoch: a ticker going stale or appearing changes what the
    // rankings say even when no ranked snapshot changed.
    for (const l of leftOut) key.push(`!${l.ticker}:${l.code}@${l.newest ?? ''}`);
    return { key: key.join(','), members, leftOut };
  }

  universe(): Universe {
    const now = this.now();
    // Asking the source for 40 latest times costs ~0.1 ms: at thousands of requests a second the
    // epoch is re-checked at most once per market second (a new snapshot shows up that much later).
    const since = this.#checkedAt === null ? -1 : now - this.#checkedAt;
    if (this.#universe && since >= 0 && since < EPOCH_RECHECK_MS) return this.#universe;
    const { key, members, leftOut } = this.#epoch(now);
    this.#checkedAt = now;
    if (this.#universe?.key === key) return this.#universe;
    const rows: TickerAnalysis[] = [];
    let asof: number | null = null;
    for (const [ticker, time] of members) {
      const analysis = this.at(ticker, time);
      if (!analysis) {
        leftOut.push(unreadable(ticker, time));
        continue;
      }
      rows.push(analysis);
      asof = asof === null ? time : Math.max(asof, time);
    }
    leftOut.sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
    this.#universe = { key, id: ++this.#epochs, asof, rows, leftOut };
    return this.#universe;
  }

  /**
   * Analyses the current epoch's snapshots one per event-loop turn, then builds the universe (and
   * the ranking items) from the warm cache. Stops early when `signal` aborts.
   */
  async warmUniverse(signal?: AbortSignal): Promise<void> {
    const { members } = this.#epoch(this.now());
    for (const [ticker, time] of members) {
      if (signal?.aborted) return;
      const analysis = this.at(ticker, time);
      void analysis?.topSetupsItem;
      void analysis?.income;
      await yieldTurn();
    }
    if (!signal?.aborted) this.universe();
  }
}
