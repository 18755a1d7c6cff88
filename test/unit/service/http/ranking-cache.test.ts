// The ranking routes' caches: parsed queries by raw URL (bounded, long URLs and failures never
// kept) and prepared responses per epoch (bounded, emptied when the epoch changes).
import { describe, expect, it, vi } from 'vitest';
import {
  EpochCache,
  PARSED_QUERY_MAX_URL_CHARS,
  ParsedQueryCache,
} from '../../../../src/service/http/ranking-cache.ts';

describe('ParsedQueryCache', () => {
  it('parses a URL once and keys it by the canonical JSON of the parse', () => {
    const cache = new ParsedQueryCache<{ b: number; a: string }>();
    const parse = vi.fn(() => ({ b: 2, a: 'x' }));
    const first = cache.get('/top-setups?limit=2', parse);
    expect(cache.get('/top-setups?limit=2', parse)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(first.key).toBe('{"a":"x","b":2}');
  });

  it('keeps at most its bound of URLs', () => {
    const cache = new ParsedQueryCache<number>(3);
    for (let i = 0; i < 10; i += 1) cache.get(`/top-setups?limit=${i}`, () => i);
    expect(cache.size).toBe(3);
  });

  it.each([
    ['at the limit, kept', PARSED_QUERY_MAX_URL_CHARS, 1],
    ['over the limit, parsed every time', PARSED_QUERY_MAX_URL_CHARS + 1, 2],
  ])('a URL %s', (_name, length, parses) => {
    const cache = new ParsedQueryCache<number>();
    const parse = vi.fn(() => 1);
    const url = `/top-setups?x=${'a'.repeat(length - 14)}`;
    expect(url).toHaveLength(length);
    cache.get(url, parse);
    cache.get(url, parse);
    expect(parse).toHaveBeenCalledTimes(parses);
  });

  it('keeps no failed parse: a bad query throws the same error every time', () => {
    const cache = new ParsedQueryCache<number>();
    const parse = vi.fn((): number => {
      throw new Error("limit: expected a number, got 'abc'");
    });
    for (let i = 0; i < 2; i += 1)
      expect(() => cache.get('/top-setups?limit=abc', parse)).toThrow("limit: expected a number, got 'abc'");
    expect(parse).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});

describe('EpochCache', () => {
  it('makes a value once per key within an epoch', () => {
    const cache = new EpochCache<{ v: number }>();
    const make = vi.fn(() => ({ v: 1 }));
    const a = cache.get(1, 'k', make);
    expect(cache.get(1, 'k', make)).toBe(a);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('drops every entry when the epoch changes', () => {
    const cache = new EpochCache<{ v: number }>();
    cache.get(1, 'a', () => ({ v: 1 }));
    cache.get(1, 'b', () => ({ v: 2 }));
    const fresh = cache.get(2, 'a', () => ({ v: 3 }));
    expect(fresh.v).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('keeps at most its bound of entries', () => {
    const cache = new EpochCache<{ v: number }>(4);
    for (let i = 0; i < 20; i += 1) cache.get(1, `k${i}`, () => ({ v: i }));
    expect(cache.size).toBe(4);
  });
});
