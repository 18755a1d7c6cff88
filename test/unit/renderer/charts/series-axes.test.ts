import { describe, expect, it } from 'vitest';
import { METRIC_CATALOG, type MetricKey } from '../../../../src/shared/api/series.ts';
import {
  axisOf,
  dateToSeconds,
  groupByAxis,
  marketDay,
  PLOTTABLE_METRICS,
  seriesColumns,
} from '../../../../src/renderer/features/charts/series/series-axes.ts';
import { seriesSpec } from '../../../../src/renderer/features/charts/chart-catalog.ts';

describe('catalog → axes', () => {
  it.each<[MetricKey[], string[][]]>([
    [['price', 'gex_flip'], [['price', 'gex_flip']]],
    [
      ['price', 'iv_rank', 'gex_flip'],
      [['price', 'gex_flip'], ['iv_rank']],
    ],
    // pct, percent and pct_annualized are one unit: percent.
    [
      ['iv_pct_chg', 'pct_gamma_expiring', 'realized_vol_20d'],
      [['iv_pct_chg', 'pct_gamma_expiring', 'realized_vol_20d']],
    ],
    [
      ['pcr_oi', 'pcr_volume', 'put_call_25d_iv_ratio', 'gex_volume_ratio'],
      [['pcr_oi', 'pcr_volume', 'put_call_25d_iv_ratio', 'gex_volume_ratio']],
    ],
    [
      ['gex_usd_per_1_pct_move', 'nearest_gex_usd_per_1_pct_move', 'price'],
      [['gex_usd_per_1_pct_move', 'nearest_gex_usd_per_1_pct_move'], ['price']],
    ],
    // Scores on different ranges do not share an axis.
    [
      ['opportunity_score', 'trend_score', 'speculative_interest_score'],
      [['opportunity_score'], ['trend_score'], ['speculative_interest_score']],
    ],
    [['price', 'price'], [['price']]],
    // Every volatility on one percent axis, so IV and realized vol compare by eye.
    [['atm_iv', 'realized_vol_20d'], [['atm_iv', 'realized_vol_20d']]],
    [
      ['price', 'atm_iv', 'iv_rank', 'realized_vol_20d'],
      [['price'], ['atm_iv', 'realized_vol_20d'], ['iv_rank']],
    ],
  ])('%j → %j', (metrics, groups) => {
    expect(groupByAxis(metrics).map((g) => g.metrics)).toEqual(groups);
  });

  it('gives every plottable catalog metric a known axis (no "other" fallback)', () => {
    for (const metric of PLOTTABLE_METRICS) expect(axisOf(metric).key, metric).not.toBe('other');
  });

  it('offers every float metric and leaves the string metric out', () => {
    const floats = (Object.keys(METRIC_CATALOG) as MetricKey[]).filter(
      (k) => METRIC_CATALOG[k].type === 'float',
    );
    expect([...PLOTTABLE_METRICS].sort()).toEqual(floats.sort());
    expect(PLOTTABLE_METRICS).not.toContain('call_regime');
  });

  it.each<[MetricKey, number, string]>([
    ['price', 512.3, '512.30'],
    ['iv_rank', 42, '42'],
    ['iv_rank', 32.5, '32.5'],
    // Axis values: ATM IV is scaled to percent before it is drawn (see the percent-axis cases).
    ['atm_iv', 28.4, '28.4%'],
    ['realized_vol_20d', 18.25, '18.3%'],
    ['gex_usd_per_1_pct_move', 1.23e9, '$1.2B'],
    ['pcr_oi', 0.9234, '0.92'],
  ])('formats %s %d as %s', (metric, value, text) => {
    expect(axisOf(metric).format(value)).toBe(text);
  });
});

describe('seriesSpec', () => {
  it('puts each metric on its unit axis, axes alternating left and right', () => {
    const spec = seriesSpec(['price', 'iv_rank', 'gex_flip', 'put_call_25d_iv_ratio']);
    expect(spec.series.map((s) => [s.key, s.scale])).toEqual([
      ['price', 'usd'],
      ['iv_rank', '0-100'],
      ['gex_flip', 'usd'],
      ['put_call_25d_iv_ratio', 'ratio'],
    ]);
    expect(spec.axes.map((a) => [a.scale, a.side])).toEqual([
      ['usd', 'left'],
      ['0-100', 'right'],
      ['ratio', 'left'],
    ]);
    // An axis with one metric takes that metric's colour; a shared one stays neutral.
    expect(spec.axes[0]?.color).toBeUndefined();
    expect(spec.axes[1]?.color).toBe(spec.series[1]?.color);
  });

  it('never uses the regime colours for series lines', () => {
    const spec = seriesSpec(PLOTTABLE_METRICS.slice(0, 8));
    for (const s of spec.series) expect(['--pos', '--neg']).not.toContain(s.color);
  });
});

describe('volatility in percent', () => {
  it('draws ATM IV (a decimal) and realized vol (percent) on the same percent axis, IV × 100', () => {
    const [, iv, rv] = seriesColumns(
      [{ date: '2026-03-02', atm_iv: 0.284, realized_vol_20d: 18.25 }],
      ['atm_iv', 'realized_vol_20d'],
    );
    expect(iv).toEqual([28.4]);
    expect(rv).toEqual([18.25]);
    const spec = seriesSpec(['atm_iv', 'realized_vol_20d']);
    expect(spec.axes).toHaveLength(1);
    expect(spec.axes[0]?.label).toBe('%');
    expect(spec.series.map((s) => s.scale)).toEqual(['percent', 'percent']);
    expect(spec.series[0]?.format(iv?.[0] as number)).toBe('28.4%');
  });
});

describe('series points → columns', () => {
  it('orders by date, skips bad dates, turns non-numbers into gaps', () => {
    const [x, price, rank] = seriesColumns(
      [
        { date: '2026-03-03', price: 101, iv_rank: null },
        { date: 'not a date', price: 1, iv_rank: 1 },
        { date: '2026-03-02', price: 100, iv_rank: 'n/a' },
      ],
      ['price', 'iv_rank'],
    );
    expect([...x]).toEqual([dateToSeconds('2026-03-02'), dateToSeconds('2026-03-03')]);
    expect(price).toEqual([100, 101]);
    expect(rank).toEqual([null, null]);
  });

  it.each([
    ['2026-03-02', Date.UTC(2026, 2, 2) / 1000],
    ['2026-3-2', NaN],
    ['', NaN],
  ])('dateToSeconds(%j)', (date, want) => {
    expect(dateToSeconds(date)).toBe(want);
  });

  it.each([
    // 01:30 UTC on Mar 3 is still Mar 2 in New York.
    ['2026-03-03T01:30:00Z', '2026-03-02'],
    ['2026-03-03T15:00:00Z', '2026-03-03'],
    ['garbage', null],
  ])('marketDay(%s) = %s', (iso, day) => {
    expect(marketDay(iso)).toBe(day);
  });
});
