// The Tradier collector: fetches every ticker's chain and writes it into the chain folder, once
// when asked and on a schedule. The folder is the one store of real snapshots: the service reads it
// as it reads Cboe files, offline review and restarts see the same files, and a second reader can
// share the folder.
//
// Schedule (net/market-schedule.ts): start() fetches at once, at any hour; then every
// `intervalMs` while the regular session is open; then once more shortly after the close. One run
// at a time: refresh() during a run returns that run.
import { createCollectorRuns } from '../net/market-schedule.ts';
import { REAL_TIMERS, TradierClient } from './client.ts';
import { StopRun, collectTicker } from './collect-ticker.ts';
import { isDelayed } from './environment.ts';
import { TradierError, scrub, unauthorizedMessage } from './errors.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { readSettings } from './options.ts';
import { RateLimiter } from './rate-limiter.ts';
import type { TradierQuote } from './schemas.ts';
import type {
  CollectResult,
  CollectorStatus,
  TickerOutcome,
  TradierCollector,
  TradierCollectorOptions,
  TradierLogLevel,
} from './types.ts';

/**
 * After the close, the closing snapshot waits this long: SPY/QQQ options trade until 16:15, and
 * sandbox data arrives 15 minutes late.
 */
const CLOSE_SETTLE_MS = 20 * 60_000;

/** A ticker that produced no snapshot, and why. */
function failedOutcome(ticker: string, message: string): TickerOutcome {
  return {
    ticker,
    file: null,
    historyFile: null,
    contracts: 0,
    error: message,
    historyError: null,
    notes: [],
  };
}

/** The run's log lines for one ticker: a failure as an error, a missing part as a warning. */
export function outcomeLines(o: TickerOutcome): [string, TradierLogLevel][] {
  const at = `tradier: ${o.ticker}:`;
  const lines: [string, TradierLogLevel][] = [];
  if (o.error) lines.push([`${at} ${o.error}`, 'error']);
  else if (o.historyError)
    lines.push([
      `${at} chain written to ${o.file ?? ''} (${o.contracts} contracts), history failed: ${o.historyError}`,
      'warn',
    ]);
  else lines.push([`${at} wrote ${o.file ?? ''} (${o.contracts} contracts)`, 'info']);
  if (o.error && o.historyError) lines.push([`${at} daily history not refreshed: ${o.historyError}`, 'warn']);
  for (const n of o.notes) lines.push([`${at} ${n}`, 'info']);
  return lines;
}

/** What status().lastError says of a ticker: its failure, or a written chain whose history failed. */
function problemOf(o: TickerOutcome): string | null {
  if (o.error) return `${o.ticker}: ${o.error}`;
  if (o.historyError) return `${o.ticker}: chain written, history failed: ${o.historyError}`;
  return null;
}

export function createTradierCollector(options: TradierCollectorOptions): TradierCollector {
  const settings = readSettings(options);
  const now = options.now ?? Date.now;
  const timers = options.timers ?? REAL_TIMERS;
  const token = settings.token;
  const log = (line: string, level: TradierLogLevel): void => options.log?.(scrub(line, token), level);
  // Requests are paced on the clock that goes with the timers: the injected one with injected
  // timers (tests on a fake clock), else the real one, even when `now` is a frozen data clock.
  const paceNow = options.timers ? now : Date.now;
  const limiter = new RateLimiter({ perMinute: settings.requestsPerMinute, now: paceNow, timers });

  // A client per abort signal: after stop(), the next run gets a fresh one.
  let current: { signal: AbortSignal; client: TradierClient } | null = null;
  let lastRunAt: number | null = null;
  let lastSuccessAt: number | null = null;
  let lastError: string | null = null;
  const perTicker = new Map(
    settings.tickers.map((t) => [
      t,
      { ticker: t, lastFile: null as string | null, error: null as string | null },
    ]),
  );

  function clientFor(signal: AbortSignal): TradierClient {
    if (current?.signal === signal) return current.client;
    const made = new TradierClient({
      token,
      origin: settings.origin,
      fetch: options.fetch,
      now: paceNow,
      timers,
      limiter,
      requestTimeoutMs: settings.requestTimeoutMs,
      retry: { maxAttempts: settings.maxAttempts },
      random: options.random,
      log: (line) => log(line, 'warn'), // the client logs only retries: something went wrong
      signal,
      unauthorizedMessage: unauthorizedMessage(options.tokenFrom),
    });
    current = { signal, client: made };
    return made;
  }

  async function run(signal: AbortSignal): Promise<CollectResult> {
    const client = clientFor(signal);
    const startedAt = now();
    lastRunAt = startedAt;
    const outcomes: TickerOutcome[] = [];
    let fatal: string | null = null;
    let quotes = new Map<string, TradierQuote>();
    let unmatched = new Set<string>();
    try {
      const q = await client.quotes(settings.tickers);
      quotes = new Map(q.quotes.map((x) => [x.symbol.toUpperCase(), x]));
      unmatched = new Set(q.unmatched.map((s) => s.toUpperCase()));
    } catch (error) {
      fatal = messageOf(error);
    }
    for (const ticker of settings.tickers) {
      if (fatal !== null) {
        outcomes.push(failedOutcome(ticker, fatal));
        continue;
      }
      try {
        outcomes.push(
          await collectTicker({
            client,
            settings,
            ticker,
            quote: quotes.get(ticker) ?? null,
            unmatched: unmatched.has(ticker),
            now,
          }),
        );
      } catch (error) {
        // A bad token or stop(): the other tickers would fail the same way, so none is asked. A
        // snapshot written before it (the history failed) is kept and reported as written.
        if (error instanceof StopRun) {
          fatal = error.reason.message;
          outcomes.push(error.outcome);
          continue;
        }
        if (!(error instanceof TradierError)) throw error;
        fatal = error.message;
        outcomes.push(failedOutcome(ticker, fatal));
      }
    }
    const finishedAt = now();
    for (const o of outcomes) {
      const s = perTicker.get(o.ticker);
      if (s) {
        s.error = o.error;
        if (o.file) s.lastFile = o.file;
      }
      for (const [line, level] of outcomeLines(o)) log(line, level);
    }
    const failed = outcomes.filter((o) => o.error !== null);
    const problems = outcomes.map(problemOf).filter((p) => p !== null);
    lastError = problems.length === 0 ? null : problems.join('; ');
    if (failed.length < outcomes.length) lastSuccessAt = finishedAt;
    return { startedAt, finishedAt, tickers: outcomes, ok: failed.length === 0 };
  }

  const runs = createCollectorRuns({
    now,
    timers,
    intervalMs: settings.intervalMs,
    closeSettleMs: CLOSE_SETTLE_MS,
    lastRunAt: () => lastRunAt,
    run,
    failed: (error: unknown): CollectResult => {
      // Never rejects: an unexpected failure (a full disk...) is reported like any other.
      const message = scrub(messageOf(error), token);
      lastError = message;
      log(`tradier: run failed: ${message}`, 'error');
      const at = now();
      return {
        startedAt: at,
        finishedAt: at,
        ok: false,
        tickers: settings.tickers.map((ticker) => failedOutcome(ticker, message)),
      };
    },
  });

  return {
    refresh: () => runs.refresh(),
    start(): void {
      if (runs.running) return;
      log(
        `tradier: collecting ${settings.tickers.join(', ')} from ${settings.origin} (${settings.environment}) into ${settings.chainsDir}`,
        'info',
      );
      runs.start();
    },
    stop: () => runs.stop(new TradierError('unavailable', 'stopped')),
    status(): CollectorStatus {
      return {
        environment: settings.environment,
        delayed: isDelayed(settings.environment),
        running: runs.running,
        lastRunAt,
        lastSuccessAt,
        lastError,
        tickers: [...perTicker.values()].map((t) => ({ ...t })),
        rate: limiter.snapshot(),
      };
    },
  };
}
