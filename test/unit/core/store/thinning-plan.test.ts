// Which snapshots thinning keeps (src/core/store/thinning-plan.ts): the tiers by New York session,
// a quarter hour of the wall clock, the session's close, and a day the clocks change.
import { describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import {
  levelOfSession,
  sessionBounds,
  thinCutoffs,
  thinSession,
  thinTimes,
  type ThinCandidate,
} from '../../../../src/core/store/thinning-plan.ts';
import { DAY_MS } from '../../../../src/core/store/time.ts';
import { at as ny } from '../../../support/ny-time.ts';

let nextId = 1;
const row = (series: string, asof: number): ThinCandidate => ({ id: nextId++, series, asof });
const keptOf = (rows: ThinCandidate[], level: 'quarter-hour' | 'close'): number[] => {
  const removed = new Set(thinSession(rows, level).map((r) => r.id));
  return rows.filter((r) => !removed.has(r.id)).map((r) => r.id);
};

describe('thinning tiers by session', () => {
  // Wednesday 2026-07-01 12:00 New York; 30 days back is Monday 2026-06-01 12:00.
  const now = ny('2026-07-01', '12:00');
  const cutoffs = thinCutoffs(now, 30, 180);

  it.each([
    ['the session holding the instant fullDays ago keeps everything', '2026-06-01', null],
    ['a later one too', '2026-06-30', null],
    ['the session before it: one per 15 minutes', '2026-05-29', 'quarter-hour'],
    ['a session 170 days back: one per 15 minutes', '2026-01-12', 'quarter-hour'],
    // 180 days back is Friday 2026-01-02 12:00: its session is the first one thinned to 15 minutes.
    ['the session holding the instant quarterHourDays ago', '2026-01-02', 'quarter-hour'],
    ['the session before that: its close only', '2025-12-31', 'close'],
  ] as const)('%s', (_, session, level) => {
    expect(levelOfSession(session, cutoffs)).toBe(level);
  });

  it('a session counts from its open: a pre-market file belongs to the session before', () => {
    // Monday 2026-06-01 09:00 is still Friday's session.
    const early = thinCutoffs(ny('2026-07-01', '09:00') + 0, 30, 180);
    expect(early.quarterHourBefore).toBe('2026-05-29');
    expect(thinCutoffs(ny('2026-07-01', '09:30'), 30, 180).quarterHourBefore).toBe('2026-06-01');
  });

  it('quarterHourDays below fullDays thins straight to the close', () => {
    const c = thinCutoffs(now, 30, 10);
    expect(c.closeBefore).toBe(c.quarterHourBefore);
    expect(levelOfSession('2026-05-29', c)).toBe('close');
  });

  it('a session runs from its open to the next trading day’s open, across a weekend', () => {
    const { from, to } = sessionBounds('2026-05-29'); // Friday
    expect(from).toBe(ny('2026-05-29', '09:30'));
    expect(to).toBe(ny('2026-06-01', '09:30'));
    expect(to - from).toBe(3 * DAY_MS);
  });
});

describe('thinSession', () => {
  const day = '2026-05-20';

  it('keeps the last snapshot of each quarter hour of each series', () => {
    const a = [
      row('A', ny(day, '10:00')), // the quarter's first: thinned
      row('A', ny(day, '10:05')),
      row('A', ny(day, '10:14')), // the quarter's last: kept
      row('A', ny(day, '10:15')), // the next quarter's only one: kept
    ];
    const b = [row('B', ny(day, '10:05'))]; // another series is never thinned by A
    expect(keptOf([...a, ...b], 'quarter-hour')).toEqual([a[2]!.id, a[3]!.id, b[0]!.id]);
  });

  it('of two at the same instant, keeps the one stored last', () => {
    const rows = [row('A', ny(day, '10:00')), row('A', ny(day, '10:00'))];
    expect(keptOf(rows, 'quarter-hour')).toEqual([rows[1]!.id]);
  });

  it('keeps the close: the last regular-hours snapshot, not the next morning’s pre-market one', () => {
    const rows = [
      row('A', ny(day, '09:30')),
      row('A', ny(day, '16:00')), // the close
      row('A', ny(day, '20:00')), // after hours: later, and stands for the session
      row('A', ny('2026-05-21', '08:30')), // next morning before the open: the same session, less preferred
    ];
    expect(keptOf(rows, 'close')).toEqual([rows[2]!.id]);
    expect(keptOf([rows[0]!, rows[3]!], 'close')).toEqual([rows[0]!.id]);
    // A session with only a pre-market file keeps it.
    expect(keptOf([rows[3]!], 'close')).toEqual([rows[3]!.id]);
  });

  it('on the weekend the clocks spring forward, quarter hours stay New York’s and Friday’s close is kept', () => {
    // 2026-03-08 (Sunday) 02:00 New York: EST → EDT. Friday's session runs to Monday's open.
    const friday = '2026-03-06';
    const { from, to } = sessionBounds(friday);
    expect(to - from).toBe(3 * DAY_MS - 3_600_000); // an hour shorter
    const rows = [
      row('A', ny(friday, '15:59')),
      row('A', ny(friday, '16:00')), // the close
      row('A', ny('2026-03-09', '08:00')), // Monday pre-market, EDT: still Friday's session
    ];
    expect(keptOf(rows, 'close')).toEqual([rows[1]!.id]);
    // Monday 10:00-10:14 EDT is one quarter hour; 10:15 another.
    const monday = [
      row('A', ny('2026-03-09', '10:00')),
      row('A', ny('2026-03-09', '10:14')),
      row('A', ny('2026-03-09', '10:15')),
    ];
    expect(keptOf(monday, 'quarter-hour')).toEqual([monday[1]!.id, monday[2]!.id]);
  });
});

describe('thinTimes (a metric’s points: rows that differ only in time)', () => {
  // A session's instants, polled every minute, with an after-hours point and a pre-market one.
  const instants = (day: string, next: string): number[] => [
    ...Array.from({ length: 391 }, (_, i) => nyToEpoch(day, 9 * 60 + 30 + i)),
    ny(day, '20:00'),
    ny(next, '08:30'),
  ];
  // Deterministic picks of a session's instants, from a few to all of them.
  const picks = (all: number[], seed: number): number[] => {
    let x = seed;
    return all.filter(() => ((x = (x * 1103515245 + 12345) % 2 ** 31) & 7) < 1 + (seed % 7));
  };

  it.each([
    ['a plain session', '2026-05-20', '2026-05-21'],
    ['the Friday before the clocks spring forward', '2026-03-06', '2026-03-09'],
    ['the Friday before they fall back', '2026-10-30', '2026-11-02'],
  ])('removes what thinSession removes, on %s', (_, day, next) => {
    const all = instants(day, next);
    for (let seed = 1; seed <= 40; seed++) {
      const times = seed === 40 ? all : picks(all, seed);
      for (const level of ['quarter-hour', 'close'] as const) {
        const rows = times.map((asof) => ({ id: asof, series: 'A', asof }));
        const expected = thinSession(rows, level)
          .map((r) => r.asof)
          .sort((a, b) => a - b);
        expect(thinTimes(times, level)).toEqual(expected);
      }
    }
  });

  it('keeps everything of one point, and takes the close rule from the caller', () => {
    const t = ny('2026-05-20', '16:00');
    expect(thinTimes([t], 'close')).toEqual([]);
    expect(thinTimes([], 'quarter-hour')).toEqual([]);
    // A preference that ranks the first highest keeps the first.
    expect(thinTimes([t, t + 60_000], 'close', (asof) => -asof)).toEqual([t + 60_000]);
  });
});
