// Where a click on a desktop notification takes the user: the ticker's page as it was at the alert's
// snapshot, so "SPY flipped to negative gamma at 10:35" opens on the 10:35 data, not today's.
// The hash format is the renderer's router's (src/renderer/lib/routes.ts: #/ticker/<T>/<tab>?at=<ISO>).

export interface AlertTarget {
  ticker: string | null;
  /** ISO-8601 time of the snapshot that raised the alert. */
  asof: string;
}

export function alertRoute(target: AlertTarget): string {
  if (target.ticker === null) return '#/alerts/history';
  return `#/ticker/${encodeURIComponent(target.ticker)}/overview?at=${encodeURIComponent(target.asof)}`;
}
