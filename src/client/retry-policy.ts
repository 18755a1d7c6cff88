// When and how long to wait before trying a request again.

export interface RetryPolicy {
  /** Total HTTP attempts, the first included. */
  maxAttempts: number;
  /** The first backoff step; each further step doubles. */
  baseDelayMs: number;
  /** No single wait exceeds this, Retry-After included. */
  maxDelayMs: number;
  /** Sum of all waits of one call; a retry that would exceed it is not made. */
  maxTotalWaitMs: number;
  /** Whether an attempt that timed out is tried again (off: a slow server is reported at once). */
  retryOnTimeout: boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxTotalWaitMs: 30_000,
  retryOnTimeout: false,
};

/** 429 and the gateway statuses mean "try again later"; 500 is a failure of the request itself. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so retries from
 * many clients spread out but never collapse to zero.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(step / 2 + (step / 2) * r);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number): number | null {
  if (header == null) return null;
  const text = header.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names a month; without letters Date.parse accepts oddities like "-5".
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
