// The watcher's speed: a poll cycle of a 500-ticker watchlist against the local service (in a
// child process, so the service's work does not share the watcher's event loop), the 304 share of
// a second cycle with nothing changed, batched ingest throughput through the poller's own ingest
// path (snapshots, metric points and alert evaluation in one transaction), and a two-year series
// query for one ticker through the bridge query.
//
// The simulated universe has about 50 tickers, so the 500-ticker list is ten aliases of each
// (`SPY-0` … `SPY-9`): the list and the store see 500 tickers, and a thin client wrapper asks the
// service for the real symbol. Every alias is a real HTTP request.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient } from '../../src/client/api-client.ts';
import type { RequestOptions } from '../../src/client/result.ts';
import { DEFAULT_RULES } from '../../src/core/alerts/default-rules.ts';
import { sqliteHttpCache } from '../../src/core/poller/http-cache-adapter.ts';
import { ingestFetched, type Fetched } from '../../src/core/store/ingest.ts';
import { requestsFor } from '../../src/core/poller/jobs.ts';
import type { PollClient } from '../../src/core/poller/poll-client.ts';
import { Poller, type JobRunSummary } from '../../src/core/poller/poller.ts';
import { tickerSeries } from '../../src/core/queries/series.ts';
import { defaultSettings } from '../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../src/core/store/database.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../src/shared/alert-rules.ts';
import { nyToEpoch, tradingDaysBetween } from '../../src/shared/market-calendar.ts';
import { medianMs, type BenchSuite, type Measurement } from './harness.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEY = 'bench-key-0123456789abcdef';
/** The poller's queue and the client's per-endpoint cap. */
const CONCURRENCY = 16;
const load = (): string => `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`;

interface ServiceProcess {
  baseUrl: string;
  child: ChildProcess;
  /** The child's CPU time so far (user + system), ms. */
  cpuMs(): Promise<number>;
  /** How long the service's background warm-up took after it started listening, ms. */
  warmedMs: number;
}

/**
 * The local service in a child process, as `gammawatch service` runs it (background warm-up of
 * the rankings and 180 days of series on). In real use the service runs continuously, so its
 * warm-up is long done when a poll cycle comes; timing a cycle during the warm-up would measure
 * the two competing for the same cores. So this waits for the first warm-up pass to finish.
 */
async function startServiceProcess(dataDir: string): Promise<ServiceProcess> {
  const script = `
    import { startService } from ${JSON.stringify(path.join(repo, 'src/service/index.ts'))};
    const service = await startService({
      port: 0, seed: 7, log: 'quiet', apiKeys: [${JSON.stringify(KEY)}],
      dataDir: ${JSON.stringify(dataDir)}, warm: { seriesWindow: '180d' },
    });
    const t0 = performance.now();
    process.send({ baseUrl: service.baseUrl });
    await service.app.gammawatch.warmed;
    process.send({ warmedMs: performance.now() - t0 });
    process.on('message', (m) => {
      if (m === 'cpu') {
        const c = process.cpuUsage();
        process.send({ cpuMs: (c.user + c.system) / 1000 });
      } else if (m === 'stop') void service.close().then(() => process.exit(0));
    });
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // One listener for the child's whole life: it also keeps the IPC channel (and so this
  // process) alive while the service warms up.
  const waiting = new Map<
    string,
    { resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void }
  >();
  child.on('message', (m: unknown) => {
    if (typeof m !== 'object' || m === null) return;
    for (const [key, w] of waiting) {
      if (key in m) {
        waiting.delete(key);
        w.resolve(m as Record<string, unknown>);
      }
    }
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`service exited with ${code}`));
    waiting.clear();
  });
  const next = (key: string): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => waiting.set(key, { resolve, reject }));
  const { baseUrl } = await next('baseUrl');
  const { warmedMs } = await next('warmedMs');
  return {
    baseUrl: String(baseUrl),
    child,
    warmedMs: Number(warmedMs),
    async cpuMs() {
      const reply = next('cpuMs');
      child.send('cpu');
      return Number((await reply).cpuMs);
    },
  };
}

/** Asks the service for the real symbol behind an alias (`SPY-3` → `SPY`). */
function aliasing(client: ApiClient): PollClient {
  const real = (t: string) => t.replace(/-\d+$/, '');
  return {
    signals: (t, o) => client.signals(real(t), o),
    marketStructure: (t, q, o) => client.marketStructure(real(t), q, o),
    tradeSetup: (t, o) => client.tradeSetup(real(t), o),
    explain: (t, q, o) => client.explain(real(t), q, o),
    levels: (t, o) => client.levels(real(t), o),
    tickerState: (t, q, o) => client.tickerState(real(t), q, o),
    gammaCurve: (t, q, o) => client.gammaCurve(real(t), q, o),
    gammaExpirations: (t, o) => client.gammaExpirations(real(t), o),
    gexByStrike: (t, q, o) => client.gexByStrike(real(t), q, o),
    optionsVolume: (t, q, o) => client.optionsVolume(real(t), q, o),
    series: (t, q, o?: RequestOptions) => client.series(real(t), q, o),
    screener: (n, q, o) => client.screener(n, q, o),
    topSetups: (q, o) => client.topSetups(q, o),
    incomeSetups: (q, o) => client.incomeSetups(q, o),
  };
}

function newStore(dir: string, name: string): Store<AlertRuleBody> {
  const store = openDatabase<AlertRuleBody>(path.join(dir, name), { ruleSchema: alertRuleBodySchema });
  for (const rule of DEFAULT_RULES)
    store.alertRules.create({ name: rule.name, rule: alertRuleBodySchema.parse(rule) });
  return store;
}

interface CycleFigures {
  summary: JobRunSummary;
  /** CPU time of this process (the watcher: client, queue, ingest) and of the service, ms. */
  watcherCpuMs: number;
  serviceCpuMs: number;
}

async function pollCycle(dir: string): Promise<Measurement[]> {
  const service = await startServiceProcess(path.join(dir, 'service'));
  const { baseUrl } = service;
  const store = newStore(dir, 'poll.db');
  try {
    const client = new ApiClient({
      baseUrl,
      apiKey: KEY,
      cache: sqliteHttpCache(store.httpCache, baseUrl),
      defaultConcurrency: CONCURRENCY,
    });
    // The universe, as the rankings list it: every symbol with a recent snapshot.
    const ranked = await client.topSetups({ limit: 200 });
    const known = ranked.body.data.items.map((i) => i.ticker).sort();
    const tickers = Array.from(
      { length: 500 },
      (_, i) => `${known[i % known.length]}-${Math.floor(i / known.length)}`,
    );
    store.watchlists.create('Bench', tickers);
    const market = { now: () => Date.now() };
    const poller = new Poller({
      client: aliasing(client),
      store,
      settings: () => defaultSettings,
      channels: () => ({ desktop: false, inApp: true, webhooks: [], quietHours: null }),
      marketClock: market,
      trigger: 'manual',
      jitterMs: 0,
      concurrency: CONCURRENCY,
    });
    const cycle = async (run: () => Promise<JobRunSummary>): Promise<CycleFigures> => {
      const service0 = await service.cpuMs();
      const cpu0 = process.cpuUsage();
      const summary = await run();
      const cpu = process.cpuUsage(cpu0);
      return {
        summary,
        watcherCpuMs: (cpu.user + cpu.system) / 1000,
        serviceCpuMs: (await service.cpuMs()) - service0,
      };
    };
    const first = await cycle(() => poller.runJob('signals'));
    // A routine second cycle: what the service said is still fresh (max-age) is not asked again.
    const routine = await cycle(() => poller.runJob('signals'));
    // Refresh-now: past the max-age cache, every request revalidates with its ETag.
    const forced = await cycle(async () => (await poller.refreshNow('signals'))[0] as JobRunSummary);
    await poller.stop();
    const cpuNote = (c: CycleFigures): string =>
      `CPU: watcher ${Math.round(c.watcherCpuMs)} ms, service ${Math.round(c.serviceCpuMs)} ms`;
    const f = first.summary;
    const r = routine.summary;
    const x = forced.summary;
    const network = (s: JobRunSummary): number => s.requests - s.cached;
    return [
      {
        name: `poll cycle: signals for a 500-ticker watchlist (${known.length} symbols × aliases), local service in a child process`,
        value: f.durationMs,
        unit: 'ms',
        target: { value: 2000, better: 'lower' },
        note: `${f.requests} requests, ${f.snapshotsNew} new snapshots, ${f.errors} errors; ${cpuNote(first)}; concurrency ${CONCURRENCY}; service warm-up waited for (${Math.round(service.warmedMs / 1000)} s); ${load()}`,
      },
      {
        name: 'second cycle, routine (nothing changed): share unchanged (304 or fresh in cache)',
        value: r.requests > 0 ? (100 * (r.notModified + r.cached)) / r.requests : 0,
        unit: '%',
        target: { value: 95, better: 'higher' },
        note: `${r.cached} served fresh from the cache (max-age) without a request, ${r.notModified} of ${network(r)} requests answered 304, ${r.snapshotsNew} new snapshots; cycle ${Math.round(r.durationMs)} ms; ${cpuNote(routine)}`,
      },
      {
        name: 'second cycle, refresh-now (every request revalidates): share answered 304',
        value: network(x) > 0 ? (100 * x.notModified) / network(x) : 0,
        unit: '%',
        target: { value: 95, better: 'higher' },
        note: `${x.notModified} of ${network(x)} conditional requests answered 304, ${x.cached} from cache, ${x.snapshotsNew} new snapshots; cycle ${Math.round(x.durationMs)} ms; ${cpuNote(forced)}`,
      },
      {
        name: 'refresh-now cycle of 500 tickers, all revalidated',
        value: x.durationMs,
        unit: 'ms',
        target: { value: 2000, better: 'lower' },
      },
    ];
  } finally {
    store.close();
    service.child.send('stop');
  }
}

/** Signals-like payloads (~0.6 KB) and market-structure-like ones (2-4 KB), varying per item. */
function fetched(n: number, endpoint: 'signals' | 'market_structure', offset: number): Fetched[] {
  const base = nyToEpoch('2025-03-10', 10 * 60);
  const regimes = ['range_bound', 'trending_low_vol', 'choppy_volatile', 'flush_panic'];
  return Array.from({ length: n }, (_, i) => {
    const k = i + offset;
    const ticker = `T${k % 400}`;
    const [request] = requestsFor(endpoint === 'signals' ? 'signals' : 'market_structure', {
      tickers: [ticker],
      screeners: [],
      seriesWindow: '30d',
    });
    const minute = Math.floor(k / 400);
    const data =
      endpoint === 'signals'
        ? {
            ticker,
            asof: 'x',
            price: 100 + (k % 97),
            gamma_regime: k % 3 ? 'positive' : 'negative',
            regime_label: regimes[(k * 7 + Math.floor(minute / 10)) % 4],
            opportunity_score: (k % 100) / 10,
            opportunity_tier: ['pass', 'low', 'moderate', 'high'][k % 4],
            iv_rank: k % 100,
            atm_iv: 0.2 + (k % 10) / 100,
          }
        : {
            ticker,
            headline: `h${k}`.repeat(20),
            tags: Array.from({ length: 10 + (k % 20) }, (_, j) => `tag-${(k + j) % 50}`),
            notes: 'n'.repeat(1500 + (k % 2000)),
            key_levels: { spot: 100 + k, gamma_flip: 99 + k },
          };
    return {
      request: request as Fetched['request'],
      result: {
        body: { meta: { asof: new Date(base + minute * 60_000).toISOString() }, data },
        url: 'bench',
        status: 200,
        notModified: false,
        fromCache: false,
        stale: false,
        etag: null,
        fetchedAt: base + minute * 60_000,
        bytes: 1000,
        durationMs: 1,
        attempts: 1,
        warnings: [],
      },
    };
  });
}

function ingestThroughput(dir: string, endpoint: 'signals' | 'market_structure'): Measurement {
  const store = newStore(dir, `ingest-${endpoint}.db`);
  try {
    const deps = {
      store,
      channels: () => ({ desktop: true, inApp: true, webhooks: [], quietHours: null }),
      wallNow: () => Date.now(),
      marketNow: () => Date.now(),
    };
    const batches = 40;
    const size = 500;
    const data = Array.from({ length: batches }, (_, b) => fetched(size, endpoint, b * size));
    ingestFetched(deps, fetched(size, endpoint, 1_000_000)); // warm-up: statements prepared, pages cached
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let events = 0;
    for (const batch of data) events += ingestFetched(deps, batch).eventIds.length;
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    // The same kind of batches straight into the store, for the share the poller's work adds.
    const raw = Array.from({ length: batches }, (_, b) =>
      fetched(size, endpoint, 500_000 + b * size).map((f) => ({
        endpoint: f.request.endpoint,
        ticker: f.request.ticker,
        params: f.request.params,
        asof: Date.parse(String((f.result.body.meta as { asof: string }).asof)),
        fetchedAt: f.result.fetchedAt,
        data: f.result.body.data,
        meta: f.result.body.meta,
      })),
    );
    const t1 = performance.now();
    for (const batch of raw) store.snapshots.ingest(batch);
    const rawRate = (batches * size) / ((performance.now() - t1) / 1000);
    return {
      name: `ingest through the poller (${endpoint}: snapshots + metric points + alert rules, one transaction per 500)`,
      value: (batches * size) / seconds,
      unit: 'snapshots/s',
      target: { value: 20_000, better: 'higher' },
      note: `${batches * size} snapshots, ${events} alert events raised; ${Math.round((batches * size) / cpuSeconds)}/s per CPU-second; store.snapshots.ingest alone: ${Math.round(rawRate)}/s wall; ${load()}`,
    };
  } finally {
    store.close();
  }
}

async function seriesQuery(dir: string): Promise<Measurement> {
  const store = newStore(dir, 'series.db');
  try {
    const metrics = [
      'price',
      'iv_rank',
      'atm_iv',
      'gex_flip',
      'put_call_25d_iv_ratio',
      'pcr_oi',
      'realized_vol_20d',
      'opportunity_score',
    ];
    const days = tradingDaysBetween('2023-03-13', '2025-03-10');
    // Daily closes for two years plus a day of 5-minute intraday points every week.
    const points = days.flatMap((date, d) => {
      const times = [
        nyToEpoch(date, 16 * 60),
        ...(d % 5 === 0 ? Array.from({ length: 78 }, (_, i) => nyToEpoch(date, 9 * 60 + 30 + i * 5)) : []),
      ];
      return times.flatMap((ts, i) =>
        metrics.map((metric, m) => ({ ticker: 'SPY', metric, ts, value: 100 + d + i * 0.01 + m })),
      );
    });
    for (let i = 0; i < points.length; i += 20_000) store.metrics.put(points.slice(i, i + 20_000));
    const now = nyToEpoch('2025-03-10', 16 * 60);
    const input = { ticker: 'SPY', metrics: metrics as never[], window: '2y' };
    const out = tickerSeries(store, input, now);
    const ms = await medianMs(() => tickerSeries(store, input, now), 30, 5);
    return {
      name: "one ticker's two-year series query (bridge ticker:series: 8 metrics, daily)",
      value: ms,
      unit: 'ms',
      target: { value: 10, better: 'lower' },
      note: `${out.data.points.length} days returned from ${points.length} stored points`,
    };
  } finally {
    store.close();
  }
}

const suite: BenchSuite = {
  name: 'watcher',
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-watcher-'));
    try {
      return [
        ...(await pollCycle(dir)),
        ingestThroughput(dir, 'signals'),
        ingestThroughput(dir, 'market_structure'),
        await seriesQuery(dir),
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default suite;
