// A ticker's metric history from the metric store (backfilled series plus every polled signals
// snapshot), daily: the latest value per New York date, shaped like the API's series payload;
// ending today, or on the day of a history-review time.
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge.ts';
import { addDays, epochToNy } from '../../shared/market-calendar.ts';
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

export function tickerSeries(
  store: Store<unknown>,
  input: BridgeParsedInput<'ticker:series'>,
  marketNow: number,
): BridgeOutput<'ticker:series'> {
  // History review: the window ends on the chosen day (never after today).
  const end = input.at === undefined ? marketNow : Math.min(Date.parse(input.at), marketNow);
  const today = epochToNy(end).date;
  const table = store.metrics.series(input.ticker, input.metrics, {
    from: windowStart(input.window, today),
    to: today,
  });
  const points = table.dates.map((date, i) => {
    const point: Record<string, string | number | null> = { date };
    for (const metric of table.metrics) point[metric] = table.columns[metric]?.[i] ?? null;
    return point as { date: string } & Record<string, string | number | null>;
  });
  return {
    ticker: input.ticker,
    data: { ticker: input.ticker, window: input.window, metrics: table.metrics, points },
  };
}
