import { describe, expect, it } from 'vitest';
import { cellText, deltaText, fieldOf } from '../../../../src/renderer/features/history/compare-cells.ts';

describe('fieldOf', () => {
  it.each([
    ['key_levels.minus_1sigma_1m', 'minus_1sigma_1m'],
    ['levels.3.price', 'price'],
    ['headline', 'headline'],
  ])('%s → %s', (path, want) => expect(fieldOf(path)).toBe(want));
});

describe('cellText', () => {
  it.each([
    ['key_levels.minus_1sigma_1m', 601, '601.00'],
    ['drivers.flip_context.distance_pct', -4.05, '−4.05%'],
    ['state.atm_iv', 0.1304, '13.0%'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -12_100_000_000, '−$12.1B'],
    ['headline', 'SPY $624.31 4.1 % below', 'SPY $624.31 4.1 % below'],
    ['tags', ['a', 'b'], 'a, b'],
    ['key_levels.gamma_flip', null, '—'],
  ])('%s = %j → %s', (path, value, want) => expect(cellText(path, value)).toBe(want));
});

describe('deltaText', () => {
  it.each([
    ['key_levels.gamma_flip', 649.79, 649.72, '−0.07'],
    ['key_levels.spot', 600, 601.5, '+1.50'],
    ['drivers.flip_context.distance_pct', -4.05, -4.07, '−0.02 pp'],
    ['state.atm_iv', 0.13, 0.1312, '+0.12 pp'],
    ['state.put_call_iv_spread', 3.2, 3.5, '+0.30'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -11.4e9, -11.6e9, '−$200.0M'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -11.6e9, -11.4e9, '+$200.0M'],
    ['key_levels.spot', 600, 600, '0'],
    ['headline', 'a', 'b', ''],
    ['key_levels.gamma_flip', null, 649.72, ''],
  ])('%s: %j → %j gives %s', (path, a, b, want) => expect(deltaText(path, a, b)).toBe(want));
});
