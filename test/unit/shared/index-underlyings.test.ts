import { describe, expect, it } from 'vitest';
import { isIndexUnderlying, settlesOnFuture } from '../../../src/shared/index-underlyings.ts';

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
