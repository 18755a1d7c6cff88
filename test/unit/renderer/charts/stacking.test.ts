import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandRuns, stackDiverging } from '../../../../src/renderer/features/charts/frame/stacking.ts';
import {
  expirationColumns,
  expirationEdges,
  EXPIRATION_LAYERS,
} from '../../../../src/renderer/features/charts/curves/curve-data.ts';

describe('stackDiverging', () => {
  it.each([
    {
      name: 'all positive: layers stack upward in order',
      layers: [[1], [2], [3]],
      lo: [[0], [1], [3]],
      hi: [[1], [3], [6]],
    },
    {
      name: 'all negative: layers stack downward in order',
      layers: [[-1], [-2], [-3]],
      lo: [[-1], [-3], [-6]],
      hi: [[0], [-1], [-3]],
    },
    {
      name: 'mixed signs: positives above zero, negatives below, each in layer order',
      layers: [[2], [-1], [3], [-4]],
      lo: [[0], [-1], [2], [-5]],
      hi: [[2], [0], [5], [-1]],
    },
    {
      name: 'non-finite values count as zero',
      layers: [[NaN], [2]],
      lo: [[0], [0]],
      hi: [[0], [2]],
    },
  ])('$name', ({ layers, lo, hi }) => {
    const stack = stackDiverging(layers);
    expect(stack.lo.map((a) => [...a])).toEqual(lo);
    expect(stack.hi.map((a) => [...a])).toEqual(hi);
  });

  it('rejects layers of different lengths', () => {
    expect(() => stackDiverging([[1, 2], [1]])).toThrow(RangeError);
  });

  it('bands are never inverted, never overlap, and their heights sum to the layers', () => {
    const layer = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(layer, { minLength: 1, maxLength: 5 }), (layers) => {
        const { lo, hi, positive, negative } = stackDiverging(layers);
        for (let j = 0; j < 5; j++) {
          let up = 0;
          let down = 0;
          layers.forEach((l, i) => {
            const v = l[j] as number;
            const l0 = lo[i]![j] as number;
            const h0 = hi[i]![j] as number;
            expect(h0).toBeGreaterThanOrEqual(l0);
            expect(h0 - l0).toBeCloseTo(Math.abs(v), 3);
            if (v >= 0) up += v;
            else down += v;
          });
          const bands = layers
            .map((_, i) => [lo[i]![j] as number, hi[i]![j] as number] as const)
            .filter(([a, b]) => b > a)
            .sort((x, y) => x[0] - y[0]);
          for (let k = 1; k < bands.length; k++) {
            expect(bands[k]![0]).toBeGreaterThanOrEqual(bands[k - 1]![1] - 1e-6);
          }
          expect(positive[j]).toBeCloseTo(up, 3);
          expect(negative[j]).toBeCloseTo(down, 3);
        }
      }),
    );
  });
});

describe('bandRuns', () => {
  it.each([
    { name: 'one run on one side', lo: [0, 0, 0], hi: [1, 2, 1], want: [[0, 2]] },
    {
      name: 'a run per side when the layer changes sign',
      lo: [0, 0, -1, -2],
      hi: [1, 1, 0, 0],
      want: [
        [0, 1],
        [2, 3],
      ],
    },
    { name: 'zero-height points join the run they are in', lo: [0, 0, 0], hi: [1, 0, 1], want: [[0, 2]] },
    {
      name: 'respects from..to',
      lo: [0, 0, -1, -1, 0],
      hi: [1, 1, 0, 0, 1],
      from: 1,
      to: 3,
      want: [
        [1, 1],
        [2, 3],
      ],
    },
    { name: 'nothing for an empty span', lo: [], hi: [], want: [] },
  ])('$name', ({ lo, hi, from, to, want }) => {
    expect(bandRuns(lo, hi, from, to)).toEqual(want);
  });
});

describe('expirationColumns', () => {
  const point = (strike: number, v: [number, number, number, number]) => ({
    strike,
    nearest: v[0],
    first_weekly: v[1],
    first_monthly: v[2],
    all_other_expiries: v[3],
    combined: v[0] + v[1] + v[2] + v[3],
  });

  it('stacks the four buckets so the outer edges sum to combined (all_other = combined − the three)', () => {
    const points = [point(105, [1, 2, -3, 4]), point(95, [-5, 1, 1, -1]), point(100, [2, 2, 2, 2])];
    const cols = expirationColumns(points);
    expect([...cols[0]]).toEqual([95, 100, 105]);
    const combined = cols[1 + EXPIRATION_LAYERS.length] as Float64Array;
    for (let j = 0; j < 3; j++) {
      let outerSum = 0;
      EXPIRATION_LAYERS.forEach((_, i) => {
        const { lo, hi } = expirationEdges(i);
        const raw = (cols[1 + i] as Float64Array)[j] as number;
        const band = ((cols[hi] as Float64Array)[j] as number) - ((cols[lo] as Float64Array)[j] as number);
        expect(band).toBeCloseTo(Math.abs(raw), 12);
        outerSum += raw;
      });
      expect(outerSum).toBeCloseTo(combined[j] as number, 12);
    }
  });

  it('lays out x, four layers, combined, four lower edges and four upper edges', () => {
    const cols = expirationColumns([point(100, [1, 1, 1, 1])]);
    expect(cols).toHaveLength(1 + 4 + 1 + 4 + 4);
    expect(expirationEdges(0)).toEqual({ lo: 6, hi: 10 });
    expect(expirationEdges(3)).toEqual({ lo: 9, hi: 13 });
  });
});
