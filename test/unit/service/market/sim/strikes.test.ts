import { describe, expect, it } from 'vitest';
import { baseStrikeStep, stepLadder, strikeGrid } from '../../../../../src/service/market/sim/strikes.ts';

describe('strike increments', () => {
  it.each([
    [12, false, 0.5],
    [24.99, false, 0.5],
    [59, false, 1],
    [185, false, 2.5],
    [480, false, 5],
    [630, false, 10],
    [1100, false, 20],
    [475, true, 1],
    [38, true, 0.5],
    [1200, true, 5],
  ])('price %d (index ETF: %s) lists %d strikes', (price, fine, step) => {
    expect(baseStrikeStep(price, fine)).toBe(step);
  });

  it.each([
    [0.5, [0.5, 1, 2.5, 5]],
    [1, [1, 2, 5, 10]],
    [2.5, [2.5, 5, 10, 25]],
    [5, [5, 10, 25, 50]],
    [10, [10, 20, 50, 100]],
    [20, [20, 40, 100, 200]],
  ])('coarser increments of %d are %j', (base, ladder) => {
    expect(stepLadder(base)).toEqual(ladder);
  });
});

describe('strikeGrid', () => {
  const cases = [
    { name: 'SPY 0DTE', center: 560.37, vol: 0.13, t: 1 / 365, step: 1 },
    { name: 'SPY monthly', center: 560.37, vol: 0.13, t: 30 / 365, step: 1 },
    { name: 'SPY LEAPS', center: 560.37, vol: 0.15, t: 1.8, step: 1 },
    { name: 'KO weekly', center: 62.6, vol: 0.15, t: 7 / 365, step: 1 },
    { name: 'TSLA quarter', center: 248.2, vol: 0.6, t: 0.3, step: 2.5 },
    { name: 'PLTR monthly', center: 16.9, vol: 0.65, t: 45 / 365, step: 0.5 },
    { name: 'penny stock', center: 0.8, vol: 1.2, t: 30 / 365, step: 0.5 },
  ];

  it.each(cases)(
    '$name: ascending, positive, on the increment grid, around the price',
    ({ center, vol, t, step }) => {
      const grid = strikeGrid({ center, vol, t, step });
      expect(grid.length).toBeGreaterThan(center < 1 ? 2 : 10);
      for (let i = 1; i < grid.length; i++) expect(grid[i]).toBeGreaterThan(grid[i - 1] as number);
      for (const k of grid) {
        expect(k).toBeGreaterThan(0);
        expect(Math.abs(k / step - Math.round(k / step))).toBeLessThan(1e-6);
      }
      expect(grid[0]).toBeLessThan(center);
      expect(grid[grid.length - 1]).toBeGreaterThan(center);
    },
  );

  it('is finest near the money and coarser in the wings', () => {
    const grid = strikeGrid({ center: 560.37, vol: 0.13, t: 30 / 365, step: 1 });
    const gaps = grid.slice(1).map((k, i) => k - (grid[i] as number));
    const near = grid.findIndex((k) => k > 560);
    expect(gaps[near]).toBe(1);
    expect(gaps[0]).toBeGreaterThan(1);
  });

  it('widens with time to expiry', () => {
    const span = (t: number): number => {
      const g = strikeGrid({ center: 100, vol: 0.3, t, step: 1 });
      return (g[g.length - 1] as number) - (g[0] as number);
    };
    expect(span(0.5)).toBeGreaterThan(span(30 / 365));
    expect(span(30 / 365)).toBeGreaterThanOrEqual(span(2 / 365));
  });
});
