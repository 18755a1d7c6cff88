// Reads what a replay needs from the store: one series of snapshots in one paged read (no
// per-snapshot SQL), and a ticker's daily closes from metric_daily in one query. The closes are
// the `price` metric's latest value per New York day: the service's own /series close when a
// series was fetched, else the day's last stored signals snapshot (the session's close snapshot
// once backfilled), which is the same figure.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import { epochToNy } from '../../shared/market-calendar.ts';
import type { AlertSnapshot } from '../alerts/conditions.ts';
import { record } from '../lib/payload-fields.ts';
import type { Store } from '../store/database.ts';
import type { SeriesKey } from '../store/past-snapshots.ts';
import type { DailyClose } from './forward-returns.ts';

/** Every stored snapshot of a series with asof in [from, to], oldest first. */
export function storedSeries(
  store: Store<AlertRuleBody>,
  key: SeriesKey,
  from: number,
  to: number,
): AlertSnapshot[] {
  const out: AlertSnapshot[] = [];
  const rows = store.snapshots.iterate({
    endpoint: key.endpoint,
    ticker: key.ticker,
    params: { ...key.params },
    from,
    to,
    order: 'asc',
  });
  for (const row of rows) {
    out.push({
      endpoint: key.endpoint,
      ticker: key.ticker,
      params: key.params,
      asof: row.asof,
      payload: row.data,
    });
  }
  return out;
}

/** Daily closes of a ticker over [from, to] (New York dates of those instants), oldest first. */
export function storedCloses(
  store: Store<AlertRuleBody>,
  ticker: string,
  from: number,
  to: number,
): DailyClose[] {
  const table = store.metrics.series(ticker, ['price'], {
    from: epochToNy(from).date,
    to: epochToNy(to).date,
    resolution: 'daily',
  });
  const prices = table.columns['price'] ?? [];
  const out: DailyClose[] = [];
  table.dates.forEach((date, i) => {
    const close = prices[i];
    if (typeof close === 'number' && Number.isFinite(close) && close > 0) out.push({ date, close });
  });
  return out;
}

/**
 * Daily closes as storedCloses, each with the session's high and low where the store holds
 * intraday prices of it (two or more `price` points that New York day, the close included): the
 * polled history has them, a backfilled session holds its close only.
 */
export function storedSessions(
  store: Store<AlertRuleBody>,
  ticker: string,
  from: number,
  to: number,
): DailyClose[] {
  const closes = storedCloses(store, ticker, from, to);
  const raw = store.metrics.series(ticker, ['price'], { from, to, resolution: 'raw' });
  const prices = raw.columns['price'] ?? [];
  const byDate = new Map<string, number[]>();
  raw.dates.forEach((date, i) => {
    const p = prices[i];
    if (typeof p !== 'number' || !Number.isFinite(p) || !(p > 0)) return;
    let list = byDate.get(date);
    if (!list) byDate.set(date, (list = []));
    list.push(p);
  });
  return closes.map((c) => {
    const day = byDate.get(c.date);
    if (!day || day.length < 2) return c;
    return { ...c, high: Math.max(c.close, ...day), low: Math.min(c.close, ...day) };
  });
}

/** The gamma regime of each New York date's last stored signals snapshot of a ticker in [from, to]. */
export function storedGammaRegimes(
  store: Store<AlertRuleBody>,
  ticker: string,
  from: number,
  to: number,
): Map<string, string> {
  return gammaRegimesOf(storedSeries(store, { endpoint: 'signals', ticker, params: {} }, from, to));
}

/** The gamma regime of each New York date's last snapshot of a series (oldest first). */
export function gammaRegimesOf(series: readonly AlertSnapshot[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of series) {
    const regime = record(s.payload)?.['gamma_regime'];
    if (typeof regime === 'string') out.set(epochToNy(s.asof).date, regime);
  }
  return out;
}
