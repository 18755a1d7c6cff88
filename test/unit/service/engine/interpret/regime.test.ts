import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGIME_LABELS } from '../../../../../src/shared/api/enums.ts';
import { classifyRegime, REGIME_MODEL_VERSION } from '../../../../../src/service/engine/interpret/regime.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';
import { arbitraryMetrics } from './arbitrary-metrics.ts';

const up = { trend_score: 2.2, trend_state: 'up' } as const;
const down = { trend_score: -2.2, trend_state: 'down' } as const;
const flat = { trend_score: 0.1, trend_state: 'sideways' } as const;
const calm = { realized_vol_state: 'subdued', realized_vol_score: -0.6, iv_rank: 25 } as const;
const stormy = { realized_vol_state: 'elevated', realized_vol_score: 0.7, iv_rank: 75 } as const;

const cases: [string, Partial<TickerMetrics>, string][] = [
  ['calm up-trend', { ...up, ...calm }, 'trending_low_vol'],
  ['stormy up-trend', { ...up, ...stormy }, 'trending_high_vol'],
  ['up-trend with calm tape but IV rank ≥ 80', { ...up, ...calm, iv_rank: 85 }, 'trending_high_vol'],
  ['calm range', { ...flat, ...calm }, 'range_bound'],
  ['stormy range', { ...flat, ...stormy }, 'choppy_volatile'],
  ['calm down-trend', { ...down, ...calm }, 'trending_down_low_vol'],
  ['stormy down-trend', { ...down, ...stormy }, 'trending_down_high_vol'],
  [
    'oversold, stormy down-trend',
    { ...down, ...stormy, extension_state: 'oversold', extension_score: -3.4 },
    'flush_panic',
  ],
  [
    'oversold, stormy range',
    { ...flat, ...stormy, extension_state: 'oversold', extension_score: -2.5 },
    'flush_panic',
  ],
  [
    'oversold but calm: not a panic',
    { ...down, ...calm, extension_state: 'oversold', extension_score: -2.5 },
    'trending_down_low_vol',
  ],
  [
    'oversold up-trend: a pullback, not a panic',
    { ...up, ...stormy, extension_state: 'oversold' },
    'trending_high_vol',
  ],
  [
    'range with vol expanding from a low (score < 0): calm',
    { ...flat, realized_vol_state: 'expanding', realized_vol_score: -0.2, iv_rank: 40 },
    'range_bound',
  ],
  [
    'range with vol expanding above its usual level: stormy',
    { ...flat, realized_vol_state: 'expanding', realized_vol_score: 0.2, iv_rank: 40 },
    'choppy_volatile',
  ],
  [
    'up-trend with vol expanding from a low: calm',
    { ...up, realized_vol_state: 'expanding', realized_vol_score: -0.4, iv_rank: 20 },
    'trending_low_vol',
  ],
  [
    'no realized-vol state, IV rank 60',
    { ...flat, realized_vol_state: null, realized_vol_score: null, iv_rank: 60 },
    'choppy_volatile',
  ],
  [
    'no realized-vol state, IV rank 30',
    { ...flat, realized_vol_state: null, realized_vol_score: null, iv_rank: 30 },
    'range_bound',
  ],
  [
    'no history, negative gamma',
    { trend_score: null, trend_state: null, gamma_regime: 'negative' },
    'choppy_volatile',
  ],
  [
    'no history, positive gamma',
    { trend_score: null, trend_state: null, gamma_regime: 'positive' },
    'range_bound',
  ],
  [
    'no history, unknown gamma',
    { trend_score: null, trend_state: null, gamma_regime: 'unknown' },
    'range_bound',
  ],
];

describe('classifyRegime', () => {
  it.each(cases)('%s → %s', (_name, over, label) => {
    expect(classifyRegime(makeTickerMetrics(over)).label).toBe(label);
  });

  it('reaches every one of the seven labels', () => {
    const reached = new Set(cases.map(([, over]) => classifyRegime(makeTickerMetrics(over)).label));
    expect([...reached].sort()).toEqual([...REGIME_LABELS].sort());
  });

  it('is more confident when the inputs clear the thresholds by more and gamma agrees', () => {
    const clear = classifyRegime(
      makeTickerMetrics({ ...up, trend_score: 2.5, ...calm, gamma_regime: 'positive' }),
    );
    const marginal = classifyRegime(
      makeTickerMetrics({ ...up, trend_score: 1.05, ...calm, realized_vol_score: -0.05 }),
    );
    const against = classifyRegime(
      makeTickerMetrics({ ...up, trend_score: 2.5, ...calm, gamma_regime: 'negative' }),
    );
    expect(clear.confidence).toBeGreaterThan(marginal.confidence);
    expect(clear.confidence).toBeGreaterThan(against.confidence);
    expect(clear.reasons.some((r) => r.includes('supports'))).toBe(true);
    expect(against.reasons.some((r) => r.includes('argues against'))).toBe(true);
  });

  it('caps the confidence of the gamma-only fallback at 0.25 and says why', () => {
    const r = classifyRegime(
      makeTickerMetrics({ trend_score: null, trend_state: null, gamma_regime: 'negative' }),
    );
    expect(r.confidence).toBeLessThanOrEqual(0.25);
    expect(r.reasons[0]).toContain('No trend history');
  });

  it('names its version', () => {
    expect(REGIME_MODEL_VERSION).toMatch(/^regime-\d+\.\d+\.\d+$/);
  });

  it('is deterministic with confidence in [0, 1] for random inputs', () => {
    fc.assert(
      fc.property(arbitraryMetrics, (m) => {
        const r = classifyRegime(m);
        expect(REGIME_LABELS).toContain(r.label);
        expect(r.confidence).toBeGreaterThanOrEqual(0);
        expect(r.confidence).toBeLessThanOrEqual(1);
        expect(r.reasons.length).toBeGreaterThan(0);
        expect(r.reasons.join(' ')).not.toMatch(/NaN|undefined/);
        expect(classifyRegime(m)).toEqual(r);
      }),
      { numRuns: 200 },
    );
  });
});
