// What the local service needs from a market: a universe, a clock, and for any ticker the option
// chain, the daily history and the earnings calendar as of a given instant. The deterministic
// simulator and the imported-chains folder both implement it; the service cannot tell them apart
// except by `simulated`, which the UI shows.
import type { OptionChain } from '../engine/chain.ts';
import type { EarningsEvent, TickerHistory } from '../engine/types.ts';

/**
 * `index`: a cash-settled index (SPX, NDX, RUT), quoted in points; `volatility_index`: VIX, whose
 * options settle on its futures (shared/index-underlyings.ts has the conventions).
 */
export type TickerKind =
  | 'index_etf'
  | 'index'
  | 'volatility_index'
  | 'mega_cap'
  | 'high_vol'
  | 'defensive'
  | 'sector_etf'
  | 'imported';

export interface TickerInfo {
  readonly ticker: string;
  readonly name: string;
  readonly kind: TickerKind;
  /** One of the eight symbols served without a key in demo mode. */
  readonly demo: boolean;
}

/** real: the wall clock; fast: accelerated; manual: set by hand (`--at`, tests); data: the newest snapshot. */
export type ClockKind = 'real' | 'fast' | 'manual' | 'data';

export interface MarketClock {
  /** The market's current instant, epoch ms. Real time, or accelerated for demos and tests. */
  now(): number;
  /** Which kind of clock this is, reported in /access; unset for clocks of one's own. */
  readonly kind?: ClockKind;
  /**
   * Market ms per real ms: 1 on the wall clock, a fast clock's speed, 0 for one that moves only
   * by hand or with the data. Unset for clocks of one's own (unknown).
   */
  readonly rate?: number;
}

export interface MarketDataSource {
  readonly simulated: boolean;
  /** What the source is, reported in /access (the simulator leaves it unset). */
  readonly kind?: 'simulator' | 'chain_folder';
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
  /**
   * For a source whose data can change under a snapshot instant (a chain folder: a file replaced,
   * a history file added): a value that changes whenever anything an analysis of the ticker reads
   * changes. Caches of analyses key on it. Unset: a snapshot never changes once it exists.
   */
  revision?(ticker: string): string;
  /**
   * The ticker's newest snapshot whatever its time, one dated in the future included (a chain
   * folder: a file stamped later than the wall clock is held but not served). Lets the rankings
   * say why a ticker is left out. Unset: only `latestSnapshotTime` is known.
   */
  newestSnapshotTime?(ticker: string): number | null;
  /**
   * Data-quality notes about one snapshot the source knows and the chain does not show by itself
   * (taken on a closed day, a partial download compared with the ticker's other files); they join
   * the analysis' notes. Unset: none.
   */
  snapshotNotes?(ticker: string, snapshotTime: number, chain: OptionChain): string[];
  /**
   * The ticker's snapshots that are partial downloads (engine/quality.ts): a session's close is
   * taken from a complete one where there is one (shared/session-close.ts). Unset: none is partial.
   */
  partialSnapshots?(ticker: string): ReadonlySet<number>;
}
