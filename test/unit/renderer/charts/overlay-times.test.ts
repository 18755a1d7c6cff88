import { describe, expect, it } from 'vitest';
import {
  inWindow,
  nearestFirst,
  overlayWindow,
} from '../../../../src/renderer/features/charts/overlays/overlay-times.ts';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe('overlayWindow', () => {
  it.each([
    {
      name: 'Tuesday 10:00 ET → Monday, same clock time',
      shown: '2026-03-03T15:00:00Z',
      key: 'yesterday' as const,
      session: '2026-03-02',
      target: '2026-03-02T15:00:00.000Z',
    },
    {
      name: 'Monday → Friday (the weekend has no session)',
      shown: '2026-03-02T15:00:00Z',
      key: 'yesterday' as const,
      session: '2026-02-27',
      target: '2026-02-27T15:00:00.000Z',
    },
    {
      name: 'after Presidents’ Day (Feb 16) → the Friday before',
      shown: '2026-02-17T20:00:00Z',
      key: 'yesterday' as const,
      session: '2026-02-13',
      target: '2026-02-13T20:00:00.000Z',
    },
    {
      name: 'a pre-market file (Wed 08:00 ET, Tuesday’s session) → Monday, kept inside its span',
      shown: '2026-03-04T13:00:00Z',
      key: 'yesterday' as const,
      session: '2026-03-02',
      // 08:00 on Monday is before Monday's open: the target moves to the open.
      target: '2026-03-02T14:30:00.000Z',
    },
    {
      name: 'an after-close file (Wed 16:15 EDT) → Tuesday 16:15',
      shown: '2025-09-10T20:15:00Z',
      key: 'yesterday' as const,
      session: '2025-09-09',
      target: '2025-09-09T20:15:00.000Z',
    },
    {
      name: 'a week ago: seven calendar days, same clock time',
      shown: '2026-03-10T15:00:00Z',
      key: 'week' as const,
      session: '2026-03-03',
      target: '2026-03-03T15:00:00.000Z',
    },
    {
      name: 'a week ago on a holiday → the session before it',
      shown: '2026-02-23T15:00:00Z',
      key: 'week' as const,
      session: '2026-02-13',
      target: '2026-02-16T15:00:00.000Z',
    },
  ])('$name', ({ shown, key, session, target }) => {
    const w = overlayWindow(ms(shown), key);
    expect(w.session).toBe(session);
    expect(iso(w.target)).toBe(target);
    // The span runs from the session's open to the next trading day's open, and holds the target.
    expect(w.from).toBeLessThanOrEqual(w.target);
    expect(w.target).toBeLessThan(w.to);
    expect(w.to).toBeLessThanOrEqual(ms(shown));
  });

  it('spans a session from its 09:30 open to the next trading day’s open', () => {
    const w = overlayWindow(ms('2026-03-02T15:00:00Z'), 'yesterday');
    expect(iso(w.from)).toBe('2026-02-27T14:30:00.000Z');
    expect(iso(w.to)).toBe('2026-03-02T14:30:00.000Z');
  });
});

describe('nearestFirst', () => {
  const w = overlayWindow(ms('2026-03-03T15:00:00Z'), 'yesterday'); // Monday 10:00 ET
  it.each([
    {
      name: 'nearest to the same time first, the earlier on a tie',
      entries: [
        '2026-03-02T16:00:00Z',
        '2026-03-02T14:00:00Z',
        '2026-03-02T15:30:00Z',
        '2026-03-02T14:30:00Z',
      ],
      want: ['2026-03-02T14:30:00Z', '2026-03-02T15:30:00Z', '2026-03-02T16:00:00Z'],
    },
    {
      name: 'outside the session: left out (Friday, Tuesday)',
      entries: ['2026-02-27T20:00:00Z', '2026-03-03T14:45:00Z', '2026-03-02T21:00:00Z'],
      want: ['2026-03-02T21:00:00Z'],
    },
    { name: 'nothing stored', entries: [], want: [] },
  ])('$name', ({ entries, want }) => {
    expect(
      nearestFirst(
        entries.map((asof) => ({ asof })),
        w,
      ),
    ).toEqual(want);
  });
});

describe('inWindow', () => {
  const w = overlayWindow(ms('2026-03-03T15:00:00Z'), 'yesterday');
  it.each([
    ['2026-03-02T14:30:00Z', true],
    ['2026-03-03T14:29:59Z', true],
    ['2026-03-03T14:30:00Z', false],
    ['2026-03-02T14:29:59Z', false],
    [null, false],
    ['not a time', false],
  ])('%s → %s', (at, want) => {
    expect(inWindow(at, w)).toBe(want);
  });
});
