// The collector's public shapes: what the app and the CLI pass in and read back. Kept apart from
// the implementation so that callers can be wired against them before (and without) the rest.
import type { NetTimers } from '../net/timers.ts';

export type TradierEnvironment = 'production' | 'sandbox';

/** Timers the collector and the rate limiter use; tests inject fake ones (no real sleeping). */
export type TradierTimers = NetTimers;

export type TradierFetch = (input: string, init: RequestInit) => Promise<Response>;

/** info: what went as planned; warn: done, but with a part missing; error: a ticker or a run failed. */
export type TradierLogLevel = 'info' | 'warn' | 'error';

/** Where the user gave the token, so that a refused token (401) says where to fix it. */
export type TradierTokenFrom = 'app' | 'cli';

export interface TradierCollectorOptions {
  /** The user's access token. Sent only as `Authorization: Bearer`; never logged or echoed. */
  token: string;
  environment: TradierEnvironment;
  /** An origin only (`http://127.0.0.1:PORT` in tests); `/v1/markets/...` is appended. */
  baseUrl?: string;
  /** Underlyings to collect, e.g. ['SPY', 'QQQ']. */
  tickers: readonly string[];
  /** The chain folder: snapshots go here, daily closes to `history/<TICKER>.csv`. */
  chainsDir: string;
  fetch?: TradierFetch;
  /** Wall clock, epoch ms. */
  now?: () => number;
  timers?: TradierTimers;
  /** One line per event, with its level; never contains the token. */
  log?: (line: string, level: TradierLogLevel) => void;
  /** Where the token was given (default 'app'): a 401 points to Settings or to the flag. */
  tokenFrom?: TradierTokenFrom;
  /** Poll period while the market is open (default 5 min). */
  intervalMs?: number;
  /** Most expirations fetched per ticker, nearest first (default 60). */
  maxExpirations?: number;
  /** Expirations further out than this many calendar days are skipped (default 400). */
  maxDte?: number;
  /** Per-request timeout (default 15 s). */
  requestTimeoutMs?: number;
  /** Market-data requests per minute the limiter allows itself (default: 120 production, 60 sandbox). */
  requestsPerMinute?: number;
  /** Total attempts per request, the first included (default 4). */
  maxAttempts?: number;
  /** Random source for backoff jitter (tests pass a fixed one). */
  random?: () => number;
}

export interface TickerOutcome {
  ticker: string;
  /** The snapshot file written by this run (absolute path), or null. */
  file: string | null;
  /** The history file written or refreshed by this run, or null (not needed, or failed). */
  historyFile: string | null;
  contracts: number;
  /** Why this ticker produced no snapshot, in words a user can act on; null on success. */
  error: string | null;
  /**
   * Why the daily history was not refreshed, or null. The snapshot, when `file` is set, stands:
   * the ticker is then "chain written, history failed", not failed.
   */
  historyError: string | null;
  /** Things worth knowing that did not stop the snapshot (skipped expirations, history failure). */
  notes: string[];
}

export interface CollectResult {
  startedAt: number;
  finishedAt: number;
  tickers: TickerOutcome[];
  /** True when every ticker produced a snapshot. */
  ok: boolean;
}

export interface CollectorTickerStatus {
  ticker: string;
  lastFile: string | null;
  error: string | null;
}

export interface CollectorStatus {
  environment: TradierEnvironment;
  /** Sandbox data is 15 minutes delayed; production is real-time for account holders. */
  delayed: boolean;
  running: boolean;
  lastRunAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  tickers: CollectorTickerStatus[];
  /** What the server last said about the request budget (null before any answer). */
  rate: { available: number | null; resetsAt: number | null };
}

export interface TradierCollector {
  /** Fetches every ticker once now; never rejects (failures are in the result). */
  refresh(): Promise<CollectResult>;
  /** Fetches once at once, then every `intervalMs` while the market is open. */
  start(): void;
  /** Stops the schedule and waits for a run in progress to finish. */
  stop(): Promise<void>;
  status(): CollectorStatus;
}

export interface TradierProbeOptions {
  token: string;
  environment: TradierEnvironment;
  baseUrl?: string;
  fetch?: TradierFetch;
  /** Symbol quoted to check market-data access (default SPY). */
  symbol?: string;
  requestTimeoutMs?: number;
}

export interface TradierProbeResult {
  ok: boolean;
  /** One line for the Settings page. */
  message: string;
  details: string[];
}
