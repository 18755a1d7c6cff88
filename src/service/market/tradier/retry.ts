// Whether, and after how long, a failed Tradier request is tried again. A pure function of the
// error, the attempt and the clock, so the rules read as a table in the tests.
//
// - 401 (bad token) and other 4xx, bad JSON, answers that do not fit the schema: never retried;
//   trying again cannot help and a bad token would only burn the budget.
// - 429: wait until the server says the window resets (Retry-After or X-Ratelimit-Expiry), with a
//   little jitter; without either, exponential backoff. A wait longer than `maxDelayMs` is not
//   made: the error is reported with the time it may be tried again.
// - 5xx, timeouts, refused connections: exponential backoff with "equal jitter" (half the step
//   fixed, half random), so retries spread out but never collapse to zero.
import { backoffDelay } from '../net/backoff.ts';
import type { TradierError } from './errors.ts';

export interface RetryPolicy {
  /** Total attempts, the first included. */
  maxAttempts: number;
  /** The first backoff step; each further step doubles. */
  baseDelayMs: number;
  /** No single wait exceeds this. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  // Tradier's windows are one minute long: a 429 can always be waited out within this.
  maxDelayMs: 65_000,
};

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/** `attempt` is the 1-based number of the attempt that just failed. */
export function decideRetry(
  error: TradierError,
  attempt: number,
  now: number,
  policy: RetryPolicy,
  random: () => number,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false };
  if (error.kind === 'rate_limited') {
    if (error.retryAt === null) return { retry: true, delayMs: backoffDelay(attempt, policy, random) };
    const wait = Math.max(0, error.retryAt - now);
    if (wait > policy.maxDelayMs) return { retry: false };
    // Up to a quarter second more, so that clients sharing a token do not all fire at the reset.
    return { retry: true, delayMs: wait + Math.round(250 * Math.min(1, Math.max(0, random()))) };
  }
  if (error.kind === 'unavailable') return { retry: true, delayMs: backoffDelay(attempt, policy, random) };
  return { retry: false };
}

export { backoffDelay, retryAfterAt } from '../net/backoff.ts';
