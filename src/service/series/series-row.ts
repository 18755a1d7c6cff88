// One day of a ticker's metric history: every catalog metric at that session's close snapshot,
// through the full pipeline (opportunity_score included). Rows are small and kept; chains are not.
import { METRIC_KEYS, type MetricKey } from '../../shared/api/index.ts';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';

export type SeriesValue = number | string | null;
export type SeriesRow = Readonly<Record<MetricKey, SeriesValue>>;

function finite(v: number | null): number | null {
  return v !== null && Number.isFinite(v) ? v : null;
}

export function seriesRowOf(a: TickerAnalysis): SeriesRow {
  const m = a.metrics;
  const row = {} as Record<MetricKey, SeriesValue>;
  for (const key of METRIC_KEYS) {
    if (key === 'opportunity_score') row[key] = finite(a.setup.opportunity_score);
    else if (key === 'call_regime') row[key] = m.call_regime;
    else row[key] = finite(m[key]);
  }
  return Object.freeze(row);
}
