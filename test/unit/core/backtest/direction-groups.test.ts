// Statistics per direction and the baseline's move sizes: a two-way rule's firings split, the down
// ones read short against a baseline read short; move sizes grouped by the gamma regime at the
// start of each window. Expectations by hand from the small tables below.
import { describe, expect, it } from 'vitest';
import {
  baselineMoves,
  directionGroups,
  measureStats,
  type SessionObservation,
} from '../../../../src/core/backtest/statistics.ts';
import { spanOf } from '../../../../src/core/backtest/window.ts';
import type { BacktestFiring, FiringDirection, Moves } from '../../../../src/shared/bridge/backtest.ts';

const span = spanOf('30d', Date.parse('2025-06-01T00:00:00Z'));

/** Moves where only the 5-session absolute return is known. */
const moves5 = (abs: number | null): Moves => {
  const none = { absPct: null, rangePct: null, closeRangePct: null, realizedVolPct: null };
  return { '1d': none, '5d': { ...none, absPct: abs }, '20d': none };
};

const firing = (direction: FiringDirection, d5: number): BacktestFiring => ({
  ticker: 'SPY',
  at: '2025-05-20T15:00:00.000Z',
  title: 't',
  price: 100,
  forward: { '1d': null, '5d': d5, '20d': null },
  maxAdverse5d: null,
  direction,
  moves: moves5(Math.abs(d5)),
});

const session = (date: string, d5: number | null): SessionObservation => ({
  ticker: 'SPY',
  date,
  forward: { '1d': null, '5d': d5, '20d': null },
  moves: moves5(d5 === null ? null : Math.abs(d5)),
});

describe('firings split by direction', () => {
  // Up firings +2, +4, −1; down firings −3, −5 (price fell after a downward cross: good for a short).
  const firings = [
    firing('up', 2),
    firing('down', -3),
    firing('up', 4),
    firing('down', -5),
    firing('up', -1),
  ];
  // Baseline 5-session returns: +1, −1, +2, 0 (median 0.5; 2 of 4 up, 1 of 4 down).
  const sessions = [
    session('2025-05-01', 1),
    session('2025-05-02', -1),
    session('2025-05-05', 2),
    session('2025-05-06', 0),
  ];
  const groups = directionGroups(firings, sessions, span);

  it.each([
    // [direction, reading, count, median signed 5d, share in favour, baseline median, baseline share, median |r|]
    ['up', 'long', 3, 2, 2 / 3, 0.5, 2 / 4, 2],
    ['down', 'short', 2, 4, 1, -0.5, 1 / 4, 4],
  ] as const)(
    '%s firings are read %s: n %i, median %s, in favour %s vs baseline %s / %s; |r| %s',
    (direction, reading, count, med, share, baseMed, baseShare, abs) => {
      const g = groups.find((x) => x.direction === direction);
      expect(g).toBeDefined();
      expect(g?.reading).toBe(reading);
      expect(g?.summary.count).toBe(count);
      expect(g?.summary.horizons['5d'].medianPct).toBeCloseTo(med, 10);
      expect(g?.summary.horizons['5d'].upShare).toBeCloseTo(share, 10);
      expect(g?.baseline.horizons['5d'].medianPct).toBeCloseTo(baseMed, 10);
      expect(g?.baseline.horizons['5d'].upShare).toBeCloseTo(baseShare, 10);
      expect(g?.moves['5d'].absPct).toEqual({ count, medianPct: abs });
    },
  );

  it('has no group for a direction that never fired, and keeps the order up, down, none', () => {
    expect(groups.map((g) => g.direction)).toEqual(['up', 'down']);
    const one = directionGroups([firing('none', 1), firing('down', 1)], sessions, span);
    expect(one.map((g) => [g.direction, g.reading])).toEqual([
      ['down', 'short'],
      ['none', 'long'],
    ]);
  });
});

describe('baseline move sizes by gamma regime', () => {
  const sessions = [
    session('2025-05-01', 3), // negative
    session('2025-05-02', -5), // negative
    session('2025-05-05', 1), // positive
    session('2025-05-06', -0.5), // positive
    session('2025-05-07', 2), // positive
    session('2025-05-08', 9), // regime not stored: only in the whole baseline
  ];
  const regime: Record<string, string> = {
    '2025-05-01': 'negative',
    '2025-05-02': 'negative',
    '2025-05-05': 'positive',
    '2025-05-06': 'positive',
    '2025-05-07': 'positive',
  };
  const m = baselineMoves(sessions, (_t, date) => regime[date] ?? null, 'move');

  it('measures every session, and each regime apart (negative first)', () => {
    expect(m.claim).toBe('move');
    expect(m.baseline.sessions).toBe(6);
    // |r|: 3, 5, 1, 0.5, 2, 9 → median of 2 and 3.
    expect(m.baseline.moves['5d'].absPct).toEqual({ count: 6, medianPct: 2.5 });
    expect(m.byGammaRegime.map((g) => [g.regime, g.sessions, g.moves['5d'].absPct.medianPct])).toEqual([
      ['negative', 2, 4],
      ['positive', 3, 1],
    ]);
  });

  it.each([
    [[], { count: 0, medianPct: null }],
    [[null, 2, 4, null], { count: 2, medianPct: 3 }],
    [[Number.NaN, 1], { count: 1, medianPct: 1 }],
  ])('measure stats of %j', (values, want) => expect(measureStats(values)).toEqual(want));
});
