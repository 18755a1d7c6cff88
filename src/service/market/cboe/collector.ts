// The Cboe collector: fetches each ticker's delayed-quotes chain and keeps every new one as a file
// in the chain folder (Cboe's own JSON, with who fetched it and when), so the folder serves it,
// history imports it and alerts see it through the one ingest, as for a downloaded file.
//
// Schedule (net/market-schedule.ts): at start, then every 15 minutes (Cboe's delay) while the
// market is open, once after the close; a day without a session fetches nothing. Politely: one
// request at a time, at least a second apart, conditional requests; a 403 or 429 stops the run and
// backs off (Retry-After when Cboe gives one, else one interval, doubling up to two hours), and the
// status says "Cboe refused (429): retrying in 15 min". A chain whose timestamp has not moved (a
// holiday, the evening) is not written again.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { importCboeJson } from '../import/cboe-json.ts';
import { ChainImportError } from '../import/errors.ts';
import { createCollectorRuns } from '../net/market-schedule.ts';
import { REAL_TIMERS, type NetTimers } from '../net/timers.ts';
import { snapshotFileName, writeAtomically } from '../net/snapshot-files.ts';
import { displayAsof } from '../../../shared/market-calendar.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { parseTicker } from '../../../shared/ticker-symbol.ts';
import { CboeClient, CBOE_ORIGIN, type CboeFetch, type CboeValidators } from './client.ts';
import { CboeError } from './errors.ts';
import { resolveCboeOrigin } from './origin.ts';

export type CboeLogLevel = 'info' | 'warn' | 'error';

/** Cboe's delayed quotes lag the market by this much. */
export const CBOE_DELAY_MINUTES = 15;
const DEFAULT_INTERVAL_MS = CBOE_DELAY_MINUTES * 60_000;
/** The closing fetch waits for the delay and the 16:15 close of index options. */
const CLOSE_SETTLE_MS = 20 * 60_000;
/** The longest back-off after refusals. */
const MAX_BACKOFF_MS = 2 * 3600_000;

export interface CboeCollectorOptions {
  /** The tickers to fetch, read at every run (the app's watched tickers change). */
  tickers: readonly string[] | (() => readonly string[]);
  chainsDir: string;
  /** An origin only (a loopback stand-in in tests); Cboe's CDN by default. */
  baseUrl?: string | undefined;
  fetch?: CboeFetch | undefined;
  now?: () => number;
  timers?: NetTimers;
  log?: (line: string, level: CboeLogLevel) => void;
  /** Poll period while the market is open (default 15 min; at least 10 s). */
  intervalMs?: number;
  /** At least this long between two requests (default 1 s). */
  minGapMs?: number;
  requestTimeoutMs?: number;
  maxBodyBytes?: number;
  userAgent?: string;
}

export interface CboeTickerOutcome {
  ticker: string;
  /** The snapshot written by this run, or null (failed, or nothing new). */
  file: string | null;
  contracts: number;
  /** The snapshot time Cboe stated (epoch ms), when a chain was read. */
  asof: number | null;
  error: string | null;
  notes: string[];
}

export interface CboeCollectResult {
  startedAt: number;
  finishedAt: number;
  tickers: CboeTickerOutcome[];
  ok: boolean;
}

export interface CboeCollectorStatus {
  /** Always true: Cboe's free quotes are 15 minutes delayed. */
  delayed: true;
  running: boolean;
  lastRunAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  /** Refused (403/429): nothing is asked before this instant; null when not backing off. */
  refusedUntil: number | null;
  tickers: { ticker: string; lastFile: string | null; error: string | null }[];
}

export interface CboeCollector {
  /** Fetches every ticker once now; never rejects (failures are in the result). */
  refresh(): Promise<CboeCollectResult>;
  start(): void;
  stop(): Promise<void>;
  status(): CboeCollectorStatus;
}

interface TickerState {
  ticker: string;
  validators: CboeValidators | null;
  lastAsof: number | null;
  lastFile: string | null;
  error: string | null;
}

/** The run stopped at a refusal: the ticker asked and every one after it fail with this. */
class Refused extends Error {}

function tickerList(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of raw) {
    const parsed = parseTicker(t);
    if (parsed.ok && !out.includes(parsed.ticker)) out.push(parsed.ticker);
  }
  return out;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

export function createCboeCollector(options: CboeCollectorOptions): CboeCollector {
  const chainsDir = options.chainsDir.trim();
  if (chainsDir === '') throw new Error('Cboe collector settings: the chain folder is not set');
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  if (!(intervalMs >= 10_000)) throw new Error('Cboe collector settings: the interval is under 10 s');
  const origin = resolveCboeOrigin(options.baseUrl);
  const now = options.now ?? Date.now;
  const timers = options.timers ?? REAL_TIMERS;
  // Paced on the clock that goes with the timers (a frozen data clock must not stall the pace).
  const paceNow = options.timers ? now : Date.now;
  const log = (line: string, level: CboeLogLevel): void => options.log?.(line, level);
  const tickersNow = (): string[] =>
    tickerList(typeof options.tickers === 'function' ? options.tickers() : options.tickers);

  // A client per abort signal: after stop(), the next run gets a fresh one.
  let current: { signal: AbortSignal; client: CboeClient } | null = null;
  let lastRunAt: number | null = null;
  let lastSuccessAt: number | null = null;
  let lastError: string | null = null;
  let refusedUntil: number | null = null;
  let refusal: { status: number } | null = null;
  let refusals = 0;
  const states = new Map<string, TickerState>();

  function clientFor(signal: AbortSignal): CboeClient {
    if (current?.signal === signal) return current.client;
    const client = new CboeClient({
      origin,
      fetch: options.fetch,
      now: paceNow,
      timers,
      ...(options.minGapMs !== undefined ? { minGapMs: options.minGapMs } : {}),
      ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
      ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
      signal,
    });
    current = { signal, client };
    return client;
  }

  function stateOf(ticker: string): TickerState {
    let s = states.get(ticker);
    if (!s) {
      s = { ticker, validators: null, lastAsof: null, lastFile: null, error: null };
      states.set(ticker, s);
    }
    return s;
  }

  /** "Cboe refused (429): retrying in 15 min", counted from `at`. */
  function refusalMessage(at: number): string {
    const minutes = Math.max(1, Math.ceil(((refusedUntil ?? at) - at) / 60_000));
    return `Cboe refused (${refusal?.status ?? 429}): retrying in ${minutes} min`;
  }

  function backOff(error: CboeError, at: number): void {
    refusals++;
    const step = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** (refusals - 1));
    const asked = Math.min(MAX_BACKOFF_MS, error.retryAfterMs ?? 0);
    refusedUntil = at + Math.max(step, asked);
    refusal = { status: error.status ?? 429 };
  }

  async function collectOne(
    client: CboeClient,
    ticker: string,
    state: TickerState,
  ): Promise<CboeTickerOutcome> {
    const outcome: CboeTickerOutcome = {
      ticker,
      file: null,
      contracts: 0,
      asof: null,
      error: null,
      notes: [],
    };
    const fetchedAt = now();
    let fetched;
    try {
      fetched = await client.chain(ticker, state.lastAsof === null ? null : state.validators);
    } catch (error) {
      if (error instanceof CboeError && error.kind === 'refused') {
        backOff(error, now());
        throw new Refused(refusalMessage(now()));
      }
      throw error;
    }
    if (fetched.kind === 'not_modified') {
      outcome.notes.push(
        `no new snapshot: Cboe's chain is unchanged (as of ${displayAsof(state.lastAsof ?? fetchedAt)})`,
      );
      return outcome;
    }
    let imported;
    try {
      imported = importCboeJson(fetched.text);
    } catch (error) {
      if (!(error instanceof ChainImportError)) throw error;
      throw new CboeError('bad_response', `Cboe's answer is not a chain (${error.message})`);
    }
    const asof = imported.chain.asof;
    outcome.asof = asof;
    outcome.contracts = imported.chain.size;
    if (imported.chain.ticker !== ticker)
      throw new CboeError('bad_response', `Cboe answered with the chain of ${imported.chain.ticker}`);
    const name = snapshotFileName(ticker, asof, 'cboe');
    state.validators = fetched.validators;
    if ((state.lastAsof !== null && asof <= state.lastAsof) || (await exists(join(chainsDir, name)))) {
      state.lastAsof = Math.max(asof, state.lastAsof ?? asof);
      outcome.notes.push(`no new snapshot: Cboe's chain is still as of ${displayAsof(asof)}`);
      return outcome;
    }
    // Cboe's body as it came, with who fetched it and when in front: the importer reads `source`
    // and shows `notes` with the chain (no second parse of several MB to add them).
    const head = JSON.stringify({
      source: 'cboe',
      fetched_at: new Date(fetchedAt).toISOString(),
      notes: [`Cboe delayed quotes: figures ${CBOE_DELAY_MINUTES} minutes delayed`],
    });
    const text = `${head.slice(0, -1)},${fetched.text.replace(/^\uFEFF?\s*\{/, '')}`;
    outcome.file = await writeAtomically(chainsDir, name, text);
    state.lastAsof = asof;
    state.lastFile = outcome.file;
    return outcome;
  }

  async function run(signal: AbortSignal): Promise<CboeCollectResult> {
    const client = clientFor(signal);
    const startedAt = now();
    lastRunAt = startedAt;
    const tickers = tickersNow();
    const outcomes: CboeTickerOutcome[] = [];
    let stopAll: string | null =
      refusedUntil !== null && startedAt < refusedUntil ? refusalMessage(startedAt) : null;
    if (tickers.length === 0) stopAll = 'no tickers to fetch: add one to a watchlist';
    for (const ticker of tickers) {
      const state = stateOf(ticker);
      let outcome: CboeTickerOutcome;
      if (stopAll !== null) {
        outcome = { ticker, file: null, contracts: 0, asof: null, error: stopAll, notes: [] };
      } else {
        try {
          outcome = await collectOne(client, ticker, state);
          refusals = 0;
          refusedUntil = null;
        } catch (error) {
          if (error instanceof Refused) stopAll = error.message;
          else if (!(error instanceof CboeError)) throw error;
          else if (signal.aborted) stopAll = 'stopped';
          outcome = { ticker, file: null, contracts: 0, asof: null, error: messageOf(error), notes: [] };
        }
      }
      state.error = outcome.error;
      outcomes.push(outcome);
      const at = `cboe: ${ticker}:`;
      if (outcome.error) log(`${at} ${outcome.error}`, 'error');
      else if (outcome.file) log(`${at} wrote ${outcome.file} (${outcome.contracts} contracts)`, 'info');
      for (const n of outcome.notes) log(`${at} ${n}`, 'info');
    }
    const finishedAt = now();
    const failed = outcomes.filter((o) => o.error !== null);
    if (stopAll !== null && (refusedUntil !== null || tickers.length === 0)) lastError = stopAll;
    else
      lastError = failed.length === 0 ? null : failed.map((o) => `${o.ticker}: ${o.error ?? ''}`).join('; ');
    if (failed.length < outcomes.length) lastSuccessAt = finishedAt;
    return { startedAt, finishedAt, tickers: outcomes, ok: failed.length === 0 && tickers.length > 0 };
  }

  const runs = createCollectorRuns({
    now,
    timers,
    intervalMs,
    closeSettleMs: CLOSE_SETTLE_MS,
    lastRunAt: () => lastRunAt,
    run,
    failed: (error: unknown): CboeCollectResult => {
      const message = messageOf(error);
      lastError = message;
      log(`cboe: run failed: ${message}`, 'error');
      const at = now();
      return { startedAt: at, finishedAt: at, ok: false, tickers: [] };
    },
  });

  return {
    refresh: () => runs.refresh(),
    start(): void {
      if (runs.running) return;
      log(`cboe: fetching delayed quotes from ${origin} into ${chainsDir}`, 'info');
      runs.start();
    },
    stop: () => runs.stop(new CboeError('unavailable', 'stopped')),
    status(): CboeCollectorStatus {
      const at = now();
      const current = tickersNow();
      return {
        delayed: true,
        running: runs.running,
        lastRunAt,
        lastSuccessAt,
        lastError:
          refusedUntil !== null && at < refusedUntil && lastError !== null ? refusalMessage(at) : lastError,
        refusedUntil: refusedUntil !== null && at < refusedUntil ? refusedUntil : null,
        tickers: current.map((t) => {
          const s = states.get(t);
          return { ticker: t, lastFile: s?.lastFile ?? null, error: s?.error ?? null };
        }),
      };
    },
  };
}

export { CBOE_ORIGIN };
