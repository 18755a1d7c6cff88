import { describe, expect, it } from 'vitest';
import {
  isTradingDay,
  parseIsoDate,
  standardMonthlyExpiration,
  weekday,
} from '../../../../../src/shared/market-calendar.ts';
import {
  dateOfDayNumber,
  dayNumber,
  listedExpirations,
} from '../../../../../src/service/market/sim/listing.ts';

const monthlies = (list: readonly string[]): string[] =>
  list.filter((d) => {
    const { year, month } = parseIsoDate(d);
    return standardMonthlyExpiration(year, month) === d;
  });

describe('listedExpirations', () => {
  it.each([
    ['daily', '2024-03-25'],
    ['weekly', '2024-03-25'],
    ['monthly', '2024-03-25'],
    ['daily', '2025-12-22'],
    ['weekly', '2026-06-15'],
    ['weekly', '2028-12-29'],
  ] as const)('%s on %s: sorted, unique trading days from the date on', (style, date) => {
    const list = listedExpirations(style, date);
    expect([...list].sort()).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
    for (const d of list) {
      expect(isTradingDay(d)).toBe(true);
      expect(d >= date).toBe(true);
    }
  });

  it('lists every session of the next two weeks for daily names', () => {
    const list = listedExpirations('daily', '2024-03-25');
    expect(list.slice(0, 9)).toEqual([
      '2024-03-25',
      '2024-03-26',
      '2024-03-27',
      '2024-03-28', // 2024-03-29 is Good Friday
      '2024-04-01',
      '2024-04-02',
      '2024-04-03',
      '2024-04-04',
      '2024-04-05',
    ]);
  });

  it('lists Friday weeklies for seven weeks, moved to Thursday on a Friday holiday', () => {
    const list = listedExpirations('weekly', '2024-03-25');
    const weeklies = list.filter((d) => d <= '2024-05-13');
    expect(weeklies).toEqual([
      '2024-03-28',
      '2024-04-05',
      '2024-04-12',
      '2024-04-19',
      '2024-04-26',
      '2024-05-03',
      '2024-05-10',
    ]);
    expect(listedExpirations('weekly', '2026-06-15')).toContain('2026-06-18'); // Juneteenth Friday
  });

  it('lists Friday weeklies eight weeks out for index names, seven for single stocks', () => {
    // 2026-11-27: the eighth Friday is 2027-01-22 (56 days), which the seven-week horizon leaves out.
    expect(listedExpirations('daily', '2026-11-27')).toContain('2027-01-22');
    expect(listedExpirations('weekly', '2026-11-27')).not.toContain('2027-01-22');
    expect(listedExpirations('weekly', '2026-11-27')).toContain('2027-01-08');
  });

  it.each([
    // date, a month-end or quarter-end listed for index names, why
    ['2026-11-27', '2026-11-30', 'November month-end, a Monday'],
    ['2026-11-27', '2026-12-31', 'December quarter-end; also the Friday weekly moved off New Year'],
    ['2026-11-27', '2027-01-29', 'January month-end, a Friday'],
    ['2026-11-27', '2027-03-31', 'March quarter-end'],
    ['2026-11-27', '2027-09-30', 'the fourth quarter-end'],
    ['2024-03-01', '2024-03-28', 'March 2024 ends on a Sunday after Good Friday: Thursday the 28th'],
    ['2025-05-01', '2025-05-30', 'May 2025 ends on a Saturday: Friday the 30th'],
    ['2026-10-01', '2026-10-30', 'October 2026 ends on a Saturday'],
    ['2026-09-30', '2026-09-30', 'a quarter-end lists on its own day (0DTE)'],
  ])('daily on %s lists the month-end %s (%s)', (date, end, _why) => {
    expect(listedExpirations('daily', date)).toContain(end);
  });

  it.each([
    ['daily', '2026-11-27', '2027-04-30', 'a fourth month-end is not listed yet'],
    ['daily', '2026-11-27', '2027-12-31', 'a fifth quarter-end is not listed yet'],
    ['daily', '2024-03-01', '2024-03-29', 'Good Friday is no expiration'],
    ['weekly', '2026-11-27', '2026-11-30', 'single stocks list no month-ends'],
    ['weekly', '2026-11-27', '2027-03-31', 'single stocks list no quarter-ends'],
    ['monthly', '2026-11-27', '2026-12-04', 'monthly-only names list no weeklies'],
  ] as const)('%s on %s does not list %s (%s)', (style, date, absent, _why) => {
    expect(listedExpirations(style, date)).not.toContain(absent);
  });

  it('lists twelve standard monthlies and two LEAPS Januarys beyond them', () => {
    const list = listedExpirations('monthly', '2024-03-25');
    expect(list).toEqual([...monthlies(list)]);
    expect(list.slice(0, 12)).toEqual(
      Array.from({ length: 12 }, (_, i) =>
        standardMonthlyExpiration(2024 + Math.floor((3 + i) / 12), ((3 + i) % 12) + 1),
      ),
    );
    expect(list.slice(12)).toEqual(['2026-01-16', '2027-01-15']);
    expect(listedExpirations('monthly', '2025-04-01')).toContain('2025-04-17'); // Good Friday monthly
  });

  it('drops the current month once its monthly has passed', () => {
    const list = listedExpirations('monthly', '2024-03-18');
    expect(list[0]).toBe('2024-04-19');
  });

  it('has no weeklies for monthly-only names', () => {
    const list = listedExpirations('monthly', '2024-06-03');
    expect(list.filter((d) => weekday(d) === 5 && !monthlies([d]).length)).toEqual([]);
  });
});

describe('day numbers', () => {
  it('round-trip dates across years and leap days', () => {
    for (let n = dayNumber('2023-12-25'); n < dayNumber('2029-01-10'); n += 3) {
      expect(dayNumber(dateOfDayNumber(n))).toBe(n);
    }
    expect(dateOfDayNumber(dayNumber('2028-02-28') + 1)).toBe('2028-02-29');
  });
});
