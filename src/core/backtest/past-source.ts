// What a backtest can ask the data source about the past, whatever the source: fill the store
// with the snapshots a replay reads, and with daily closes for forward returns. The local service
// (simulator, chain folder, Tradier's folder) can produce any past snapshot (local-backfill.ts);
// a remote API v2 serves only the present, plus daily metric series (remote-backfill.ts).
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import type { ScreenerPreset } from '../../shared/api/index.ts';

/** Reports `done` of `total` steps of one fill. */
export type Step = (done: number, total: number) => void;

export interface PastSource {
  /** The ticker's snapshots of these endpoints at each session's close in [from, to], where missing. */
  fillTicker(
    ticker: string,
    endpoints: readonly SnapshotEndpoint[],
    from: number,
    to: number,
    step: Step,
    signal: AbortSignal,
  ): Promise<void>;
  /**
   * The rankings at each session's close in [from, to]: top setups (the whole ranked universe, as
   * the poller asks for it) and these screeners, with the members' signals.
   */
  fillRankings(
    presets: readonly ScreenerPreset[],
    from: number,
    to: number,
    step: Step,
    signal: AbortSignal,
  ): Promise<void>;
  /** Daily closes of the tickers over [from, to], where missing. */
  fillCloses(tickers: readonly string[], from: number, to: number, signal: AbortSignal): Promise<void>;
  /** What this source could not fill, for the result's notes. */
  notes(): string[];
}
