// A series' points: one per session from the snapshots (series-cache.ts), and for a chain folder
// the sessions its price history file gives and no chain file covers, with the close alone (no
// chain, so no gamma, IV or OI figure that day). So two years of `history/SPY.csv` draw as two
// years of closes, not as a line between the first and last chain file.
import type { MetricKey, SeriesPoint } from '../../shared/api/index.ts';
import type { IsoDate } from '../../shared/market-calendar.ts';
import type { MarketDataSource } from '../market/source.ts';
import type { DayRow } from '../series/series-cache.ts';

export function seriesPoints(
  rows: readonly Pick<DayRow, 'date' | 'row'>[],
  metrics: readonly MetricKey[],
  history: { source: MarketDataSource; ticker: string; asof: number; after: IsoDate },
): SeriesPoint[] {
  const points = rows.map(({ date, row }) => {
    const point: SeriesPoint = { date };
    for (const key of metrics) point[key] = row[key];
    return point;
  });
  const { source, ticker, asof, after } = history;
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
