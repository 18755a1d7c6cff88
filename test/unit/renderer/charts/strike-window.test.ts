import { describe, expect, it } from 'vitest';
import {
  extent,
  indexRange,
  lowerBound,
  selectionRange,
  strikeWindow,
} from '../../../../src/renderer/features/charts/frame/strike-window.ts';

/** Strikes from `from` to `to` every `step`. */
const grid = (from: number, to: number, step: number) =>
  Float64Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('strikeWindow', () => {
  it.each([
    // strikes, spot, pct → expected
    {
      name: '±15 % around spot inside the chain',
      strikes: grid(50, 200, 1),
      spot: 100,
      pct: 15,
      want: { min: 85, max: 115 },
    },
    { name: '±5 % around spot', strikes: grid(50, 200, 1), spot: 100, pct: 5, want: { min: 95, max: 105 } },
    {
      name: 'clamped to the chain at the low end',
      strikes: grid(90, 200, 1),
      spot: 100,
      pct: 15,
      want: { min: 90, max: 115 },
    },
    {
      name: 'clamped to the chain at the high end',
      strikes: grid(50, 110, 1),
      spot: 100,
      pct: 15,
      want: { min: 85, max: 110 },
    },
    {
      name: 'every strike when pct is null',
      strikes: grid(50, 200, 5),
      spot: 100,
      pct: null,
      want: { min: 50, max: 200 },
    },
    {
      name: 'every strike without a spot',
      strikes: grid(50, 200, 5),
      spot: null,
      pct: 15,
      want: { min: 50, max: 200 },
    },
    {
      name: 'every strike when spot is not positive',
      strikes: grid(50, 200, 5),
      spot: 0,
      pct: 15,
      want: { min: 50, max: 200 },
    },
    {
      name: 'every strike when fewer than two fall inside',
      strikes: grid(50, 200, 50),
      spot: 120,
      pct: 5,
      want: { min: 50, max: 200 },
    },
    {
      name: 'every strike when spot is far from the chain',
      strikes: grid(50, 100, 1),
      spot: 500,
      pct: 15,
      want: { min: 50, max: 100 },
    },
  ])('$name', ({ strikes, spot, pct, want }) => {
    const got = strikeWindow(strikes, spot, pct);
    expect(got?.min).toBeCloseTo(want.min, 9);
    expect(got?.max).toBeCloseTo(want.max, 9);
  });

  it('is null for an empty chain', () => {
    expect(strikeWindow(new Float64Array(0), 100, 15)).toBeNull();
  });

  it('keeps a 2,000-strike chain readable: the default window holds a fraction of the strikes', () => {
    const strikes = grid(1, 2000, 1);
    const window = strikeWindow(strikes, 1000, 15);
    const inside = window ? indexRange(strikes, window) : null;
    expect(inside).not.toBeNull();
    const count = (inside as [number, number])[1] - (inside as [number, number])[0] + 1;
    expect(count).toBe(301);
  });
});

describe('indexRange and lowerBound', () => {
  const xs = Float64Array.from([10, 20, 30, 40, 50]);
  it.each([
    { range: { min: 15, max: 45 }, want: [1, 3] },
    { range: { min: 10, max: 50 }, want: [0, 4] },
    { range: { min: 0, max: 100 }, want: [0, 4] },
    { range: { min: 20, max: 20 }, want: [1, 1] },
    { range: { min: 21, max: 29 }, want: null },
    { range: { min: 60, max: 70 }, want: null },
  ])('$range.min..$range.max → $want', ({ range, want }) => {
    expect(indexRange(xs, range)).toEqual(want);
  });

  it.each([
    [5, 0],
    [10, 0],
    [11, 1],
    [50, 4],
    [51, 5],
  ])('lowerBound(%d) = %d', (value, want) => {
    expect(lowerBound(xs, value)).toBe(want);
  });
});

describe('extent and selectionRange', () => {
  it('ignores non-finite values', () => {
    expect(extent([NaN, 3, -2, Infinity, 7])).toEqual({ min: -2, max: 7 });
    expect(extent([NaN])).toBeNull();
  });

  it.each([
    { a: 10, b: 20, min: 0, want: { min: 10, max: 20 } },
    { a: 20, b: 10, min: 0, want: { min: 10, max: 20 } },
    { a: 10, b: 10.5, min: 1, want: null },
    { a: NaN, b: 10, min: 0, want: null },
  ])('selection $a → $b (min width $min)', ({ a, b, min, want }) => {
    expect(selectionRange(a, b, min)).toEqual(want);
  });
});
