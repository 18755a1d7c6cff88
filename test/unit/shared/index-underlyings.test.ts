import { describe, expect, it } from 'vitest';
import {
  indexAliases,
  indexOfAlias,
  isIndexUnderlying,
  settlesOnFuture,
} from '../../../src/shared/index-underlyings.ts';

describe('index underlyings', () => {
  it.each([
    ['SPX', true, false],
    ['spx', true, false],
    ['^SPX', true, false],
    ['NDX', true, false],
    ['RUT', true, false],
    ['VIX', true, true],
    ['^VIX', true, true],
    ['SPY', false, false],
    ['QQQ', false, false],
    ['VIXY', false, false],
    ['', false, false],
  ])('%s: index %s, settles on a future %s', (ticker, index, future) => {
    expect(isIndexUnderlying(ticker)).toBe(index);
    expect(settlesOnFuture(ticker)).toBe(future);
  });
});

describe('index alias roots', () => {
  it.each([
    // root, the index it trades on
    ['SPXW', 'SPX'],
    ['SPXPM', 'SPX'],
    ['spxw', 'SPX'],
    ['NDXP', 'NDX'],
    ['RUTW', 'RUT'],
    ['VIXW', 'VIX'],
    ['XSPW', 'XSP'],
    ['DJXW', 'DJX'],
    ['SPX', null],
    ['SPY', null],
    ['SPYW', null],
    ['', null],
  ])('%s trades on %s', (root, index) => {
    expect(indexOfAlias(root)).toBe(index);
  });

  it.each([
    ['SPX', ['SPXW', 'SPXPM']],
    ['NDX', ['NDXP']],
    ['VIX', ['VIXW']],
    ['SPY', []],
    ['SPXW', []],
  ])('%s has the aliases %j', (ticker, aliases) => {
    expect(indexAliases(ticker)).toEqual(aliases);
  });
});
