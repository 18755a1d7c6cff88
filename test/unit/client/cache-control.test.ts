import { describe, expect, it } from 'vitest';
import { freshness, parseCacheControl } from '../../../src/client/cache-control.ts';
import type { HttpCacheEntry } from '../../../src/client/cache-store.ts';

describe('parseCacheControl', () => {
  it.each([
    [
      'private, max-age=900, stale-while-revalidate=30',
      { maxAge: 900, swr: 30, noStore: false, noCache: false },
    ],
    ['max-age=0', { maxAge: 0, swr: null, noStore: false, noCache: false }],
    ['Private, MAX-AGE=60', { maxAge: 60, swr: null, noStore: false, noCache: false }],
    ['max-age="120"', { maxAge: 120, swr: null, noStore: false, noCache: false }],
    ['no-store', { maxAge: null, swr: null, noStore: true, noCache: false }],
    ['no-cache, max-age=60', { maxAge: null, swr: null, noStore: false, noCache: true }],
    ['max-age=abc', { maxAge: null, swr: null, noStore: false, noCache: false }],
    ['max-age=-5', { maxAge: null, swr: null, noStore: false, noCache: false }],
    ['private', { maxAge: null, swr: null, noStore: false, noCache: false }],
    [null, { maxAge: null, swr: null, noStore: false, noCache: false }],
  ])('%j', (header, want) => {
    expect(parseCacheControl(header)).toEqual(want);
  });
});

describe('freshness', () => {
  const entry = (maxAge: number | null, swr: number | null): HttpCacheEntry => ({
    key: 'k',
    etag: null,
    body: '',
    contentType: null,
    status: 200,
    storedAt: 1_000_000,
    maxAge,
    swr,
  });

  it.each([
    [60, 30, 0, 'fresh'],
    [60, 30, 59_999, 'fresh'],
    [60, 30, 60_000, 'stale-while-revalidate'],
    [60, 30, 89_999, 'stale-while-revalidate'],
    [60, 30, 90_000, 'stale'],
    [60, null, 60_000, 'stale'],
    [null, 30, 0, 'stale'],
    [0, 30, 0, 'stale-while-revalidate'],
    [60, 30, -1, 'stale'],
  ] as const)('max-age %s, swr %s, age %i ms → %s', (maxAge, swr, age, want) => {
    expect(freshness(entry(maxAge, swr), 1_000_000 + age)).toBe(want);
  });
});
