// Backtests for the fake bridge: the fake market read once per session (its quote at each day's
// step), a signal tested between consecutive sessions, and the core's own pure statistics
// (forward returns, summary, baseline, export) over the fake closes. Progress events per ticker,
// a turn of the event loop between tickers so `backtest:cancel` can land.
import type {
  BacktestFiring,
  BacktestProgress,
  BacktestResult,
  BacktestWindow,
} from '../../src/shared/bridge/backtest.ts';
import { outcomeAfter, type DailyClose } from '../../src/core/backtest/forward-returns.ts';
import { baseline, summarize } from '../../src/core/backtest/statistics.ts';
import { WINDOW_DAYS } from '../../src/core/backtest/window.ts';
import { FAKE_BY_TICKER, quoteAt, type Quote } from './fake-market.ts';

/** Fake steps (5 minutes) per session: 6.5 hours, as the fake bridge's daily series uses. */
const STEPS_PER_DAY = 78;
const DAY_MS = 86_400_000;

export interface FakeBacktestRun {
  runId: string;
  name: string;
  window: BacktestWindow;
  tickers: readonly string[];
  /** The market's now (ms) and its step. */
  now: number;
  step: number;
  /** Minutes between two firings of one ticker (a rule's cooldown; 0 for a screener). */
  cooldownMinutes: number;
  /** The firing's title when the signal holds from `before` to `after`, else null. */
  signal: (before: Quote, after: Quote) => string | null;
  emit: (progress: BacktestProgress) => void;
  cancelled: () => boolean;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function fakeBacktest(run: FakeBacktestRun): Promise<BacktestResult> {
  const days = WINDOW_DAYS[run.window];
  const from = run.now - days * DAY_MS;
  const tickers = run.tickers.filter((t) => FAKE_BY_TICKER.has(t));
  const firings: BacktestFiring[] = [];
  const closes = new Map<string, DailyClose[]>();
  let cancelled = false;
  for (const [i, ticker] of tickers.entries()) {
    if (run.cancelled()) {
      cancelled = true;
      break;
    }
    run.emit({ runId: run.runId, phase: 'replay', done: i, total: tickers.length, ticker });
    await turn();
    const info = FAKE_BY_TICKER.get(ticker)!;
    const quotes: Quote[] = [];
    for (let d = days; d >= 0; d -= 1) {
      const at = new Date(run.now - d * DAY_MS).toISOString();
      quotes.push(quoteAt(info, run.step - d * STEPS_PER_DAY, at));
    }
    const series = quotes.map((q) => ({ date: q.asof.slice(0, 10), close: q.price }));
    closes.set(ticker, series);
    let last = -Infinity;
    for (let k = 1; k < quotes.length; k += 1) {
      const after = quotes[k]!;
      const title = run.signal(quotes[k - 1]!, after);
      const t = Date.parse(after.asof);
      if (!title || t - last < run.cooldownMinutes * 60_000) continue;
      last = t;
      const outcome = outcomeAfter(series, after.asof.slice(0, 10), after.price);
      firings.push({ ticker, at: after.asof, title, price: after.price, ...outcome });
    }
  }
  run.emit({ runId: run.runId, phase: 'returns', done: tickers.length, total: tickers.length });
  const fromDate = new Date(from).toISOString().slice(0, 10);
  const toDate = new Date(run.now).toISOString().slice(0, 10);
  return {
    runId: run.runId,
    ruleName: run.name,
    from: new Date(from).toISOString(),
    to: new Date(run.now).toISOString(),
    tickers: [...closes.keys()],
    firings,
    summary: summarize(
      firings.map((f) => f.forward),
      { from, to: run.now },
    ),
    baseline: baseline(closes, fromDate, toDate),
    prices: Object.fromEntries(closes),
    notes: ['The fake market: one reading per session, no intraday replay.'],
    cancelled,
  };
}
