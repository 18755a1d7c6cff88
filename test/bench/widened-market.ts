// The simulator widened by aliases, for benchmarks that need more tickers than it lists (a
// 500-row watchlist, a 50-ticker year).
import type { MarketDataSource, TickerInfo } from '../../src/service/market/source.ts';

/**
 * The simulator with `size` tickers: its own, then aliases (`SPY-1`, `QQQ-1`, … `SPY-2`, …) each
 * serving its symbol's chains, history and earnings under the alias's name.
 */
export function widenedMarket(base: MarketDataSource, size: number): MarketDataSource {
  const own = base.universe();
  const symbolOf = new Map<string, string>(own.map((t) => [t.ticker, t.ticker]));
  const universe: TickerInfo[] = [...own];
  for (let k = 1; universe.length < size; k += 1) {
    for (const t of own) {
      if (universe.length >= size) break;
      const ticker = `${t.ticker}-${k}`;
      symbolOf.set(ticker, t.ticker);
      universe.push({ ...t, ticker, name: `${t.name} (alias ${k})`, demo: false });
    }
  }
  const of = (ticker: string): string => symbolOf.get(ticker) ?? ticker;
  return {
    simulated: true,
    clock: base.clock,
    universe: () => universe,
    snapshotTimes: (ticker, since, at) => base.snapshotTimes(of(ticker), since, at),
    latestSnapshotTime: (ticker, at) => base.latestSnapshotTime(of(ticker), at),
    chain: (ticker, time) => {
      const chain = base.chain(of(ticker), time);
      return chain && { ...chain, ticker };
    },
    history: (ticker, time) => base.history(of(ticker), time),
    earnings: (ticker, time) => base.earnings(of(ticker), time),
  };
}
