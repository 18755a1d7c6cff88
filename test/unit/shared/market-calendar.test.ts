import { describe, expect, it } from 'vitest';
import {
  addDays,
  epochToNy,
  holidayName,
  isEarlyClose,
  isMarketOpen,
  isTradingDay,
  nextSession,
  nextTradingDay,
  nyToEpoch,
  optionExpiryEpoch,
  previousTradingDay,
  sessionOf,
  standardMonthlyExpiration,
  tradingDaysBetween,
  weekday,
} from '../../../src/shared/market-calendar.ts';

// NYSE's published holiday and early-close calendars (nyse.com/markets/hours-calendars), 2024-2028.
const HOLIDAYS: Record<number, string[]> = {
  2024: [
    '2024-01-01',
    '2024-01-15',
    '2024-02-19',
    '2024-03-29',
    '2024-05-27',
    '2024-06-19',
    '2024-07-04',
    '2024-09-02',
    '2024-11-28',
    '2024-12-25',
  ],
  2025: [
    '2025-01-01',
    '2025-01-09', // National Day of Mourning for President Carter
    '2025-01-20',
    '2025-02-17',
    '2025-04-18',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-04-03',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03', // Independence Day observed (July 4 is a Saturday)
    '2026-09-07',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-03-26',
    '2027-05-31',
    '2027-06-18', // Juneteenth observed (Saturday)
    '2027-07-05', // Independence Day observed (Sunday)
    '2027-09-06',
    '2027-11-25',
    '2027-12-24', // Christmas observed (Saturday)
  ],
  2028: [
    // No New Year's holiday: January 1 is a Saturday and the year-end close is never moved.
    '2028-01-17',
    '2028-02-21',
    '2028-04-14',
    '2028-05-29',
    '2028-06-19',
    '2028-07-04',
    '2028-09-04',
    '2028-11-23',
    '2028-12-25',
  ],
};

const EARLY_CLOSES: Record<number, string[]> = {
  2024: ['2024-07-03', '2024-11-29', '2024-12-24'],
  2025: ['2025-07-03', '2025-11-28', '2025-12-24'],
  2026: ['2026-11-27', '2026-12-24'],
  2027: ['2027-11-26'],
  2028: ['2028-07-03', '2028-11-24'],
};

function datesOfYear(year: number): string[] {
  const out: string[] = [];
  for (let d = `${year}-01-01`; d.startsWith(String(year)); d = addDays(d, 1)) out.push(d);
  return out;
}

const utc = (iso: string): number => Date.parse(iso);

describe('NYSE holidays 2024-2028', () => {
  it.each(Object.entries(HOLIDAYS))('%s: exactly the published full-day closures', (year, expected) => {
    const weekdaysClosed = datesOfYear(Number(year)).filter((d) => {
      const dow = weekday(d);
      return dow !== 0 && dow !== 6 && !isTradingDay(d);
    });
    expect(weekdaysClosed).toEqual(expected);
    for (const d of expected) expect(holidayName(d)).not.toBeNull();
  });

  it.each([
    ['2024-03-29', 'Good Friday'],
    ['2026-07-03', 'Independence Day'],
    ['2027-12-24', 'Christmas Day'],
    ['2027-06-18', 'Juneteenth'],
    ['2025-01-09', 'Special closure'],
  ])('%s is %s', (date, name) => {
    expect(holidayName(date)).toBe(name);
  });

  it('2027-12-31 trades (New Year 2028 falls on a Saturday)', () => {
    expect(isTradingDay('2027-12-31')).toBe(true);
  });

  it.each(['2024-01-06', '2024-01-07', '2026-07-04'])('%s (weekend) is closed', (date) => {
    expect(isTradingDay(date)).toBe(false);
    expect(sessionOf(date)).toBeNull();
  });
});

describe('NYSE early closes 2024-2028', () => {
  it.each(Object.entries(EARLY_CLOSES))('%s: exactly the published 13:00 closes', (year, expected) => {
    expect(datesOfYear(Number(year)).filter(isEarlyClose)).toEqual(expected);
  });

  it.each(Object.values(EARLY_CLOSES).flat())('%s closes at 13:00 New York time', (date) => {
    const s = sessionOf(date);
    expect(s?.earlyClose).toBe(true);
    expect(s?.close).toBe(nyToEpoch(date, 13 * 60));
    expect(epochToNy(s?.close ?? 0)).toEqual({ date, minutes: 13 * 60 });
  });
});

describe('trading-day arithmetic', () => {
  it.each([
    ['2024-03-28', '2024-04-01'], // over Good Friday and the weekend
    ['2025-01-08', '2025-01-10'], // over the special closure
    ['2027-12-23', '2027-12-27'],
    ['2028-06-16', '2028-06-20'],
  ])('next trading day after %s is %s', (from, to) => {
    expect(nextTradingDay(from)).toBe(to);
    expect(previousTradingDay(to)).toBe(from);
  });

  it.each([
    [2024, 252],
    [2025, 250],
    [2026, 251],
    [2027, 251],
    [2028, 251],
  ])('%i has %i sessions', (year, count) => {
    expect(tradingDaysBetween(`${year}-01-01`, `${year}-12-31`)).toHaveLength(count);
  });
});

describe('New York time across DST transitions', () => {
  // [spring-forward Sunday, fall-back Sunday] of each year.
  const transitions: [number, string, string][] = [
    [2024, '2024-03-10', '2024-11-03'],
    [2025, '2025-03-09', '2025-11-02'],
    [2026, '2026-03-08', '2026-11-01'],
    [2027, '2027-03-14', '2027-11-07'],
    [2028, '2028-03-12', '2028-11-05'],
  ];

  it.each(transitions)('%i: spring forward on %s', (_year, spring) => {
    expect(nyToEpoch(spring, 60)).toBe(utc(`${spring}T06:00:00Z`)); // 01:00 EST
    expect(nyToEpoch(spring, 180)).toBe(utc(`${spring}T07:00:00Z`)); // 03:00 EDT
    expect(epochToNy(utc(`${spring}T06:59:00Z`))).toEqual({ date: spring, minutes: 119 });
    expect(epochToNy(utc(`${spring}T07:00:00Z`))).toEqual({ date: spring, minutes: 180 });
    const before = addDays(spring, -2); // Friday
    const after = addDays(spring, 1); // Monday
    expect(sessionOf(before)?.open).toBe(utc(`${before}T14:30:00Z`));
    expect(sessionOf(after)?.open).toBe(utc(`${after}T13:30:00Z`));
  });

  it.each(transitions)('%i: fall back on %s', (_year, _spring, fall) => {
    expect(nyToEpoch(fall, 30)).toBe(utc(`${fall}T04:30:00Z`));
    // 01:30 happens twice; the first (EDT) reading is taken.
    expect(nyToEpoch(fall, 90)).toBe(utc(`${fall}T05:30:00Z`));
    expect(nyToEpoch(fall, 120)).toBe(utc(`${fall}T07:00:00Z`));
    expect(epochToNy(utc(`${fall}T05:30:00Z`))).toEqual({ date: fall, minutes: 90 });
    expect(epochToNy(utc(`${fall}T06:30:00Z`))).toEqual({ date: fall, minutes: 90 });
    expect(epochToNy(utc(`${fall}T07:00:00Z`))).toEqual({ date: fall, minutes: 120 });
    const after = addDays(fall, 1);
    expect(sessionOf(addDays(fall, -2))?.close).toBe(utc(`${addDays(fall, -2)}T20:00:00Z`));
    expect(sessionOf(after)?.close).toBe(utc(`${after}T21:00:00Z`));
  });

  it('round-trips every hour of 2024-2028', () => {
    let failures = 0;
    for (let t = utc('2024-01-01T00:00:00Z'); t < utc('2029-01-01T00:00:00Z'); t += 3600_000) {
      const { date, minutes } = epochToNy(t);
      // In the repeated hour nyToEpoch picks the first reading, so compare instants one way only.
      const back = nyToEpoch(date, minutes);
      if (back !== t && back !== t - 3600_000) failures++;
    }
    expect(failures).toBe(0);
  });

  it('keeps fractions of a minute', () => {
    expect(epochToNy(utc('2024-06-03T13:30:30Z')).minutes).toBe(9 * 60 + 30.5);
  });
});

describe('sessions', () => {
  it.each([
    ['2024-01-02T14:29:59Z', false],
    ['2024-01-02T14:30:00Z', true],
    ['2024-01-02T20:59:59Z', true],
    ['2024-01-02T21:00:00Z', false],
    ['2024-07-03T16:59:00Z', true],
    ['2024-07-03T17:00:00Z', false], // early close
    ['2024-07-04T15:00:00Z', false], // holiday
    ['2024-07-06T15:00:00Z', false], // Saturday
  ])('isMarketOpen(%s) = %s', (iso, open) => {
    expect(isMarketOpen(utc(iso))).toBe(open);
  });

  it.each([
    ['2024-07-03T18:00:00Z', '2024-07-05'], // after an early close, over the holiday
    ['2024-07-05T15:00:00Z', '2024-07-05'], // while open
    ['2024-12-24T19:00:00Z', '2024-12-26'],
    ['2025-01-08T22:00:00Z', '2025-01-10'],
  ])('nextSession(%s) is %s', (iso, date) => {
    expect(nextSession(utc(iso)).date).toBe(date);
  });

  it.each([
    ['a summer Friday, 16:00 EDT', '2024-08-16', '2024-08-16T20:00:00Z'],
    ['a winter Friday, 16:00 EST', '2024-01-19', '2024-01-19T21:00:00Z'],
    ['Christmas Eve, an early close: 13:00 EST', '2024-12-24', '2024-12-24T18:00:00Z'],
    ['the day after Thanksgiving 2026, an early close: 13:00 EST', '2026-11-27', '2026-11-27T18:00:00Z'],
    ['a Saturday (no session) keeps 16:00', '2026-11-28', '2026-11-28T21:00:00Z'],
  ])('options expire at the session close: %s', (_name, date, iso) => {
    expect(optionExpiryEpoch(date)).toBe(utc(iso));
  });
});

describe('standard monthly expirations', () => {
  it.each([
    [2024, 1, '2024-01-19'],
    [2024, 3, '2024-03-15'],
    [2024, 12, '2024-12-20'],
    [2022, 4, '2022-04-14'], // third Friday was Good Friday
    [2025, 4, '2025-04-17'], // third Friday is Good Friday
    [2026, 4, '2026-04-17'],
    [2026, 6, '2026-06-18'], // third Friday is Juneteenth
    [2027, 3, '2027-03-19'], // Good Friday is the fourth Friday
    [2027, 12, '2027-12-17'],
    [2028, 4, '2028-04-21'], // Good Friday is the second Friday
  ])('%i-%i: %s', (year, month, expected) => {
    expect(standardMonthlyExpiration(year, month)).toBe(expected);
  });

  it('is a trading day in every month of 2024-2028', () => {
    for (let year = 2024; year <= 2028; year++) {
      for (let month = 1; month <= 12; month++) {
        const date = standardMonthlyExpiration(year, month);
        expect(isTradingDay(date)).toBe(true);
        expect([4, 5]).toContain(weekday(date));
      }
    }
  });
});
