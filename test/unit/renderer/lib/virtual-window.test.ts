import { describe, expect, it } from 'vitest';
import { visibleWindow } from '../../../../src/renderer/lib/virtual-window.ts';

describe('visibleWindow', () => {
  it.each([
    // scrollTop, viewport, rowH, count, overscan → start, end
    [0, 340, 34, 500, 8, 0, 19],
    [3400, 340, 34, 500, 8, 92, 119],
    [34 * 495, 340, 34, 500, 8, 487, 500],
    [0, 340, 34, 5, 8, 0, 5],
    [-50, 340, 34, 500, 0, 0, 11],
    [0, 0, 34, 0, 8, 0, 0],
  ])('scrollTop %i, viewport %i → rows %i-%i', (scrollTop, viewport, rowH, count, overscan, start, end) => {
    const range = visibleWindow(scrollTop, viewport, rowH, count, overscan);
    expect([range.start, range.end]).toEqual([start, end]);
  });

  it('keeps the total height: padding + rendered rows = all rows', () => {
    for (const scrollTop of [0, 1000, 5000, 16_000]) {
      const r = visibleWindow(scrollTop, 600, 34, 500);
      expect(r.padTop + (r.end - r.start) * 34 + r.padBottom).toBe(500 * 34);
    }
  });

  it('renders a small, bounded number of rows for 500 tickers', () => {
    const r = visibleWindow(8000, 700, 34, 500);
    expect(r.end - r.start).toBeLessThan(45);
  });
});
