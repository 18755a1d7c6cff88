// What the series section shows: which catalog metrics, over which window; and how that choice
// changes. Pure, so the rules are unit-tested without a bridge.
import { DEFAULT_SERIES_METRICS, type MetricKey } from '../../../../shared/api/series.ts';

export const SERIES_WINDOWS = ['30d', '180d', '2y'] as const;
export type SeriesWindow = (typeof SERIES_WINDOWS)[number];

/** The bridge takes at most 12 metrics per call. */
export const MAX_SERIES_METRICS = 12;

export interface SeriesChoice {
  metrics: readonly MetricKey[];
  window: SeriesWindow;
}

export const DEFAULT_SERIES_CHOICE: SeriesChoice = { metrics: DEFAULT_SERIES_METRICS, window: '180d' };

/** Adds or removes a metric; the last one stays (a chart of nothing is not a choice), at most 12. */
export function toggleMetric(choice: SeriesChoice, metric: MetricKey): SeriesChoice {
  const has = choice.metrics.includes(metric);
  if (has && choice.metrics.length === 1) return choice;
  if (!has && choice.metrics.length >= MAX_SERIES_METRICS) return choice;
  const metrics = has ? choice.metrics.filter((m) => m !== metric) : [...choice.metrics, metric];
  return { ...choice, metrics };
}

export function withWindow(choice: SeriesChoice, window: SeriesWindow): SeriesChoice {
  return window === choice.window ? choice : { ...choice, window };
}
