// The queue every request of the poller goes through. A cron tick only enqueues; this runs the
// work with bounded concurrency, a little jitter so ticks do not hit the service in lockstep,
// per-endpoint backoff after failures, a global or per-endpoint gate after a 429's Retry-After,
// pause/resume, and a shutdown that waits for what is in flight. Identical work (same key) queued
// twice is one task: a burst of missed ticks cannot become a stampede. A server's stated wait is
// capped (a 429 with `Retry-After: 86400` once held every job for a day), and a task may set how
// long it is willing to be held back at all (`watch --once` must end): past that it fails.
import { setMaxListeners } from 'node:events';
import { realTimers, type Timers } from '../lib/timers.ts';
import { formatWait, rateLimitText } from './wait-text.ts';

export interface QueueTask<T> {
  /** Identity for de-duplication, e.g. `signals:AAPL`. */
  readonly key: string;
  /** Backoff bucket, e.g. `signals` or `top_setups`. */
  readonly endpoint: string;
  /** Refresh-now work: no jitter, ahead of routine work. */
  readonly urgent?: boolean;
  /**
   * The longest this task may be held back before a (re)try, by a 429's wait or the endpoint
   * backoff; a longer hold fails it with WaitTooLongError instead. Unbounded when absent.
   */
  readonly maxWaitMs?: number;
  /** Told when a retry of this task waits less than the server asked (the wait was capped). */
  onNote?(note: string): void;
  run(signal: AbortSignal): Promise<T>;
}

/** How the queue should treat a failure; the poller maps API errors onto this. */
export interface FailureAdvice {
  retry: boolean;
  /** A server-stated wait (429 Retry-After). */
  retryAfterMs?: number;
  /** Whether that wait applies to every endpoint (a per-key rate limit) or only this one. */
  gate?: 'endpoint' | 'all';
  /**
   * False for a definite answer about the request itself (a 404 for a ticker the source lacks):
   * it says nothing about the endpoint's health, so the endpoint's other work is not held back.
   */
  backoff?: boolean;
}

export interface WorkQueueOptions {
  concurrency?: number;
  /** Each routine task starts after a random delay in [0, jitterMs). */
  jitterMs?: number;
  /** Attempts per task, including the first. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A server-stated wait (Retry-After) longer than this is cut to it (default 5 min). */
  maxStatedWaitMs?: number;
  timers?: Timers;
  random?: () => number;
  classify?: (error: unknown, task: QueueTask<unknown>) => FailureAdvice;
}

export class QueueClosedError extends Error {
  constructor() {
    super('the work queue is shut down');
    this.name = 'QueueClosedError';
  }
}

/** A task would be held back longer than its maxWaitMs: it fails rather than wait. */
export class WaitTooLongError extends Error {
  constructor(
    message: string,
    /** Whether a server's rate limit (429) is what holds it back. */
    readonly rateLimited: boolean,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'WaitTooLongError';
  }
}

/** The default cap on a server-stated wait: a scheduled poll never stalls for longer. */
export const DEFAULT_MAX_STATED_WAIT_MS = 5 * 60_000;

interface Entry {
  task: QueueTask<unknown>;
  notBefore: number;
  attempts: number;
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** The failure of the latest attempt, kept as the cause when the task gives up waiting. */
  lastError?: unknown;
}

/** Why an endpoint or everything is held back, for a task that will not wait that long. */
interface Hold {
  until: number;
  /** "rate limited: the server asked to wait 24 h"; null for plain failure backoff. */
  rateLimit: string | null;
}

interface Backoff extends Hold {
  failures: number;
}

export interface QueueStats {
  queued: number;
  running: number;
  paused: boolean;
  closed: boolean;
  /** Endpoints currently held back, with the wall time they open again. */
  backoff: Record<string, number>;
  /** Wall time until which every endpoint is held back by a 429, if any. */
  gatedUntil: number | null;
}

const defaultClassify = (): FailureAdvice => ({ retry: true });

export class WorkQueue {
  readonly #concurrency: number;
  readonly #jitterMs: number;
  readonly #maxAttempts: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number;
  readonly #maxStatedWaitMs: number;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #classify: (error: unknown, task: QueueTask<unknown>) => FailureAdvice;

  readonly #queue: Entry[] = [];
  readonly #byKey = new Map<string, Entry>();
  readonly #running = new Set<Entry>();
  readonly #backoff = new Map<string, Backoff>();
  readonly #abort = new AbortController();
  readonly #idleWaiters: (() => void)[] = [];
  readonly #listeners = new Set<() => void>();
  #gatedUntil = 0;
  #gateReason: string | null = null;
  #paused = false;
  #closed = false;
  #cancelWake: (() => void) | null = null;
  #wakeAt = Infinity;

  constructor(options: WorkQueueOptions = {}) {
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
    this.#jitterMs = Math.max(0, options.jitterMs ?? 0);
    this.#maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 2));
    this.#backoffBaseMs = options.backoffBaseMs ?? 1_000;
    this.#backoffMaxMs = options.backoffMaxMs ?? 5 * 60_000;
    this.#maxStatedWaitMs = Math.max(0, options.maxStatedWaitMs ?? DEFAULT_MAX_STATED_WAIT_MS);
    this.#timers = options.timers ?? realTimers;
    this.#random = options.random ?? Math.random;
    this.#classify = options.classify ?? defaultClassify;
    // Every running task listens on the one shutdown signal; more than ten is normal here.
    setMaxListeners(0, this.#abort.signal);
  }

  /** Queues work, or joins identical work already queued or running. Rejects on final failure. */
  enqueue<T>(task: QueueTask<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new QueueClosedError());
    const existing = this.#byKey.get(task.key);
    if (existing) {
      // A refresh-now joining routine work makes it urgent instead of queueing it twice.
      if (task.urgent && !existing.task.urgent && !this.#running.has(existing)) {
        existing.task = { ...existing.task, urgent: true };
        existing.notBefore = this.#timers.now();
        this.#pump();
      }
      return existing.promise as Promise<T>;
    }
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const jitter = task.urgent || this.#jitterMs === 0 ? 0 : Math.floor(this.#random() * this.#jitterMs);
    const entry: Entry = {
      task: task as QueueTask<unknown>,
      notBefore: this.#timers.now() + jitter,
      attempts: 0,
      promise,
      resolve,
      reject,
    };
    this.#byKey.set(task.key, entry);
    if (task.urgent) this.#queue.unshift(entry);
    else this.#queue.push(entry);
    this.#changed();
    this.#pump();
    return promise as Promise<T>;
  }

  pause(): void {
    this.#paused = true;
    this.#changed();
  }

  resume(): void {
    this.#paused = false;
    this.#changed();
    this.#pump();
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Resolves when nothing is queued or running. */
  onIdle(): Promise<void> {
    if (this.#queue.length === 0 && this.#running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Called whenever counts, pause state or backoff change. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  stats(): QueueStats {
    const now = this.#timers.now();
    const backoff: Record<string, number> = {};
    for (const [endpoint, b] of this.#backoff) if (b.until > now) backoff[endpoint] = b.until;
    return {
      queued: this.#queue.length,
      running: this.#running.size,
      paused: this.#paused,
      closed: this.#closed,
      backoff,
      gatedUntil: this.#gatedUntil > now ? this.#gatedUntil : null,
    };
  }

  /**
   * Stops accepting work, drops what has not started (its callers get QueueClosedError) and waits
   * for the work in flight. With `abortInFlight` the running tasks' signals are aborted first.
   */
  async shutdown(options: { abortInFlight?: boolean } = {}): Promise<void> {
    this.#closed = true;
    this.#cancelWake?.();
    this.#cancelWake = null;
    for (const entry of this.#queue.splice(0)) {
      this.#byKey.delete(entry.task.key);
      entry.reject(new QueueClosedError());
    }
    if (options.abortInFlight) this.#abort.abort(new QueueClosedError());
    this.#changed();
    await this.onIdle();
  }

  #pump(): void {
    if (this.#closed && this.#queue.length === 0) return this.#settleIdle();
    const now = this.#timers.now();
    if (!this.#paused) this.#dropImpatient(now);
    let earliest = Infinity;
    while (!this.#paused && this.#running.size < this.#concurrency) {
      let picked = -1;
      for (let i = 0; i < this.#queue.length; i++) {
        const ready = this.#readyAt(this.#queue[i] as Entry);
        if (ready <= now) {
          picked = i;
          break;
        }
        earliest = Math.min(earliest, ready);
      }
      if (picked < 0) break;
      const [entry] = this.#queue.splice(picked, 1) as [Entry];
      this.#start(entry);
    }
    if (!this.#paused && this.#queue.length > 0 && this.#running.size < this.#concurrency)
      this.#wake(earliest);
    this.#settleIdle();
  }

  /** Fails the queued tasks that would be held back longer than their maxWaitMs. */
  #dropImpatient(now: number): void {
    let dropped = false;
    for (let i = this.#queue.length - 1; i >= 0; i--) {
      const entry = this.#queue[i] as Entry;
      const limit = entry.task.maxWaitMs;
      if (limit === undefined || this.#readyAt(entry) - now <= limit) continue;
      this.#queue.splice(i, 1);
      this.#byKey.delete(entry.task.key);
      entry.reject(this.#tooLong(entry, limit, now));
      dropped = true;
    }
    if (dropped) this.#changed();
  }

  #tooLong(entry: Entry, limit: number, now: number): WaitTooLongError {
    const backoff = this.#backoff.get(entry.task.endpoint);
    // Whichever hold lasts longest is the reason given.
    const hold: Hold | null =
      this.#gatedUntil > now && this.#gatedUntil >= (backoff?.until ?? 0)
        ? { until: this.#gatedUntil, rateLimit: this.#gateReason }
        : backoff && backoff.until > now
          ? backoff
          : null;
    const reason =
      hold?.rateLimit ??
      (hold
        ? `${entry.task.endpoint} is backing off after failures for ${formatWait(hold.until - now)}`
        : null) ??
      `held back for ${formatWait(this.#readyAt(entry) - now)}`;
    return new WaitTooLongError(
      `${reason}; not waiting longer than ${formatWait(limit)}`,
      hold?.rateLimit != null,
      entry.lastError,
    );
  }

  #readyAt(entry: Entry): number {
    const backoff = this.#backoff.get(entry.task.endpoint)?.until ?? 0;
    return Math.max(entry.notBefore, backoff, this.#gatedUntil);
  }

  #wake(at: number): void {
    if (!Number.isFinite(at) || at >= this.#wakeAt) return;
    this.#cancelWake?.();
    this.#wakeAt = at;
    this.#cancelWake = this.#timers.setTimeout(() => {
      this.#cancelWake = null;
      this.#wakeAt = Infinity;
      this.#pump();
    }, at - this.#timers.now());
  }

  #start(entry: Entry): void {
    entry.attempts++;
    this.#running.add(entry);
    this.#changed();
    let result: Promise<unknown>;
    try {
      result = entry.task.run(this.#abort.signal);
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (value) => this.#finish(entry, { ok: true, value }),
      (error: unknown) => this.#finish(entry, { ok: false, error }),
    );
  }

  #finish(entry: Entry, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): void {
    this.#running.delete(entry);
    const endpoint = entry.task.endpoint;
    if (outcome.ok) {
      this.#backoff.delete(endpoint);
      this.#byKey.delete(entry.task.key);
      entry.resolve(outcome.value);
    } else {
      const advice = this.#safeClassify(outcome.error, entry.task);
      const now = this.#timers.now();
      const failures = (this.#backoff.get(endpoint)?.failures ?? 0) + 1;
      const exp = Math.min(this.#backoffMaxMs, this.#backoffBaseMs * 2 ** (failures - 1));
      // Full jitter in the upper half keeps spacing while de-synchronising endpoints.
      let until = now + Math.round(exp * (0.5 + this.#random() * 0.5));
      let rateLimit: string | null = null;
      let note: string | null = null;
      if (advice.retryAfterMs !== undefined) {
        // The server's word is followed up to the cap: a day-long Retry-After (a misconfigured
        // proxy, a hostile server) must not stop polling; after the cap it is simply asked again.
        const asked = Math.max(0, advice.retryAfterMs);
        const wait = Math.min(asked, this.#maxStatedWaitMs);
        const stated = now + wait;
        rateLimit = rateLimitText(asked, asked);
        if (wait < asked) note = rateLimitText(asked, wait);
        if (advice.gate === 'all' && stated >= this.#gatedUntil) {
          this.#gatedUntil = stated;
          this.#gateReason = rateLimit;
        }
        until = Math.max(until, stated);
      }
      if (advice.backoff !== false) this.#backoff.set(endpoint, { failures, until, rateLimit });
      entry.lastError = outcome.error;
      if (advice.retry && entry.attempts < this.#maxAttempts && !this.#closed) {
        entry.notBefore = now;
        if (note !== null && (entry.task.maxWaitMs === undefined || entry.task.maxWaitMs >= until - now))
          this.#notify(entry, note);
        this.#queue.push(entry);
      } else {
        this.#byKey.delete(entry.task.key);
        entry.reject(outcome.error);
      }
    }
    this.#changed();
    this.#pump();
  }

  #notify(entry: Entry, note: string): void {
    try {
      entry.task.onNote?.(note);
    } catch {
      // A note is information only; a failing listener must not fail the task.
    }
  }

  #safeClassify(error: unknown, task: QueueTask<unknown>): FailureAdvice {
    try {
      return this.#classify(error, task);
    } catch {
      return { retry: false };
    }
  }

  #settleIdle(): void {
    if (this.#queue.length > 0 || this.#running.size > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // A broken status listener must not stall the queue.
        this.#listeners.delete(listener);
      }
    }
  }
}
