// The metric catalog as chart axes: metrics that share a unit share a y scale, so price and flip
// sit on one dollar axis while IV rank gets its own 0-100 axis. Every volatility is drawn in
// percent on one axis: ATM IV comes as a decimal (0.25) and realized vol as percent (25), so IV is
// scaled by 100 to compare by eye. Also the series payload → columns.
import { METRIC_CATALOG, type MetricKey } from '../../../../shared/api/series.ts';
import {
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatUsdCompact,
} from '../../../lib/format.ts';
import { formatCompact } from '../frame/chart-format.ts';

export interface UnitAxis {
  /** The y scale key: metrics with the same key share an axis. */
  key: string;
  label: string;
  /** Axis values per stored value: 100 for a decimal drawn in percent; 1 (absent) otherwise. */
  factor?: number;
  /** Formats an axis value (already multiplied by `factor`). */
  format: (value: number) => string;
}

const PERCENT: UnitAxis = { key: 'percent', label: '%', format: (v) => formatPercent(v, { digits: 1 }) };

/** Catalog unit → axis. The three percent-unit spellings share one axis. */
const UNIT_AXES: Record<string, UnitAxis> = {
  usd: { key: 'usd', label: 'USD', format: formatPrice },
  usd_per_1pct_move: { key: 'usd_per_1pct_move', label: 'USD per 1% move', format: formatUsdCompact },
  usd_per_1vol_point: {
    key: 'usd_per_1vol_point',
    label: 'USD of delta per vol point',
    format: formatUsdCompact,
  },
  usd_per_day: { key: 'usd_per_day', label: 'USD of delta per day', format: formatUsdCompact },
  // Whole numbers in the tooltip; axis ticks may fall on halves (32.5), so keep one decimal there.
  '0-100': {
    key: '0-100',
    label: 'Rank 0-100',
    format: (v) => (Number.isInteger(v) ? formatRank(v) : formatNumber(v, 1)),
  },
  pct: PERCENT,
  percent: PERCENT,
  pct_annualized: PERCENT,
  // ATM IV (0.284) joins realized vol (28.4) on the percent axis.
  decimal: { ...PERCENT, factor: 100 },
  ratio: { key: 'ratio', label: 'Ratio', format: (v) => formatNumber(v, 2) },
  iv_points: { key: 'iv_points', label: 'IV points', format: (v) => formatNumber(v, 3) },
  delta: { key: 'delta', label: 'Change', format: (v) => formatNumber(v, 3) },
  '0-1': { key: '0-1', label: 'Score 0-1', format: (v) => formatNumber(v, 2) },
  '0-10': { key: '0-10', label: 'Score 0-10', format: (v) => formatNumber(v, 1) },
  score: { key: 'score', label: 'Score', format: (v) => formatNumber(v, 2) },
};

const FALLBACK: UnitAxis = { key: 'other', label: 'Value', format: formatCompact };

/** The axis a metric is drawn against. */
export function axisOf(metric: MetricKey): UnitAxis {
  return UNIT_AXES[METRIC_CATALOG[metric].unit] ?? FALLBACK;
}

/** Catalog metrics a line chart can show: every float metric (call_regime is a label). */
export const PLOTTABLE_METRICS: readonly MetricKey[] = (Object.keys(METRIC_CATALOG) as MetricKey[]).filter(
  (key) => METRIC_CATALOG[key].type === 'float',
);

export interface AxisGroup extends UnitAxis {
  metrics: MetricKey[];
}

/** The chosen metrics grouped by axis, axes in the order their first metric was chosen. */
export function groupByAxis(metrics: readonly MetricKey[]): AxisGroup[] {
  const groups: AxisGroup[] = [];
  for (const metric of metrics) {
    const axis = axisOf(metric);
    const group = groups.find((g) => g.key === axis.key);
    if (group) {
      if (!group.metrics.includes(metric)) group.metrics.push(metric);
    } else {
      groups.push({ ...axis, metrics: [metric] });
    }
  }
  return groups;
}

/** Seconds since the epoch at UTC midnight of a YYYY-MM-DD date (uPlot's time unit), or NaN. */
export function dateToSeconds(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
}

/**
 * Series points → [dates (s), one column per metric]. Points with a bad date are skipped, points
 * come out oldest first, and a value that is not a finite number becomes a gap (null).
 */
export function seriesColumns(
  points: readonly Record<string, unknown>[],
  metrics: readonly MetricKey[],
): [Float64Array, ...(number | null)[][]] {
  const rows = points
    .map((p) => ({ t: typeof p['date'] === 'string' ? dateToSeconds(p['date']) : NaN, p }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  const x = Float64Array.from(rows, (r) => r.t);
  const columns = metrics.map((metric) => {
    const factor = axisOf(metric).factor ?? 1;
    return rows.map((r) => {
      const v = r.p[metric];
      return typeof v === 'number' && Number.isFinite(v) ? v * factor : null;
    });
  });
  return [x, ...columns];
}

const nyDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The New York calendar date (YYYY-MM-DD) of an instant: the day a daily series point is filed under. */
export function marketDay(iso: string): string | null {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? nyDay.format(t) : null;
}
