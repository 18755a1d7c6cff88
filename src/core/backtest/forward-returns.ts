// What price did after a firing, from daily closes only (pure).
//
// - The firing's session is the New York date of its time. The Nth session after it is the Nth
//   stored daily close dated after that date, so a firing on a Saturday or after the close counts
//   from the next session, and a session without a close (a gap in the data) is skipped.
// - Forward return at N sessions: close of the Nth session after ÷ the firing's price − 1, in
//   percent; null when that session is past the data.
// - Largest adverse move within 5 sessions: the lowest of the closes of sessions 1..5 after,
//   ÷ the firing's price − 1, in percent, and never above 0 (a move that never went against a long
//   reading is 0). Daily closes only: the data holds no intraday lows, so a dip inside a session
//   that recovered by its close is not seen. Null unless all five sessions are in the data.
import type { BacktestHorizon, ForwardReturns } from '../../shared/bridge/backtest.ts';

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

export interface Outcome {
  forward: ForwardReturns;
  maxAdverse5d: number | null;
}

/** Forward returns and the adverse move of a reading at `price` on `date`. */
export function outcomeAfter(closes: readonly DailyClose[], date: string, price: number): Outcome {
  const start = firstAfter(closes, date);
  const at = (n: number): number | null => {
    const c = closes[start + n - 1];
    return c && price > 0 ? pct(c.close, price) : null;
  };
  let adverse: number | null = null;
  if (price > 0 && start + ADVERSE_SESSIONS - 1 < closes.length) {
    adverse = 0;
    for (let k = 0; k < ADVERSE_SESSIONS; k++)
      adverse = Math.min(adverse, pct((closes[start + k] as DailyClose).close, price));
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
