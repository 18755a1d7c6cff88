// Which snapshot stands for a session's close: one rule for every daily figure (the service's
// /series and the labels' history, the watcher's daily metric table, backtests, the price chart).
//
// A session's snapshots are those sessionDateOf gives it: from its open to midnight, then the
// weekend or holiday after it, then the next trading day's hours before the open. The last of
// these is not always its close:
// - a stock or an ETF trades before the open: a 08:28 file of SPY shows a pre-market print, not
//   the close of the day before (an index has no pre-market print; its pre-market file repeats the
//   close). So a file taken before the open on a trading day is used only when the session has no
//   other, and its price is marked "pre-market price" where the ticker trades before the open;
// - a partial download (only the near expirations, engine/quality.ts) changes GEX, the flip and
//   every whole-chain figure: a complete file of the session wins over any partial one;
// - otherwise the latest file wins: after the close, the close; during the session, the last print.
// Every figure of a day then comes from that one snapshot, never a price from one file and a flip
// from another.
import { isIndexUnderlying } from './index-underlyings.ts';
import {
  epochToNy,
  isTradingDay,
  nextTradingDay,
  nyToEpoch,
  REGULAR_OPEN_MINUTES,
  sessionDateOf,
  type IsoDate,
} from './market-calendar.ts';

/** Taken before the open on a trading day: its session is the one before (sessionDateOf). */
export function takenPreMarket(asof: number): boolean {
  const { date, minutes } = epochToNy(asof);
  return minutes < REGULAR_OPEN_MINUTES && isTradingDay(date);
}

/** A pre-market snapshot's price is a pre-market print, not the close, for a ticker that trades then. */
export function preMarketPrint(ticker: string, asof: number): boolean {
  return takenPreMarket(asof) && !isIndexUnderlying(ticker);
}

// Epoch ms stay below 1e13 until the year 2286, so the tier leads and the time breaks ties.
const TIER = 1e13;

/**
 * How well a snapshot stands for its session's close: larger is better. Complete before partial,
 * then not pre-market before pre-market, then later before earlier. Exact in a double (< 2^53).
 */
export function closePreference(asof: number, partial = false): number {
  return rank(asof, takenPreMarket(asof), partial);
}

/** The preference of an instant whose pre-market standing is known: the one formula of both. */
function rank(asof: number, preMarket: boolean, partial: boolean): number {
  return ((partial ? 0 : 2) + (preMarket ? 0 : 1)) * TIER + asof;
}

/**
 * closePreference for the instants of one session (sessionDateOf(asof) === session), without the
 * calendar per instant: thinning ranks tens of thousands of a session's metric points. In a
 * session's window (its open to the next trading day's open) only the next trading day's hours
 * before the open are pre-market, so the boundary is that day's midnight, found once.
 */
export function sessionClosePreference(session: IsoDate): (asof: number, partial?: boolean) => number {
  const preMarketFrom = nyToEpoch(nextTradingDay(session), 0);
  return (asof, partial = false) => rank(asof, asof >= preMarketFrom, partial);
}

export interface CloseCandidate {
  readonly asof: number;
  readonly partial?: boolean;
}

/** The snapshot standing for each session among `candidates` (any order), by session date. */
export function sessionCloses<T extends CloseCandidate>(candidates: Iterable<T>): Map<IsoDate, T> {
  const best = new Map<IsoDate, { item: T; pref: number }>();
  for (const item of candidates) {
    const session = sessionDateOf(item.asof);
    const pref = closePreference(item.asof, item.partial === true);
    const held = best.get(session);
    if (!held || pref >= held.pref) best.set(session, { item, pref });
  }
  return new Map([...best].map(([date, { item }]) => [date, item]));
}

/** The words a chart or a table shows beside a session's price taken from a pre-market file. */
export const PRE_MARKET_PRICE = 'pre-market price';
