// Keeps the collector under Tradier's market-data rate limit, two ways:
//
// 1. Our own token bucket. Tradier counts requests per token over one-minute windows that start
//    with the first request. A bucket of capacity C refilled at R per minute lets through at most
//    C + R requests in any 60 s, so the refill is (limit − burst) per minute: with the default
//    burst of 10 and a limit of 120, no minute ever sees more than 120 of our requests.
// 2. What the server says. Every answer carries X-Ratelimit-Available (requests left in the
//    window) and X-Ratelimit-Expiry (when the window resets, epoch ms). When the server says the
//    budget is spent, or answers 429, nothing is sent until it resets, whatever the bucket thinks
//    (another program may share the token).
//
// Requests are admitted first come, first served. Time and timers are injected so tests run on a
// fake clock without sleeping.
import { sleep } from '../net/timers.ts';
import type { TradierTimers } from './types.ts';

export interface RateLimiterOptions {
  /** The documented limit, requests per minute. */
  perMinute: number;
  /** How many requests may go at once after a quiet spell (default 10, at most half of perMinute). */
  burst?: number;
  now: () => number;
  timers: TradierTimers;
}

export interface RateSnapshot {
  /** Requests left in the server's window, as last reported (minus those sent since); null before any. */
  available: number | null;
  /** When the server's window resets, epoch ms; null before any report. */
  resetsAt: number | null;
}

/** Margin added after a server reset time, so the first request lands in the new window. */
const RESET_MARGIN_MS = 50;
/**
 * Tradier's windows last one minute: a reset announced further ahead than this (a skewed server
 * clock, a garbled header) is not believed, so a bad header can never stall the collector.
 */
const MAX_SERVER_WAIT_MS = 65_000;

export class RateLimiter {
  readonly #now: () => number;
  readonly #timers: TradierTimers;
  readonly #capacity: number;
  readonly #refillPerMs: number;
  #tokens: number;
  #refilledAt: number;
  #serverAvailable: number | null = null;
  #serverResetsAt: number | null = null;
  #blockedUntil = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions) {
    if (!(options.perMinute >= 2))
      throw new Error(`rate limit must be at least 2 per minute, got ${options.perMinute}`);
    this.#now = options.now;
    this.#timers = options.timers;
    // At most half the limit as burst, so that the steady rate stays at least the other half.
    this.#capacity = Math.max(1, Math.min(options.burst ?? 10, Math.floor(options.perMinute / 2)));
    this.#refillPerMs = Math.max(1, options.perMinute - this.#capacity) / 60_000;
    this.#tokens = this.#capacity;
    this.#refilledAt = this.#now();
  }

  /** Resolves when one request may be sent (and counts it). Rejects if the signal aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(() => this.#take(signal));
    // The next caller waits for this one's turn, not for its failure.
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /** Milliseconds until a request could be sent now (0 when it could go at once). */
  waitMs(): number {
    const now = this.#now();
    this.#refill(now);
    const bucket = this.#tokens >= 1 ? 0 : Math.ceil((1 - this.#tokens) / this.#refillPerMs);
    let server = 0;
    if (this.#serverResetsAt !== null && this.#serverAvailable !== null && this.#serverAvailable <= 0) {
      server = Math.max(0, this.#serverResetsAt + RESET_MARGIN_MS - now);
    }
    return Math.max(bucket, server, this.#blockedUntil - now, 0);
  }

  /** Reads the X-Ratelimit-* headers of any answer (200, 429 or other). */
  observe(headers: Headers): void {
    const available = intHeader(headers.get('x-ratelimit-available'));
    const expiry = epochHeader(headers.get('x-ratelimit-expiry'));
    if (expiry !== null) this.#serverResetsAt = Math.min(expiry, this.#now() + MAX_SERVER_WAIT_MS);
    if (available !== null) this.#serverAvailable = available;
  }

  /** Sends nothing before this instant (a 429's Retry-After or window reset). */
  blockUntil(epochMs: number): void {
    if (!Number.isFinite(epochMs)) return;
    const capped = Math.min(epochMs, this.#now() + MAX_SERVER_WAIT_MS);
    this.#blockedUntil = Math.max(this.#blockedUntil, capped);
  }

  snapshot(): RateSnapshot {
    this.#expireServerWindow(this.#now());
    return { available: this.#serverAvailable, resetsAt: this.#serverResetsAt };
  }

  async #take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.waitMs();
      if (wait <= 0) {
        this.#tokens -= 1;
        if (this.#serverAvailable !== null) this.#serverAvailable -= 1;
        return;
      }
      await sleep(this.#timers, wait, signal);
    }
  }

  #refill(now: number): void {
    const elapsed = Math.max(0, now - this.#refilledAt);
    this.#tokens = Math.min(this.#capacity, this.#tokens + elapsed * this.#refillPerMs);
    this.#refilledAt = now;
    this.#expireServerWindow(now);
  }

  /** Once the server's window has reset, its old count no longer holds. */
  #expireServerWindow(now: number): void {
    if (this.#serverResetsAt !== null && now >= this.#serverResetsAt + RESET_MARGIN_MS) {
      this.#serverAvailable = null;
    }
  }
}

export { sleep } from '../net/timers.ts';

function intHeader(value: string | null): number | null {
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return null;
  return Number(value);
}

/** X-Ratelimit-Expiry is documented in epoch ms; a value in seconds is read as such too. */
function epochHeader(value: string | null): number | null {
  const n = intHeader(value);
  if (n === null || n <= 0) return null;
  return n < 1e12 ? n * 1000 : n;
}
