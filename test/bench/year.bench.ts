// A year of a trader's history, the scale the app must stay fast at: a store filled with a
// 50-ticker watchlist on the default poll schedules through the poller's own ingest
// (year/generate.ts), then measured as the app meets it: bytes on disk, start-up of the core to a
// watchlist answer, and each screen's answer through the bridge (the renderer's methods,
// dispatched as the IPC router dispatches them, the answer serialised as the headless host sends
// it): median and p95 of each.
//
// The generated store is cached under test/bench/.cache/year/ (gitignored), keyed by the
// generator's version and the scale, so a second run only measures; each run measures a copy.
// Generation costs about 40 s of one core per session of 50 tickers (each ticker's chain analysed
// once per 5-minute tick): the full year is some three hours. GW_YEAR_DAYS (sessions, default 252)
// and GW_YEAR_TICKERS (default 50) choose a smaller scale: sizes are then also extrapolated
// linearly to a year, and every figure's note says at what scale it was measured.
//
// Runs only when named: `npm run bench -- year` (run.ts leaves it out of a plain `npm run bench`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { dispatch } from '../../src/core/bridge/dispatch.ts';
import { ensureBuilt, RENDERER_DIR } from '../../src/host/headless/renderer-build.ts';
import { startHeadlessServer } from '../../src/host/headless/server.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import { manualClock } from '../../src/service/market/clock.ts';
import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../src/shared/bridge/contract.ts';
import { REPLAY_MAX_BATCH } from '../../src/shared/bridge/replay.ts';
import { TICKER_VIEWS } from '../../src/shared/bridge/tickers.ts';
import { nyToEpoch } from '../../src/shared/market-calendar.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { startWatcher, type TestWatcher } from '../support/watcher-factory.ts';
import type { BenchSuite, Measurement } from './harness.ts';
import { ensureYearStore, yearMarket, YEAR_SESSIONS, type YearStats } from './year/generate.ts';
import { retentionProjection } from './year/retention-projection.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE = path.join(here, '.cache', 'year');
const TICKER = 'SPY';
const SCREEN_RUNS = Number(process.env.GW_YEAR_RUNS ?? 20);
const GB = 1024 ** 3;

const load = (): string => `load ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`;
const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const iso = (ms: number): string => new Date(ms).toISOString();
const sum = (r: Record<string, number>): number => Object.values(r).reduce((a, b) => a + b, 0);

type Invoke = <M extends BridgeMethod>(method: M, input?: BridgeInput<M>) => Promise<BridgeOutput<M>>;

/** Through the bridge as the IPC router calls it (no output check), the answer serialised. */
function invoker(w: TestWatcher): Invoke {
  return async (method, input) => {
    const result = await dispatch(w.handlers, method, input, {});
    if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
    JSON.stringify(result.value);
    return result.value as BridgeOutput<typeof method>;
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Wall times of `runs` calls after `warmup` untimed ones. */
async function sample(fn: () => Promise<unknown>, runs: number, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(await timed(fn));
  return out;
}

/** A measurement of median and p95; the p95 carries the target. */
function screen(name: string, times: number[], target: number | null, note = ''): Measurement[] {
  return [
    {
      name: `${name}: p95`,
      value: quantile(times, 0.95),
      unit: 'ms',
      ...(target === null ? {} : { target: { value: target, better: 'lower' as const } }),
      note: `median ${quantile(times, 0.5).toFixed(1)} ms over ${times.length}${note ? `; ${note}` : ''}; ${load()}`,
    },
  ];
}

/** The backtest window the stored sessions cover (1y at full scale). */
function backtestWindow(days: number): '30d' | '90d' | '180d' | '1y' {
  if (days >= YEAR_SESSIONS) return '1y';
  if (days >= 126) return '180d';
  if (days >= 64) return '90d';
  return '30d';
}

const suite: BenchSuite = {
  name: 'year: a year of a 50-ticker watchlist',
  async run() {
    const scale = {
      days: Number(process.env.GW_YEAR_DAYS ?? YEAR_SESSIONS),
      tickers: Number(process.env.GW_YEAR_TICKERS ?? 50),
    };
    const log = (line: string): void => void process.stderr.write(`year bench: ${line}\n`);
    const { file, stats, cached } = ensureYearStore(CACHE, scale, log);
    const scaleNote = `${stats.days} sessions (${stats.sessions[0]} to ${stats.sessions.at(-1)}) × ${stats.tickers.length} tickers${stats.days < YEAR_SESSIONS ? `, scaled down from ${YEAR_SESSIONS}` : ''}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-year-'));
    const out: Measurement[] = [];
    try {
      log(`copying ${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MB to ${dir}`);
      fs.copyFileSync(file, path.join(dir, 'gammawatch.db'));
      out.push(...generationMeasurements(stats, cached, scaleNote));
      out.push(...sizeMeasurements(path.join(dir, 'gammawatch.db'), stats, scaleNote));
      log('thinning a copy as the default retention would (the year under the defaults)');
      out.push(...retentionProjection(file, stats, scaleNote));
      // A year-old install finished onboarding long ago: the UI opens on its lists, not the wizard.
      const flags = openDatabase(path.join(dir, 'gammawatch.db'));
      flags.flags.set('onboarded', true);
      flags.close();

      const lastDay = stats.sessions.at(-1) as string;
      const start = nyToEpoch(lastDay, 16 * 60 + 30);
      const open = async (): Promise<{ w: TestWatcher; invoke: Invoke; watchlistId: number }> => {
        const clock = manualClock(start);
        const w = await startWatcher({
          dataDir: dir,
          clock,
          service: { warm: false, source: yearMarket(clock, scale.tickers) },
        });
        const invoke = invoker(w);
        const lists = await invoke('watchlists:list');
        const watchlistId = lists.find((l) => l.name === 'Year')?.id;
        if (watchlistId === undefined) throw new Error('no watchlist "Year" in the store');
        return { w, invoke, watchlistId };
      };

      // Start-up: the core opened on the store, to the watchlist's rows answered.
      const startups: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const { w, invoke, watchlistId } = await open();
        const rows = await invoke('tickers:latest', { watchlistId });
        startups.push(performance.now() - t0);
        if (rows.rows.length !== scale.tickers) throw new Error(`${rows.rows.length} rows`);
        await w.app.stop();
      }
      out.push({
        name: 'start-up: core opened on the store to the watchlist rows answered, median',
        value: quantile(startups, 0.5),
        unit: 'ms',
        target: { value: 2000, better: 'lower' },
        note: `max ${Math.max(...startups).toFixed(0)} ms over ${startups.length}; createApp (store, settings, local service) then tickers:latest, no renderer (the drawn watchlist is the next figure); ${load()}`,
      });

      if (process.env.GW_YEAR_UI !== '0') out.push(...(await drawnStartup(open, scale.tickers, log)));

      const { w, invoke, watchlistId } = await open();
      try {
        out.push(...(await screens(invoke, watchlistId, stats, scaleNote)));
        out.push(...(await heavy(invoke, w, stats, scaleNote)));
      } finally {
        await w.app.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return out;
  },
};

/**
 * Start-up to a drawn watchlist: the core opened on the store, the headless host serving the
 * renderer, Chromium (already running: the browser's own start is not the app's) opening the page
 * and drawing the watchlist's priced rows.
 */
async function drawnStartup(
  open: () => Promise<{ w: TestWatcher; watchlistId: number }>,
  tickers: number,
  log: (line: string) => void,
): Promise<Measurement[]> {
  const name = 'start-up to a drawn watchlist (core, headless host, Chromium page with priced rows), median';
  if (!fs.existsSync(CHROMIUM_PATH))
    return [{ name: `${name}: skipped, ${CHROMIUM_PATH} is missing`, value: 0, unit: '' }];
  await ensureBuilt(log);
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const times: number[] = [];
  try {
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const { w, watchlistId } = await open();
      const server = await startHeadlessServer({
        handlers: w.handlers,
        events: w.app.events,
        rendererDir: RENDERER_DIR,
      });
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        await page.goto(server.url);
        await page.getByTestId('data-source').waitFor();
        await page.goto(`${server.origin}/#/watchlists/${watchlistId}`);
        await page
          .getByTestId('row-count')
          .filter({ hasText: `${tickers} tickers` })
          .waitFor();
        await page.locator('[data-testid="ticker-table"] tbody tr[aria-rowindex] td.num').first().waitFor();
        times.push(performance.now() - t0);
      } finally {
        await page.close();
        await server.close();
        await w.app.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return [
    {
      name,
      value: quantile(times, 0.5),
      unit: 'ms',
      target: { value: 2000, better: 'lower' },
      note: `max ${Math.max(...times).toFixed(0)} ms over ${times.length} (the first with a cold page cache); Chromium headless, software rendering; ${load()}`,
    },
  ];
}

function generationMeasurements(stats: YearStats, cached: boolean, scaleNote: string): Measurement[] {
  const snapshots = sum(stats.stored);
  const responses = sum(stats.responses);
  return [
    {
      name: 'generation: wall time per session of the watchlist',
      value: stats.generateMs / 1000 / stats.days,
      unit: 's',
      note: `${scaleNote}; ${stats.analyses.toLocaleString('en-US')} ticker analyses (${stats.analyseMs > 0 ? `${((stats.analyseMs / stats.generateMs) * 100).toFixed(0)} % of the time, ingest and compaction the rest: compaction ${(stats.compactMs / 1000).toFixed(0)} s` : 'their share of the time not recorded'}); ${snapshots.toLocaleString('en-US')} snapshots stored of ${responses.toLocaleString('en-US')} responses (${(responses - snapshots).toLocaleString('en-US')} duplicates skipped by the ingest); ${stats.alertEvents} alert events; ${cached ? 'store from the cache (generated earlier)' : 'generated in this run'}`,
    },
    {
      name: 'generation: snapshots stored per session',
      value: snapshots / stats.days,
      unit: 'snapshots',
      note: `per endpoint over the run: ${Object.entries(stats.stored)
        .map(([e, n]) => `${e} ${n}`)
        .join(', ')}; job runs: ${Object.entries(stats.runs)
        .map(([j, n]) => `${j} ${n}`)
        .join(', ')}`,
    },
  ];
}

function sizeMeasurements(file: string, stats: YearStats, scaleNote: string): Measurement[] {
  const store = openDatabase(file);
  const s = store.stats();
  store.close();
  const inUse = (s.pageCount - s.freePages) * s.pageSize;
  const perSession = inUse / stats.days;
  const yearBytes = perSession * YEAR_SESSIONS * (50 / stats.tickers.length);
  const extrapolated = stats.days < YEAR_SESSIONS || stats.tickers.length !== 50;
  return [
    {
      name: 'store: a year of 50 tickers on disk (pages in use)',
      value: yearBytes / GB,
      unit: 'GiB',
      target: { value: 1, better: 'lower' },
      note: extrapolated
        ? `EXTRAPOLATED linearly from ${scaleNote}: ${(inUse / 2 ** 20).toFixed(0)} MiB in use (${(s.fileBytes / 2 ** 20).toFixed(0)} MiB file with free pages) × ${YEAR_SESSIONS}/${stats.days} sessions`
        : `${(s.fileBytes / 2 ** 20).toFixed(0)} MiB file with its free pages`,
    },
    {
      name: 'store: bytes on disk (file and WAL, free pages included) at the generated scale',
      value: s.fileBytes / 2 ** 20,
      unit: 'MiB',
      note: `${scaleNote}; ${(inUse / 2 ** 20).toFixed(0)} MiB in pages in use; ${s.freePages} free pages of ${s.pageCount}`,
    },
    {
      name: 'store: bytes per snapshot (pages in use / snapshots)',
      value: inUse / s.snapshots,
      unit: 'B',
      note: `${s.snapshots.toLocaleString('en-US')} snapshots on ${s.payloads.toLocaleString('en-US')} distinct payloads; payload bodies ${(s.payloadBytes / s.payloads).toFixed(0)} B stored of ${(s.rawBytes / s.payloads).toFixed(0)} B canonical JSON each; the rest is metric points, indexes and rows`,
    },
    {
      name: 'store: bytes per ticker-year (pages in use)',
      value: yearBytes / 50 / 2 ** 20,
      unit: 'MiB',
      note: extrapolated ? `extrapolated from ${scaleNote}` : '',
    },
  ];
}

async function screens(
  invoke: Invoke,
  watchlistId: number,
  stats: YearStats,
  scaleNote: string,
): Promise<Measurement[]> {
  const out: Measurement[] = [];
  const runs = SCREEN_RUNS;
  const first = stats.sessions[0] as string;
  const last = stats.sessions.at(-1) as string;
  const mid = stats.sessions[Math.floor(stats.sessions.length / 2)] as string;
  const note = `on ${scaleNote}`;

  out.push(
    ...screen(
      `watchlist rows (tickers:latest, ${stats.tickers.length} tickers)`,
      await sample(() => invoke('tickers:latest', { watchlistId }), runs),
      100,
      note,
    ),
  );

  // The ticker page: every tab's call, each on its own, then the page as a whole.
  const page: [string, () => Promise<unknown>][] = [
    ...TICKER_VIEWS.map((view): [string, () => Promise<unknown>] => [
      `ticker:view ${view}`,
      () => invoke('ticker:view', { ticker: TICKER, view }),
    ]),
    ['ticker:curve gamma', () => invoke('ticker:curve', { ticker: TICKER, kind: 'gamma' })],
    [
      'ticker:curve gamma_expirations',
      () => invoke('ticker:curve', { ticker: TICKER, kind: 'gamma_expirations' }),
    ],
    ['ticker:curve gex_by_strike', () => invoke('ticker:curve', { ticker: TICKER, kind: 'gex_by_strike' })],
    [
      'ticker:optionsVolume nearest',
      () => invoke('ticker:optionsVolume', { ticker: TICKER, exp: 'nearest' }),
    ],
    [
      'ticker:series 180d (8 metrics)',
      () =>
        invoke('ticker:series', {
          ticker: TICKER,
          window: '180d',
          metrics: [
            'price',
            'iv_rank',
            'atm_iv',
            'gex_flip',
            'gex_usd_per_1_pct_move',
            'pcr_oi',
            'put_call_25d_iv_ratio',
            'opportunity_score',
          ],
        }),
    ],
  ];
  // Every tab answers from the store: a benchmark of empty answers would measure nothing.
  for (const view of TICKER_VIEWS) {
    const answer = await invoke('ticker:view', { ticker: TICKER, view });
    if (answer.snapshot === null) throw new Error(`ticker:view ${view}: nothing stored for ${TICKER}`);
  }
  for (const [name, fn] of page)
    out.push(...screen(`ticker page, ${TICKER}: ${name}`, await sample(fn, runs), 100));
  out.push(
    ...screen(
      `ticker page, ${TICKER}: every call above in sequence`,
      await sample(
        async () => {
          for (const [, fn] of page) await fn();
        },
        Math.max(5, Math.floor(runs / 2)),
      ),
      null,
      `the page's whole answer if the renderer asked one call at a time; ${note}`,
    ),
  );

  // History: the timeline (its default 500 entries), and As of a mid-year instant.
  out.push(
    ...screen(
      'History: timeline (ticker:timeline, 500 newest)',
      await sample(() => invoke('ticker:timeline', { ticker: TICKER, limit: 500 }), runs),
      100,
      note,
    ),
    ...screen(
      'History: timeline of one day (from-to)',
      await sample(
        () =>
          invoke('ticker:timeline', {
            ticker: TICKER,
            from: iso(nyToEpoch(mid, 0)),
            to: iso(nyToEpoch(mid, 24 * 60 - 1)),
            limit: 5000,
          }),
        runs,
      ),
      100,
      `${mid}`,
    ),
    ...screen(
      'History: As of (ticker:view market_structure at a mid-span instant)',
      await sample(
        () =>
          invoke('ticker:view', {
            ticker: TICKER,
            view: 'market_structure',
            at: iso(nyToEpoch(mid, 11 * 60 + 7)),
          }),
        runs,
      ),
      100,
      `${mid} 11:07`,
    ),
    ...screen(
      'snapshot diff (snapshots:diff market_structure, first session vs last)',
      await sample(
        () =>
          invoke('snapshots:diff', {
            ticker: TICKER,
            endpoint: 'market_structure',
            a: iso(nyToEpoch(first, 10 * 60)),
            b: iso(nyToEpoch(last, 15 * 60)),
          }),
        runs,
      ),
      100,
      note,
    ),
  );

  // Replay of a day: its times, then every frame in the renderer's batches.
  const times = await invoke('replay:times', { ticker: TICKER, span: 'day', date: mid });
  const frameTimes = times.times;
  const batches: string[][] = [];
  for (let i = 0; i < frameTimes.length; i += REPLAY_MAX_BATCH)
    batches.push(frameTimes.slice(i, i + REPLAY_MAX_BATCH));
  out.push(
    ...screen(
      'Replay: times of a day (replay:times)',
      await sample(() => invoke('replay:times', { ticker: TICKER, span: 'day', date: mid }), runs),
      100,
      `${frameTimes.length} frames on ${mid}`,
    ),
    ...screen(
      `Replay: one batch of ${REPLAY_MAX_BATCH} frames (replay:frames)`,
      await sample(() => invoke('replay:frames', { ticker: TICKER, times: batches[0] ?? [] }), runs),
      100,
      note,
    ),
    ...screen(
      'Replay: every frame of the day (all batches in sequence)',
      await sample(
        async () => {
          for (const times of batches) await invoke('replay:frames', { ticker: TICKER, times });
        },
        5,
        1,
      ),
      null,
      `${batches.length} batches`,
    ),
    ...screen(
      '2-year series (ticker:series 2y, 8 metrics)',
      await sample(
        () =>
          invoke('ticker:series', {
            ticker: TICKER,
            window: '2y',
            metrics: [
              'price',
              'iv_rank',
              'atm_iv',
              'gex_flip',
              'gex_usd_per_1_pct_move',
              'pcr_oi',
              'pcr_volume',
              'trend_score',
            ],
          }),
        runs,
      ),
      100,
      `daily points from the stored intraday metric points; ${note}`,
    ),
    ...screen(
      'Price with levels 6M (ticker:levelsHistory 6m)',
      await sample(() => invoke('ticker:levelsHistory', { ticker: TICKER, window: '6m' }), runs),
      100,
      note,
    ),
    ...screen(
      'alerts list (alerts:list, 100 newest)',
      await sample(() => invoke('alerts:list', { limit: 100 }), runs),
      100,
      `${stats.alertEvents} alert events stored by the default rules; ${note}`,
    ),
  );
  return out;
}

async function heavy(
  invoke: Invoke,
  w: TestWatcher,
  stats: YearStats,
  scaleNote: string,
): Promise<Measurement[]> {
  const out: Measurement[] = [];
  // A backtest of one rule over the stored span, every ticker: the first run fills what the
  // replay's warm-up needs before the first session (untimed), the next are timed.
  const window = backtestWindow(stats.days);
  const rule = {
    name: 'Gamma regime changes',
    condition: { kind: 'gamma_regime_change' as const },
    scope: { kind: 'all' as const },
  };
  let firings = 0;
  let run = 0;
  const backtest = async (): Promise<void> => {
    const r = await invoke('backtest:run', {
      runId: `year-${++run}`,
      rule,
      window,
      tickers: stats.tickers,
    });
    firings = r.firings.length;
  };
  const fill = await timed(backtest);
  const bt = await sample(backtest, 3, 0);
  out.push({
    name: `backtest: one rule over ${window} × ${stats.tickers.length} tickers, median`,
    value: quantile(bt, 0.5) / 1000,
    unit: 's',
    target: { value: 5, better: 'lower' },
    note: `${window === '1y' ? 'the year' : `the window the stored ${stats.days} sessions cover (a year: 1y)`}; max ${(Math.max(...bt) / 1000).toFixed(1)} s over 3; ${firings} firings; first run (filling the warm-up's daily snapshots) ${(fill / 1000).toFixed(1)} s; ${load()}`,
  });

  // A month's export (the last 21 sessions, or all when fewer), streamed to a file: wall time,
  // the process's peak RSS growth, the longest event-loop stall. GW_YEAR_EXPORT=ticker limits it
  // to one ticker's month (the whole watchlist's is some 290,000 snapshots: minutes).
  const month = stats.sessions.slice(-21);
  const oneTicker = process.env.GW_YEAR_EXPORT === 'ticker';
  globalThis.gc?.();
  const heldOf = (m: NodeJS.MemoryUsage): number => m.heapUsed + m.external + m.arrayBuffers;
  const m0 = process.memoryUsage();
  const rss0 = m0.rss;
  const held0 = heldOf(m0);
  let peak = rss0;
  let heldPeak = held0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heldPeak = Math.max(heldPeak, heldOf(m));
  }, 25);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let exported = '';
  const exportMs = await timed(async () => {
    const r = await invoke('export:snapshots', {
      ...(oneTicker ? { ticker: TICKER } : {}),
      from: iso(nyToEpoch(month[0] as string, 0)),
      to: iso(nyToEpoch(month.at(-1) as string, 24 * 60 - 1)),
      format: 'csv',
    });
    exported =
      'path' in r
        ? `${(r.bytes / 2 ** 20).toFixed(0)} MiB written to a file`
        : `${r.content.length} chars inline`;
  });
  loop.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const what = `${month.length} sessions × ${oneTicker ? `1 ticker (${TICKER}, GW_YEAR_EXPORT=ticker)` : `${stats.tickers.length} tickers`}`;
  out.push(
    {
      name: `export of a month (export:snapshots CSV, ${what}): wall time`,
      value: exportMs / 1000,
      unit: 's',
      note: `${exported}; longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms; ${load()}`,
    },
    {
      name: 'export of a month: peak RSS growth',
      value: (peak - rss0) / 2 ** 20,
      unit: 'MiB',
      note: `RSS sampled every 25 ms: ${(rss0 / 2 ** 20).toFixed(0)} MiB before (the process after the screens and the backtest, which the export may reuse), peak ${(peak / 2 ** 20).toFixed(0)} MiB; JS heap + external + array buffers peaked ${((heldPeak - held0) / 2 ** 20).toFixed(0)} MiB above their level before; streamed to a file`,
    },
  );

  const sizes: number[] = [];
  // One backup of a store over 1 GiB (each writes the whole file), two of a smaller one.
  const backupRuns = fs.statSync(path.join(w.dataDir, 'gammawatch.db')).size > GB ? 1 : 2;
  const backups = await sample(
    async () => {
      const r = await invoke('backup:create');
      sizes.push(r.bytes);
      fs.rmSync(r.path, { force: true });
    },
    backupRuns,
    0,
  );
  out.push({
    name: 'backup (backup:create), median',
    value: quantile(backups, 0.5) / 1000,
    unit: 's',
    note: `${((sizes[0] ?? 0) / 2 ** 20).toFixed(0)} MiB written; ${backups.length} run(s); ${scaleNote}; ${load()}; data folder ${w.dataDir}`,
  });
  return out;
}

export default suite;
