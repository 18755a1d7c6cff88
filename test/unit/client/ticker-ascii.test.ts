// The client's ticker path segment is ASCII before the case folding: 'ſPY'.toUpperCase() is 'SPY'.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/client/errors.ts';
import { tickerSegment } from '../../../src/client/url-parts.ts';

describe('tickerSegment with non-ASCII input', () => {
  it.each([
    ['long s', 'ſPY'],
    ['dotless i', 'ıbm'],
    ['ff ligature', 'ﬀ'],
    ['fullwidth', 'ＳＰＹ'],
  ])('refuses %s', (_name, input) => {
    expect(() => tickerSegment(input)).toThrow(InvalidInputError);
  });

  it('still folds the case of ASCII input', () => {
    expect(tickerSegment(' spy ')).toBe('SPY');
  });
});
