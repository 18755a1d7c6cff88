// The summary of a run and its baseline (pure): per horizon the median forward return and the
// share of up moves, over the firings, and over every session of the same tickers (a reading
// taken at each session's close): what doing nothing would have shown.
import {
  BACKTEST_HORIZONS,
  type BacktestBaseline,
  type BacktestSummary,
  type ForwardReturns,
  type HorizonStats,
} from '../../shared/bridge/backtest.ts';
import { outcomeAfter, type DailyClose } from './forward-returns.ts';
import { monthsIn } from './window.ts';

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >>> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Count, median and share of up moves (strictly above 0) of the returns that exist. */
export function horizonStats(values: readonly (number | null)[]): HorizonStats {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return {
    count: known.length,
    medianPct: median(known),
    upShare: known.length === 0 ? null : known.filter((v) => v > 0).length / known.length,
  };
}

function horizons(forwards: readonly ForwardReturns[]): BacktestSummary['horizons'] {
  const out = {} as Record<(typeof BACKTEST_HORIZONS)[number], HorizonStats>;
  for (const h of BACKTEST_HORIZONS) out[h] = horizonStats(forwards.map((f) => f[h]));
  return out;
}

export function summarize(
  forwards: readonly ForwardReturns[],
  span: { from: number; to: number },
): BacktestSummary {
  const months = monthsIn(span.from, span.to);
  return {
    count: forwards.length,
    perMonth: months > 0 ? forwards.length / months : 0,
    horizons: horizons(forwards),
  };
}

/** Every session of every ticker with a close dated in [fromDate, toDate], read at its close. */
export function baseline(
  closesByTicker: ReadonlyMap<string, readonly DailyClose[]>,
  fromDate: string,
  toDate: string,
): BacktestBaseline {
  const forwards: ForwardReturns[] = [];
  for (const closes of closesByTicker.values()) {
    for (const c of closes) {
      if (c.date < fromDate || c.date > toDate) continue;
      forwards.push(outcomeAfter(closes, c.date, c.close).forward);
    }
  }
  return { sessions: forwards.length, horizons: horizons(forwards) };
}
