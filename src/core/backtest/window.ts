// The backtest windows as spans of market time: calendar days back from the market's now, the
// same lookback a chart of that window shows. The replay starts a month earlier (warm-up) so a
// dwell or a cooldown that began before the window is known at its first snapshot.
import type { BacktestWindow } from '../../shared/bridge/backtest.ts';
import { HISTORY_SPAN_MS } from '../store/alert-context.ts';

const DAY_MS = 24 * 60 * 60_000;

export const WINDOW_DAYS: Readonly<Record<BacktestWindow, number>> = {
  '30d': 30,
  '90d': 90,
  '180d': 180,
  '1y': 365,
  '2y': 730,
};

export interface BacktestSpan {
  /** First instant a firing counts, epoch ms. */
  from: number;
  /** The market's now when the run started, epoch ms. */
  to: number;
  /** Where the replay starts: the live engine's history span before `from`. */
  warmFrom: number;
}

export function spanOf(window: BacktestWindow, now: number): BacktestSpan {
  const from = now - WINDOW_DAYS[window] * DAY_MS;
  return { from, to: now, warmFrom: from - HISTORY_SPAN_MS };
}

/** An average month, for "firings per month". */
const MONTH_MS = 30.4375 * DAY_MS;

export function monthsIn(from: number, to: number): number {
  return Math.max(0, to - from) / MONTH_MS;
}
