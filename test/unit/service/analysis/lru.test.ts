import { describe, expect, it } from 'vitest';
import { Lru } from '../../../../src/service/analysis/lru.ts';

describe('Lru', () => {
  it('evicts the least recently used entry once over capacity', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('computes a missing value once and caches it', () => {
    const lru = new Lru<string, number>(4);
    let calls = 0;
    const compute = () => ++calls;
    expect(lru.getOrCompute('k', compute)).toBe(1);
    expect(lru.getOrCompute('k', compute)).toBe(1);
    expect(calls).toBe(1);
  });

  it('caches nothing when the computation throws', () => {
    const lru = new Lru<string, number>(4);
    expect(() =>
      lru.getOrCompute('k', () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(lru.has('k')).toBe(false);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects capacity %s', (capacity) => {
    expect(() => new Lru(capacity)).toThrow(RangeError);
  });
});
