// The size of the move after a reading (pure): what a gamma or volatility rule claims. Over the N
// sessions after the reading's session (the same sessions as forward returns, forward-returns.ts),
// from the reading's price P and the closes C1..CN, in percent:
//
// - absolute return: |CN ÷ P − 1| × 100;
// - high-low range: (highest − lowest of P and every session's high and low) ÷ P × 100, where every
//   one of the N sessions has intraday prices in the store (else null: a range from closes alone
//   would be smaller, and mixing the two would favour whichever side has more intraday data);
// - close range: the same from P and the closes only (always known when CN is);
// - realized volatility, annualized: √(252 × mean of rk²) × 100, rk = ln(Ck ÷ Ck−1), C0 = P. The
//   mean is taken as zero (realized variance), as is usual over a few sessions: a sample standard
//   deviation does not exist for one session and would count a 5-session trend as no movement.
//
// All null unless every one of the N sessions (trading days on the market calendar) has a close: a
// gap would measure a move over fewer sessions as if it were N.
import { BACKTEST_HORIZONS, type MoveMeasures, type Moves } from '../../shared/bridge/backtest.ts';
import { HORIZON_SESSIONS, sessionsAfter, type DailyClose } from './forward-returns.ts';

/** Sessions in a year, to annualize a daily variance (as the service's realized_vol_20d). */
export const SESSIONS_PER_YEAR = 252;

const NONE: MoveMeasures = { absPct: null, rangePct: null, closeRangePct: null, realizedVolPct: null };

/** Annualized realized volatility in percent of a path of prices (zero-mean), null under 2 prices. */
export function realizedVolPct(prices: readonly number[]): number | null {
  if (prices.length < 2 || prices.some((p) => !(p > 0))) return null;
  let sum = 0;
  for (let k = 1; k < prices.length; k++) {
    const r = Math.log((prices[k] as number) / (prices[k - 1] as number));
    sum += r * r;
  }
  return Math.sqrt((SESSIONS_PER_YEAR * sum) / (prices.length - 1)) * 100;
}

/** (highest − lowest) ÷ base × 100. */
export function rangePct(highs: readonly number[], lows: readonly number[], base: number): number {
  return ((Math.max(...highs) - Math.min(...lows)) / base) * 100;
}

/** The move measures of N sessions after a reading at `price` on `date`. */
export function measuresOver(
  closes: readonly DailyClose[],
  date: string,
  price: number,
  sessions: number,
): MoveMeasures {
  const after = sessionsAfter(closes, date, sessions);
  if (!(price > 0) || after.some((c) => c === null)) return NONE;
  const window = after as DailyClose[];
  const path = [price, ...window.map((c) => c.close)];
  const last = (window[window.length - 1] as DailyClose).close;
  const intraday = window.every((c) => c.high !== undefined && c.low !== undefined);
  return {
    absPct: Math.abs((last / price - 1) * 100),
    rangePct: intraday
      ? rangePct(
          [price, ...window.map((c) => c.high as number)],
          [price, ...window.map((c) => c.low as number)],
          price,
        )
      : null,
    closeRangePct: rangePct(path, path, price),
    realizedVolPct: realizedVolPct(path),
  };
}

/** The move measures at every horizon. */
export function movesAfter(closes: readonly DailyClose[], date: string, price: number): Moves {
  const out = {} as Moves;
  for (const h of BACKTEST_HORIZONS) out[h] = measuresOver(closes, date, price, HORIZON_SESSIONS[h]);
  return out;
}
