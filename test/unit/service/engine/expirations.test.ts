import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyExpirations,
  ExpirySelectionError,
  isStandardMonthly,
  parseExpirySelection,
  resolveSelection,
} from '../../../../src/service/engine/expirations.ts';
import { nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';
import { listedExpirations, makeChain } from '../../../support/chain-factory.ts';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function listing(asofDate: string, asofMinutes: number, dates: string[]) {
  return {
    asof: nyToEpoch(asofDate, asofMinutes),
    expirations: dates.map((date) => ({ date, expiresAt: optionExpiryEpoch(date) })),
  };
}

function bucketDates(asofDate: string, dates: string[], minutes = 15 * 60) {
  const l = listing(asofDate, minutes, dates);
  const b = classifyExpirations(l);
  const at = (i: number | null) => (i === null ? null : (l.expirations[i]?.date ?? 'bad index'));
  return { nearest: at(b.nearest), first_weekly: at(b.first_weekly), first_monthly: at(b.first_monthly) };
}

describe('isStandardMonthly', () => {
  it.each([
    ['2025-03-21', true, 'third Friday'],
    ['2025-03-14', false, 'second Friday'],
    ['2025-04-17', true, 'Thursday before Good Friday 2025-04-18'],
    ['2025-04-18', false, 'Good Friday itself'],
    ['2026-06-18', true, 'Thursday before Juneteenth 2026-06-19'],
    ['2025-03-31', false, 'end of quarter'],
  ])('%s → %s (%s)', (date, expected) => {
    expect(isStandardMonthly(date)).toBe(expected);
  });
});

describe('classifyExpirations', () => {
  it.each([
    {
      name: 'front weekly, then the monthly, then weeklies',
      asof: '2025-03-12',
      dates: ['2025-03-14', '2025-03-21', '2025-03-28', '2025-04-04'],
      expected: { nearest: '2025-03-14', first_weekly: '2025-03-28', first_monthly: '2025-03-21' },
    },
    {
      name: 'nearest is the front monthly: first_monthly is the next month',
      asof: '2025-03-19',
      dates: ['2025-03-21', '2025-03-28', '2025-04-04', '2025-04-17'],
      expected: { nearest: '2025-03-21', first_weekly: '2025-03-28', first_monthly: '2025-04-17' },
    },
    {
      name: 'monthly moved to Thursday by Good Friday',
      asof: '2025-04-09',
      dates: ['2025-04-11', '2025-04-17', '2025-04-25'],
      expected: { nearest: '2025-04-11', first_weekly: '2025-04-25', first_monthly: '2025-04-17' },
    },
    {
      name: 'monthly moved to Thursday by Juneteenth',
      asof: '2026-06-10',
      dates: ['2026-06-12', '2026-06-18', '2026-06-26'],
      expected: { nearest: '2026-06-12', first_weekly: '2026-06-26', first_monthly: '2026-06-18' },
    },
    {
      name: 'holiday-shifted weekly (Thursday before observed July 4th) is a weekly',
      asof: '2026-06-24',
      dates: ['2026-06-26', '2026-07-02', '2026-07-17'],
      expected: { nearest: '2026-06-26', first_weekly: '2026-07-02', first_monthly: '2026-07-17' },
    },
    {
      name: 'end-of-quarter expiration is a weekly',
      asof: '2025-03-24',
      dates: ['2025-03-28', '2025-03-31', '2025-04-17'],
      expected: { nearest: '2025-03-28', first_weekly: '2025-03-31', first_monthly: '2025-04-17' },
    },
    {
      name: 'a daily before the Friday weekly',
      asof: '2025-03-12',
      dates: ['2025-03-13', '2025-03-14', '2025-03-21'],
      expected: { nearest: '2025-03-13', first_weekly: '2025-03-14', first_monthly: '2025-03-21' },
    },
    {
      name: 'a second monthly is skipped by first_weekly',
      asof: '2025-03-12',
      dates: ['2025-03-14', '2025-03-21', '2025-04-17', '2025-04-25'],
      expected: { nearest: '2025-03-14', first_weekly: '2025-04-25', first_monthly: '2025-03-21' },
    },
    {
      name: 'monthlies only: no weekly',
      asof: '2025-03-12',
      dates: ['2025-03-21', '2025-04-17', '2025-05-16'],
      expected: { nearest: '2025-03-21', first_weekly: null, first_monthly: '2025-04-17' },
    },
    {
      name: 'one expiration',
      asof: '2025-03-12',
      dates: ['2025-03-14'],
      expected: { nearest: '2025-03-14', first_weekly: null, first_monthly: null },
    },
    {
      name: 'no expiration',
      asof: '2025-03-12',
      dates: [],
      expected: { nearest: null, first_weekly: null, first_monthly: null },
    },
  ])('$name', ({ asof, dates, expected }) => {
    expect(bucketDates(asof, dates)).toEqual(expected);
  });

  it('keeps an expiration that expires later the same day as nearest (0-DTE)', () => {
    expect(bucketDates('2025-03-14', ['2025-03-14', '2025-03-21', '2025-03-28'], 10 * 60).nearest).toBe(
      '2025-03-14',
    );
  });

  it('skips an expiration at or before the snapshot', () => {
    const after = bucketDates('2025-03-14', ['2025-03-14', '2025-03-21', '2025-03-28'], 16 * 60);
    expect(after).toEqual({ nearest: '2025-03-21', first_weekly: '2025-03-28', first_monthly: null });
  });

  it('gives three distinct expirations, each of the right kind, on any realistic listing', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-02'), max: new Date('2027-12-20'), noInvalidDate: true }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (day, keep) => {
          const asofDate = day.toISOString().slice(0, 10);
          const all = listedExpirations(asofDate, 30).slice(0, 30);
          const dates = all.filter((_, i) => keep[i]);
          const l = listing(asofDate, 15 * 60, dates);
          const b = classifyExpirations(l);
          const chosen = [b.nearest, b.first_weekly, b.first_monthly].filter((x) => x !== null);
          expect(new Set(chosen).size).toBe(chosen.length);
          if (dates.length > 0) expect(b.nearest).toBe(0);
          if (b.first_monthly !== null) {
            const monthly = l.expirations[b.first_monthly]?.date as string;
            expect(isStandardMonthly(monthly)).toBe(true);
            const earlier = dates.slice(1, b.first_monthly).filter(isStandardMonthly);
            expect(earlier).toEqual([]);
          }
          if (b.first_weekly !== null) {
            const weekly = l.expirations[b.first_weekly]?.date as string;
            expect(isStandardMonthly(weekly)).toBe(false);
            expect(dates.slice(1, b.first_weekly).filter((d) => !isStandardMonthly(d))).toEqual([]);
          }
        },
      ),
    );
  });
});

describe('parseExpirySelection', () => {
  it.each([
    ['combined', 'combined'],
    ['NEAREST', 'nearest'],
    [' first_weekly ', 'first_weekly'],
    ['first_monthly', 'first_monthly'],
    ['2025-03-21', '2025-03-21'],
  ])('accepts %j', (raw, expected) => {
    expect(parseExpirySelection(raw)).toBe(expected);
  });

  it.each(['weekly', '2025-02-30', '2025-3-21', '', 'combined,nearest', '21/03/2025'])(
    'rejects %j',
    (raw) => {
      const error = thrown(() => parseExpirySelection(raw));
      expect(error).toBeInstanceOf(ExpirySelectionError);
      expect(error).toMatchObject({ code: 'invalid_expiry' });
    },
  );
});

describe('resolveSelection', () => {
  const chain = makeChain({ expirations: ['2025-03-14', '2025-03-21', '2025-04-17'] });

  it.each([
    ['combined', ['2025-03-14', '2025-03-21', '2025-04-17']],
    ['nearest', ['2025-03-14']],
    ['first_monthly', ['2025-03-21']],
    ['first_weekly', []],
    ['2025-04-17', ['2025-04-17']],
  ] as const)('%s covers %j', (selection, dates) => {
    const r = resolveSelection(chain, selection);
    expect(r.dates).toEqual(dates);
    expect(Array.from(r.mask).reduce((s, x) => s + x, 0)).toBe(dates.length);
  });

  it('rejects a date the chain does not list, naming the listed ones', () => {
    const error = thrown(() => resolveSelection(chain, '2025-03-28'));
    expect(error).toBeInstanceOf(ExpirySelectionError);
    expect(error).toMatchObject({ code: 'unknown_expiry' });
    expect((error as Error).message).toMatch(
      /2025-03-28 is not listed; listed: 2025-03-14, 2025-03-21, 2025-04-17/,
    );
  });
});
