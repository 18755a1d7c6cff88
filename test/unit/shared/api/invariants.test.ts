import { describe, expect, it } from 'vitest';
import {
  checkBucketSums,
  checkExpectedMovePct,
  checkFlipDistancePct,
  checkGammaRegime,
  checkIncomeSetups,
  checkMarketStructureData,
  checkOptionsVolume,
  checkSeriesOrder,
  checkSignalsData,
  checkTopSetups,
  checkTradeSetupData,
  comparePct,
  gammaRegimeOf,
  incomeResponseSchema,
  marketStructureDataSchema,
  optionsVolumeDataSchema,
  seriesDataSchema,
  topSetupsResponseSchema,
  type GammaExpirationPoint,
} from '../../../../src/shared/api/index.ts';
import * as p from '../../../support/client-payloads.ts';

const rules = (vs: { rule: string }[]) => vs.map((v) => v.rule);

describe('gammaRegimeOf (trade-setup rules 1-3)', () => {
  it.each([
    [100, 95, 'positive'],
    [90, 95, 'negative'],
    [95, 95, 'neutral'],
    [null, 95, 'unknown'],
    [100, null, 'unknown'],
    [undefined, undefined, 'unknown'],
    [Number.NaN, 95, 'unknown'],
  ] as const)('spot %s, flip %s → %s', (spot, flip, want) => {
    expect(gammaRegimeOf(spot, flip)).toBe(want);
  });
});

describe('checkGammaRegime', () => {
  it.each([
    ['positive', 100, 95, 0],
    ['negative', 100, 95, 1],
    ['unknown', 100, null, 0],
    ['positive', 100, null, 1],
    ['neutral', 95, 95, 0],
  ] as const)('%s with spot %s and flip %s → %i violations', (regime, price, flip, n) => {
    expect(checkGammaRegime({ gamma_regime: regime, price }, flip)).toHaveLength(n);
  });

  it('says nothing when the record carries no regime', () => {
    expect(checkGammaRegime({ price: 100 }, 95)).toEqual([]);
  });
});

describe('checkBucketSums', () => {
  const point = (combined: number, parts: [number, number, number, number]): GammaExpirationPoint => ({
    strike: 100,
    combined,
    nearest: parts[0],
    first_weekly: parts[1],
    first_monthly: parts[2],
    all_other_expiries: parts[3],
  });

  it.each([
    ['exact', point(10, [1, 2, 3, 4]), 0],
    ['negative buckets', point(-1, [1, -2, 3, -3]), 0],
    ['float rounding', point(0.3, [0.1, 0.2, 0, 0]), 0],
    ['tiny relative error', point(1e9, [2.5e8, 2.5e8, 2.5e8, 2.5e8 + 1]), 0],
    ['off by 1 %', point(10, [1, 2, 3, 4.1]), 1],
    ['missing residual', point(10, [1, 2, 3, 0]), 1],
    ['all zero', point(0, [0, 0, 0, 0]), 0],
  ])('%s → %i violations', (_name, pt, n) => {
    expect(checkBucketSums([pt])).toHaveLength(n);
  });

  it('reports the strike index in the path', () => {
    const ok = point(10, [1, 2, 3, 4]);
    const bad = point(10, [1, 1, 1, 1]);
    expect(checkBucketSums([ok, bad, ok])[0]?.path).toBe('data.points.1');
  });

  it('passes the consistent fixture', () => {
    expect(checkBucketSums(p.gammaExpirationsResponse().data.points)).toEqual([]);
  });
});

describe('percent units', () => {
  it.each([
    [5, 5, 'ok'],
    [5.04, 5, 'ok'],
    [0.05, 5, 'fraction'],
    [2, 5, 'mismatch'],
    [0, 0, 'ok'],
    [0.0004, 0.04, 'mismatch'], // too small to tell a fraction from noise
  ] as const)('reported %s vs implied %s → %s', (reported, implied, want) => {
    expect(comparePct(reported, implied)).toBe(want);
  });

  it.each([
    ['spot − flip over spot', 100, 95, 5, 0],
    ['flip − spot (other sign convention)', 100, 95, -5, 0],
    ['over the flip', 100, 95, 5.263, 0],
    ['decimal fraction', 100, 95, 0.05, 1],
    ['unrelated number', 100, 95, 12, 1],
    ['no flip', 100, null, 0.05, 0],
  ] as const)('flip distance, %s', (_name, spot, flip, dist, n) => {
    const vs = checkFlipDistancePct(spot, flip, dist, 'x');
    expect(vs).toHaveLength(n);
    if (n) expect(vs[0]?.rule).toBe('pct_units');
  });

  it('names the fraction slip', () => {
    expect(checkFlipDistancePct(100, 95, 0.05, 'x')[0]?.message).toMatch(/decimal fraction/);
  });

  it.each([
    ['matches both sides', 1.5, 101.5, 98.5, 0],
    ['matches the upper side only', 1.5, 101.5, 98.2, 0],
    ['a fraction', 0.015, 101.5, 98.5, 1],
    ['no levels to compare', 0.015, null, null, 0],
  ] as const)('expected move, %s', (_name, pct, plus, minus, n) => {
    expect(checkExpectedMovePct(100, plus, minus, pct, 'x')).toHaveLength(n);
  });
});

describe('per-resource checks on the fixtures', () => {
  it('trade setup, signals, market structure are clean', () => {
    expect(checkTradeSetupData(p.tradeSetupResponse().data)).toEqual([]);
    expect(checkSignalsData(p.signalsResponse().data)).toEqual([]);
    expect(
      checkMarketStructureData(marketStructureDataSchema.parse(p.marketStructureResponse().data)),
    ).toEqual([]);
  });

  it('flags a trade setup whose regime contradicts spot vs flip and whose distance is a fraction', () => {
    const data = { ...p.tradeSetupResponse().data, gamma_regime: 'negative', dist_to_gex_flip_pct: 0.05 };
    expect(rules(checkTradeSetupData(data)).sort()).toEqual(['gamma_regime', 'pct_units']);
  });

  it('flags market structure with fraction-unit expected moves and a wrong flip context', () => {
    const raw = p.marketStructureResponse().data;
    raw.supporting_factors.expected_move_pct_1d /= 100;
    raw.drivers.flip_context.state = 'below_flip';
    const vs = checkMarketStructureData(marketStructureDataSchema.parse(raw));
    expect(rules(vs).sort()).toEqual(['flip_context', 'pct_units']);
    expect(vs.find((v) => v.rule === 'pct_units')?.path).toBe('data.supporting_factors.expected_move_pct_1d');
  });

  it('top setups: sorted, above min_score, count matches', () => {
    const r = topSetupsResponseSchema.parse(p.topSetupsResponse());
    expect(checkTopSetups(r.meta, r.data.items)).toEqual([]);
  });

  it('top setups: flags an item out of order, below the floor, and a wrong count', () => {
    const r = topSetupsResponseSchema.parse(p.topSetupsResponse());
    const items = [...r.data.items].reverse();
    expect(rules(checkTopSetups({ ...r.meta, min_score: 6, count: 2 }, items)).sort()).toEqual([
      'count',
      'min_score',
      'sort_order',
      'sort_order',
    ]);
  });

  it('top setups: flags more items than the limit', () => {
    const r = topSetupsResponseSchema.parse(p.topSetupsResponse());
    expect(rules(checkTopSetups({ ...r.meta, limit: 2 }, r.data.items))).toEqual(['limit']);
  });

  it('income: at most one cc and one csp per ticker, sorted', () => {
    const r = incomeResponseSchema.parse(p.incomeResponse());
    expect(checkIncomeSetups(r.meta, r.data.items)).toEqual([]);
    const dup = incomeResponseSchema.parse({
      ...p.incomeResponse(),
      data: {
        items: [p.incomeItem('SPY', 'csp', 7), p.incomeItem('SPY', 'csp', 6), p.incomeItem('SPY', 'cc', 5)],
      },
    });
    const vs = checkIncomeSetups({ ...dup.meta, count: 3 }, dup.data.items);
    expect(rules(vs)).toEqual(['rows_per_ticker']);
    expect(vs[0]?.path).toBe('data.items.1');
  });

  it('income: flags rows out of order and below min_income_score', () => {
    const r = incomeResponseSchema.parse(p.incomeResponse());
    const items = [...r.data.items].reverse();
    expect(rules(checkIncomeSetups({ ...r.meta, min_income_score: 6 }, items))).toContain('sort_order');
    expect(rules(checkIncomeSetups({ ...r.meta, min_income_score: 6 }, items))).toContain('min_score');
  });

  it('options volume: totals add up; a wrong total is flagged', () => {
    const data = optionsVolumeDataSchema.parse(p.optionsVolumeResponse().data);
    expect(checkOptionsVolume(data)).toEqual([]);
    const bad = structuredClone(data);
    (bad.points[0] as { total: number }).total += 1;
    expect(rules(checkOptionsVolume(bad))).toEqual(['volume_total']);
    const badTotals = { ...structuredClone(data), totals: { call_volume: 1, put_volume: 1, total: 2 } };
    expect(rules(checkOptionsVolume(badTotals))).toEqual(['volume_totals']);
  });

  it('series: dates strictly ascending', () => {
    const data = seriesDataSchema.parse(p.seriesResponse().data);
    expect(checkSeriesOrder(data)).toEqual([]);
    const swapped = {
      ...data,
      points: [data.points[1], data.points[0], data.points[2]].filter((x) => x !== undefined),
    };
    expect(rules(checkSeriesOrder(swapped))).toEqual(['series_order']);
  });
});
