import { describe, expect, it } from 'vitest';
import { canonicalJson, ifNoneMatchMatches, weakEtag } from '../../../../src/service/rankings/etag.ts';

describe('weakEtag', () => {
  it('is weak, stable, and independent of key order', () => {
    const a = weakEtag({ schema: 's', asof: 't', filters: { b: [1], a: [2] }, count: 3 });
    const b = weakEtag({ count: 3, filters: { a: [2], b: [1] }, asof: 't', schema: 's' });
    expect(a).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(a).toBe(b);
  });

  it.each([
    ['count', { count: 4 }],
    ['asof', { asof: 'u' }],
    ['limit', { limit: 5 }],
    ['filters', { filters: { a: [3] } }],
  ])('changes with %s', (_name, change) => {
    const base = { schema: 's', asof: 't', limit: 20, filters: { a: [2] }, count: 3 };
    expect(weakEtag({ ...base, ...change })).not.toBe(weakEtag(base));
  });

  it('writes canonical JSON with sorted keys and no undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [true, null] } })).toBe(
      '{"a":{"c":[true,null]},"b":1}',
    );
  });
});

describe('ifNoneMatchMatches', () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['W/"x",W/"abc" ', true],
    ['*', true],
    ['W/"abd"', false],
    ['abc', false],
    ['', false],
    [',,,', false],
  ])('%j → %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(expected);
  });

  it('reads repeated headers and an absent one', () => {
    expect(ifNoneMatchMatches(['"x"', 'W/"abc"'], etag)).toBe(true);
    expect(ifNoneMatchMatches(undefined, etag)).toBe(false);
  });
});
