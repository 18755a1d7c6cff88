import { describe, expect, it } from 'vitest';
import {
  freshness,
  type Freshness,
  type HttpCacheEntry,
} from '../../../../src/core/store/repositories/http-cache.ts';

const entry: HttpCacheEntry = {
  key: 'k',
  etag: 'W/"1"',
  body: '{}',
  storedAt: 1_000_000,
  maxAgeSeconds: 900,
  swrSeconds: 30,
};

describe('freshness', () => {
  it.each<[string, number, Freshness]>([
    ['just stored', 0, 'fresh'],
    ['inside max-age', 899_999, 'fresh'],
    ['at max-age', 900_000, 'stale-while-revalidate'],
    ['inside the revalidation window', 929_999, 'stale-while-revalidate'],
    ['past max-age + swr', 930_000, 'stale'],
  ])('%s', (_name, ageMs, expected) => {
    expect(freshness(entry, entry.storedAt + ageMs)).toBe(expected);
  });

  it('with max-age 0 is never fresh', () => {
    expect(freshness({ ...entry, maxAgeSeconds: 0, swrSeconds: 0 }, entry.storedAt)).toBe('stale');
  });
});
