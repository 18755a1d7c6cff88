// What the routes are given: the market, the caches, the keys and the limits. Built once per
// service by createService (src/service/index.ts); tests build their own with a manual clock.
import type { AnalysisCache } from '../analysis/analysis-cache.ts';
import type { SeriesCache } from '../series/series-cache.ts';
import type { MarketDataSource } from '../market/source.ts';
import type { Keyring } from './auth.ts';
import type { RateLimit, TokenBuckets } from './rate-limit.ts';

export interface ServiceLimits {
  /** Per-key token bucket of /options/volume. */
  optionsVolume: RateLimit;
  /** Per-address token bucket of demo access; null for none. */
  demo: RateLimit | null;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  // The burst covers every listed expiration of one ticker (SPY lists 35: dailies, weeklies,
  // month- and quarter-ends), so the app's "All expirations" sum is answered at once; at 10 it
  // waited out 25 s of refill.
  optionsVolume: { burst: 40, perSecond: 1 },
  demo: { burst: 120, perSecond: 4 },
};

export interface ServiceContext {
  readonly source: MarketDataSource;
  readonly analysis: AnalysisCache;
  readonly series: SeriesCache;
  readonly keyring: Keyring;
  /** The eight symbols demo access may read, upper-case, sorted. */
  readonly demoSymbols: readonly string[];
  readonly limits: ServiceLimits;
  readonly optionsVolumeBuckets: TokenBuckets;
  readonly demoBuckets: TokenBuckets | null;
  /** Aborted when the service closes: stops background warm-ups and in-flight series work. */
  readonly closing: AbortSignal;
}
