// Variance time: how much of the market's movement is left between two instants, in calendar
// units. A price moves while the exchange trades, and a little between sessions; almost nothing
// is learned at 03:00 on a Sunday. An option's implied volatility is quoted on calendar time, so
// the simulator prices each near expiration with the variance its remaining sessions carry: an
// expiration at today's close, seen at 10:00, holds most of a session's variance in six hours,
// and its calendar-time IV is about twice the 30-day one, as on a real 0DTE chain; one at
// Monday's close, seen on Friday evening, holds one session over three days, so its IV reads
// low (the weekend effect).
//
// Each session carries the variance of 7/5 calendar days (a week's over its five sessions, so a
// whole week is a calendar week): OVERNIGHT_SHARE of it spread over the gap before its open, the
// rest over its hours. The count is exact for a week out; what a week's sessions carry above or
// below a calendar week (a holiday: less) fades out over the second week, and from two weeks
// out time is calendar time, so the 30-day IV and the long end keep the term structure they had.
import {
  nextSession,
  nextTradingDay,
  previousTradingDay,
  sessionOf,
  type IsoDate,
  type Session,
} from '../../../shared/market-calendar.ts';

const DAY_MS = 86_400_000;
const SESSION_MS = (7 / 5) * DAY_MS;
/** The share of a session's variance that accrues between the previous close and its open. */
export const OVERNIGHT_SHARE = 0.15;
/** How far the session-by-session count reaches: a whole week, so it ends on the phase it began. */
export const EXACT_DAYS = 7;
const EXACT_MS = EXACT_DAYS * DAY_MS;

interface Day {
  session: Session;
  /** The close of the trading day before. */
  prevClose: number;
  /** The next trading day. */
  next: IsoDate;
}

// Every expiration of every chain asks again, so trading days are kept by date once worked out.
const days = new Map<IsoDate, Day>();

function tradingDay(date: IsoDate): Day {
  let d = days.get(date);
  if (!d) {
    d = {
      session: sessionOf(date) as Session,
      prevClose: (sessionOf(previousTradingDay(date)) as Session).close,
      next: nextTradingDay(date),
    };
    days.set(date, d);
  }
  return d;
}

function overlap(a: number, b: number, lo: number, hi: number): number {
  return Math.max(0, Math.min(b, hi) - Math.max(a, lo));
}

/** Session by session, from `from` to `end`. */
function exactMs(from: number, end: number): number {
  let d = tradingDay(nextSession(from).date);
  let v = 0;
  while (d.prevClose < end) {
    const { open, close } = d.session;
    v += (OVERNIGHT_SHARE * SESSION_MS * overlap(from, end, d.prevClose, open)) / (open - d.prevClose);
    v += ((1 - OVERNIGHT_SHARE) * SESSION_MS * overlap(from, end, open, close)) / (close - open);
    d = tradingDay(d.next);
  }
  return v;
}

// The exact week of the last instant asked: a chain asks it for each of its far expirations.
let week = { from: Number.NaN, ms: 0 };

/** Variance time from `from` to `to` (epoch ms), in calendar milliseconds; 0 when `to` is not later. */
export function varianceMs(from: number, to: number): number {
  if (!(to > from)) return 0;
  const span = to - from;
  if (span <= EXACT_MS) return exactMs(from, to);
  if (week.from !== from) week = { from, ms: exactMs(from, from + EXACT_MS) };
  const fade = Math.max(0, 1 - (span - EXACT_MS) / EXACT_MS);
  return span + (week.ms - EXACT_MS) * fade;
}
