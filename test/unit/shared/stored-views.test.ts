import { describe, expect, it } from 'vitest';
import {
  STORED_VIEWS,
  storedSeriesKey,
  storedView,
  storedViewsOf,
} from '../../../src/shared/stored-views.ts';

describe('storedSeriesKey', () => {
  it.each([
    ['no params', { endpoint: 'signals', ticker: 'SPY', params: {} }, 'signals:SPY:'],
    [
      'one param',
      { endpoint: 'curve_gamma', ticker: 'SPY', params: { exp: 'combined' } },
      'curve_gamma:SPY:exp=combined',
    ],
    [
      'names sorted',
      { endpoint: 'curve_gamma', ticker: 'QQQ', params: { view: 'naive', exp: 'nearest' } },
      'curve_gamma:QQQ:exp=nearest&view=naive',
    ],
    [
      'no ticker',
      { endpoint: 'screener', ticker: null, params: { name: 'momentum_breakout' } },
      'screener::name=momentum_breakout',
    ],
    [
      'a date as it is',
      { endpoint: 'options_volume', ticker: 'SPY', params: { exp: '2025-03-21' } },
      'options_volume:SPY:exp=2025-03-21',
    ],
  ] as const)('%s', (_name, identity, key) => {
    expect(storedSeriesKey(identity)).toBe(key);
  });

  it('does not depend on the order the params were written in', () => {
    const a = storedSeriesKey({
      endpoint: 'curve_gamma',
      ticker: 'SPY',
      params: { exp: 'nearest', view: 'naive' },
    });
    const b = storedSeriesKey({
      endpoint: 'curve_gamma',
      ticker: 'SPY',
      params: { view: 'naive', exp: 'nearest' },
    });
    expect(a).toBe(b);
  });
});

describe('STORED_VIEWS', () => {
  it('names each view once', () => {
    const names = STORED_VIEWS.map((row) => row.endpoint);
    expect(new Set(names).size).toBe(names.length);
  });

  it('finds a row by its view and the rows of a job in order', () => {
    expect(storedView('curve_gex_by_strike').params).toEqual({ exp: 'combined' });
    expect(storedViewsOf('curves').map((row) => row.endpoint)).toEqual([
      'curve_gamma',
      'curve_gamma_expirations',
      'curve_gex_by_strike',
      'options_volume',
    ]);
    expect(storedViewsOf('series')).toEqual([]);
  });
});
