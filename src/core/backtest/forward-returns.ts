// What price did after a firing, from daily closes only (pure).
//
// - The firing's session is the session its time belongs to (sessionDateOf), the session its
//   series point falls on: a firing after the close, on a Saturday or before the next open counts
//   from the next session.
// - The Nth session after it is the Nth trading day after it on the market calendar (weekends and
//   NYSE holidays are not sessions), priced by that day's close in the merged daily series. A
//   session with no close in the data (a gap) gives no figure: the horizon is never stretched to
//   the next close the data has, which would count five stored files as five sessions.
// - Forward return at N sessions: close of the Nth session after ÷ the firing's price − 1, in
//   percent; null when that session has no close (a gap, or past the data).
// - Largest adverse move within 5 sessions: the lowest of the closes of sessions 1..5 after,
//   ÷ the firing's price − 1, in percent, and never above 0 (a move that never went against a long
//   reading is 0). Daily closes only: the data holds no intraday lows, so a dip inside a session
//   that recovered by its close is not seen. Null unless all five sessions have a close.
import type { BacktestHorizon, ForwardReturns } from '../../shared/bridge/backtest.ts';
import { nextTradingDay } from '../../shared/market-calendar.ts';

export interface DailyClose {
  /** New York date, YYYY-MM-DD. */
  date: string;
  close: number;
  /**
   * Highest and lowest stored price of the session (its close included), where the store holds
   * intraday prices of it (two or more); absent where only the close is known.
   */
  high?: number;
  low?: number;
}

export const HORIZON_SESSIONS: Readonly<Record<BacktestHorizon, number>> = { '1d': 1, '5d': 5, '20d': 20 };
export const ADVERSE_SESSIONS = 5;

/** Index of the first close dated after `date` (closes sorted by date). */
export function firstAfter(closes: readonly DailyClose[], date: string): number {
  let lo = 0;
  let hi = closes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((closes[mid] as DailyClose).date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const pct = (close: number, price: number): number => (close / price - 1) * 100;

/** The close dated exactly `date`, or null. */
export function closeOn(closes: readonly DailyClose[], date: string): DailyClose | null {
  const c = closes[firstAfter(closes, date) - 1];
  return c && c.date === date ? c : null;
}

/**
 * The `count` sessions after the session `date` on the market calendar, each with its close, or
 * null where the data has none that day.
 */
export function sessionsAfter(
  closes: readonly DailyClose[],
  date: string,
  count: number,
): (DailyClose | null)[] {
  const out: (DailyClose | null)[] = [];
  let day = date;
  for (let k = 0; k < count; k++) {
    day = nextTradingDay(day);
    out.push(closeOn(closes, day));
  }
  return out;
}

export interface Outcome {
  forward: ForwardReturns;
  maxAdverse5d: number | null;
}

/** Forward returns and the adverse move of a reading at `price` on `date`. */
export function outcomeAfter(closes: readonly DailyClose[], date: string, price: number): Outcome {
  const after = sessionsAfter(closes, date, Math.max(ADVERSE_SESSIONS, ...Object.values(HORIZON_SESSIONS)));
  const at = (n: number): number | null => {
    const c = after[n - 1];
    return c && price > 0 ? pct(c.close, price) : null;
  };
  let adverse: number | null = null;
  const firstFive = after.slice(0, ADVERSE_SESSIONS);
  if (price > 0 && firstFive.every((c) => c !== null)) {
    adverse = 0;
    for (const c of firstFive) adverse = Math.min(adverse, pct((c as DailyClose).close, price));
  }
  return {
    forward: {
      '1d': at(HORIZON_SESSIONS['1d']),
      '5d': at(HORIZON_SESSIONS['5d']),
      '20d': at(HORIZON_SESSIONS['20d']),
    },
    maxAdverse5d: adverse,
  };
}

/** The close of the session `date` or the last one before it; null before the data. */
export function closeOnOrBefore(closes: readonly DailyClose[], date: string): DailyClose | null {
  const i = firstAfter(closes, date) - 1;
  return i >= 0 ? (closes[i] as DailyClose) : null;
}
