// A chain file whose Date line is days before its nearest expiration, on a ticker that lists an
// expiration every trading day, was almost certainly saved with a wrong date (a browser tab left
// open, a file renamed by hand): "NDX 13 May 2023" holding a chain whose nearest expiration is
// May 23 would be taken as that day's close. It is imported as the file says, with a note that
// the folder lists and the snapshot carries.
import { epochToNy, type IsoDate } from '../../../shared/market-calendar.ts';
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
