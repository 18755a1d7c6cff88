import { describe, expect, it } from 'vitest';
import {
  parseDateOnly,
  parseDateTime,
  yearBefore,
} from '../../../../../src/service/market/import/timestamps.ts';

const EDT_2238 = Date.parse('2023-08-21T02:38:00Z'); // 2023-08-20 22:38 New York (EDT)

describe('parseDateTime', () => {
  it.each([
    ['August 20, 2023 at 10:38 PM EDT', EDT_2238],
    ['20 August 2023 at 22:38 EDT', EDT_2238],
    ['Sunday, August 20, 2023 at 10:38 p.m. ET', EDT_2238],
    ['Aug 20, 2023, 10:38PM ET', EDT_2238],
    ['August 20, 2023 at 22:38 EDT', EDT_2238],
    ['20 Aug 2023 at 21:38 EST', EDT_2238],
    ['August 21, 2023 at 2:38 AM UTC', EDT_2238],
    ['21 August 2023 02:38 GMT', EDT_2238],
    ['21 August 2023 04:38 GMT+2', EDT_2238],
    ['August 20, 2023 at 9:38 PM CT', EDT_2238],
    ['August 20, 2023 at 7:38 PM PDT', EDT_2238],
    ['2023-08-20 22:38:00', EDT_2238],
    ['2023-08-21T02:38:00Z', EDT_2238],
    ['2023-08-20T22:38:00-04:00', EDT_2238],
    ['January 5, 2024 at 10:00 AM ET', Date.parse('2024-01-05T15:00:00Z')],
    ['January 5, 2024 at 12:30 AM ET', Date.parse('2024-01-05T05:30:00Z')],
    ['January 5, 2024 at 12:30 PM ET', Date.parse('2024-01-05T17:30:00Z')],
  ])('%s', (text, epoch) => {
    expect(parseDateTime(text)).toEqual({ epoch, assumedNewYork: null });
  });

  // Date lines as traders' browsers in other locales write them.
  it.each([
    ['14 April 2023, 18:31 UTC\u22124', Date.parse('2023-04-14T22:31:00Z')],
    ['14 April 2023, 18:31 GMT\u221204:00', Date.parse('2023-04-14T22:31:00Z')],
    ['11 April, 2023 \u00e0 22:23 UTC\u22124', Date.parse('2023-04-12T02:23:00Z')],
    ['20 May 2023, 11:46 AM EDT"', Date.parse('2023-05-20T15:46:00Z')],
    ['"20 May 2023, 11:46 AM EDT', Date.parse('2023-05-20T15:46:00Z')],
    ['\u201c20 May 2023, 11:46 AM EDT\u201d', Date.parse('2023-05-20T15:46:00Z')],
    ['August 20, 2023 at 10:38\u202fPM EDT', EDT_2238],
    ['dimanche 20 ao\u00fbt 2023 \u00e0 22:38 UTC\u22124', EDT_2238],
    ['20 Ao\u00fbt 2023 22:38 EDT', EDT_2238],
    ['Sonntag, 20. August 2023 um 22:38 UTC-4', EDT_2238],
    ['21. August 2023 um 04:38 MESZ', EDT_2238],
    ['21 M\u00e4rz 2023 um 04:38 MEZ', Date.parse('2023-03-21T03:38:00Z')],
    ['domingo, 20 de agosto de 2023, 10:38 p. m. EDT', EDT_2238],
    ['20 agosto 2023 alle ore 22:38 EDT', EDT_2238],
    ['20 de agosto de 2023 \u00e0s 22:38 EDT', EDT_2238],
    ['zondag 20 augustus 2023 om 22:38 EDT', EDT_2238],
    ['21 August 2023 03:38 BST', EDT_2238],
  ])('other locales: %j', (text, epoch) => {
    expect(parseDateTime(text)).toEqual({ epoch, assumedNewYork: null });
  });

  it.each([
    ['August 20, 2023 at 10:38 PM', 'no time zone given'],
    ['August 20, 2023 at 10:38 PM HKT', "unknown time zone 'HKT'"],
  ])('assumes New York time for %s', (text, why) => {
    expect(parseDateTime(text)).toEqual({ epoch: EDT_2238, assumedNewYork: why });
  });

  it.each([
    ['', 'no full date'],
    ['August 2023 10:38 PM EDT', 'no full date'],
    ['August 20, 2023', 'no time of day'],
    ['August 32, 2023 10:00 EDT', 'no such date'],
    ['August 20, 2023 13:38 PM EDT', 'not a 12-hour time'],
    ['August 20, 2023 25:38 EDT', 'not a time of day'],
    ['Augusto 20, 2023 10:38 EDT', "cannot read 'Augusto'"],
    ['2023-02-30 10:00:00', 'no such date and time'],
  ])('rejects %j', (text, reason) => {
    const r = parseDateTime(text);
    expect(r).toHaveProperty('error');
    expect((r as { error: string }).error).toContain(reason);
  });
});

describe('parseDateOnly', () => {
  it.each([
    ['Fri Aug 25 2023', '2023-08-25'],
    ['2023-08-25', '2023-08-25'],
    ['8/25/2023', '2023-08-25'],
    ['Friday, 25 August 2023', '2023-08-25'],
  ])('%s', (text, date) => {
    expect(parseDateOnly(text)).toEqual({ date });
  });

  it.each(['Fri Aug 25', 'Fri Aug 25 2023 16:00', 'Fri Feb 30 2024', 'soon'])('rejects %j', (text) => {
    expect(parseDateOnly(text)).toHaveProperty('error');
  });
});

describe('yearBefore: the year of a yearless snapshot date, from the earliest expiration', () => {
  it.each([
    [8, 20, '2023-08-25', 2023],
    [8, 25, '2023-08-25', 2023],
    // Across New Year: a December snapshot of a chain whose first expiration is in January.
    [12, 29, '2024-01-05', 2023],
    [2, 29, '2024-03-15', 2024],
    // More than 45 days before it: not settled.
    [6, 1, '2023-08-25', null],
    [8, 26, '2023-08-25', null],
  ])('%i/%i before %s → %s', (month, day, earliest, year) => {
    expect(yearBefore(month, day, earliest)).toBe(year);
  });

  it('a yearless text says so, and takes a year when given one', () => {
    expect(parseDateTime('August 20 at 10:38 PM EDT')).toMatchObject({
      error: "no year in 'August 20 at 10:38 PM EDT'",
      yearless: { month: 8, day: 20 },
    });
    expect(parseDateTime('August 20 at 10:38 PM EDT', { year: 2023 })).toEqual({
      epoch: EDT_2238,
      assumedNewYork: null,
    });
  });
});
