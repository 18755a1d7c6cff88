// Reading fields out of stored payloads (what alert rules look at, what the queries, templates
// and backtests read). Payloads were validated by the client when fetched, but a reader must
// never throw on an old or odd one: every reader returns null for anything missing or of the
// wrong type.

export function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function text(payload: unknown, key: string): string | null {
  const v = record(payload)?.[key];
  return typeof v === 'string' && v.length > 0 ? v : null;
}

export function number(payload: unknown, key: string): number | null {
  const v = record(payload)?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** `key_levels` of a market-structure payload: spot and the named level, when both are numbers. */
export function spotAndLevel(payload: unknown, level: string): { spot: number; level: number } | null {
  const levels = record(record(payload)?.['key_levels']);
  const spot = number(levels, 'spot');
  const value = number(levels, level);
  return spot === null || value === null ? null : { spot, level: value };
}

/** Tickers of a ranking payload's `items[]` (top-setups, screeners). */
export function itemTickers(payload: unknown): Set<string> | null {
  const items = record(payload)?.['items'];
  if (!Array.isArray(items)) return null;
  const out = new Set<string>();
  for (const item of items) {
    const t = text(item, 'ticker');
    if (t) out.add(t.toUpperCase());
  }
  return out;
}

/** The ranking item of a ticker, for the event's details. */
export function itemOf(payload: unknown, ticker: string): Record<string, unknown> | null {
  const items = record(payload)?.['items'];
  if (!Array.isArray(items)) return null;
  for (const item of items) if (text(item, 'ticker')?.toUpperCase() === ticker) return record(item);
  return null;
}
