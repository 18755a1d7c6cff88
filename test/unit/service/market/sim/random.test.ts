import { describe, expect, it } from 'vitest';
import { Rng, hashKey } from '../../../../../src/service/market/sim/random.ts';

function draw(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rng.nextU32());
}

describe('seeded randomness', () => {
  it('gives the same stream for the same key and different streams for different keys', () => {
    expect(draw(Rng.for(1, 'SPY', '2024-01-02'), 8)).toEqual(draw(Rng.for(1, 'SPY', '2024-01-02'), 8));
    const streams = [
      Rng.for(1, 'SPY', '2024-01-02'),
      Rng.for(2, 'SPY', '2024-01-02'),
      Rng.for(1, 'QQQ', '2024-01-02'),
      Rng.for(1, 'SPY', '2024-01-03'),
      Rng.for(1, 'SPY2', '024-01-02'),
    ].map((r) => draw(r, 4).join(','));
    expect(new Set(streams).size).toBe(streams.length);
  });

  it('hashes keys by their parts, not their concatenation', () => {
    expect(hashKey('ab', 'c')).not.toBe(hashKey('a', 'bc'));
    expect(hashKey(1)).not.toBe(hashKey('1'));
  });

  it('draws uniform floats in [0, 1) with the right mean and spread', () => {
    const rng = new Rng(12345);
    const n = 100_000;
    let sum = 0;
    let sumSq = 0;
    let min = 1;
    let max = 0;
    for (let i = 0; i < n; i++) {
      const x = rng.float();
      sum += x;
      sumSq += x * x;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / n).toBeCloseTo(0.5, 2);
    expect(sumSq / n - (sum / n) ** 2).toBeCloseTo(1 / 12, 2);
  });

  it('draws standard normals', () => {
    const rng = new Rng(99);
    const n = 100_000;
    let sum = 0;
    let sumSq = 0;
    let beyond2 = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      sum += z;
      sumSq += z * z;
      if (Math.abs(z) > 2) beyond2++;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(sumSq / n).toBeCloseTo(1, 1);
    expect(beyond2 / n).toBeCloseTo(0.0455, 2);
  });

  it('picks weighted indices in proportion', () => {
    const rng = new Rng(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[rng.weighted([1, 2, 3])]!++;
    expect(counts[0]! / 30_000).toBeCloseTo(1 / 6, 1);
    expect(counts[2]! / 30_000).toBeCloseTo(1 / 2, 1);
  });
});
