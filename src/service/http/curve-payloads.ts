// The `data` objects of the strike-level views of one analysed snapshot: the gamma curve, gamma by
// expiration, GEX by strike, key levels (JSON) and option volume. The routes (routes/curves.ts)
// and the snapshot payloads (snapshot-payloads.ts) both build their data here, so a past
// snapshot's payload is what the endpoint served. Pricing is the analysis's own: the ticker's stated
// carry (or the service's override), so it is the one the routes always used.
import type {
  FuturesEquivalent,
  GammaCurveData,
  GammaExpirationsData,
  GexByStrikeBucket,
  GexByStrikeData,
  LevelsData,
  OptionsVolumeData,
} from '../../shared/api/index.ts';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';
import { gammaByExpiration, gammaCurve, gexByStrike, optionsVolume } from '../engine/curves.ts';
import type { ExpirySelection } from '../engine/expirations.ts';
import type { GammaView } from '../engine/exposure.ts';
import { forwardsPayload, impliedForwards } from '../engine/forward.ts';
import { etfFuturesEquivalent, futuresEquivalent } from '../engine/futures-equivalent.ts';
import { futureOf } from '../../shared/futures-contract.ts';
import { displayAsof } from './envelope.ts';

export interface GammaCurveParams {
  exp: ExpirySelection;
  view: GammaView;
  /** Echoed in the payload: whether the curve was a real-time pull (the route admits it in hours only). */
  realtime: boolean;
}

// The builders that take a selector throw ExpirySelectionError for a date (or a bucket) the chain
// does not list; the route turns that into a 404 and callers without HTTP decide for themselves.

export function gammaCurveData(
  a: TickerAnalysis,
  { exp, view, realtime }: GammaCurveParams,
): GammaCurveData & { realtime: boolean } {
  return { ...gammaCurve(a.chain, { exp, view, pricing: a.pricing }), realtime };
}

export function gammaExpirationsData(a: TickerAnalysis): GammaExpirationsData {
  return gammaByExpiration(a.chain, a.pricing);
}

export function gexByStrikeData(a: TickerAnalysis, exp: GexByStrikeBucket): GexByStrikeData {
  return gexByStrike(a.chain, { exp, pricing: a.pricing });
}

/** Expirations whose forwards the levels payload lists: the front of the curve, not every LEAPS. */
const LEVELS_FORWARDS = 4;

function frontExpirations(count: number): Uint8Array {
  return Uint8Array.from({ length: count }, (_, e) => (e < LEVELS_FORWARDS ? 1 : 0));
}

/**
 * The JSON levels (`format=json`); the plain-text formats are rendered by the route. `index`: for
 * an ETF (SPY), its index's analysis of the same instant (SPX), through which its levels reach the
 * future; without it the ETF's futures_equivalent says why it has no figure.
 */
export function levelsData(a: TickerAnalysis, index: TickerAnalysis | null = null): LevelsData {
  return {
    ticker: a.ticker,
    asof: displayAsof(a.asof),
    price: a.metrics.price,
    levels: a.keyLevels.map(({ id, label, price, kind, expiration }) =>
      expiration === undefined ? { id, label, price, kind } : { id, label, price, kind, expiration },
    ),
    // Ours, additive: the front expirations' forwards (VIX's levels are priced off them) and the
    // rate and yield the levels were priced with; the curves payloads list every expiration's.
    ...forwardsPayload(a.chain, a.pricing, frontExpirations(a.chain.expirations.length)),
    // Ours, additive: the levels on the index's front quarterly future (SPX → ES), or why not.
    ...futuresEquivalentField(a, index),
  };
}

/** The index an ETF's levels reach their future through (SPY → SPX), or null (an index, a stock). */
export function levelsIndexOf(ticker: string): string | null {
  const future = futureOf(ticker);
  return future?.viaIndex === true ? future.index : null;
}

/**
 * The levels' futures equivalents (SPX → ES; SPY through `index`, SPX's analysis of the same
 * instant), or undefined for a ticker without a future.
 */
export function levelsFuturesEquivalent(
  a: TickerAnalysis,
  index: TickerAnalysis | null = null,
): FuturesEquivalent | undefined {
  const own = futuresEquivalent(a.chain, impliedForwards(a.chain, a.pricing.r), a.keyLevels);
  if (own === null || index === null) return own ?? undefined;
  const indexed = levelsFuturesEquivalent(index);
  if (indexed === undefined) return own;
  const equivalent = { ticker: index.ticker, spot: index.chain.spot, asof: index.asof, equivalent: indexed };
  return etfFuturesEquivalent(a.chain, a.keyLevels, equivalent) ?? own;
}

function futuresEquivalentField(
  a: TickerAnalysis,
  index: TickerAnalysis | null,
): Pick<LevelsData, 'futures_equivalent'> {
  const fe = levelsFuturesEquivalent(a, index);
  return fe === undefined ? {} : { futures_equivalent: fe };
}

export function optionsVolumeData(a: TickerAnalysis, exp: ExpirySelection): OptionsVolumeData {
  return optionsVolume(a.chain, exp);
}
