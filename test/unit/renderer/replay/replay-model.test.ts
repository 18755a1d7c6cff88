// The replay's rules as tables: how the playhead moves, what is fetched ahead and forgotten, and
// how frames, days, weeks and the cap read.
import { describe, expect, it } from 'vitest';
import {
  capNote,
  dayLabel,
  frameInterval,
  frameLabel,
  framesAhead,
  framesToForget,
  framesToLoad,
  mondayOf,
  spanChoices,
  stepPlayhead,
  thinnedNote,
  type Playhead,
  type PlayheadAction,
} from '../../../../src/renderer/features/replay/replay-model.ts';

const head = (index: number, count: number, playing = false): Playhead => ({ index, count, playing });

describe('stepPlayhead', () => {
  it.each<[string, Playhead, PlayheadAction, Playhead]>([
    ['load starts paused on the first frame', head(5, 10, true), { type: 'load', count: 78 }, head(0, 78)],
    ['load clamps a wanted index', head(0, 0), { type: 'load', count: 3, index: 9 }, head(2, 3)],
    ['load of nothing', head(4, 10, true), { type: 'load', count: 0 }, head(0, 0)],
    ['play', head(3, 10), { type: 'play' }, head(3, 10, true)],
    ['play on the last frame starts over', head(9, 10), { type: 'play' }, head(0, 10, true)],
    ['play with one frame stays paused', head(0, 1), { type: 'play' }, head(0, 1)],
    ['toggle plays', head(2, 10), { type: 'toggle' }, head(2, 10, true)],
    ['toggle pauses', head(2, 10, true), { type: 'toggle' }, head(2, 10)],
    ['pause', head(2, 10, true), { type: 'pause' }, head(2, 10)],
    ['step forward pauses', head(2, 10, true), { type: 'step', by: 1 }, head(3, 10)],
    ['step back', head(2, 10), { type: 'step', by: -1 }, head(1, 10)],
    ['step back from the first frame stays', head(0, 10), { type: 'step', by: -1 }, head(0, 10)],
    ['step past the end stays on the last', head(9, 10), { type: 'step', by: 1 }, head(9, 10)],
    ['seek pauses', head(0, 10, true), { type: 'seek', index: 6 }, head(6, 10)],
    ['seek clamps', head(0, 10), { type: 'seek', index: 40 }, head(9, 10)],
    ['seek to NaN goes to the first', head(4, 10), { type: 'seek', index: Number.NaN }, head(0, 10)],
    ['tick advances', head(2, 10, true), { type: 'tick', nextReady: true }, head(3, 10, true)],
    [
      'tick waits for a frame still loading',
      head(2, 10, true),
      { type: 'tick', nextReady: false },
      head(2, 10, true),
    ],
    [
      'tick onto the last frame stops there',
      head(8, 10, true),
      { type: 'tick', nextReady: true },
      head(9, 10),
    ],
    ['tick on the last frame stops', head(9, 10, true), { type: 'tick', nextReady: true }, head(9, 10)],
    ['tick while paused does nothing', head(2, 10), { type: 'tick', nextReady: true }, head(2, 10)],
  ])('%s', (_name, before, action, after) => {
    expect(stepPlayhead(before, action)).toEqual(after);
  });
});

describe('timing and preloading', () => {
  it.each([
    [1, 1000, 6],
    [2, 500, 8],
    [5, 200, 20],
    [10, 100, 40],
  ])('%i frames/s: a frame every %i ms, %i frames held ahead', (speed, ms, ahead) => {
    expect(frameInterval(speed)).toBe(ms);
    expect(framesAhead(speed)).toBe(ahead);
  });

  const knownOf = (indices: number[]) => (i: number) => indices.includes(i);
  it.each<[string, number, number, number[], number, number, number[]]>([
    ['the shown frame first, then ahead', 78, 0, [], 5, 12, [0, 1, 2, 3, 4, 5]],
    ['skips what is loaded or on its way', 78, 10, [10, 11, 13], 4, 12, [12, 14]],
    ['at most a batch', 78, 0, [], 40, 12, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    ['not past the last frame', 5, 3, [], 10, 12, [3, 4]],
    ['nothing when all is here', 5, 0, [0, 1, 2, 3, 4], 10, 12, []],
    ['nothing without frames', 0, 0, [], 10, 12, []],
  ])('framesToLoad: %s', (_name, count, index, known, ahead, batch, expected) => {
    expect(framesToLoad(count, index, knownOf(known), ahead, batch)).toEqual(expected);
  });

  it.each<[string, number[], number, number, number[]]>([
    ['under the bound: nothing', [1, 2, 3], 2, 5, []],
    ['the farthest from the playhead first', [0, 1, 2, 3, 4, 50, 51], 3, 4, [51, 50, 0]],
    ['ties: the later one goes', [0, 2, 4], 2, 2, [4]],
  ])('framesToForget: %s', (_name, loaded, index, keep, expected) => {
    expect(framesToForget(loaded, index, keep)).toEqual(expected);
  });
});

describe('wording', () => {
  it.each([
    ['2026-11-24T15:30:00Z', 11, 78, 'Tue 24 Nov 10:30 ET · 12 / 78'],
    ['2026-03-02T14:35:00Z', 0, 3, 'Mon 2 Mar 09:35 ET · 1 / 3'],
    ['2025-07-01T19:59:00Z', 2, 3, 'Tue 1 Jul 15:59 ET · 3 / 3'],
    [null, 0, 0, 'No frames'],
    ['not a time', 0, 4, 'No frames'],
  ])('frameLabel(%s, %i, %i) is "%s"', (at, index, count, label) => {
    expect(frameLabel(at, index, count)).toBe(label);
  });

  it.each([
    ['2026-11-24', 'Tue 24 Nov', '2026-11-23'],
    ['2026-11-23', 'Mon 23 Nov', '2026-11-23'],
    ['2026-11-29', 'Sun 29 Nov', '2026-11-23'],
    ['2026-03-01', 'Sun 1 Mar', '2026-02-23'],
  ])('%s reads "%s", its week starts %s', (date, label, monday) => {
    expect(dayLabel(date)).toBe(label);
    expect(mondayOf(date)).toBe(monday);
  });

  it('names the year of each day and week when told to (a list reaching another year)', () => {
    const days = ['2025-04-30', '2023-09-14'];
    expect(spanChoices('day', days, true).map((c) => c.label)).toEqual([
      'Wed 30 Apr 2025',
      'Thu 14 Sep 2023',
    ]);
    expect(spanChoices('week', days, true).map((c) => c.label)).toEqual([
      'Week of Mon 28 Apr 2025',
      'Week of Mon 11 Sep 2023',
    ]);
  });

  it('offers each stored day, or each week holding one', () => {
    const days = ['2026-11-24', '2026-11-23', '2026-11-20'];
    expect(spanChoices('day', days).map((c) => c.label)).toEqual(['Tue 24 Nov', 'Mon 23 Nov', 'Fri 20 Nov']);
    expect(spanChoices('week', days)).toEqual([
      { date: '2026-11-23', label: 'Week of Mon 23 Nov' },
      { date: '2026-11-16', label: 'Week of Mon 16 Nov' },
    ]);
  });

  it.each([
    ['week', 1200, 400, 'This week has 1,200 stored snapshots: 400 of them, about every 3rd, are replayed.'],
    ['day', 802, 400, 'This day has 802 stored snapshots: 400 of them, about every 2nd, are replayed.'],
    ['week', 4400, 400, 'This week has 4,400 stored snapshots: 400 of them, about every 11th, are replayed.'],
    ['day', 78, 78, null],
  ] as const)('capNote(%s, %i, %i)', (span, total, shown, note) => {
    expect(capNote(span, total, shown)).toBe(note);
  });
});

describe('what a thinned span says', () => {
  it.each([
    ['day', [], null],
    [
      'day',
      [{ day: '2026-05-20', level: 'quarter-hour' }],
      'This day was thinned to one snapshot per 15 minutes (retention, Settings → Data).',
    ],
    [
      'day',
      [{ day: '2025-12-10', level: 'close' }],
      'This day was thinned to its close only (retention, Settings → Data).',
    ],
    [
      'week',
      [
        { day: '2025-12-08', level: 'close' },
        { day: '2025-12-09', level: 'close' },
      ],
      'Thinned by retention (Settings → Data): 2025-12-08 (its close only), 2025-12-09 (its close only).',
    ],
  ] as const)('thinnedNote(%s, %j)', (span, thinned, note) => {
    expect(thinnedNote(span, thinned)).toBe(note);
  });
});
