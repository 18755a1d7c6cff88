// What the local service needs from a market: a universe, a clock, and for any ticker the option
// chain, the daily history and the earnings calendar as of a given instant. The deterministic
// simulator and the imported-chains folder both implement it; the service cannot tell them apart
// except by `simulated`, which the UI shows.
import type { OptionChain } from '../engine/chain.ts';
import type { EarningsEvent, TickerHistory } from '../engine/types.ts';

export type TickerKind = 'index_etf' | 'mega_cap' | 'high_vol' | 'defensive' | 'sector_etf' | 'imported';

export interface TickerInfo {
  readonly ticker: string;
  readonly name: string;
  readonly kind: TickerKind;
  /** One of the eight symbols served without a key in demo mode. */
  readonly demo: boolean;
}

export interface MarketClock {
  /** The market's current instant, epoch ms. Real time, or accelerated for demos and tests. */
  now(): number;
}

export interface MarketDataSource {
  readonly simulated: boolean;
  readonly clock: MarketClock;
  universe(): readonly TickerInfo[];
  /**
   * Instants at which a snapshot exists for the ticker, at or before `at`, newest last; bounded by
   * `since`. The simulator snapshots every session's close plus intraday snapshots during market
   * hours; an imported file has exactly one.
   */
  snapshotTimes(ticker: string, since: number, at: number): number[];
  /** The latest snapshot instant at or before `at`, or null when there is none. */
  latestSnapshotTime(ticker: string, at: number): number | null;
  /** The chain at a snapshot instant returned by snapshotTimes / latestSnapshotTime. */
  chain(ticker: string, snapshotTime: number): OptionChain | null;
  /** Daily history strictly before the snapshot's session, oldest first (empty for imported chains). */
  history(ticker: string, snapshotTime: number): TickerHistory;
  /** The next scheduled earnings on or after the snapshot's date, or null when none is known. */
  earnings(ticker: string, snapshotTime: number): EarningsEvent | null;
}
