import { describe, expect, it } from 'vitest';
import type { TermPoint } from '../../../../src/shared/api/market-structure.ts';
import {
  formatDays,
  termShapeSentence,
  termView,
} from '../../../../src/renderer/features/charts/term/term-data.ts';

const point = (
  expiration: string,
  days: number,
  atm: number | null,
  rr: number | null = -2,
  bf: number | null = 0.5,
): TermPoint => ({
  expiration,
  days,
  atm_iv: atm,
  put_25d_iv: null,
  call_25d_iv: null,
  risk_reversal_25d_pts: rr,
  butterfly_25d_pts: bf,
});

/** A column as a plain array (columns are typed arrays or arrays with nulls). */
const values = (column: ArrayLike<number | null> | undefined): (number | null)[] => Array.from(column ?? []);
const round = (column: ArrayLike<number | null> | undefined, digits: number) =>
  values(column).map((v) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits));

describe('termView', () => {
  const today = [
    point('2026-03-06', 4, 0.15, -3.1, 0.4),
    point('2026-03-13', 11, 0.16),
    point('2026-04-17', 46, 0.18, null, null),
  ];

  it('ATM IV in percent, risk reversal and butterfly in points, by days ascending', () => {
    const view = termView([...today].reverse());
    expect(view).not.toBeNull();
    const [days, atm, rr, bf] = view?.columns ?? [];
    expect([...(days as Float64Array)]).toEqual([4, 11, 46]);
    expect(round(atm, 2)).toEqual([15, 16, 18]);
    expect(rr).toEqual([-3.1, -2, null]);
    expect(bf).toEqual([0.4, 0.5, null]);
    expect(view?.overlays).toEqual([]);
  });

  it('an overlay at its own days: the union of days, each curve null at the other’s', () => {
    const yesterday = [point('2026-03-06', 5, 0.14), point('2026-03-13', 12, 0.155)];
    const view = termView(today, [
      { key: 'yesterday', label: 'Yesterday, Mar 2 16:00 ET', points: yesterday },
    ]);
    const [days, atm, , , past] = view?.columns ?? [];
    expect([...(days as Float64Array)]).toEqual([4, 5, 11, 12, 46]);
    expect(values(atm).map((v) => v !== null)).toEqual([true, false, true, false, true]);
    expect(round(past, 1)).toEqual([null, 14, null, 15.5, null]);
    expect(view?.overlays).toEqual([{ key: 'yesterday', label: 'Yesterday, Mar 2 16:00 ET' }]);
    // Hover names each x's expiration, the shown curve's where both have one.
    expect(view?.expirations.get(5)).toBe('2026-03-06');
    expect(view?.expirations.get(46)).toBe('2026-04-17');
  });

  it.each([
    { name: 'no expiration has an ATM IV', points: [point('2026-03-06', 4, null)], overlays: [] },
    { name: 'no expirations at all', points: [], overlays: [] },
  ])('nothing to draw: $name', ({ points, overlays }) => {
    expect(termView(points, overlays)).toBeNull();
  });

  it('an overlay without any ATM IV is not drawn (no empty legend entry)', () => {
    const view = termView(today, [
      { key: 'week', label: 'A week ago', points: [point('2026-03-06', 11, null)] },
    ]);
    expect(view?.columns).toHaveLength(4);
    expect(view?.overlays).toEqual([]);
  });
});

describe('termShapeSentence', () => {
  it.each([
    [{ shape: 'contango', slope_pts: 2.14 }, 'Contango: back month 2.1 pts above the front'],
    [{ shape: 'backwardation', slope_pts: -3.45 }, 'Backwardation: front month 3.5 pts above the back'],
    [{ shape: 'flat', slope_pts: -0.3 }, 'Flat: back month within 0.3 pts of the front'],
    [{ shape: 'unknown', slope_pts: null }, 'Shape unknown: fewer than two expirations with an ATM IV'],
    [{ shape: 'contango', slope_pts: null }, 'Shape unknown: fewer than two expirations with an ATM IV'],
    [null, 'Shape unknown: fewer than two expirations with an ATM IV'],
  ] as const)('%j → %s', (ts, want) => {
    expect(termShapeSentence(ts)).toBe(want);
  });
});

describe('formatDays', () => {
  it.each([
    [0, '0d'],
    [0.27, '0.3d'],
    [7.25, '7.3d'],
    [9.96, '10.0d'],
    [46, '46d'],
    [365.4, '365d'],
  ])('%d → %s', (days, want) => {
    expect(formatDays(days)).toBe(want);
  });
});
