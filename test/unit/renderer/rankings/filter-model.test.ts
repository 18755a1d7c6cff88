import { describe, expect, it } from 'vitest';
import {
  NUMBER_CONTROLS,
  applyOverrides,
  boundText,
  chipsOf,
  emptyExplanation,
  hashOf,
  overridesOf,
  parseBound,
  toggleValue,
} from '../../../../src/renderer/features/rankings/filter-model.ts';
import type { TopSetupsFilters } from '../../../../src/shared/bridge/rankings.ts';

const control = (key: string) => NUMBER_CONTROLS.find((c) => c.key === key)!;

describe('chips: the active filters in words', () => {
  it.each([
    [{}, []],
    [{ regime: ['range_bound'] }, ['Regime: Range bound']],
    [{ trade_bias: ['long_breakout', 'fade_premium'] }, ['Trade bias: Long breakout, Fade premium']],
    [{ recommended_direction: ['short'] }, ['Direction: Short']],
    [{ realized_vol_state: ['subdued'] }, ['Realized vol: Subdued']],
    [{ price_min: 20, price_max: 300 }, ['Price ≥ $20', 'Price ≤ $300']],
    [{ iv_rank_min: 50 }, ['IV rank ≥ 50']],
    [{ ivAtMaxDelta_max: 0.35 }, ['IV at top Δ·OI strike ≤ 35%']],
    [{ min_score: 6.5 }, ['Score ≥ 6.5']],
    [{ limit: 50, regime: [] }, []],
  ] as [TopSetupsFilters, string[]][])('%o → %o', (filters, want) => {
    expect(chipsOf(filters).map((c) => c.text)).toEqual(want);
  });

  it('never shows a raw key or snake_case value', () => {
    const all: TopSetupsFilters = {
      regime: ['trending_down_high_vol'],
      trade_bias: ['reversal_caution'],
      momentum_state: ['improving'],
      ivAtMaxDelta_min: 0.2,
      iv_rank_max: 80,
    };
    for (const chip of chipsOf(all)) expect(chip.text).not.toMatch(/_|ivAt/);
  });
});

describe('typed bounds', () => {
  it.each([
    ['iv_rank_min', '50', {}, { ok: true, value: 50 }],
    ['iv_rank_min', '', { iv_rank_min: 40 }, { ok: true, value: undefined }],
    ['iv_rank_min', 'abc', {}, { ok: false, message: 'IV rank from: enter a number' }],
    ['iv_rank_max', '120', {}, { ok: false, message: 'IV rank is between 0 and 100' }],
    ['price_min', '-5', {}, { ok: false, message: 'Price cannot be negative' }],
    ['min_score', '11', {}, { ok: false, message: 'Score is between 0 and 10' }],
    ['price_min', '400', { price_max: 300 }, { ok: false, message: 'Price from must not be above $300' }],
    ['iv_rank_max', '10', { iv_rank_min: 30 }, { ok: false, message: 'IV rank to must not be below 30' }],
    ['ivAtMaxDelta_min', '25', {}, { ok: true, value: 0.25 }],
  ] as const)('%s = %j with %o', (key, text, filters, want) => {
    expect(parseBound(control(key), text, filters as TopSetupsFilters)).toEqual(want);
  });

  it('shows IV at max Δ in percent', () => {
    expect(boundText(control('ivAtMaxDelta_min'), { ivAtMaxDelta_min: 0.285 })).toBe('28.5');
    expect(boundText(control('price_max'), {})).toBe('');
  });
});

describe('list filters', () => {
  it('adds and removes one value at a time; an empty list is no filter', () => {
    const one = toggleValue({}, 'regime', 'range_bound');
    expect(one).toEqual({ regime: ['range_bound'] });
    const two = toggleValue(one, 'regime', 'flush_panic');
    expect(two.regime).toEqual(['range_bound', 'flush_panic']);
    expect(toggleValue(one, 'regime', 'range_bound')).toEqual({});
  });
});

describe('screener overrides', () => {
  const preset: TopSetupsFilters = { regime: ['range_bound'], iv_rank_min: 50, price_min: 25, min_score: 4 };
  it.each([
    ['unchanged', preset, {}],
    ['a changed bound', { ...preset, iv_rank_min: 30 }, { iv_rank_min: 30 }],
    ['a removed bound', { regime: ['range_bound'], price_min: 25, min_score: 4 }, { iv_rank_min: null }],
    ['a removed list', { iv_rank_min: 50, price_min: 25, min_score: 4 }, { regime: [] }],
    ['an added filter', { ...preset, trade_bias: ['fade_premium'] }, { trade_bias: ['fade_premium'] }],
  ] as [string, TopSetupsFilters, object][])('%s', (_name, current, want) => {
    const overrides = overridesOf(preset, current);
    expect(overrides).toEqual(want);
    // …and laying them over the preset gives back what is on screen.
    expect(applyOverrides(preset, overrides)).toEqual(current);
  });
});

describe('the empty result', () => {
  it.each([
    [
      [{ key: 'iv_rank_min', value: 50, excluded: 31, total: 40 }],
      'No tickers match. Most excluded by: IV rank ≥ 50 (31 of 40)',
    ],
    [
      [{ key: 'regime', value: ['range_bound'], excluded: 12, total: 20 }],
      'No tickers match. Most excluded by: Regime: Range bound (12 of 20)',
    ],
    [[], null],
    [undefined, null],
  ] as const)('%o → %s', (exclusions, want) => {
    expect(emptyExplanation(exclusions as never)).toBe(want);
  });
});

describe('pasted links', () => {
  it.each([
    [
      'http://127.0.0.1:4000/#/rankings/top_setups?regime=range_bound',
      '#/rankings/top_setups?regime=range_bound',
    ],
    ['#/rankings/screeners?preset=trend_pullback', '#/rankings/screeners?preset=trend_pullback'],
    ['/rankings/top_setups', '#/rankings/top_setups'],
    ['#/ticker/SPY/overview', null],
    ['hello', null],
  ])('%s → %s', (text, want) => {
    expect(hashOf(text)).toBe(want);
  });
});
