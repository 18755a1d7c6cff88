// A series' points: one per session from the snapshots (series-cache.ts), and for a chain folder
// the sessions its price history file gives and no chain file covers, with the close alone (no
// chain, so no gamma, IV or OI figure that day). So two years of `history/SPY.csv` draw as two
// years of closes, not as a line between the first and last chain file.
//
// Additive to the spec's point (whose shape it leaves to us): a point from a snapshot says which
// (`asof`, the snapshot standing for the session's close, shared/session-close.ts), and a price
// that is a stock's or an ETF's pre-market print says so (`price_basis: "pre_market"`): the watcher
// stores the point at that instant, and charts and backtests tell such a day from a close.
import type { MetricKey, SeriesPoint } from '../../shared/api/index.ts';
import { isoUtc, type IsoDate } from '../../shared/market-calendar.ts';
import { preMarketPrint } from '../../shared/session-close.ts';
import type { MarketDataSource } from '../market/source.ts';
import type { DayRow } from '../series/series-cache.ts';

export function seriesPoints(
  rows: readonly Pick<DayRow, 'date' | 'row' | 'time'>[],
  metrics: readonly MetricKey[],
  history: { source: MarketDataSource; ticker: string; asof: number; after: IsoDate },
): SeriesPoint[] {
  const { source, ticker, asof, after } = history;
  const points = rows.map(({ date, row, time }) => {
    const point: SeriesPoint = { date };
    for (const key of metrics) point[key] = row[key];
    point['asof'] = isoUtc(time);
    if (metrics.includes('price') && preMarketPrint(ticker, time)) point['price_basis'] = 'pre_market';
    return point;
  });
  // The simulator's history is its own sessions' closes, every one already a snapshot row.
  if (source.kind !== 'chain_folder' || !metrics.includes('price')) return points;
  const have = new Set(points.map((p) => p.date));
  const h = source.history(ticker, asof);
  const extra: SeriesPoint[] = [];
  h.dates.forEach((date, i) => {
    const close = h.close[i] as number;
    if (date <= after || have.has(date) || !(close > 0)) return;
    const point: SeriesPoint = { date };
    for (const key of metrics) point[key] = key === 'price' ? close : null;
    extra.push(point);
  });
  if (extra.length === 0) return points;
  return [...points, ...extra].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}
