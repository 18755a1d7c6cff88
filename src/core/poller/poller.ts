// The poller: schedules → ticks → market gate → job runs → queue → ingest → events. A tick only
// decides whether to run and enqueues; a job already running absorbs further ticks (missed ticks
// run once). Every run is logged in the store (requests, 304s, bytes, errors) with the market
// time it ran at, which is what "once after the close" is measured against, across restarts too.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { ScreenerPreset } from '../../shared/api/enums.ts';
import { POLL_JOBS, type PollJob } from '../../shared/bridge/settings.ts';
import type { BackfillProgress } from '../../shared/bridge/poll.ts';
import type { Settings } from '../settings/schema.ts';
import type { Store } from '../store/database.ts';
import { ApiError } from '../../client/index.ts';
import { absentTickersNote, isTickerAbsent, type TickerAbsence } from './absent-tickers.ts';
import { classifyFailure, failureText } from './classify.ts';
import {
  ingestFetched,
  isStorageFailure,
  type Fetched,
  type IngestDeps,
  type IngestOutcome,
  type NewSnapshot,
} from '../store/ingest.ts';
import { requestsFor, seriesRequest, type PollRequest } from './jobs.ts';
import { marketGate } from './market-gate.ts';
import { nextRunAt } from './next-run.ts';
import type { PollClient, PollResult } from './poll-client.ts';
import { realTimers, type Timers } from '../lib/timers.ts';
import { cronTrigger, marketClockTrigger, type Tick, type Trigger } from './triggers.ts';
import { WaitTooLongError, WorkQueue } from './work-queue.ts';
import type { ChannelSettings } from '../alerts/policy.ts';

export interface JobRunSummary {
  job: PollJob;
  runId: number | null;
  /** Market time the run was for. */
  marketAt: number;
  requests: number;
  /** Answered 304 Not Modified. */
  notModified: number;
  /** Served from a fresh cache entry without asking (Cache-Control max-age). */
  cached: number;
  bytes: number;
  errors: number;
  /** Of `errors`, responses the database refused to store (full disk, damaged or locked file). */
  storeErrors: number;
  snapshotsNew: number;
  alertsNew: number;
  durationMs: number;
  errorMessages: string[];
  /**
   * Of `errors`, requests that gave up rather than wait as long as a server's rate limit (429)
   * asked (a run with `maxWaitMs`, i.e. `watch --once`).
   */
  rateLimited: number;
  /** What the run should know besides errors, e.g. a Retry-After that was capped. */
  notes: string[];
  /** Watched tickers the source has no data for: asked once, not counted as errors. */
  absent: string[];
}

export type TriggerMode = 'cron' | 'market-clock' | 'manual';

export interface PollerOptions {
  client: PollClient;
  store: Store<AlertRuleBody>;
  settings: () => Settings;
  channels: () => ChannelSettings;
  /** The data source's notion of now (accelerated under a fast simulated clock), and its rate. */
  marketClock: { now(): number; readonly rate?: number };
  /** cron: node-cron on the wall clock; market-clock: sampled market time; manual: tests call tick(). */
  trigger: TriggerMode;
  /**
   * Whether scheduled ticks wait for market hours (default true). A chain folder's data changes when
   * files arrive, not with the NYSE session, and its clock is the files' own time: a gate in that
   * time would see a frozen Sunday evening and never poll again, so folder sources turn it off.
   */
  marketHoursOnly?: boolean;
  /** How a run names the tickers the source lacks (a folder: "no files in the folder"). */
  tickerAbsence?: TickerAbsence;
  timers?: Timers;
  random?: () => number;
  concurrency?: number;
  jitterMs?: number;
  /** Endpoint backoff after a failure, doubling per consecutive failure. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Queue attempts per request (the client retries within each). */
  maxAttempts?: number;
  /** A 429's Retry-After longer than this is cut to it (default 5 min; see WorkQueue). */
  maxRetryAfterMs?: number;
  /** Lookback of the first series request of a ticker. */
  backfillWindow?: string;
  /** Lookback of the scheduled series refresh. */
  seriesWindow?: string;
  /** `ttl` asked of the rankings (see JobScope.rankingTtl); the server's default when absent. */
  rankingTtl?: number;
  /** Items per ingest transaction while results stream in. */
  ingestChunk?: number;
  /**
   * A job run or a backfill ended: what it stored may be compacted now (the store's
   * CompactionSchedule does it; the poller only says when).
   */
  onWritesEnded?(): void;
  /**
   * The source's one ingest (a connection's: see source/connect.ts), which stores, decides what
   * is news and hands news and alerts on. Without it (tests) one is made of the options below.
   */
  ingest?: IngestDeps;
  /** Alerts compare only with snapshots stored after this id (see IngestDeps.alertBaseline). */
  alertBaseline?: () => number;
  onSnapshots?(snapshots: readonly NewSnapshot[]): void;
  onAlerts?(eventIds: readonly number[]): void;
  onStatusChange?(): void;
  onBackfill?(progress: BackfillProgress): void;
  log?(message: string): void;
}

const MAX_ERROR_MESSAGES = 5;
const MAX_NOTES = 5;

/** Options of one run: `maxWaitMs` bounds how long any request of it may be held back. */
export interface RunOptions {
  urgent?: boolean;
  force?: boolean;
  /** Longest wait (429 Retry-After, endpoint backoff) before a request fails instead; see QueueTask. */
  maxWaitMs?: number;
}

export class Poller {
  readonly #o: PollerOptions;
  readonly #timers: Timers;
  readonly queue: WorkQueue;
  /** Each running job's run, and the market time it started at. */
  readonly #running = new Map<PollJob, { run: Promise<JobRunSummary>; since: number }>();
  /** Jobs a tick found running since before it fired: they run once more when the run ends. */
  readonly #dueAgain = new Set<PollJob>();
  /**
   * Each job's last run, read from the poll log when first needed: by then the store reads this
   * poller's own source (a switch connects the new source, then adopts it), so a source new to
   * the app starts with none and its first runs happen (see marketGate).
   */
  #lastRuns: Map<PollJob, number> | null = null;
  readonly #inFlight = new Set<Promise<unknown>>();
  /** The latest failure of a ticker's signals request, cleared by a success: the row's status. */
  readonly #tickerErrors = new Map<string, { kind: string; message: string }>();
  #trigger: Trigger | null = null;
  #paused = false;
  #stopped = false;
  #closedSkip = false;

  constructor(options: PollerOptions) {
    this.#o = options;
    this.#timers = options.timers ?? realTimers;
    const queueOptions: ConstructorParameters<typeof WorkQueue>[0] = {
      concurrency: options.concurrency ?? 6,
      jitterMs: options.jitterMs ?? 250,
      timers: this.#timers,
      classify: classifyFailure,
    };
    if (options.random) queueOptions.random = options.random;
    if (options.backoffBaseMs !== undefined) queueOptions.backoffBaseMs = options.backoffBaseMs;
    if (options.backoffMaxMs !== undefined) queueOptions.backoffMaxMs = options.backoffMaxMs;
    if (options.maxAttempts !== undefined) queueOptions.maxAttempts = options.maxAttempts;
    if (options.maxRetryAfterMs !== undefined) queueOptions.maxStatedWaitMs = options.maxRetryAfterMs;
    this.queue = new WorkQueue(queueOptions);
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Whether the latest tick was skipped because the market is closed. */
  get marketClosedSkip(): boolean {
    return this.#closedSkip;
  }

  runningJobs(): PollJob[] {
    return [...this.#running.keys()];
  }

  tickerError(ticker: string): { kind: string; message: string } | null {
    return this.#tickerErrors.get(ticker) ?? null;
  }

  /** When a schedule next fires, on the wall clock (see nextRunAt in next-run.ts). */
  nextRunAt(schedule: string): number | null {
    return nextRunAt(schedule, {
      firesOn: this.#o.trigger === 'cron' ? 'wall' : 'market',
      wallNow: this.#timers.now(),
      marketNow: this.#o.marketClock.now(),
      rate: this.#o.marketClock.rate,
    });
  }

  lastRunAt(job: PollJob): number | null {
    return this.#lastRunAt().get(job) ?? null;
  }

  start(): void {
    if (this.#trigger || this.#stopped) return;
    this.#trigger = this.#makeTrigger();
    this.#trigger?.start();
  }

  /** Rebuilds the schedule after the settings changed. */
  reschedule(): void {
    if (!this.#trigger) return;
    this.#trigger.stop();
    this.#trigger = this.#makeTrigger();
    this.#trigger?.start();
  }

  /** Stops ticking and waits for the runs in flight (queued requests not yet started are dropped). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#trigger?.stop();
    this.#trigger = null;
    await this.queue.shutdown();
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  pause(): void {
    this.#paused = true;
    this.queue.pause();
    this.#o.onStatusChange?.();
  }

  resume(): void {
    this.#paused = false;
    this.queue.resume();
    this.#o.onStatusChange?.();
  }

  /** A schedule fired: run the job if the market gate allows and it is not already running. */
  tick(tick: Tick<PollJob>): void {
    if (this.#paused || this.#stopped) return;
    const settings = this.#o.settings();
    const gate = marketGate(
      tick.at,
      this.lastRunAt(tick.job),
      settings.polling.outsideMarketHours || this.#o.marketHoursOnly === false,
    );
    this.#closedSkip = !gate.run;
    if (!gate.run) return;
    const running = this.#running.get(tick.job);
    if (running) {
      // A run that started before this tick fetched older data (a refresh at 09:29 still running
      // at 09:30 holds the pre-open ranking): one more run follows it, so the open's data is not
      // left for the next tick. A run that started at or after the tick covers it.
      if (running.since < tick.at) this.#dueAgain.add(tick.job);
      return;
    }
    this.#track(this.runJob(tick.job));
  }

  /** Every job once (ignoring the market gate), e.g. for `watch --once`. */
  async runAll(
    options: { force?: boolean; jobs?: readonly PollJob[]; maxWaitMs?: number } = {},
  ): Promise<JobRunSummary[]> {
    const jobs = options.jobs ?? POLL_JOBS;
    const run: RunOptions = { force: options.force ?? false };
    if (options.maxWaitMs !== undefined) run.maxWaitMs = options.maxWaitMs;
    return Promise.all(jobs.map((job) => this.runJob(job, run)));
  }

  /** Refresh now: urgent, past the max-age cache (still conditional). */
  refreshNow(job?: PollJob): Promise<JobRunSummary[]> {
    const jobs = job ? [job] : POLL_JOBS;
    const run = Promise.all(jobs.map((j) => this.runJob(j, { urgent: true, force: true })));
    this.#track(run);
    return run;
  }

  /** One job now. Joins the run in progress if there is one. */
  runJob(job: PollJob, options: RunOptions = {}): Promise<JobRunSummary> {
    const existing = this.#running.get(job);
    if (existing) return existing.run;
    const settings = this.#o.settings();
    const requests = requestsFor(job, {
      tickers: this.#o.store.watchlists.allTickers(),
      screeners: settings.screeners.enabled as ScreenerPreset[],
      seriesWindow: this.#o.seriesWindow ?? '30d',
      ...(this.#o.rankingTtl === undefined ? {} : { rankingTtl: this.#o.rankingTtl }),
    });
    const run = this.#execute(job, requests, options).finally(() => {
      this.#running.delete(job);
      this.#writesEnded();
      this.#o.onStatusChange?.();
      if (this.#dueAgain.delete(job) && !this.#paused && !this.#stopped) this.#track(this.runJob(job));
    });
    this.#running.set(job, { run, since: this.#o.marketClock.now() });
    this.#o.onStatusChange?.();
    return run;
  }

  /**
   * A newly watched ticker: its history (series) and its current views, urgently, with progress
   * reported per ticker. Resolves when done; failures are reported, not thrown.
   */
  async backfill(tickers: readonly string[]): Promise<void> {
    const list = [...new Set(tickers.map((t) => t.toUpperCase()))];
    if (list.length === 0 || this.#stopped) return;
    const report = (p: BackfillProgress): void => this.#o.onBackfill?.(p);
    let done = 0;
    report({ ticker: null, done, total: list.length, phase: 'started', message: null });
    const scope = { tickers: list, screeners: [], seriesWindow: this.#o.seriesWindow ?? '30d' };
    // A ticker's row (signals + market structure) is fetched before its long series, so the
    // watchlist fills row by row on a first run instead of every row waiting on the slowest
    // two-year series; the per-ticker progress event is sent as soon as the row is in.
    const work = list.map(async (ticker) => {
      const rowRequests: PollRequest[] = [
        ...requestsFor('signals', { ...scope, tickers: [ticker] }),
        ...requestsFor('market_structure', { ...scope, tickers: [ticker] }),
      ];
      const options = { urgent: true, force: false, record: false } as const;
      const rows = await this.#execute('series', rowRequests, options);
      done++;
      report({
        ticker,
        done,
        total: list.length,
        phase: 'running',
        message:
          rows.errors > 0
            ? (rows.errorMessages[0] ?? 'failed')
            : rows.absent.length > 0
              ? (rows.notes[0] ?? null)
              : null,
      });
      if (rows.absent.length > 0) return true;
      const series = await this.#execute(
        'series',
        [seriesRequest(ticker, this.#o.backfillWindow ?? '2y')],
        options,
      );
      return rows.errors > 0 || series.errors > 0;
    });
    const track = Promise.all(work);
    this.#track(track);
    const failures = (await track).filter(Boolean).length;
    this.#writesEnded();
    report({
      ticker: null,
      done,
      total: list.length,
      phase: failures === list.length ? 'failed' : 'finished',
      message: failures ? `${failures} of ${list.length} tickers had errors` : null,
    });
  }

  #writesEnded(): void {
    if (!this.#stopped) this.#notify(() => this.#o.onWritesEnded?.());
  }

  #track(promise: Promise<unknown>): void {
    const p = promise.catch((error: unknown) => this.#o.log?.(`poller: ${failureText(error)}`));
    this.#inFlight.add(p);
    void p.finally(() => this.#inFlight.delete(p));
  }

  #makeTrigger(): Trigger | null {
    const { trigger } = this.#o;
    if (trigger === 'manual') return null;
    const schedules = this.#o.settings().schedules as Record<PollJob, string>;
    const onTick = (t: Tick<PollJob>): void => this.tick(t);
    const timers = this.#timers;
    return trigger === 'cron'
      ? cronTrigger({ schedules, onTick, timers })
      : marketClockTrigger({ schedules, onTick, timers, clock: this.#o.marketClock });
  }

  #lastRunAt(): Map<PollJob, number> {
    return (this.#lastRuns ??= this.#loadLastRuns());
  }

  #loadLastRuns(): Map<PollJob, number> {
    const last = new Map<PollJob, number>();
    try {
      for (const job of POLL_JOBS) {
        const run = this.#o.store.pollRuns.recent({ job, limit: 5 }).find((r) => r.finishedAt !== null);
        const detail = run?.detail;
        const marketAt =
          detail && typeof detail === 'object' && !Array.isArray(detail) ? detail['marketAt'] : undefined;
        if (typeof marketAt === 'number') last.set(job, marketAt);
      }
    } catch (error) {
      this.#o.log?.(`poller: reading the poll log: ${failureText(error)}`);
    }
    return last;
  }

  async #execute(
    job: PollJob,
    requests: readonly PollRequest[],
    options: RunOptions & { record?: boolean },
  ): Promise<JobRunSummary> {
    const { store } = this.#o;
    const started = performance.now();
    const marketAt = this.#o.marketClock.now();
    const wallStart = this.#timers.now();
    const record = options.record ?? true;
    const runId = record ? this.#safe(() => store.pollRuns.begin(job, wallStart)) : null;
    const summary: JobRunSummary = {
      job,
      runId,
      marketAt,
      requests: 0,
      notModified: 0,
      cached: 0,
      bytes: 0,
      errors: 0,
      storeErrors: 0,
      snapshotsNew: 0,
      alertsNew: 0,
      durationMs: 0,
      errorMessages: [],
      rateLimited: 0,
      notes: [],
      absent: [],
    };
    const chunk = Math.max(1, this.#o.ingestChunk ?? 100);
    let buffer: Fetched[] = [];
    const flush = (): void => {
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      this.#ingest(batch, summary);
    };
    const fail = (message: string): void => {
      summary.errors++;
      if (summary.errorMessages.length < MAX_ERROR_MESSAGES) summary.errorMessages.push(message);
    };
    const note = (text: string): void => {
      if (summary.notes.length < MAX_NOTES && !summary.notes.includes(text)) summary.notes.push(text);
    };

    const send = (request: PollRequest): Promise<void> => {
      const label = `${request.endpoint}${request.ticker ? ` ${request.ticker}` : ''}`;
      // A capped Retry-After of this request: said in the run's notes, and again with its error
      // should the retry fail too, so the poll status tells why the run took minutes.
      let held: string | null = null;
      return this.queue
        .enqueue<PollResult>({
          key: request.key,
          endpoint: request.endpoint,
          urgent: options.urgent ?? false,
          ...(options.maxWaitMs === undefined ? {} : { maxWaitMs: options.maxWaitMs }),
          onNote: (text) => {
            held = text;
            note(`${label}: ${text}`);
          },
          run: (signal) => request.call(this.#o.client, { signal, force: options.force ?? false }),
        })
        .then(
          (result) => {
            summary.requests++;
            if (result.notModified) summary.notModified++;
            if (result.attempts === 0) summary.cached++;
            if (request.endpoint === 'signals' && request.ticker) this.#tickerErrors.delete(request.ticker);
            else summary.bytes += result.bytes;
            buffer.push({ request, result });
            if (buffer.length >= chunk) flush();
          },
          (error: unknown) => {
            summary.requests++;
            if (error instanceof WaitTooLongError && error.rateLimited) summary.rateLimited++;
            // The row's status: a signals failure, or any answer that the source lacks the ticker.
            const absent = request.ticker !== null && isTickerAbsent(error);
            if ((request.endpoint === 'signals' || absent) && request.ticker) {
              const kind = error instanceof ApiError ? error.kind : 'error';
              this.#tickerErrors.set(request.ticker, { kind, message: failureText(error) });
            }
            if (absent && request.ticker) {
              summary.absent.push(request.ticker);
              return;
            }
            // A task that gave up on a failure backoff: its own last failure says more than the wait.
            const text =
              error instanceof WaitTooLongError && !error.rateLimited && error.cause !== undefined
                ? `${failureText(error.cause)} (${error.message})`
                : failureText(error);
            fail(`${label}: ${text}${held === null ? '' : ` (${held})`}`);
          },
        );
    };

    // A ticker's first request asks whether the source has it at all; its other requests follow
    // the answer. A ticker the source lacks (a chain folder without its files) is a definite
    // answer, asked once per run: not one 404 per view, each backing the endpoint off.
    const first = new Map<string, Promise<void>>();
    await Promise.all(
      requests.map((request) => {
        const ticker = request.ticker;
        if (ticker === null) return send(request);
        const probe = first.get(ticker);
        if (probe === undefined) {
          const asked = send(request);
          first.set(ticker, asked);
          return asked;
        }
        return probe.then(() => (summary.absent.includes(ticker) ? undefined : send(request)));
      }),
    );
    // The tickers a run lacked come first: the poll status shows a run's first note.
    if (summary.absent.length > 0) {
      summary.notes.unshift(absentTickersNote(summary.absent, this.#o.tickerAbsence ?? 'source'));
      summary.notes.splice(MAX_NOTES);
    }
    flush();
    summary.durationMs = performance.now() - started;
    if (record) this.#lastRunAt().set(job, marketAt);
    if (runId !== null) {
      this.#safe(() =>
        store.pollRuns.finish(runId, {
          requests: summary.requests,
          notModified: summary.notModified,
          bytes: summary.bytes,
          errors: summary.errors,
          finishedAt: Math.max(wallStart, this.#timers.now()),
          detail: {
            marketAt,
            cached: summary.cached,
            snapshotsNew: summary.snapshotsNew,
            alertsNew: summary.alertsNew,
            errors: summary.errorMessages,
            ...(summary.notes.length > 0 ? { notes: summary.notes } : {}),
          },
        }),
      );
    }
    return summary;
  }

  #ingestDeps(): IngestDeps {
    const o = this.#o;
    return (
      o.ingest ?? {
        store: o.store,
        channels: o.channels,
        wallNow: () => this.#timers.now(),
        marketNow: () => o.marketClock.now(),
        ...(o.alertBaseline ? { alertBaseline: o.alertBaseline } : {}),
        ...(o.onSnapshots ? { onSnapshots: (s: readonly NewSnapshot[]) => o.onSnapshots?.(s) } : {}),
        ...(o.onAlerts ? { onAlerts: (ids: readonly number[]) => o.onAlerts?.(ids) } : {}),
        log: (m: string) => o.log?.(`poller: ${m}`),
      }
    );
  }

  #ingest(batch: Fetched[], summary: JobRunSummary): void {
    let outcome: IngestOutcome;
    try {
      outcome = ingestFetched(this.#ingestDeps(), batch);
    } catch (error) {
      summary.errors += batch.length;
      if (isStorageFailure(error)) summary.storeErrors += batch.length;
      if (summary.errorMessages.length < MAX_ERROR_MESSAGES)
        summary.errorMessages.push(`storing: ${failureText(error)}`);
      return;
    }
    for (const f of outcome.failures) {
      summary.errors++;
      if (f.storage) summary.storeErrors++;
      if (summary.errorMessages.length < MAX_ERROR_MESSAGES)
        summary.errorMessages.push(`storing ${f.key}: ${f.error}`);
    }
    summary.snapshotsNew += outcome.snapshots.length;
    summary.alertsNew += outcome.eventIds.length;
  }

  #notify(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.#o.log?.(`poller: listener failed: ${failureText(error)}`);
    }
  }

  #safe<T>(fn: () => T): T | null {
    try {
      return fn();
    } catch (error) {
      this.#o.log?.(`poller: ${failureText(error)}`);
      return null;
    }
  }
}
