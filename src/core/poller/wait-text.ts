// Words for the waits the poller takes on: a server's Retry-After and the endpoint backoff. They
// end up in the run log and the poll status, where "24 h" reads better than 86400000.

/** A duration as people say it: "24 h", "5 min", "30 s" (rounded to one decimal above a minute). */
export function formatWait(ms: number): string {
  const round1 = (x: number): number => Math.round(x * 10) / 10;
  if (ms >= 3_600_000) return `${round1(ms / 3_600_000)} h`;
  if (ms >= 60_000) return `${round1(ms / 60_000)} min`;
  return `${Math.max(0, Math.ceil(ms / 1000))} s`;
}

/** "rate limited: the server asked to wait 24 h", plus "; waiting 5 min" when the wait is capped. */
export function rateLimitText(statedMs: number, waitMs: number): string {
  const asked = `rate limited: the server asked to wait ${formatWait(statedMs)}`;
  return waitMs < statedMs ? `${asked}; waiting ${formatWait(waitMs)}` : asked;
}
