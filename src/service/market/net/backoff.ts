// Backoff steps and Retry-After, shared by the market-data clients (Tradier, Cboe).

export interface BackoffPolicy {
  /** The first backoff step; each further step doubles. */
  baseDelayMs: number;
  /** No single wait exceeds this. */
  maxDelayMs: number;
}

/**
 * Exponential backoff with "equal jitter" (half the step fixed, half random), so retries spread
 * out but never collapse to zero. `attempt` is the 1-based number of the attempt that just failed.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(step / 2 + (step / 2) * r);
}

/** Retry-After as an instant: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterAt(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return now + Math.round(Number(text) * 1000);
  // An HTTP date always names a month; without letters Date.parse accepts oddities like "-5".
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}
