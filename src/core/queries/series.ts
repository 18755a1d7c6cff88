// A ticker's metric history from the metric store (backfilled series plus every polled signals
// and state snapshot), daily: each NYSE session's figures from the snapshot standing for its close
// (shared/session-close.ts), shaped like the API's series payload (`price_basis: "pre_market"` where
// that snapshot is a stock's pre-market file);
// ending on the ticker's newest point (today, for a live source), or on a history-review time.
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract.ts';
import { addDays, epochToNy } from '../../shared/market-calendar.ts';
import { preMarketPrint } from '../../shared/session-close.ts';
import type { Store } from '../store/database.ts';

/** The first date of a lookback window (`30d`, `26w`, `6m`, `2y`) ending on `today`. */
export function windowStart(window: string, today: string): string {
  const m = /^(\d{1,4})([dwmy])$/.exec(window);
  if (!m) throw new RangeError(`not a window: ${window}`);
  const n = Number(m[1]);
  const days =
    m[2] === 'd' ? n : m[2] === 'w' ? n * 7 : m[2] === 'm' ? Math.round(n * 30.4375) : Math.round(n * 365.25);
  return addDays(today, -days);
}

/** The New York dates a window of a ticker's series covers (see tickerSeries for where it ends). */
export function seriesWindowDates(
  store: Store<unknown>,
  ticker: string,
  window: string,
  marketNow: number,
  at?: string,
): { from: string; to: string } {
  // History review: the window ends on the chosen day (never after today). Otherwise it ends on
  // the ticker's own newest point: with a chain folder's clock, "today" is the folder's newest file,
  // and a ticker whose files stop earlier must still show its last 30 days, not an empty window.
  const own = store.metrics.latest(ticker, 'price')?.ts;
  const end = at === undefined ? Math.min(own ?? marketNow, marketNow) : Math.min(Date.parse(at), marketNow);
  const today = epochToNy(end).date;
  return { from: windowStart(window, today), to: today };
}

export function tickerSeries(
  store: Store<unknown>,
  input: BridgeParsedInput<'ticker:series'>,
  marketNow: number,
): BridgeOutput<'ticker:series'> {
  const table = store.metrics.series(
    input.ticker,
    input.metrics,
    seriesWindowDates(store, input.ticker, input.window, marketNow, input.at),
  );
  const withPrice = table.metrics.includes('price');
  const points = table.dates.map((date, i) => {
    const point: Record<string, string | number | null> = { date };
    for (const metric of table.metrics) point[metric] = table.columns[metric]?.[i] ?? null;
    // A day whose snapshot is a stock's pre-market file (no other that session): not a close.
    if (withPrice && point['price'] !== null && preMarketPrint(input.ticker, table.ts[i] as number))
      point['price_basis'] = 'pre_market';
    return point as { date: string } & Record<string, string | number | null>;
  });
  return {
    ticker: input.ticker,
    data: { ticker: input.ticker, window: input.window, metrics: table.metrics, points },
  };
}
