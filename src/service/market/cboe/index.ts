// The Cboe connector: Cboe's free delayed-quotes JSON (15 minutes delayed, no account), fetched
// into the chain folder on a schedule (collector.ts) through a polite client (client.ts).
export {
  CBOE_DELAY_MINUTES,
  createCboeCollector,
  type CboeCollectResult,
  type CboeCollector,
  type CboeCollectorOptions,
  type CboeCollectorStatus,
  type CboeLogLevel,
  type CboeTickerOutcome,
} from './collector.ts';
export { CBOE_ORIGIN, cboeUserAgent, type CboeFetch } from './client.ts';
export { CboeError, type CboeErrorKind } from './errors.ts';
export { resolveCboeOrigin } from './origin.ts';
export { cboeSymbol, CBOE_INDEXES } from './symbols.ts';
