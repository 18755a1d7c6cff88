import { describe, expect, it } from 'vitest';
import { nextPointIndex } from '../../../../src/renderer/features/charts/frame/chart-keys.ts';

describe('nextPointIndex', () => {
  // Visible points 10..50.
  it.each([
    { key: 'ArrowRight', current: 20, shift: false, want: 21 },
    { key: 'ArrowLeft', current: 20, shift: false, want: 19 },
    { key: 'ArrowRight', current: 20, shift: true, want: 30 },
    { key: 'PageUp', current: 20, shift: false, want: 30 },
    { key: 'PageDown', current: 20, shift: false, want: 10 },
    { key: 'ArrowRight', current: 50, shift: false, want: 50 },
    { key: 'ArrowLeft', current: 10, shift: false, want: 10 },
    { key: 'PageDown', current: 12, shift: false, want: 10 },
    { key: 'Home', current: 33, shift: false, want: 10 },
    { key: 'End', current: 33, shift: false, want: 50 },
    { key: 'ArrowRight', current: null, shift: false, want: 10 },
    { key: 'ArrowLeft', current: null, shift: false, want: 50 },
    // A point left outside the window after a zoom starts over from the near end.
    { key: 'ArrowRight', current: 3, shift: false, want: 10 },
    { key: 'Escape', current: 20, shift: false, want: null },
    { key: 'a', current: 20, shift: false, want: undefined },
    { key: 'Enter', current: 20, shift: false, want: undefined },
  ])('$key from $current (shift $shift) → $want', ({ key, current, shift, want }) => {
    expect(nextPointIndex(key, current, 10, 50, shift)).toBe(want);
  });

  it('hides the crosshair when nothing is visible', () => {
    expect(nextPointIndex('ArrowRight', null, 0, -1)).toBeNull();
  });
});
