// A year of a trader's history, generated as the app's poller would have stored it: a watchlist of
// `tickers` tickers on the default poll schedules (src/shared/bridge/settings.ts), the market gate
// the poller applies (src/core/poller/market-gate.ts: every tick while the session is open, once
// after the close), from the deterministic market simulator, through the poller's own ingest
// (ingestFetched: content dedupe, metric points, the default alert rules evaluated and their events
// stored).
//
// What is not the poller's: no HTTP. The local service answers a poll by analysing each ticker's
// chain at the snapshot instant and building every endpoint's body from that one analysis; here
// each ticker is analysed once per 5-minute tick (analyzeSnapshotPayloads, the builders the routes
// call) and every view due at that tick is taken from it, wrapped in the envelope the route sends.
// The rankings (top setups, the screeners, income) are ranked from the same analyses, as the
// service ranks its universe. Left out: the daily `series` job (16:30, a re-fetch of daily points
// the signals' metric points already give) and 304 revalidations (a poll that would get a 304
// stores nothing anyway).
//
// The simulator has 48 tickers; a watchlist of more takes aliases (`SPY-1`, …), each its symbol's
// chains under its own name, as the UI benchmark does.
import fs from 'node:fs';
import path from 'node:path';
import type { AlertRuleBody } from '../../../src/shared/alert-rules.ts';
import type { ChannelSettings } from '../../../src/core/alerts/policy.ts';
import { openAppStore } from '../../../src/core/app/app-store.ts';
import { cronMatcher } from '../../../src/core/poller/cron-match.ts';
import { requestsFor, type PollRequest } from '../../../src/core/poller/jobs.ts';
import { marketGate } from '../../../src/core/poller/market-gate.ts';
import { sourceIdOf } from '../../../src/core/source/option.ts';
import type { Store } from '../../../src/core/store/database.ts';
import { ingestFetched, type Fetched, type IngestDeps } from '../../../src/core/store/ingest.ts';
import { analyzeSnapshot, type TickerAnalysis } from '../../../src/service/analysis/ticker-analysis.ts';
import { manualClock, type ManualClock } from '../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../src/service/market/sim/simulated-source.ts';
import type { MarketDataSource } from '../../../src/service/market/source.ts';
import { widenedMarket } from '../widened-market.ts';
import { parseIncomeQuery, parseTopSetupsQuery } from '../../../src/service/rankings/parse-query.ts';
import { analyzeSnapshotPayloads, type SnapshotPayloads } from '../../../src/service/snapshot-payloads.ts';
import { SCREENER_PRESETS } from '../../../src/shared/api/enums.ts';
import { SCHEMA_IDS } from '../../../src/shared/api/schema-ids.ts';
import { defaultSettings, POLL_JOBS, type PollJob } from '../../../src/shared/bridge/settings.ts';
import type { SnapshotEndpoint } from '../../../src/shared/bridge/tickers.ts';
import { isoUtc, sessionOf, tradingDaysBetween } from '../../../src/shared/market-calendar.ts';
import { rankIncome } from '../../../src/shared/rankings/income-setups.ts';
import { presetQuery } from '../../../src/shared/rankings/screener-presets.ts';
import { rankTopSetups } from '../../../src/shared/rankings/top-setups.ts';

/** Bump when what is generated changes: the cached stores are keyed by it. */
export const YEAR_GENERATOR_VERSION = 2;
/** The last session generated; the year ends here (inside the simulator's range). */
export const YEAR_LAST_SESSION = '2026-11-20';
/** Sessions in a year. */
export const YEAR_SESSIONS = 252;
export const SIM_SEED = 7;
/** The watchlist that holds the generated tickers. */
export const YEAR_WATCHLIST = 'Year';
const TICK_MS = 5 * 60_000;
/** The jobs generated: every default job but the daily series (see the top of this file). */
export const GENERATED_JOBS: readonly PollJob[] = POLL_JOBS.filter((j) => j !== 'series');

export interface YearScale {
  /** Sessions, the newest ending on YEAR_LAST_SESSION. */
  days: number;
  tickers: number;
}

/** The last `days` sessions up to YEAR_LAST_SESSION, oldest first. */
export function yearSessions(days: number): string[] {
  return tradingDaysBetween('2025-01-01', YEAR_LAST_SESSION).slice(-days);
}

/** The simulator widened to `size` tickers by aliases (`SPY-1`, …), each serving its symbol's data. */
export function yearMarket(clock: ManualClock, size: number): MarketDataSource {
  return widenedMarket(createSimulatedMarket({ seed: SIM_SEED, clock }), size);
}

/** The watchlist: the simulator's tickers in its order, then aliases. */
export function yearTickers(market: MarketDataSource, count: number): string[] {
  return market
    .universe()
    .slice(0, count)
    .map((t) => t.ticker);
}

/** The 5-minute ticks of a session the poller runs at (open to close), with the jobs due at each. */
export function sessionTicks(date: string, lastRun: Map<PollJob, number>): { at: number; jobs: PollJob[] }[] {
  const session = sessionOf(date);
  if (!session) return [];
  const out: { at: number; jobs: PollJob[] }[] = [];
  for (let at = session.open; at <= session.close; at += TICK_MS) {
    const jobs = GENERATED_JOBS.filter(
      (job) =>
        MATCHERS[job].matches(at) &&
        marketGate(at, lastRun.get(job) ?? null, defaultSettings.polling.outsideMarketHours).run,
    );
    for (const job of jobs) lastRun.set(job, at);
    if (jobs.length) out.push({ at, jobs });
  }
  return out;
}
const MATCHERS = Object.fromEntries(
  POLL_JOBS.map((job) => [job, cronMatcher(defaultSettings.schedules[job])]),
) as Record<PollJob, ReturnType<typeof cronMatcher>>;

const TICKER_SCHEMAS: Partial<Record<SnapshotEndpoint, string>> = {
  signals: SCHEMA_IDS.signals,
  market_structure: SCHEMA_IDS.marketStructure,
  trade_setup: SCHEMA_IDS.tradeSetup,
  explain: SCHEMA_IDS.explain,
  levels: SCHEMA_IDS.levels,
  state: SCHEMA_IDS.tickerState,
  curve_gamma: SCHEMA_IDS.gammaCurve,
  curve_gamma_expirations: SCHEMA_IDS.gammaExpirations,
  curve_gex_by_strike: SCHEMA_IDS.gexByStrike,
  options_volume: SCHEMA_IDS.optionsVolume,
};

export interface YearStats {
  version: number;
  days: number;
  sessions: string[];
  tickers: string[];
  /** Job runs, per job. */
  runs: Record<string, number>;
  /** Responses handed to the ingest, per endpoint. */
  responses: Record<string, number>;
  /** Of those, snapshots the ingest stored (new rows), per endpoint. */
  stored: Record<string, number>;
  /** Ticker analyses made (one per ticker and tick, plus income's). */
  analyses: number;
  alertEvents: number;
  metricPoints: number;
  /** Wall time of the generation, and of its analyses alone. */
  generateMs: number;
  analyseMs: number;
  compactMs: number;
}

const CHANNELS: ChannelSettings = { desktop: true, inApp: true, webhooks: [], quietHours: null };

/**
 * Fills the store at `file` (opened as the app opens it: default rules on a new database) with
 * `scale`; the watchlist "Year" holds the tickers. Run again over the same file, it stores nothing
 * new (every response is a duplicate the ingest skips). Payloads are compacted after each session, as
 * the idle watcher would. `onDay` is told each finished session.
 */
export function generateYear(
  file: string,
  scale: YearScale,
  clock: ManualClock,
  onDay: (done: number, stats: YearStats) => void = () => undefined,
): YearStats {
  const t0 = performance.now();
  const sessions = yearSessions(scale.days);
  const market = yearMarket(clock, scale.tickers);
  const tickers = yearTickers(market, scale.tickers);
  const store: Store<AlertRuleBody> = openAppStore(file, { now: () => clock.now(), redactText: (t) => t });
  const stats: YearStats = {
    version: YEAR_GENERATOR_VERSION,
    days: sessions.length,
    sessions,
    tickers,
    runs: {},
    responses: {},
    stored: {},
    analyses: 0,
    alertEvents: 0,
    metricPoints: 0,
    generateMs: 0,
    analyseMs: 0,
    compactMs: 0,
  };
  try {
    // Stored as the app's local simulator (seed, a clock of its own) stores: the app opened on
    // this store with that source sees these rows as its own, its alert baseline at the start.
    const sourceId = sourceIdOf({ kind: 'local', seed: SIM_SEED, clock });
    store.flags.setSourceBaseline({ source: sourceId, afterSnapshotId: 0 });
    store.useSource(sourceId);
    if (!store.watchlists.list().some((w) => w.name === YEAR_WATCHLIST))
      store.watchlists.create(YEAR_WATCHLIST, tickers);
    const deps: IngestDeps = {
      store,
      channels: () => CHANNELS,
      wallNow: () => clock.now(),
      marketNow: () => clock.now(),
      alertBaseline: () => 0,
      source: () => ({ label: 'Simulated market', simulated: true }),
    };
    const scope = {
      tickers,
      screeners: defaultSettings.screeners.enabled,
      seriesWindow: '10d',
      rankingTtl: 0,
    };
    const requests = Object.fromEntries(GENERATED_JOBS.map((j) => [j, requestsFor(j, scope)])) as Record<
      PollJob,
      PollRequest[]
    >;
    const topQuery = parseTopSetupsQuery(new Map([['limit', '200']]));
    const screenerQueries = new Map(
      SCREENER_PRESETS.map((name) => [name, parseTopSetupsQuery(presetQuery(name, new Map()))]),
    );
    const incomeQuery = parseIncomeQuery(new Map([['limit', '50']]));
    const lastRun = new Map<PollJob, number>();
    sessions.forEach((date, dayIndex) => {
      for (const { at, jobs } of sessionTicks(date, lastRun)) {
        clock.set(at);
        // One analysis per ticker at this tick, every view due taken from it (lazily).
        const a0 = performance.now();
        const analysed = new Map<string, SnapshotPayloads>();
        for (const ticker of tickers) {
          const t = market.latestSnapshotTime(ticker, at);
          const a = t === null ? null : analyzeSnapshotPayloads(market, ticker, t);
          stats.analyses += 1;
          if (a) analysed.set(ticker, a);
        }
        stats.analyseMs += performance.now() - a0;
        const asof = Math.max(0, ...[...analysed.values()].map((a) => a.asof));
        for (const job of jobs) {
          stats.runs[job] = (stats.runs[job] ?? 0) + 1;
          const batch: Fetched[] = [];
          const b0 = performance.now();
          for (const request of requests[job]) {
            const body = answer(request, analysed, asof, market, { topQuery, screenerQueries, incomeQuery });
            if (job === 'income') stats.analyses += analysed.size;
            if (body === null) continue;
            stats.responses[request.endpoint] = (stats.responses[request.endpoint] ?? 0) + 1;
            batch.push({ request, result: { body, fetchedAt: at + 800 } });
          }
          stats.analyseMs += performance.now() - b0;
          const outcome = ingestFetched(deps, batch);
          for (const s of outcome.snapshots) stats.stored[s.endpoint] = (stats.stored[s.endpoint] ?? 0) + 1;
          stats.alertEvents += outcome.eventIds.length;
          stats.metricPoints += outcome.metricPoints;
          if (outcome.failures.length) throw new Error(`ingest failed: ${outcome.failures[0]?.error}`);
        }
      }
      const c0 = performance.now();
      while (store.compactPayloads({ maxRows: 100_000, maxMs: 60_000 }).remaining) {
        /* compact the session, as the idle watcher does */
      }
      stats.compactMs += performance.now() - c0;
      onDay(dayIndex + 1, stats);
    });
    store.checkpoint();
  } finally {
    store.close();
  }
  stats.generateMs = performance.now() - t0;
  return stats;
}

interface Queries {
  topQuery: ReturnType<typeof parseTopSetupsQuery>;
  screenerQueries: Map<string, ReturnType<typeof parseTopSetupsQuery>>;
  incomeQuery: ReturnType<typeof parseIncomeQuery>;
}

/** The `{ meta, data }` the service would answer `request` with at this tick, or null (a 404). */
function answer(
  request: PollRequest,
  analysed: Map<string, SnapshotPayloads>,
  asof: number,
  market: MarketDataSource,
  q: Queries,
): { meta: unknown; data: unknown } | null {
  const { endpoint, ticker } = request;
  if (ticker !== null) {
    const a = analysed.get(ticker);
    const data = a?.payload(endpoint) ?? null;
    if (!a || data === null) return null;
    return { meta: { schema: TICKER_SCHEMAS[endpoint], ticker, asof: isoUtc(a.asof) }, data };
  }
  const items = [...analysed.values()].map((a) => a.topSetupsItem);
  if (endpoint === 'top_setups' || endpoint === 'screener') {
    const name = request.params['name'] ?? null;
    const query = name === null ? q.topQuery : (q.screenerQueries.get(name) ?? q.topQuery);
    const ranked = rankTopSetups(items, query);
    return {
      meta: {
        schema: SCHEMA_IDS.topSetups,
        asof: isoUtc(asof),
        limit: query.limit,
        min_score: query.min_score,
        count: ranked.length,
        extra: name === null ? {} : { screener: name },
      },
      data: { items: ranked, left_out: [] },
    };
  }
  if (endpoint === 'income_setups') {
    // Income needs the analysis itself (SnapshotPayloads does not carry it): analysed again, the
    // chain coming from the simulator's cache.
    const rows = [...analysed.values()]
      .map((a) => analyzeSnapshot(market, a.ticker, a.asof))
      .filter((a): a is TickerAnalysis => a !== null);
    const ranked = rankIncome(
      rows.flatMap((a) => a.income),
      q.incomeQuery,
    );
    return {
      meta: {
        schema: SCHEMA_IDS.incomeSetups,
        asof: isoUtc(asof),
        limit: q.incomeQuery.limit,
        count: ranked.length,
      },
      data: { items: ranked, left_out: [] },
    };
  }
  return null;
}

/** Where a generated store is kept between runs: a gitignored folder keyed by version and scale. */
export function yearCacheDir(root: string, scale: YearScale): string {
  return path.join(root, `v${YEAR_GENERATOR_VERSION}-${scale.days}d-${scale.tickers}t`);
}

/**
 * The store of `scale` in the cache under `root` (made once: later runs only measure), with the
 * stats of its generation. A store whose generation did not finish is made again.
 */
export function ensureYearStore(
  root: string,
  scale: YearScale,
  log: (line: string) => void = () => undefined,
): { file: string; stats: YearStats; cached: boolean } {
  const dir = yearCacheDir(root, scale);
  const file = path.join(dir, 'gammawatch.db');
  const statsFile = path.join(dir, 'stats.json');
  if (fs.existsSync(statsFile) && fs.existsSync(file))
    return { file, stats: JSON.parse(fs.readFileSync(statsFile, 'utf8')) as YearStats, cached: true };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const stats = generateYear(file, scale, manualClock(0), (done, s) => {
    const elapsed = (performance.now() - t0) / 1000;
    log(
      `session ${done}/${scale.days}: ${Object.values(s.stored).reduce((a, b) => a + b, 0)} snapshots, ` +
        `${elapsed.toFixed(0)} s, ~${((elapsed / done) * (scale.days - done)).toFixed(0)} s left`,
    );
  });
  fs.writeFileSync(statsFile, JSON.stringify(stats, null, 1) + '\n');
  return { file, stats, cached: false };
}
