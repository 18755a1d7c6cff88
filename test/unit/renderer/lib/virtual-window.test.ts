import { describe, expect, it } from 'vitest';
import { firstRowAt, revealScrollTop, visibleWindow } from '../../../../src/renderer/lib/virtual-window.ts';

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

describe('firstRowAt', () => {
  it.each([
    // scrollTop, rowH → first row
    [0, 34, 0],
    [33.9, 34, 0],
    [34, 34, 1],
    [102, 34, 3],
    [-20, 34, 0],
    [500, 0, 0],
    [Number.NaN, 34, 0],
  ])('scrollTop %d with %d px rows → row %i', (scrollTop, rowH, first) => {
    expect(firstRowAt(scrollTop, rowH)).toBe(first);
  });

  it('gives the same window as the scrollTop it came from', () => {
    for (const scrollTop of [0, 17, 340, 5000.5, 16_000]) {
      const exact = visibleWindow(scrollTop, 600, 34, 500, 6);
      const snapped = visibleWindow(firstRowAt(scrollTop, 34) * 34, 600, 34, 500, 6);
      expect([snapped.start, snapped.end]).toEqual([exact.start, exact.end]);
    }
  });
});

describe('revealScrollTop', () => {
  it.each([
    // index, scrollTop, viewport, rowH, inset → scrollTop
    ['already in view', 5, 0, 370, 34, 30, 0],
    ['above: scroll up to it', 2, 340, 370, 34, 30, 68],
    ['below: scroll down just enough', 12, 0, 370, 34, 30, 102],
    ['last row fully visible at the bottom edge', 9, 0, 370, 34, 30, 0],
    ['partly under the bottom edge', 10, 0, 370, 34, 30, 34],
    ['the first row from far down', 0, 9000, 370, 34, 30, 0],
    ['a viewport smaller than a row still shows the row', 4, 0, 20, 34, 30, 136],
  ])('%s', (_label, index, scrollTop, viewport, rowH, inset, expected) => {
    expect(revealScrollTop(index, scrollTop, viewport, rowH, inset)).toBe(expected);
  });

  it('puts the row inside the window that the table renders', () => {
    for (const [index, scrollTop] of [
      [0, 16_000],
      [250, 0],
      [499, 300],
    ] as const) {
      const top = revealScrollTop(index, scrollTop, 600, 34, 30);
      const range = visibleWindow(firstRowAt(top, 34) * 34, 570, 34, 500, 6);
      expect(index).toBeGreaterThanOrEqual(range.start);
      expect(index).toBeLessThan(range.end);
    }
  });
});
