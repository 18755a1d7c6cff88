// Forward returns, the adverse move, the summary and the baseline: the formulas, by table.
import { describe, expect, it } from 'vitest';
import {
  closeOnOrBefore,
  outcomeAfter,
  type DailyClose,
} from '../../../../src/core/backtest/forward-returns.ts';
import { baseline, horizonStats, median, summarize } from '../../../../src/core/backtest/statistics.ts';
import { spanOf } from '../../../../src/core/backtest/window.ts';

/** 25 sessions from 2025-03-03 (weekdays only), closes 100, 101, … unless given. */
function closes(values?: number[]): DailyClose[] {
  const out: DailyClose[] = [];
  const d = new Date('2025-03-03T12:00:00Z');
  for (let i = 0; out.length < (values?.length ?? 25); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    out.push({ date: d.toISOString().slice(0, 10), close: values?.[i] ?? 100 + i });
    i++;
  }
  return out;
}

describe('forward returns', () => {
  const c = closes();
  it.each([
    // [firing date, price, 1d, 5d, 20d]
    ['2025-03-03', 100, 1, 5, 20], // a Monday: next sessions are Tue (101) …
    ['2025-03-08', 104, (105 / 104 - 1) * 100, (109 / 104 - 1) * 100, (124 / 104 - 1) * 100], // Saturday: from Monday on
    ['2025-03-03', 50, 102, 110, 140],
    ['2025-03-31', 120, (121 / 120 - 1) * 100, null, null], // 1 session left
    ['2025-04-04', 124, null, null, null], // the last session: nothing after
  ])('a firing on %s at %d: 1d %s, 5d %s, 20d %s', (date, price, d1, d5, d20) => {
    const { forward } = outcomeAfter(c, date, price);
    const near = (v: number | null, want: number | null) =>
      want === null ? expect(v).toBeNull() : expect(v).toBeCloseTo(want, 10);
    near(forward['1d'], d1);
    near(forward['5d'], d5);
    near(forward['20d'], d20);
  });

  it.each([
    // closes after the firing (session 1..), price, max adverse 5d
    [[99, 98, 101, 97, 102, 90], 100, -3], // the 6th session is outside the 5
    [[101, 102, 103, 104, 105], 100, 0], // never below the price: 0
    [[100, 100, 100, 100], 100, null], // only 4 sessions: unknown
    [[95, 96, 97, 98, 99], 100, -5],
  ])('adverse move over %j from %d is %s', (after, price, want) => {
    const series = closes([100, ...after]);
    const first = series[0] as DailyClose;
    const { maxAdverse5d } = outcomeAfter(series, first.date, price);
    if (want === null) expect(maxAdverse5d).toBeNull();
    else expect(maxAdverse5d).toBeCloseTo(want, 10);
  });

  it('counts sessions on the market calendar: a gap in the data is no figure, never a stretched horizon', () => {
    // Stored files on May 6 and Sep 2 2025 only: five sessions after May 6 is May 13, not Sep 2.
    const sparse: DailyClose[] = [
      { date: '2025-05-06', close: 560 },
      { date: '2025-09-02', close: 637 },
    ];
    const { forward, maxAdverse5d } = outcomeAfter(sparse, '2025-05-06', 560);
    expect(forward).toEqual({ '1d': null, '5d': null, '20d': null });
    expect(maxAdverse5d).toBeNull();
  });

  it.each([
    // [firing session, horizon, the session it lands on]
    ['2025-07-03', '1d', '2025-07-07'], // Independence Day is no session
    ['2025-04-17', '1d', '2025-04-21'], // Good Friday is no session
    ['2025-12-23', '5d', '2025-12-31'], // Christmas in between
    ['2025-11-25', '20d', '2025-12-24'], // Thanksgiving in between; Nov 28 and Dec 24 close early but are sessions
  ] as const)('a firing on %s reads %s at %s', (date, horizon, landing) => {
    const every: DailyClose[] = [];
    for (let d = new Date(`${date}T12:00:00Z`), i = 0; i < 60; i++, d.setUTCDate(d.getUTCDate() + 1))
      every.push({ date: d.toISOString().slice(0, 10), close: 100 + i });
    const want = every.find((c) => c.date === landing) as DailyClose;
    expect(outcomeAfter(every, date, 100).forward[horizon]).toBeCloseTo(want.close - 100, 10);
    // Without that day's close the figure is missing, not the next day's.
    const gap = every.filter((c) => c.date !== landing);
    expect(outcomeAfter(gap, date, 100).forward[horizon]).toBeNull();
  });

  it('finds the close on or before a date', () => {
    const c2 = closes();
    expect(closeOnOrBefore(c2, '2025-03-08')?.date).toBe('2025-03-07');
    expect(closeOnOrBefore(c2, '2025-03-01')).toBeNull();
  });
});

describe('statistics', () => {
  it.each([
    [[], null],
    [[3], 3],
    [[3, 1], 2],
    [[5, 1, 3], 3],
    [[-1, 4, 2, 10], 3],
  ])('median of %j is %s', (values, want) => expect(median(values)).toBe(want));

  it.each([
    [[], { count: 0, medianPct: null, upShare: null }],
    [[1, -1, null, 2], { count: 3, medianPct: 1, upShare: 2 / 3 }],
    [[0, 0], { count: 2, medianPct: 0, upShare: 0 }], // flat is not up
  ])('horizon stats of %j', (values, want) => expect(horizonStats(values)).toEqual(want));

  it('summarizes firings per month over the window', () => {
    const span = spanOf('90d', Date.parse('2025-06-01T00:00:00Z'));
    const f = { '1d': 1, '5d': -1, '20d': null };
    const s = summarize([f, f, f], span);
    expect(s.count).toBe(3);
    expect(s.perMonth).toBeCloseTo(3 / (90 / 30.4375), 10);
    expect(s.horizons['1d']).toEqual({ count: 3, medianPct: 1, upShare: 1 });
    expect(s.horizons['20d']).toEqual({ count: 0, medianPct: null, upShare: null });
  });

  it('baseline: every session in the window, read at its own close', () => {
    const c = closes([100, 110, 99, 99]);
    const b = baseline(new Map([['SPY', c]]), c[1]?.date as string, c[3]?.date as string);
    // sessions 2..4 in the window: 1d returns 99/110-1 and 99/99-1; the last has none.
    expect(b.sessions).toBe(3);
    expect(b.horizons['1d'].count).toBe(2);
    expect(b.horizons['1d'].medianPct).toBeCloseTo(((99 / 110 - 1) * 100 + 0) / 2, 10);
    expect(b.horizons['1d'].upShare).toBe(0);
  });
});
