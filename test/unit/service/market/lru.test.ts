import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../../src/service/market/lru.ts';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond capacity', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('replaces a value without growing', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('a', 2);
    expect(lru.size).toBe(1);
    expect(lru.get('a')).toBe(2);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow('at least 1');
  });
});
