import { describe, expect, it } from 'vitest';
import { closedText } from '../../../../src/renderer/features/rankings/closed-text.ts';

const t = (iso: string) => Date.parse(iso);

describe('closedText: an empty ranking stored with the market closed', () => {
  it.each([
    {
      name: 'pre-open, the open ahead',
      closed: { when: 'pre_open', opensAt: '2026-03-02T14:30:00Z', nextDueAt: '2026-03-02T14:30:00Z' },
      asof: '2026-03-02T14:29:00Z',
      now: t('2026-03-02T14:29:30Z'),
      title: 'Pre-open',
      reason:
        'The ranking of Mar 2, 09:29 ET was taken before the open, when no ticker had a snapshot from the last 36 hours. ' +
        'The session opens at Mar 2, 09:30 ET; the next ranking is due at Mar 2, 09:30 ET.',
    },
    {
      name: 'pre-open list still shown after the open',
      closed: { when: 'pre_open', opensAt: '2026-03-02T14:30:00Z', nextDueAt: '2026-03-02T14:45:00Z' },
      asof: '2026-03-02T14:29:00Z',
      now: t('2026-03-02T14:31:00Z'),
      title: 'Pre-open',
      reason:
        'The ranking of Mar 2, 09:29 ET was taken before the open, when no ticker had a snapshot from the last 36 hours. ' +
        'The market opened at Mar 2, 09:30 ET; the next ranking is due at Mar 2, 09:45 ET.',
    },
    {
      name: 'a weekend, no scheduled run in market hours',
      closed: { when: 'closed', opensAt: '2026-03-02T14:30:00Z', nextDueAt: null },
      asof: '2026-02-28T15:00:00Z',
      now: t('2026-02-28T15:01:00Z'),
      title: 'Market closed',
      reason:
        'The ranking of Feb 28, 10:00 ET was taken with the market closed, when no ticker had a snapshot from the last 36 hours. ' +
        'The session opens at Mar 2, 09:30 ET; no scheduled ranking falls in market hours in the next eight days (see Settings → Polling).',
    },
  ] as const)('$name', ({ closed, asof, now, title, reason }) => {
    expect(closedText(closed, 'ranking', asof, now)).toEqual({ title, reason });
  });

  it('names the list it is about', () => {
    const closed = {
      when: 'pre_open',
      opensAt: '2026-03-02T14:30:00Z',
      nextDueAt: '2026-03-02T15:00:00Z',
    } as const;
    expect(closedText(closed, 'income list', '2026-03-02T14:29:00Z', 0).reason).toContain(
      'the next income list is due at Mar 2, 10:00 ET',
    );
  });
});
