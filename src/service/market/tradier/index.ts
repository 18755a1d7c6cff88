// The Tradier connector: a collector that fetches quotes, expirations, chains with greeks and daily
// history from Tradier's market-data API and writes them into the chain folder as snapshot files
// (Cboe delayed-quotes JSON) and `history/<TICKER>.csv`, plus a probe for the Settings page.
export { createTradierCollector } from './collector.ts';
export { probeTradier } from './probe.ts';
export { TradierError, type TradierErrorKind } from './errors.ts';
export { TRADIER_ORIGINS, isDelayed } from './environment.ts';
export type {
  CollectResult,
  CollectorStatus,
  CollectorTickerStatus,
  TickerOutcome,
  TradierCollector,
  TradierCollectorOptions,
  TradierEnvironment,
  TradierFetch,
  TradierLogLevel,
  TradierProbeOptions,
  TradierProbeResult,
  TradierTimers,
  TradierTokenFrom,
} from './types.ts';
