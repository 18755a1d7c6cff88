import { describe, expect, it } from 'vitest';
import {
  gammaCurveQuerySchema,
  incomeQuerySchema,
  optionsVolumeQuerySchema,
  seriesQuerySchema,
  topSetupsQuerySchema,
} from '../../../src/client/query-params.ts';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('top-setups input', () => {
  it.each([
    [{}, true],
    [{ limit: 1 }, true],
    [{ limit: 200, min_score: 10, ttl: 1800 }, true],
    [{ regime: ['range_bound', 'flush_panic'], recommended_direction: ['long'] }, true],
    [{ trade_bias: ['fade_premium'], trend_state: ['sideways', 'custom_state'] }, true],
    [{ price_min: 20, price_max: 20 }, true],
    [{ limit: 0 }, false],
    [{ limit: 201 }, false],
    [{ limit: 2.5 }, false],
    [{ min_score: 10.5 }, false],
    [{ iv_rank_min: -1 }, false],
    [{ iv_rank_max: 101 }, false],
    [{ ttl: 1801 }, false],
    [{ regime: ['bull'] }, false],
    [{ regime: [] }, false],
    [{ recommended_direction: ['up'] }, false],
    [{ trend_state: ['a,b'] }, false],
    [{ price_min: 50, price_max: 20 }, false],
    [{ iv_rank_min: 70, iv_rank_max: 30 }, false],
    [{ min_scor: 3 }, false],
  ])('%j → %s', (q, want) => {
    expect(ok(topSetupsQuerySchema, q)).toBe(want);
  });
});

describe('income input', () => {
  it.each([
    [{ type: 'cc' }, true],
    [{ type: 'csp', limit: 2, min_income_score: 0 }, true],
    [{ type: 'put' }, false],
    [{ limit: 1 }, false],
    [{ limit: 51 }, false],
    [{ min_income_score: 11 }, false],
  ])('%j → %s', (q, want) => {
    expect(ok(incomeQuerySchema, q)).toBe(want);
  });
});

describe('per-ticker inputs', () => {
  it.each([
    [gammaCurveQuerySchema, { exp: 'first_weekly' }, true],
    [gammaCurveQuerySchema, { exp: '2025-03-21', realtime: true, view: 'naive' }, true],
    [gammaCurveQuerySchema, { exp: 'weekly' }, false],
    [gammaCurveQuerySchema, { exp: '2025-02-30' }, false],
    [gammaCurveQuerySchema, { view: 'fancy' }, false],
    [optionsVolumeQuerySchema, { exp: '2025-03-21' }, true],
    [optionsVolumeQuerySchema, { exp: 'nearest' }, true],
    [optionsVolumeQuerySchema, {}, false],
    [optionsVolumeQuerySchema, { exp: 'combined' }, false],
    [seriesQuerySchema, { metrics: ['price', 'pc_25d_ratio'], window: '2y' }, true],
    [seriesQuerySchema, { metrics: ['vanna'] }, false],
    [seriesQuerySchema, { window: 'forever' }, false],
  ] as const)('%#: %j → %s', (schema, q, want) => {
    expect(ok(schema, q)).toBe(want);
  });
});
