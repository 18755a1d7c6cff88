// The sessions the simulator covers (2024-01-02 to 2028-12-29 on the NYSE calendar), with their
// open and close instants in flat arrays, and the intraday snapshot grid: every five minutes from
// the open, plus the close.
import { sessionOf, tradingDaysBetween, type IsoDate } from '../../../shared/market-calendar.ts';

export const SIM_FIRST_SESSION = '2024-01-02';
export const SIM_LAST_SESSION = '2028-12-29';
export const SNAPSHOT_STEP_MS = 5 * 60_000;

export interface SimSessions {
  readonly dates: readonly IsoDate[];
  readonly open: Float64Array;
  readonly close: Float64Array;
  /** Index of a session date, or -1 when the date is not a session of the range. */
  indexOf(date: IsoDate): number;
  /** Number of sessions whose date is before `date`. */
  countBefore(date: IsoDate): number;
  /** Index of the first session whose close is at or after `at` (dates.length when none). */
  firstClosingAtOrAfter(at: number): number;
  /** Index of the last session whose open is at or before `at` (-1 when none). */
  lastOpeningAtOrBefore(at: number): number;
}

export function simSessions(
  first: IsoDate = SIM_FIRST_SESSION,
  last: IsoDate = SIM_LAST_SESSION,
): SimSessions {
  const dates = tradingDaysBetween(first, last);
  const open = new Float64Array(dates.length);
  const close = new Float64Array(dates.length);
  dates.forEach((d, i) => {
    const s = sessionOf(d);
    if (!s) throw new Error(`not a session: ${d}`);
    open[i] = s.open;
    close[i] = s.close;
  });
  const index = new Map(dates.map((d, i) => [d, i]));
  const lowerBound = (pred: (i: number) => boolean): number => {
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pred(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return {
    dates,
    open,
    close,
    indexOf: (date) => index.get(date) ?? -1,
    countBefore: (date) => lowerBound((i) => (dates[i] as string) >= date),
    firstClosingAtOrAfter: (at) => lowerBound((i) => (close[i] as number) >= at),
    lastOpeningAtOrBefore: (at) => lowerBound((i) => (open[i] as number) > at) - 1,
  };
}

/** Snapshot instants of one session: every five minutes from the open, then the close. */
export function sessionSnapshotTimes(open: number, close: number): number[] {
  const out: number[] = [];
  for (let t = open; t < close; t += SNAPSHOT_STEP_MS) out.push(t);
  out.push(close);
  return out;
}
