import { describe, expect, it } from 'vitest';
import type { MetricKey } from '../../../../src/shared/api/series.ts';
import {
  MAX_SERIES_METRICS,
  toggleMetric,
  withWindow,
  type SeriesChoice,
} from '../../../../src/renderer/features/charts/series/series-choice.ts';
import { PLOTTABLE_METRICS } from '../../../../src/renderer/features/charts/series/series-axes.ts';

const choice = (metrics: MetricKey[]): SeriesChoice => ({ metrics, window: '180d' });
const twelve = PLOTTABLE_METRICS.slice(0, MAX_SERIES_METRICS);
const thirteenth = PLOTTABLE_METRICS[MAX_SERIES_METRICS] as MetricKey;

describe('toggleMetric', () => {
  it.each<[string, MetricKey[], MetricKey, MetricKey[]]>([
    ['adds a metric at the end', ['price'], 'iv_rank', ['price', 'iv_rank']],
    ['removes a shown metric', ['price', 'iv_rank'], 'price', ['iv_rank']],
    ['keeps the last metric', ['price'], 'price', ['price']],
    ['adds nothing past the limit', twelve, thirteenth, twelve],
    ['still removes at the limit', twelve, twelve[0] as MetricKey, twelve.slice(1)],
  ])('%s', (_name, metrics, metric, expected) => {
    const out = toggleMetric(choice(metrics), metric);
    expect(out.metrics).toEqual(expected);
    expect(out.window).toBe('180d');
  });

  it('answers the same object when nothing changes, so the query does not reload', () => {
    const c = choice(['price']);
    expect(toggleMetric(c, 'price')).toBe(c);
    expect(withWindow(c, '180d')).toBe(c);
    expect(withWindow(c, '2y')).toEqual({ metrics: ['price'], window: '2y' });
  });
});
