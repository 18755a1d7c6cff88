import { describe, expect, it } from 'vitest';
import {
  bandEnvelope,
  barBoxes,
  pixelColumns,
} from '../../../../src/renderer/features/charts/frame/paths.ts';

describe('pixelColumns (bars denser than pixels)', () => {
  it('keeps, per whole-pixel column, the value farthest from zero', () => {
    const x = [0.1, 0.6, 0.9, 1.2, 1.8, 3.5];
    const v = [1, -5, 2, 3, null, -1];
    expect(pixelColumns(x, v, 0, 5)).toEqual({ px: [0, 1, 3], value: [-5, 3, -1] });
  });

  it('respects first..last and skips non-finite values', () => {
    expect(pixelColumns([0, 1, 2, 3], [1, Number.NaN, 3, 4], 1, 2)).toEqual({ px: [2], value: [3] });
  });

  it('draws at most one bar per pixel: 2,000 strikes on 1,000 pixels give 1,000 bars', () => {
    const x = Float64Array.from({ length: 2000 }, (_, j) => j / 2);
    const v = Float64Array.from({ length: 2000 }, (_, j) => Math.sin(j));
    expect(pixelColumns(x, v, 0, 1999).px).toHaveLength(1000);
  });
});

describe('barBoxes (bars wider than pixels)', () => {
  it('sizes each bar by its nearer neighbour, so uneven strike spacing keeps wide bars far out', () => {
    // Spacing 10 px, then 50 px.
    const boxes = barBoxes([100, 110, 120, 170, 220], 0, 4, 0.8, 48);
    expect(boxes.map(([, w]) => w)).toEqual([8, 8, 8, 40, 40]);
  });

  it('centres bars on whole pixels and never below 1 px or above the maximum', () => {
    expect(barBoxes([10.4], 0, 0, 0.8, 6)).toEqual([[7, 6]]);
    expect(barBoxes([10, 10.5], 0, 1, 0.8, 48).map(([, w]) => w)).toEqual([1, 1]);
    for (const [left, width] of barBoxes([3.3, 17.9, 31.2], 0, 2, 0.8, 48)) {
      expect(Number.isInteger(left)).toBe(true);
      expect(Number.isInteger(width)).toBe(true);
    }
  });
});

describe('bandEnvelope (stacked bands denser than pixels)', () => {
  it('takes the lowest lower edge and the highest upper edge per pixel column', () => {
    const env = bandEnvelope([0.2, 0.7, 1.1, 2.5], [0, -1, 0, 2], [3, 2, 4, 5], 0, 3);
    expect(env).toEqual({ x: [0.2, 1.1, 2.5], lo: [-1, 0, 2], hi: [3, 4, 5] });
  });
});
