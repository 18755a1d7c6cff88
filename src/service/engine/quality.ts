// Data-quality notes about a chain itself, in plain words a trader can act on. Figure-specific notes
// (how the 30-day IV was read, why there is no flip) are added by analyze.ts.
import {
  epochToNy,
  holidayName,
  isTradingDay,
  parseIsoDate,
  sessionDateOf,
  weekday,
  type IsoDate,
} from '../../shared/market-calendar.ts';
import { hasValidIv, MIN_TIME_YEARS, yearsToExpiry, type OptionChain } from './chain.ts';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function chainQualityNotes(chain: OptionChain): string[] {
  const notes: string[] = [];
  if (chain.size === 0) return ['chain has no live contracts'];
  let noIv = 0;
  let noIvWithOi = 0;
  let badOi = 0;
  let badVolume = 0;
  for (let i = 0; i < chain.size; i++) {
    const oi = chain.openInterest[i] as number;
    const volume = chain.volume[i] as number;
    if (!hasValidIv(chain.iv[i] as number)) {
      noIv++;
      if (oi > 0) noIvWithOi++;
    }
    if (!(oi >= 0) || !Number.isFinite(oi)) badOi++;
    if (!(volume >= 0) || !Number.isFinite(volume)) badVolume++;
  }
  if (noIv > 0) {
    notes.push(
      `${noIv} of ${plural(chain.size, 'contract')} have no valid IV; ${noIvWithOi} of them carry open interest and contribute no gamma`,
    );
  }
  if (badOi > 0)
    notes.push(`${plural(badOi, 'contract')} with missing or negative open interest counted as 0`);
  if (badVolume > 0)
    notes.push(`${plural(badVolume, 'contract')} with missing or negative volume counted as 0`);
  for (const e of chain.expirations) {
    if (yearsToExpiry(e, chain.asof) === MIN_TIME_YEARS) {
      notes.push(`expiration ${e.date} is less than an hour away: its time to expiry is floored at one hour`);
    }
  }
  return notes;
}

// ---- Notes about when a snapshot was taken and how much of the chain it holds -----------------
// Only sources that read files a person downloaded add these (a chain folder): the simulator's
// snapshots are always in session and complete.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Fri Aug 18 2023". */
function dayText(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${(DAYS[weekday(date)] as string).slice(0, 3)} ${MONTHS[month - 1]} ${day} ${year}`;
}

/** "Oct 20", with the year when it is not `year`. */
function shortDate(date: IsoDate, year: number): string {
  const p = parseIsoDate(date);
  return `${MONTHS[p.month - 1]} ${p.day}${p.year === year ? '' : ` ${p.year}`}`;
}

/**
 * Says which session a snapshot shows when that is not the day it was taken: one taken on a
 * weekend or a holiday, or before the open, shows the last session's close (sessionDateOf), which
 * is where its daily point goes; a reader seeing "Sunday 22:38" should not take it for news.
 */
export function sessionNotes(asof: number): string[] {
  const { date, minutes } = epochToNy(asof);
  const session = sessionDateOf(asof);
  if (session === date) return [];
  const shows = `its prices are the close of the ${dayText(session)} session, and its daily point is that session`;
  if (!isTradingDay(date)) {
    const holiday = holidayName(date);
    const what = holiday === null ? `a ${DAYS[weekday(date)] as string}` : holiday;
    return [`snapshot taken on ${what} (${dayText(date)}), when the exchange was closed: ${shows}`];
  }
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(Math.floor(minutes % 60)).padStart(2, '0')}`;
  return [`snapshot taken before the open (${hhmm} ET on ${dayText(date)}): ${shows}`];
}

/** A file listing at most this share of the ticker's usual number of expirations is partial. */
export const PARTIAL_CHAIN_SHARE = 0.5;
/** Without other files to compare with: a chain whose last expiration is this close is partial. */
export const PARTIAL_CHAIN_HORIZON_DAYS = 60;

/** What the partial-chain rule reads of a ticker's other files: the median, least and most expirations. */
export interface OtherCounts {
  readonly median: number;
  readonly lo: number;
  readonly hi: number;
}

/** The summary of the other files' expiration counts; null when there are none. */
export function summarizeCounts(counts: readonly number[]): OtherCounts | null {
  return countsWithout(
    [...counts].sort((a, b) => a - b),
    null,
  );
}

/**
 * The summary of `sorted` (ascending) less one occurrence of `value` (null: less nothing), read off
 * the sorted array in O(log n): a folder's every file judged against all the others costs one sort,
 * not one per file (a year of 15-minute fetches is thousands of files a ticker).
 */
export function countsWithout(sorted: readonly number[], value: number | null): OtherCounts | null {
  let skip = sorted.length; // the index left out; past the end: none
  if (value !== null) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    if (sorted[lo] === value) skip = lo;
  }
  const n = skip < sorted.length ? sorted.length - 1 : sorted.length;
  if (n === 0) return null;
  const at = (k: number): number => sorted[k < skip ? k : k + 1] as number;
  const mid = n >> 1;
  return {
    median: n % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2,
    lo: at(0),
    hi: at(n - 1),
  };
}

/** What the partial-chain rule reads of a file: how many expirations it lists and the last one. */
export interface ListedExpirations {
  readonly asof: number;
  readonly expirations: number;
  readonly lastExpiration: string | null;
}

/** Every note of a partial download starts so (the watcher reads it to rank a session's files). */
export const PARTIAL_CHAIN_NOTE = 'partial chain:';

/**
 * A partial chain: a download of only the near expirations (a website's default filter) makes
 * every "whole chain" figure a near-term one. Partial when the file lists at most half the
 * expirations the ticker's other files usually list (their median), or, whatever the other files
 * say, when it lists nothing beyond 60 days (a listed equity or index has months to years of
 * expirations). `otherCounts` are the expiration counts of the ticker's other files (empty when
 * there are none). Null when the chain looks complete.
 */
export function partialChainNote(chain: OptionChain, otherCounts: readonly number[]): string | null {
  const last = chain.expirations[chain.expirations.length - 1];
  return partialListingNote(
    { asof: chain.asof, expirations: chain.expirations.length, lastExpiration: last?.date ?? null },
    summarizeCounts(otherCounts),
  );
}

/**
 * partialChainNote from a file's listing alone (the folder's index has it without the chain), with
 * the other files' counts summed up (summarizeCounts, countsWithout).
 */
export function partialListingNote(listing: ListedExpirations, others: OtherCounts | null): string | null {
  const n = listing.expirations;
  const last = listing.lastExpiration;
  if (last === null || n === 0) return null;
  const { date } = epochToNy(listing.asof);
  const horizon = Math.round((Date.parse(last) - Date.parse(date)) / 86_400_000);
  const usual = others?.median ?? null;
  const fewer = usual !== null && n <= PARTIAL_CHAIN_SHARE * usual;
  if (!fewer && horizon > PARTIAL_CHAIN_HORIZON_DAYS) return null;
  const year = parseIsoDate(date).year;
  const listed =
    n === 1
      ? `only the nearest expiration (${shortDate(last, year)})`
      : `only the nearest ${n} expirations (to ${shortDate(last, year)})`;
  const { lo, hi } = others ?? { lo: 0, hi: 0 };
  const why = fewer
    ? `, where the ticker's other files list ${lo === hi ? lo : `${lo} to ${hi}`}`
    : `, none more than ${PARTIAL_CHAIN_HORIZON_DAYS} days out`;
  return `${PARTIAL_CHAIN_NOTE} ${listed}${why}; put/call OI and GEX cover ${n === 1 ? 'it' : 'those'} only`;
}

/** Whether an analysis' notes say its chain is a partial download. */
export function notesSayPartial(notes: readonly string[]): boolean {
  return notes.some((note) => note.startsWith(PARTIAL_CHAIN_NOTE));
}
