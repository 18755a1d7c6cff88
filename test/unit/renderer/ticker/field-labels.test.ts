import { describe, expect, it } from 'vitest';
import type { AlertCondition } from '../../../../src/shared/alert-rules.ts';
import { METRIC_CATALOG, type MetricKey } from '../../../../src/shared/api/series.ts';
import { seriesSpec } from '../../../../src/renderer/features/charts/chart-catalog.ts';
import { PLOTTABLE_METRICS } from '../../../../src/renderer/features/charts/series/series-axes.ts';
import { IN_CONTROLS, NUMBER_CONTROLS } from '../../../../src/renderer/features/rankings/filter-model.ts';
import { filterPhrases } from '../../../../src/renderer/features/rankings/filter-text.ts';
import { describeCondition } from '../../../../src/renderer/features/alerts/rule-form.ts';
import { figureName } from '../../../../src/shared/figure-labels.ts';
import {
  FIELD_LABELS,
  labelInPhrase,
  labelOf,
  recordEntries,
  valueOf,
} from '../../../../src/renderer/features/ticker/field-labels.ts';

describe('labelOf', () => {
  it.each([
    ['dist_to_gex_flip_pct', 'Distance to flip'],
    ['put_call_iv_ratio_25delta', '25Δ put/call IV ratio'],
    ['atm_iv', 'ATM IV (30d)'],
    // The trade-setup payload's name of the speculative interest: one figure, one name.
    ['speculation_score', 'Speculative interest (0-1)'],
    ['gamma_flip_price', 'Gamma flip'],
    // Not listed: the generic humanizer, so a new field still reads.
    ['brand_new_metric_pct', 'Brand new metric %'],
  ])('%s → %s', (key, want) => {
    expect(labelOf(key)).toBe(want);
  });
});

// One table names a metric on every screen: the series picker (and its chart legend), Signals,
// the Rankings filters and the rule editor say the same words.
describe('one label per metric, everywhere', () => {
  it('every catalog metric has its own entry in a table (no generic humanizing)', () => {
    const missing = (Object.keys(METRIC_CATALOG) as MetricKey[]).filter(
      (k) => !(k in FIELD_LABELS) && figureName(k) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it.each<[MetricKey, string]>([
    ['put_call_25d_iv_ratio', '25Δ put/call IV ratio'],
    ['gex_usd_per_1_pct_move', 'Net GEX per 1% move'],
    ['atm_iv', 'ATM IV (30d)'],
    ['pcr_oi', 'Put/call OI'],
  ])('the series chart names %s as Signals does: %s', (metric, label) => {
    expect(seriesSpec([metric]).series.map((s) => s.label)).toEqual([label]);
    expect(labelOf(metric)).toBe(label);
  });

  it('every plottable metric reads the same in a series legend and a crossing rule', () => {
    for (const metric of PLOTTABLE_METRICS) {
      const legend = seriesSpec([metric]).series[0]?.label;
      const rule = describeCondition({
        kind: 'metric_threshold',
        metric,
        op: 'above',
        value: 1,
        hysteresis: 0,
      } as AlertCondition);
      expect(rule.startsWith(`${legend} crosses`)).toBe(true);
    }
  });

  it('the filters label their fields from the same table', () => {
    for (const control of IN_CONTROLS) expect(control.label).toBe(labelOf(control.key));
    const ivAtMax = NUMBER_CONTROLS.find((c) => c.key === 'ivAtMaxDelta_min');
    expect(ivAtMax?.name).toBe(labelOf('ivAtMaxDelta'));
    expect(filterPhrases({ trade_bias: ['fade_premium'], ivAtMaxDelta_max: 0.35 })).toEqual([
      'trade bias: fade premium',
      'IV at top Δ·OI strike ≤ 0.35',
    ]);
  });

  it.each([
    ['regime', 'regime'],
    ['iv_rank', 'IV rank'],
    ['put_call_25d_iv_ratio', '25Δ put/call IV ratio'],
    ['some_new_key', 'some new key'],
  ])('inside a phrase %s reads %s', (key, want) => {
    expect(labelInPhrase(key)).toBe(want);
  });
});

describe('valueOf', () => {
  it.each([
    ['put_call_iv_spread', 3.234, '+3.23 pts'],
    ['put_call_iv_spread', -1.5, '−1.50 pts'],
    ['put_call_iv_spread', null, '—'],
    ['dist_to_gex_flip_pct', -4.113, '−4.11%'],
    ['atm_iv', 0.1304, '13.0%'],
    ['price', 623.671, '$623.67'],
    ['call_25d_iv', 0.1234, '12.3%'],
    // The API's relative change reads in vol points, never a percent; without today's IV it cannot.
    ['iv_pct_chg', 0.03, '—'],
    ['put_call_25d_iv_premium_pct', 27.41, '+27.41%'],
    ['expected_move_pct_1d', 0.82, '±0.82%'],
    ['regime_confidence', 0.95, '95%'],
    ['simulated', true, 'Yes'],
  ])('%s = %s → %s', (key, value, want) => {
    expect(valueOf(key, value)).toBe(want);
  });
});

describe('recordEntries', () => {
  it.each([
    {
      name: 'omits identity fields and nested blobs, keeps lists',
      data: { ticker: 'SPY', asof: '2026-03-02T15:00:00Z', price: 600, call_diag: { a: 1 }, tags: ['x'] },
      omit: ['ticker', 'asof'],
      want: [
        ['Price', '$600.00', ''],
        ['Tags', 'x', ''],
      ],
    },
    {
      name: 'two names for one figure show once',
      data: { gamma_flip_price: 649.3, gex_flip: 649.3 },
      omit: [],
      want: [['Gamma flip', '$649.30', '']],
    },
    {
      // One sign everywhere: (flip − spot) / spot, positive with the flip above spot, whatever
      // convention the stored payload used (the watchlist showed −1.79 % here, the detail +1.79 %).
      name: 'the distance to flip takes its sign from the prices',
      data: { price: 600, gex_flip: 610.74, dist_to_gex_flip_pct: -1.79 },
      omit: [],
      want: [
        ['Price', '$600.00', ''],
        ['Gamma flip', '$610.74', ''],
        ['Distance to flip', '+1.79%', ''],
      ],
    },
    {
      name: 'two names with different values both show, each named',
      data: { gamma_flip_price: 649.3, gex_flip: 650 },
      omit: [],
      want: [
        ['Gamma flip', '$649.30', ''],
        ['Gamma flip (gex_flip)', '$650.00', ''],
      ],
    },
    {
      // The flip's side is explained in words (the tooltip), not coloured good or bad.
      name: 'signed changes and the gamma regime are toned, the flip distance is not',
      data: { dist_to_gex_flip_pct: -4.1, gamma_regime: 'positive', put_call_ratio_oi_30day_change: 0.2 },
      omit: [],
      want: [
        ['Distance to flip', '−4.10%', ''],
        ['Gamma regime', 'Positive', 'pos'],
        ['Put/call OI, 30-day change', '0.20', 'pos'],
      ],
    },
  ])('$name', ({ data, omit, want }) => {
    const entries = recordEntries(data, omit);
    expect(entries.map((e) => [e.label, e.value, e.tone])).toEqual(want);
    // Labels key the list on screen: they must be unique.
    expect(new Set(entries.map((e) => e.label)).size).toBe(entries.length);
  });
});

describe('the distance to flip explains its sign on hover', () => {
  it.each([
    [
      { price: 600, gex_flip: 610.74, dist_to_gex_flip_pct: 1.79 },
      /^\+1\.79%: the flip is 1\.79% above spot\./,
    ],
    [
      { price: 600, gex_flip: 589.26, dist_to_gex_flip_pct: 1.79 },
      /^−1\.79%: the flip is 1\.79% below spot\./,
    ],
  ])('%o', (data, title) => {
    const entry = recordEntries(data, []).find((e) => e.label === 'Distance to flip');
    expect(entry?.title).toMatch(title);
  });
});

// One unit per figure on the Signals and State tabs.
describe('units by ticker and vol points', () => {
  it.each([
    ['a stock: levels in $', { ticker: 'SPY', price: 663.6, gex_flip: 680.5 }, ['$663.60', '$680.50']],
    [
      'an index: levels in points',
      { ticker: 'SPX', price: 5912.4, gex_flip: 5950 },
      ['5,912.40', '5,950.00'],
    ],
    [
      'an index, caret spelling',
      { ticker: '^NDX', price: 21000, gex_flip: 20500.25 },
      ['21,000.00', '20,500.25'],
    ],
  ])('%s', (_name, data, want) => {
    const entries = recordEntries(data, ['ticker']);
    expect(['Price', 'Gamma flip'].map((l) => entries.find((e) => e.label === l)?.value)).toEqual(want);
  });

  it.each([
    // 13.0 % today after 13.07 %: −0.54 % relative is −0.07 vol points.
    [0.13, -0.54, '−0.07 pts'],
    [0.2951, 11.1, '+2.95 pts'],
    [0.25, 0, '0.00 pts'],
    [null, 1.2, '—'],
  ])('ATM IV %s, change %s%% → %s', (atm_iv, iv_pct_chg, want) => {
    const entries = recordEntries({ atm_iv, iv_pct_chg }, []);
    expect(entries.find((e) => e.label === 'ATM IV change')?.value).toBe(want);
  });

  it('every figure label carries its definition on hover', () => {
    const entries = recordEntries({ ivAtMaxDelta: 0.31, gex_usd_per_1_pct_move: 1.2e9 }, []);
    expect(entries.map((e) => e.label)).toEqual(['IV at top Δ·OI strike', 'Net GEX per 1% move']);
    expect(entries[0]?.title).toMatch(/largest \|delta\| × open interest/);
    expect(entries[1]?.title).toMatch(/^Net dealer gamma exposure/);
  });
});
