// Figures rounded to the precision the app shows them at, in the payload's unit, found by the
// longest suffix of their path the figures table knows; every other number left alone.
import { describe, expect, it } from 'vitest';
import { figureAtPath, payloadDigits, roundFigures } from '../../../src/shared/figure-round.ts';
import { FIGURES } from '../../../src/shared/figure-labels.ts';

describe('roundFigures', () => {
  it.each<[string, string[], number, number]>([
    ['a price to the cent', ['data', 'price'], 5288.4612973, 5288.46],
    ['a flip by an alias', ['data', 'gamma_flip'], 367.4475181912327, 367.45],
    ['a nested key level', ['data', 'key_levels', 'call_wall'], 560.005, 560.01],
    ['a level in a list', ['data', 'levels', '3', 'price'], 554.545, 554.55],
    ['an IV stays a decimal, to 0.1 %', ['atm_iv'], 0.13041877, 0.13],
    ['an IV rounds half away from zero', ['atm_iv'], 0.1305, 0.131],
    ['IV rank to a whole number', ['iv_rank'], 51.94, 52],
    ['GEX to the dollar', ['gex_usd_per_1_pct_move'], -8_440_123_456.7, -8_440_123_457],
    ['a signed distance', ['dist_to_gex_flip_pct'], -2.2649, -2.26],
    [
      'a term-structure point by its wildcard path',
      ['term_structure', 'points', '0', 'risk_reversal_25d_pts'],
      1.23456,
      1.23,
    ],
    ['a score', ['speculation_score'], 0.4567, 0.46],
  ])('%s', (_what, path, value, expected) => {
    expect(roundFigures(value, path)).toBe(expected);
  });

  it.each<[string, string[], number]>([
    ['a strike the table does not name', ['data', 'points', '2', 'strike'], 552.125],
    ['a weight', ['weight'], 0.123456789],
    ['an integer figure', ['price'], 560],
    ['a count at the root', [], 0.5],
  ])('leaves %s as it is', (_what, path, value) => {
    expect(roundFigures(value, path)).toBe(value);
  });

  it('rounds through objects and arrays and leaves the input unchanged', () => {
    const input = {
      meta: { ticker: 'SPY', asof: '2026-11-27T21:00:00Z' },
      data: {
        price: 554.5449,
        levels: [{ label: 'Call wall', price: 560.004, kind: 'call_wall' }],
        note: null,
      },
    };
    const copy = structuredClone(input);
    expect(roundFigures(input)).toEqual({
      meta: { ticker: 'SPY', asof: '2026-11-27T21:00:00Z' },
      data: { price: 554.54, levels: [{ label: 'Call wall', price: 560, kind: 'call_wall' }], note: null },
    });
    expect(input).toEqual(copy);
  });
});

describe('figureAtPath and payloadDigits', () => {
  it('prefers the longest suffix the table knows', () => {
    expect(figureAtPath(['data', 'supporting_factors', 'spot'])).toBe(FIGURES.spot);
    expect(figureAtPath(['data', 'zero_dte', 'flip'])).toBe(FIGURES.zero_dte_flip);
    expect(figureAtPath(['data', 'strike'])).toBeUndefined();
  });

  it('gives an IV two more decimals than it shows in percent', () => {
    expect(payloadDigits(FIGURES.atm_iv)).toBe(FIGURES.atm_iv.digits + 2);
    expect(payloadDigits(FIGURES.price)).toBe(FIGURES.price.digits);
  });
});
