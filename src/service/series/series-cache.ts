// Per-day metric rows, computed from each session's close snapshot with the full pipeline and kept
// per (ticker, session date) in a bounded LRU. A day is an NYSE session (sessionDateOf): a snapshot
// taken after the close, overnight, before the open, on a weekend or a holiday counts as the last
// session before it, so a series never has a point on a day the exchange was closed. Which of a
// session's snapshots is its close is shared/session-close.ts's rule, and every figure of the row
// comes from that one snapshot. A row remembers the snapshot it came from, so today's row is
// recomputed when a newer intraday snapshot appears and a finished session's row never changes.
//
// Computing a row costs a chain build plus an analysis (milliseconds), so a cold two-year request
// is hundreds of them: they run one per event-loop turn so the server keeps answering meanwhile,
// and `warm` fills the cache in the background so later requests are reads.
import {
  addDays,
  nyToEpoch,
  REGULAR_OPEN_MINUTES,
  sessionDateOf,
  type IsoDate,
} from '../../shared/market-calendar.ts';
import { sessionCloses, takenPreMarket } from '../../shared/session-close.ts';
import type { AnalysisCache } from '../analysis/analysis-cache.ts';
import { LRUCache } from 'lru-cache';
import { analyzeSnapshot } from '../analysis/ticker-analysis.ts';
import { seriesRowOf, type SeriesRow } from './series-row.ts';

export interface DayRow {
  date: IsoDate;
  /** The snapshot the row was computed from (the session's last one at or before now). */
  time: number;
  /** The source's revision of the ticker then: a replaced file or new history recomputes the row. */
  revision: string;
  row: SeriesRow;
}

export interface SeriesCacheOptions {
  analysis: AnalysisCache;
  /** Rows kept (about 1 KB each). Default 30,000: 40 tickers × 3 years of sessions. */
  capacity?: number;
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SeriesCache {
  readonly #analysis: AnalysisCache;
  readonly #rows: LRUCache<string, DayRow>;
  #computed = 0;

  constructor(opts: SeriesCacheOptions) {
    this.#analysis = opts.analysis;
    this.#rows = new LRUCache({ max: opts.capacity ?? 30_000 });
  }

  /** Rows computed since start (not served from cache): for measurements. */
  get computed(): number {
    return this.#computed;
  }

  get size(): number {
    return this.#rows.size;
  }

  /**
   * The snapshot standing for each session's close (shared/session-close.ts) with `after < date`,
   * up to `now`, oldest first: the latest of the session, but a complete file before a partial one
   * and a pre-market file only when the session has no other.
   */
  dailyCloses(ticker: string, after: IsoDate, now: number): { date: IsoDate; time: number }[] {
    // A session's snapshots all come at or after its own open, which is after this instant.
    const since = nyToEpoch(addDays(after, 1), 0);
    const source = this.#analysis.source;
    const times = source.snapshotTimes(ticker, since, now);
    const partial = source.partialSnapshots?.(ticker);
    const out: { date: IsoDate; time: number }[] = [];
    // Newest first, a session at a time. A session's newest snapshot, when complete and not taken
    // before the open, is its close (the best tier, and the latest in it): the simulator's
    // intraday snapshots cost one comparison each. Otherwise the rule weighs the whole session.
    let i = times.length - 1;
    while (i >= 0) {
      const newest = times[i] as number;
      const date = sessionDateOf(newest);
      if (date <= after) break;
      const sessionStart = nyToEpoch(date, REGULAR_OPEN_MINUTES);
      const first = i;
      while (i >= 0 && (times[i] as number) >= sessionStart) i--;
      if (!takenPreMarket(newest) && partial?.has(newest) !== true) {
        out.push({ date, time: newest });
        continue;
      }
      const session = times
        .slice(i + 1, first + 1)
        .map((asof) => ({ asof, partial: partial?.has(asof) === true }));
      const best = sessionCloses(session).get(date);
      if (best) out.push({ date, time: best.asof });
    }
    return out.sort((a, b) => a.time - b.time);
  }

  /** The row of one day, computing it when missing or stale. Null when the source has no chain. */
  rowAt(ticker: string, date: IsoDate, time: number): DayRow | null {
    const key = `${ticker}|${date}`;
    const hit = this.#rows.get(key);
    const revision = this.#analysis.revision(ticker);
    if (hit && hit.time === time && hit.revision === revision) return hit;
    // The latest snapshot is likely in the analysis cache already; older ones are not worth keeping there.
    const analysis =
      this.#analysis.latestTime(ticker) === time
        ? this.#analysis.at(ticker, time)
        : analyzeSnapshot(this.#analysis.source, ticker, time, this.#analysis.pricing);
    if (!analysis) return null;
    this.#computed++;
    const row: DayRow = { date, time, revision, row: seriesRowOf(analysis) };
    this.#rows.set(key, row);
    return row;
  }

  /** Rows for the days after `after` up to now, oldest first; yields between computed rows. */
  async rows(ticker: string, after: IsoDate, signal?: AbortSignal): Promise<DayRow[]> {
    const now = this.#analysis.now();
    const out: DayRow[] = [];
    for (const { date, time } of this.dailyCloses(ticker, after, now)) {
      signal?.throwIfAborted();
      const cached = this.#rows.get(`${ticker}|${date}`);
      const fresh = cached && cached.time === time && cached.revision === this.#analysis.revision(ticker);
      const row = fresh ? cached : this.rowAt(ticker, date, time);
      if (row !== cached) await yieldTurn();
      if (row) out.push(row);
    }
    return out;
  }

  /**
   * Background warm-up: every ticker's rows for `after` onward, most recent days first across the
   * universe order, one row per event-loop turn. Resolves when done or when `signal` aborts.
   */
  async warm(tickers: readonly string[], after: IsoDate, signal?: AbortSignal): Promise<void> {
    const now = this.#analysis.now();
    for (const ticker of tickers) {
      const days = this.dailyCloses(ticker, after, now).reverse();
      for (const { date, time } of days) {
        if (signal?.aborted) return;
        const cached = this.#rows.get(`${ticker}|${date}`);
        if (cached && cached.time === time && cached.revision === this.#analysis.revision(ticker)) continue;
        this.rowAt(ticker, date, time);
        await yieldTurn();
      }
    }
  }
}
