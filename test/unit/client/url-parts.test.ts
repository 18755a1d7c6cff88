import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/client/errors.ts';
import { queryString, tickerSegment } from '../../../src/client/url-parts.ts';

describe('tickerSegment', () => {
  it.each([
    ['SPY', 'SPY'],
    ['aapl', 'AAPL'],
    [' qqq ', 'QQQ'],
    ['BRK.B', 'BRK.B'],
    ['brk-b', 'BRK-B'],
    // The one ticker rule (src/shared/ticker-symbol.ts): an index's caret names the index, and
    // the official client's `=` (futures) passes, encoded for its segment.
    ['^SPX', 'SPX'],
    ['^GSPC', '%5EGSPC'],
    ['es=f', 'ES%3DF'],
    ['ABCDEFGHIJKLMNOP', 'ABCDEFGHIJKLMNOP'],
    ['X', 'X'],
  ])('%j → %s', (input, want) => {
    expect(tickerSegment(input)).toBe(want);
  });

  it.each([
    [''],
    ['..'],
    ['.'],
    ['../access'],
    ['SPY/../../x'],
    ['SPY?x=1'],
    ['SPY#frag'],
    ['SP Y'],
    ['%2e%2e'],
    ['ABCDEFGHIJKLMNOPQ'], // 17 characters: the official client's limit is 16
    ['$SPX'],
    ['BRK/B'],
    ['S\nPY'],
    ['ÅPPL'],
    [42],
    [null],
  ])('rejects %j', (input) => {
    expect(() => tickerSegment(input)).toThrow(InvalidInputError);
  });
});

describe('queryString', () => {
  it.each([
    [{}, ''],
    [{ a: undefined, b: null }, ''],
    [{ limit: 5 }, '?limit=5'],
    [{ realtime: true, x: false }, '?realtime=true&x=false'],
    [{ regime: ['range_bound', 'flush_panic'] }, '?regime=range_bound%2Cflush_panic'],
    [{ regime: [] }, ''],
    [{ exp: '2025-03-21' }, '?exp=2025-03-21'],
    [{ q: 'a&b=c' }, '?q=a%26b%3Dc'],
  ])('%j → %s', (params, want) => {
    expect(queryString(params)).toBe(want);
  });

  it('arrays come back as CSV', () => {
    const q = new URLSearchParams(queryString({ metrics: ['price', 'iv_rank'] }).slice(1));
    expect(q.get('metrics')?.split(',')).toEqual(['price', 'iv_rank']);
  });
});
