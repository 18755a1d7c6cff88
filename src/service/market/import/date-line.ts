// What a chain file's snapshot date can be. Two judgments, both made by the importers' shared
// last step (chain-import.ts finishImport), so that every reader of a file (`gammawatch analyze`,
// the chain folder and its connection test, the history import) gives the same verdict:
//
// - An impossible date refuses the file (snapshotDateProblem): before 2000-01-01, or more than six
//   years before the chain's nearest expiration. A Date line of 1900 or 1970 on this year's rows
//   is a wrong date, not a 55-year chain.
// - A doubtful date is imported with a note (suspectDateNote): a file whose Date line is days
//   before its nearest expiration, on a ticker that lists an expiration every trading day, was
//   almost certainly saved with a wrong date (a browser tab left open, a file renamed by hand):
//   "NDX 13 May 2023" holding a chain whose nearest expiration is May 23 would be taken as that
//   day's close. The folder lists the note and the snapshot carries it.
//
// A date later than the wall clock is neither: the folder holds such a file and serves it once its
// time comes (chain-folder.ts). A refusal here is cached with the file in the folder's index until
// the file changes, so it must not depend on the moment the file was read.
import { epochToNy, nyToEpoch, type IsoDate } from '../../../shared/market-calendar.ts';
import { indexSymbolOf } from '../../../shared/index-underlyings.ts';

/** Underlyings listing an expiration every trading day (SPXW, XSP, NDXP, RUTW; SPY, QQQ, IWM). */
const DAILY_LISTERS: ReadonlySet<string> = new Set(['SPX', 'XSP', 'NDX', 'RUT', 'SPY', 'QQQ', 'IWM']);

/**
 * Past this many days to the nearest expiration the Date line is doubted. A daily lister's nearest
 * is a weekend and a holiday away at most, but a download of its weeklies only (or a test's
 * Friday chain) can be a week and a holiday away: past that, not even weeklies explain the gap.
 */
export const DAILY_LISTER_MAX_GAP_DAYS = 8;

const MS_PER_DAY = 86_400_000;
const dayNumber = (date: IsoDate): number => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

const long = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const short = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const withYear = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function listsDailyExpirations(ticker: string): boolean {
  return DAILY_LISTERS.has(indexSymbolOf(ticker) ?? ticker.toUpperCase());
}

/**
 * The note for a file of a daily lister whose nearest live expiration is more than a few days
 * after its snapshot's New York date; null when the dates agree or the ticker lists no dailies.
 */
export function suspectDateNote(
  ticker: string,
  asof: number,
  nearestExpiration: string | null,
): string | null {
  if (nearestExpiration === null || !listsDailyExpirations(ticker)) return null;
  const date = epochToNy(asof).date;
  const gap = dayNumber(nearestExpiration as IsoDate) - dayNumber(date);
  if (!(gap > DAILY_LISTER_MAX_GAP_DAYS)) return null;
  const at = (d: string) => Date.parse(`${d}T12:00:00Z`);
  const nearest = (date.slice(0, 4) === nearestExpiration.slice(0, 4) ? short : withYear).format(
    at(nearestExpiration),
  );
  return (
    `the file says ${long.format(at(date))} but its nearest expiration is ${nearest}; a ticker with daily ` +
    `expirations lists one within a few days: the file's Date line is probably wrong`
  );
}

/**
 * The earliest snapshot date read. Option symbols name their expiration with a two-digit year read
 * as 2000-2099 (occ-symbol.ts), so no chain these importers read can be older; the store keeps
 * nothing before 1970 either, so a 1900 file would be analysed but never stored.
 */
export const EARLIEST_SNAPSHOT_DATE: IsoDate = '2000-01-01';

/**
 * Past this many years from the snapshot date to the chain's nearest live expiration, the date is
 * wrong. Every option class lists expirations within months; the furthest anything is listed,
 * index LEAPS such as SPX's Decembers, is about five years out, so even a download of that one
 * expiration alone stays within six years.
 */
export const MAX_YEARS_TO_NEAREST_EXPIRATION = 6;

/** `date` moved by whole years, as text: from a Feb 29, '…-02-29' still sorts between Feb 28 and Mar 1. */
const yearsAfter = (date: IsoDate, years: number): string =>
  `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;

/** Whole years from `from` to `to` (both YYYY-MM-DD), counted as birthdays are. */
function wholeYears(from: IsoDate, to: IsoDate): number {
  let years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  if (to.slice(4) < from.slice(4)) years--;
  return years;
}

/**
 * Why a chain file's snapshot date cannot be right, or null when it can: its New York date is
 * before EARLIEST_SNAPSHOT_DATE, or its nearest live expiration (null: none) is more than
 * MAX_YEARS_TO_NEAREST_EXPIRATION years later. The importers refuse the file with this reason.
 */
export function snapshotDateProblem(asof: number, nearestExpiration: IsoDate | null): string | null {
  const date = epochToNy(asof).date;
  // New York's midnight starting 2000-01-01: any instant before it is dated earlier there.
  if (asof < nyToEpoch(EARLIEST_SNAPSHOT_DATE, 0)) {
    return (
      `the snapshot date ${date} is before ${EARLIEST_SNAPSHOT_DATE}, the earliest a chain file can have ` +
      "(its option symbols name expiration years 2000-2099): the file's date is wrong"
    );
  }
  if (nearestExpiration === null || nearestExpiration <= yearsAfter(date, MAX_YEARS_TO_NEAREST_EXPIRATION))
    return null;
  return (
    `the snapshot date ${date} is ${wholeYears(date, nearestExpiration)} years before the chain's nearest ` +
    `expiration (${nearestExpiration}), and a chain lists one within months (the furthest, index LEAPS, ` +
    "about 5 years out): the file's date is wrong"
  );
}
