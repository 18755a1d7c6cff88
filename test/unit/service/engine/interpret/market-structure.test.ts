import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketStructureDataSchema } from '../../../../../src/shared/api/market-structure.ts';
import {
  flipContext,
  gammaTone,
  interpretMarketStructure,
  sentiment,
  skewTone,
  structureBias,
} from '../../../../../src/service/engine/interpret/market-structure.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';
import { arbitraryMetrics } from './arbitrary-metrics.ts';
import { nonFinitePaths } from './no-nan.ts';

const at = (flip: number, price = 100): Partial<TickerMetrics> => ({
  price,
  gex_flip: flip,
  dist_to_gex_flip_pct: ((flip - price) / price) * 100,
});

describe('flip_context', () => {
  it.each([
    // distance = (flip − spot) / spot: negative when spot is above the flip.
    [at(96), 'above_flip', -4],
    [at(99.5), 'at_flip', -0.5],
    [at(100.5), 'at_flip', 0.5],
    [at(100), 'at_flip', 0],
    [at(99.4), 'above_flip', -0.6],
    [at(103), 'below_flip', 3],
  ] as const)('%j → %s', (over, state, distance) => {
    const f = flipContext(makeTickerMetrics(over));
    expect(f?.state).toBe(state);
    expect(f?.distance_pct).toBeCloseTo(distance, 6);
  });

  it('is null without a flip', () => {
    expect(flipContext(makeTickerMetrics({ gex_flip: null, dist_to_gex_flip_pct: null }))).toBeNull();
  });
});

describe('gamma_tone', () => {
  it.each([
    [25e6, 0.2, 'positive'],
    [25e6, 1 / 3, 'strong_positive'],
    [25e6, 0.9, 'strong_positive'],
    [-25e6, -0.2, 'negative'],
    [-25e6, -0.5, 'strong_negative'],
    [-25e6, undefined, 'negative'], // older records: no imbalance, no "strong"
    [25e6, null, 'positive'],
  ] as const)('net %s, imbalance %s → %s', (net, imbalance, state) => {
    expect(
      gammaTone(makeTickerMetrics({ gex_usd_per_1_pct_move: net, gex_imbalance: imbalance }))?.state,
    ).toBe(state);
  });

  it('is null when there is no net gamma', () => {
    expect(gammaTone(makeTickerMetrics({ gex_usd_per_1_pct_move: 0 }))).toBeNull();
  });
});

describe('skew_tone', () => {
  it.each([
    [25, 'defensive'],
    [10, 'defensive'],
    [9.9, 'balanced'],
    [0.1, 'balanced'],
    [0, 'upside_leaning'],
    [-6, 'upside_leaning'],
  ] as const)('put premium %s percent → %s', (premium, state) => {
    const s = skewTone(makeTickerMetrics({ put_call_25d_iv_premium_pct: premium }));
    expect(s?.state).toBe(state);
    expect(s?.tags.length).toBeGreaterThan(0);
  });

  it('is null without 25-delta IVs', () => {
    expect(skewTone(makeTickerMetrics({ put_call_25d_iv_premium_pct: null }))).toBeNull();
  });
});

describe('sentiment', () => {
  it.each([
    [{ put_call_25d_iv_premium_pct: null, pcr_oi: null }, 'unknown'],
    [{ speculative_interest_score: 0.8 }, 'speculative'],
    [{ call_regime: 'call_chasing' }, 'speculative'],
    [{ put_call_25d_iv_premium_pct: 15, pcr_oi: 1.4 }, 'fearful'],
    [{ put_call_25d_iv_premium_pct: -2 }, 'bullish'],
    [{ pcr_oi: 0.6, call_regime: 'call_accumulation' }, 'bullish'],
    [{ put_call_25d_iv_premium_pct: 15, pcr_oi: 0.9 }, 'cautious'],
    [{ call_regime: 'put_dominant' }, 'cautious'],
    [{}, 'neutral'],
  ] as const)('%j → %s', (over, mood) => {
    const m = makeTickerMetrics(over);
    expect(sentiment(m, skewTone(m))).toBe(mood);
  });
});

describe('bias and structure regime', () => {
  const flip = (state: 'above_flip' | 'below_flip' | 'at_flip') => ({ state, label: '', distance_pct: 1 });
  const tone = (state: 'positive' | 'negative' | 'strong_positive' | 'strong_negative') => ({
    state,
    label: '',
  });
  it.each([
    [flip('above_flip'), tone('positive'), 'stabilizing'],
    [flip('above_flip'), tone('strong_positive'), 'stabilizing'],
    [flip('below_flip'), tone('negative'), 'fragile'],
    [flip('at_flip'), tone('negative'), 'neutral'],
    [flip('above_flip'), tone('negative'), 'mixed'],
    [flip('below_flip'), tone('strong_positive'), 'mixed'],
    [null, tone('positive'), 'stabilizing'],
    [null, null, 'neutral'],
  ] as const)('%j + %j → %s', (f, t, bias) => {
    expect(structureBias(f, t)).toBe(bias);
  });

  it.each([
    [
      { ...at(96), gex_usd_per_1_pct_move: 1e7, gex_imbalance: 0.6 },
      'pinned_positive_gamma',
      'fade_extremes',
    ],
    [{ ...at(96), gex_usd_per_1_pct_move: 1e7, gex_imbalance: 0.1 }, 'positive_gamma', 'range_trade'],
    [{ ...at(100.2), gex_usd_per_1_pct_move: 1e7 }, 'flip_transition', 'watch_flip'],
    [{ ...at(96), gex_usd_per_1_pct_move: -1e7 }, 'mixed_gamma', 'wait_for_confirmation'],
    [{ ...at(104), gex_usd_per_1_pct_move: -1e7, gex_imbalance: -0.1 }, 'negative_gamma', 'momentum_risk'],
    [
      { ...at(104), gex_usd_per_1_pct_move: -1e7, gex_imbalance: -0.7 },
      'unstable_negative_gamma',
      'breakout_risk',
    ],
    [{ gex_flip: null, dist_to_gex_flip_pct: null, gex_usd_per_1_pct_move: 0 }, 'undetermined', 'no_signal'],
  ] as const)('%j → %s / %s', (over, regime, signal) => {
    const d = interpretMarketStructure(makeTickerMetrics(over));
    expect(d.structure_regime).toBe(regime);
    expect(d.signal).toBe(signal);
    expect(d.tags).toContain(regime);
  });
});

describe('interpretMarketStructure', () => {
  it('quotes key levels as spot ± the expected 1σ moves', () => {
    const m = makeTickerMetrics();
    const d = interpretMarketStructure(m);
    const w = (100 * (m.expected_move_pct_1w as number)) / 100;
    expect(d.key_levels.spot).toBe(100);
    expect(d.key_levels.gamma_flip).toBe(96);
    expect(d.key_levels.plus_1sigma_1w).toBe(100 + w);
    expect(d.key_levels.minus_1sigma_1w).toBe(100 - w);
    expect(d.supporting_factors.expected_move_pct_1w).toBe(m.expected_move_pct_1w);
    expect([d.key_levels.call_wall, d.key_levels.put_wall, d.key_levels.max_pain]).toEqual([105, 95, 100]);
    expect(d.headline).toContain('4.00 % above its gamma flip $96.00');
  });

  it('explains what it could not read', () => {
    const d = interpretMarketStructure(
      makeTickerMetrics({
        gex_flip: null,
        gex_flip_reason: 'no sign change within ±20 %',
        dist_to_gex_flip_pct: null,
        put_call_25d_iv_premium_pct: null,
        notes: ['12 contracts without IV'],
      }),
    );
    expect(d.drivers.flip_context).toBeNull();
    expect(d.drivers.skew_tone).toBeNull();
    expect(d.confidence.notes).toEqual(
      expect.arrayContaining([
        '12 contracts without IV',
        'Flip context unavailable: no sign change within ±20 %',
        'Skew tone unavailable: no 25-delta IVs',
      ]),
    );
  });

  it('is valid, finite and deterministic for random inputs', () => {
    fc.assert(
      fc.property(arbitraryMetrics, (m) => {
        const d = interpretMarketStructure(m);
        marketStructureDataSchema.parse(d);
        expect(nonFinitePaths(d)).toEqual([]);
        expect(d.headline).not.toMatch(/NaN|undefined/);
        expect(interpretMarketStructure(m)).toEqual(d);
      }),
      { numRuns: 300 },
    );
  });
});
