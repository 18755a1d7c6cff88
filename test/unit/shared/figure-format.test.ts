// One formatter, one rounding, one unit per figure.
import { describe, expect, it } from 'vitest';
import {
  formatDistancePct,
  formatFigure,
  formatLevel,
  formatMove,
  formatThreshold,
  formatVolPoints,
  ivChangePoints,
  roundHalfAway,
  thresholdScale,
  thresholdShown,
} from '../../../src/shared/figure-format.ts';

describe('roundHalfAway: on the decimal value, half away from zero', () => {
  it.each([
    [0.725, 2, 0.73],
    [-0.725, 2, -0.73],
    [0.715, 2, 0.72],
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [0.665, 2, 0.67],
    [0.0049, 2, 0],
    [-0.004, 2, 0],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [0.1 + 0.2, 2, 0.3],
  ])('%d to %i decimals → %d', (value, digits, want) => {
    expect(roundHalfAway(value, digits)).toBe(want);
  });
});

describe('formatDistancePct: every distance to the flip, two decimals, signed', () => {
  it.each([
    [0.725, '+0.73%'],
    [0.724, '+0.72%'],
    [-0.725, '−0.73%'],
    [0.66, '+0.66%'],
    [0.004, '0.00%'],
    [-0.004, '0.00%'],
    [12.3456, '+12.35%'],
    [null, '—'],
  ])('%s → %s', (value, want) => expect(formatDistancePct(value)).toBe(want));
});

describe('formatLevel: $ for stocks and ETFs, points for indexes', () => {
  it.each([
    [663.6, 'SPY', '$663.60'],
    [1290, 'AAPL', '$1,290.00'],
    [0.5123, 'SNDL', '$0.5123'],
    [0.51, 'SNDL', '$0.51'],
    [5912.4, 'SPX', '5,912.40'],
    [21000.005, 'NDX', '21,000.01'],
    [2050.5, 'RUT', '2,050.50'],
    [17.25, 'VIX', '17.25'],
    [5912.4, '^SPX', '5,912.40'],
    [663.6, null, '$663.60'],
    [null, 'SPX', '—'],
  ])('%s of %s → %s', (value, ticker, want) => expect(formatLevel(value, ticker)).toBe(want));
});

// The watchlist's expected move of an index reads in points, as its levels do.
describe('formatMove: a move in the underlying’s unit, cents always', () => {
  it.each([
    [30.17, 'SPY', '$30.17'],
    [0.74, 'SNDL', '$0.74'],
    [30.175, 'SPX', '30.18'],
    [112.4, 'NDX', '112.40'],
    [1.5, 'VIX', '1.50'],
    [-2.5, 'XSP', '−2.50'],
    [30.17, null, '$30.17'],
    [null, 'SPX', '—'],
  ])('%s of %s → %s', (value, ticker, want) => expect(formatMove(value, ticker)).toBe(want));
});

describe('vol points: IV changes are never a percent', () => {
  it.each([
    [0.42, '+0.42 pts'],
    [-1.1, '−1.10 pts'],
    [0.004, '0.00 pts'],
    [null, '—'],
  ])('%s → %s', (value, want) => expect(formatVolPoints(value)).toBe(want));

  it.each([
    // 13.07 % → 13.00 %: −0.54 % relative, −0.07 pts.
    [0.13, -0.5356, -0.07],
    [0.25, 0, 0],
    [0.2, 25, 4],
  ])('ATM IV %d after a %d %% change moved %d pts', (iv, pct, pts) => {
    expect(roundHalfAway(ivChangePoints(iv, pct) as number, 2)).toBe(pts);
  });

  it('needs both figures', () => {
    expect(ivChangePoints(null, 1)).toBeNull();
    expect(ivChangePoints(0.2, null)).toBeNull();
  });
});

describe('formatFigure: any figure by key, one unit each', () => {
  it.each([
    ['call_wall', 680, { ticker: 'SPY' }, '$680.00'],
    ['call_wall', 6000, { ticker: 'SPX' }, '6,000.00'],
    ['key_levels.gamma_flip', 5950.5, { ticker: 'SPX' }, '5,950.50'],
    ['dist_to_gex_flip_pct', 0.725, {}, '+0.73%'],
    ['drivers.flip_context.distance_pct', -0.725, {}, '−0.73%'],
    ['atm_iv', 0.1001, {}, '10.0%'],
    ['ivAtMaxDelta', 0.2849, {}, '28.5%'],
    ['iv_pct_chg', 25, { atm_iv: 0.2 }, '+4.00 pts'],
    ['iv_pct_chg', 25, {}, '—'],
    ['put_call_iv_spread', 2.95, {}, '+2.95 pts'],
    ['gex_usd_per_1_pct_move', -3.5e8, {}, '−$350.0M'],
    ['gamma_notional_per_1pct_move_usd', 1.2e9, {}, '$1.2B'],
    ['iv_rank', 82.5, {}, '83'],
    ['not_a_figure', 1.234, {}, '1.23'],
  ])('%s = %s (%o) → %s', (key, value, context, want) => {
    expect(formatFigure(key, value, context)).toBe(want);
  });
});

describe('thresholds in the unit a person types', () => {
  it.each<[string, number, number, string]>([
    // metric, stored (API unit), typed and shown, read in a sentence
    ['atm_iv', 0.11, 11, '11%'],
    ['atm_iv', 0.105, 10.5, '10.5%'],
    ['iv_rank', 80, 80, '80'],
    ['gex_usd_per_1_pct_move', -2e9, -2e9, '−$2.0B'],
  ])('%s %f is typed as %f and reads %s', (metric, stored, shown, text) => {
    expect(thresholdShown(metric, stored)).toBe(shown);
    expect(stored * thresholdScale(metric)).toBeCloseTo(shown, 9);
    expect(formatThreshold(metric, stored)).toBe(text);
  });
});
