// `gammawatch watch`: the watcher without a UI. Polls on schedule until SIGINT/SIGTERM, printing
// alerts as they arrive; with --once, runs every job once, waits for the deliveries, prints a
// summary (one JSON object with --json) and exits. A --once run never waits on a server's rate
// limit for longer than ONCE_MAX_WAIT_MS: such a request fails, and the exit code says so.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp, redactDeep, type App, type JobRunSummary } from '../../core/index.ts';
import { POLL_JOBS, type PollJob } from '../../shared/bridge/settings.ts';
import { parseTicker } from '../../shared/ticker-symbol.ts';
import type { Command } from './command.ts';
import { dataDirOf, dataSourceOf, logFileOption, untilStopSignal, VERBOSE_HELP } from './options.ts';

/**
 * The longest a `--once` request is held back (a 429's Retry-After, the endpoint backoff) before it
 * fails instead: a run from cron must end, and a server asking for a day would otherwise hang it.
 */
export const ONCE_MAX_WAIT_MS = 30_000;

const HELP = `usage: gammawatch watch [options]

  --db FILE            the database (default <data dir>/gammawatch.db)
  --data-dir D         the data folder (default $GAMMAWATCH_HOME or ~/.gammawatch)
  --base-url URL|local a remote API v2 base URL (ending in /api/v2), or local (the default):
                       the built-in service on a loopback port
  --chains DIR         the built-in service on a folder of chain files (watched live),
                       on the data's own clock unless --clock real
  --api-key K          API key for a remote service (or $GAMMAWATCH_API_KEY)
  --demo               no key: the demo symbols only (X-Svc-Demo: 1 and X-TV-Demo: 1)
  --tickers A,B        put these tickers on the "Command line" watchlist first
  --once               run every job once, print a summary and exit (a request the server
                       asks to wait more than 30 s for fails instead, and the exit code is 1)
  --jobs a,b           with --once: only these jobs (${POLL_JOBS.join(', ')})
  --json               the summary (or, without --once, each event) as JSON
  --seed N             local simulator seed (default: settings)
  --clock C            local market clock: real | fast | frozen (frozen: stays at --market-time)
  --market-time ISO    where a fast or frozen clock starts (default: now; fast: the
                       open of the current session, or the next one when closed)
  --speed N            fast clock speed (default 300)
  ${VERBOSE_HELP}
  --help               this text
`;

export interface WatchSummary {
  requests: number;
  not_modified: number;
  cached: number;
  bytes: number;
  snapshots_new: number;
  alerts_new: number;
  errors: number;
  /** Of `errors`, responses the database refused to store (full disk, damaged or locked file). */
  store_errors: number;
  /** Of `errors`, requests that gave up rather than wait as long as a server's 429 asked. */
  rate_limited: number;
  duration_ms: number;
  jobs: {
    job: PollJob;
    requests: number;
    not_modified: number;
    cached: number;
    errors: number;
    snapshots_new: number;
    alerts_new: number;
    duration_ms: number;
    error_messages: string[];
    notes: string[];
  }[];
}

export function summarize(runs: readonly JobRunSummary[], durationMs: number): WatchSummary {
  const sum = (f: (r: JobRunSummary) => number) => runs.reduce((a, r) => a + f(r), 0);
  return {
    requests: sum((r) => r.requests),
    not_modified: sum((r) => r.notModified),
    cached: sum((r) => r.cached),
    bytes: sum((r) => r.bytes),
    snapshots_new: sum((r) => r.snapshotsNew),
    alerts_new: sum((r) => r.alertsNew),
    errors: sum((r) => r.errors),
    store_errors: sum((r) => r.storeErrors),
    rate_limited: sum((r) => r.rateLimited),
    duration_ms: Math.round(durationMs),
    jobs: runs.map((r) => ({
      job: r.job,
      requests: r.requests,
      not_modified: r.notModified,
      cached: r.cached,
      errors: r.errors,
      snapshots_new: r.snapshotsNew,
      alerts_new: r.alertsNew,
      duration_ms: Math.round(r.durationMs),
      error_messages: r.errorMessages,
      notes: r.notes,
    })),
  };
}

function text(summary: WatchSummary): string {
  const lines = [
    `requests ${summary.requests} (304: ${summary.not_modified}, from cache: ${summary.cached}), ` +
      `new snapshots ${summary.snapshots_new}, new alerts ${summary.alerts_new}, errors ${summary.errors}, ` +
      `${summary.duration_ms} ms`,
  ];
  for (const j of summary.jobs) {
    lines.push(
      `  ${j.job.padEnd(17)} ${String(j.requests).padStart(5)} req ${String(j.not_modified).padStart(5)} 304 ` +
        `${String(j.snapshots_new).padStart(5)} new ${String(j.alerts_new).padStart(4)} alerts ${String(j.errors).padStart(4)} errors`,
    );
    for (const m of j.error_messages) lines.push(`      ${m}`);
    for (const m of j.notes) lines.push(`      note: ${m}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * 1 when the database refused writes (a full disk, a damaged or read-only file: what was fetched
 * is lost, and the next run will fare no better), when a request gave up on a server's rate limit
 * (it asked for a longer wait than --once takes), or when every request failed, with the reason on
 * stderr; a script running `watch --once` from cron must not read any as success. Otherwise 0.
 */
export function exitCode(summary: WatchSummary, runs: readonly JobRunSummary[]): number {
  const messages = runs.flatMap((r) => r.errorMessages);
  if (summary.store_errors > 0) {
    const first = messages.find((m) => m.startsWith('storing'));
    process.stderr.write(
      `gammawatch watch: the database refused ${summary.store_errors} writes ` +
        `(${summary.snapshots_new} new snapshots stored)${first ? `: ${first}` : ''}\n`,
    );
    return 1;
  }
  if (summary.rate_limited > 0) {
    const first = messages.find((m) => m.includes('rate limited'));
    process.stderr.write(
      `gammawatch watch: ${summary.rate_limited} of ${summary.requests} requests gave up on the server's rate limit` +
        `${first ? `: ${first}` : ''}\n`,
    );
    return 1;
  }
  if (summary.requests > 0 && summary.errors >= summary.requests) {
    process.stderr.write(`gammawatch watch: every request failed${messages[0] ? `: ${messages[0]}` : ''}\n`);
    return 1;
  }
  return 0;
}

function addTickers(app: App, list: string): void {
  const tickers = list
    .split(',')
    .filter((t) => t.trim() !== '')
    .map((t) => {
      const parsed = parseTicker(t);
      if (!parsed.ok) throw new Error(`--tickers: '${t.trim()}' is not a ticker symbol: ${parsed.reason}`);
      return parsed.ticker;
    });
  const name = 'Command line';
  const existing = app.store.watchlists.list().find((w) => w.name === name);
  if (existing) app.store.watchlists.addTickers(existing.id, tickers);
  else app.store.watchlists.create(name, tickers);
}

export async function runWatch(
  argv: readonly string[],
  signals: NodeJS.EventEmitter = process,
  /** Tests open the app their own way (a store whose writes fail, say). */
  openApp: typeof createApp = createApp,
): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      db: { type: 'string' },
      'data-dir': { type: 'string' },
      'base-url': { type: 'string' },
      chains: { type: 'string' },
      'api-key': { type: 'string' },
      demo: { type: 'boolean', default: false },
      tickers: { type: 'string' },
      once: { type: 'boolean', default: false },
      jobs: { type: 'string' },
      json: { type: 'boolean', default: false },
      seed: { type: 'string' },
      clock: { type: 'string' },
      'market-time': { type: 'string' },
      speed: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.demo && values['api-key']) throw new Error('--demo and --api-key exclude each other');
  const jobs = values.jobs?.split(',').map((j) => j.trim());
  for (const j of jobs ?? [])
    if (!(POLL_JOBS as readonly string[]).includes(j)) throw new Error(`--jobs: unknown job '${j}'`);

  const dataDir = dataDirOf(values);
  const source = dataSourceOf(values);
  const app = await openApp({
    dataDir,
    ...(values.db ? { dbFile: path.resolve(values.db) } : {}),
    ...(source ? { dataSource: source } : {}),
    ...logFileOption(dataDir, values.verbose),
    log: (m) => process.stderr.write(`gammawatch watch: ${m}\n`),
  });
  try {
    if (values.tickers) addTickers(app, values.tickers);
    if (values.once) {
      const started = performance.now();
      // The runs' error messages are printed: what a remote said, without a key it echoed.
      const runs = redactDeep(
        await app.poller.runAll({
          ...(jobs ? { jobs: jobs as PollJob[] } : {}),
          maxWaitMs: ONCE_MAX_WAIT_MS,
        }),
        app.redact,
      );
      await app.dispatcher.idle();
      const summary = summarize(runs, performance.now() - started);
      process.stdout.write(values.json ? JSON.stringify(summary) + '\n' : text(summary));
      return exitCode(summary, runs);
    }
    const unsubscribe = app.events.subscribe((m) => {
      if (values.json) process.stdout.write(JSON.stringify(m) + '\n');
      else if (m.event === 'alert:new')
        process.stdout.write(`${m.payload.asof}  ${m.payload.severity.toUpperCase()}  ${m.payload.title}\n`);
    });
    process.stderr.write(
      `gammawatch watch: ${app.source.label} (${app.source.baseUrl}), ${app.store.watchlists.allTickers().length} tickers, ` +
        `database ${app.store.file}; Ctrl-C to stop\n`,
    );
    app.start();
    await untilStopSignal(signals);
    unsubscribe();
    return 0;
  } finally {
    await app.stop();
  }
}

const command: Command = {
  run: (argv) => runWatch(argv),
};
export default command;
