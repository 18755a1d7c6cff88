// One rule for a chain file's snapshot date, in one place (date-line.ts), applied
// by the importers' shared last step so that every reader (analyze, the folder and its connection
// test, the history import) refuses the same files with the same reason. A date before 2000 (a
// 1900 or 1970 Date line) or one whose nearest expiration is more than 6 years later is wrong.
import { describe, expect, it } from 'vitest';
import {
  EARLIEST_SNAPSHOT_DATE,
  MAX_YEARS_TO_NEAREST_EXPIRATION,
  snapshotDateProblem,
} from '../../../../../src/service/market/import/date-line.ts';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';

const at = (date: string, minutes = 16 * 60 + 15) => nyToEpoch(date, minutes);
const tooOld = (date: string) =>
  `the snapshot date ${date} is before 2000-01-01, the earliest a chain file can have (its option ` +
  "symbols name expiration years 2000-2099): the file's date is wrong";
const tooFar = (date: string, years: number, nearest: string) =>
  `the snapshot date ${date} is ${years} years before the chain's nearest expiration (${nearest}), ` +
  "and a chain lists one within months (the furthest, index LEAPS, about 5 years out): the file's date is wrong";

describe('snapshotDateProblem', () => {
  it('bounds: 2000-01-01, and 6 years to the nearest expiration', () => {
    expect(EARLIEST_SNAPSHOT_DATE).toBe('2000-01-01');
    expect(MAX_YEARS_TO_NEAREST_EXPIRATION).toBe(6);
  });

  it.each<[string, number, string | null, string | null]>([
    ['1900 on 2025 rows', at('1900-09-08'), '2025-09-12', tooOld('1900-09-08')],
    ['1970 on 2025 rows', at('1970-09-08'), '2025-09-12', tooOld('1970-09-08')],
    ['the epoch itself', 0, '2025-09-12', tooOld('1969-12-31')],
    [
      'the last minute of 1999 in New York',
      at('1999-12-31', 23 * 60 + 59),
      '2000-01-21',
      tooOld('1999-12-31'),
    ],
    ['the year 900 (a Date line of 0900)', at('0900-09-08'), '2025-09-12', tooOld('0900-09-08')],
    ['1900 with no live expiration', at('1900-09-08'), null, tooOld('1900-09-08')],
    ['the first minute of 2000 in New York', at('2000-01-01', 0), '2000-01-21', null],
    ['a chain of this week', at('2025-09-08'), '2025-09-12', null],
    ['a same-day expiration', at('2025-09-08', 9 * 60 + 45), '2025-09-08', null],
    ['a LEAPS-only download, two years out', at('2025-09-08'), '2027-12-17', null],
    ['the furthest SPX LEAP alone, 5 years and 4 months out', at('2025-08-20'), '2030-12-20', null],
    ['the nearest exactly 6 years out', at('2025-09-08'), '2031-09-08', null],
    [
      'the nearest 6 years and a day out',
      at('2025-09-08'),
      '2031-09-09',
      tooFar('2025-09-08', 6, '2031-09-09'),
    ],
    ['a 2015 Date line on 2025 rows', at('2015-09-08'), '2025-09-12', tooFar('2015-09-08', 10, '2025-09-12')],
    ['2005 on 2023 rows', at('2005-03-01'), '2023-08-25', tooFar('2005-03-01', 18, '2023-08-25')],
    ['no live expiration in 2025', at('2025-09-08'), null, null],
  ])('%s', (_name, asof, nearest, problem) => {
    expect(snapshotDateProblem(asof, nearest)).toBe(problem);
  });
});
