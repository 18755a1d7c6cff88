// The `data` objects of the curve endpoints, exactly as the spec shapes them (schemas in
// src/shared/api/curves.ts and options-volume.ts). Units:
// - /curves/gamma and /curves/gamma/expirations: dealer gamma per strike in shares per $1 of
//   underlying (gamma × OI × 100; calls +, puts −; view=naive: both +).
// - /curves/gex_by_strike: USD per 1 % move (gamma × OI × 100 × spot² × 0.01), same signs; `put` is
//   ≤ 0 so that net = call + put. Totals cover the selected expirations, the flip included.
// - `asof` is the snapshot instant as ISO-8601 UTC.
// - `expiry` is the resolved YYYY-MM-DD date when the selection is one listed expiration, otherwise
//   the selector itself ('combined', or a bucket the chain does not have).
// - gex_by_strike points and totals also carry (additive) dealer `vanna`, USD of delta per 1 vol
//   point, and `charm`, USD of delta per day (vanna-charm.ts), over the same selection.
// Selectors and buckets: expirations.ts. Strikes listed are every strike of the selected
// expirations, including those whose value is 0.
// Additive fields (forward.ts): gamma by expiration and GEX by strike carry `priced_off` ('forward'
// where the options settle on a future, VIX; else 'spot') and `forwards`, each listed expiration's
// forward implied by put-call parity (GEX by strike: the selected expirations only).
import {
  ALL_OTHER_EXPIRIES_FORMULA,
  type GammaCurveData,
  type GammaExpirationsData,
  type GexByStrikeData,
} from '../../shared/api/curves.ts';
import type { OptionsVolumeData } from '../../shared/api/options-volume.ts';
import type { OptionChain } from './chain.ts';
import {
  BUCKETS,
  classifyExpirations,
  ExpirySelectionError,
  resolveSelection,
  type Bucket,
  type ExpirySelection,
  type ResolvedSelection,
} from './expirations.ts';
import {
  contractGammas,
  exposureByStrike,
  gexTotals,
  sharesToGex,
  strikeOfMax,
  strikeShares,
  type GammaView,
} from './exposure.ts';
import { findGammaFlip } from './flip.ts';
import { forwardsPayload, pricingFor, type ForwardsPayload } from './forward.ts';
import { ratioOrNull } from './flow.ts';
import { vannaCharmByStrike, vannaCharmTotals } from './vanna-charm.ts';
import { DEFAULT_PRICING, type PricingParams } from './types.ts';

export interface CurveOptions {
  exp?: ExpirySelection;
  view?: GammaView;
  pricing?: PricingParams | undefined;
}

function asofIso(chain: OptionChain): string {
  return new Date(chain.asof).toISOString();
}

function expiryLabel(resolved: ResolvedSelection): string {
  return resolved.selection !== 'combined' && resolved.dates.length === 1
    ? (resolved.dates[0] as string)
    : resolved.selection;
}

/** The pricing of a chain's curves: the caller's, priced off each forward where options settle on a future. */
function pricingOf(chain: OptionChain, pricing: PricingParams | undefined): PricingParams {
  return chain.spot > 0 ? pricingFor(chain, pricing ?? DEFAULT_PRICING) : (pricing ?? DEFAULT_PRICING);
}

export function gammaCurve(chain: OptionChain, options: CurveOptions = {}): GammaCurveData {
  const resolved = resolveSelection(chain, options.exp ?? 'combined');
  const e = exposureByStrike(chain, contractGammas(chain, pricingOf(chain, options.pricing)), resolved.mask);
  const view = options.view ?? 'signed';
  return {
    ticker: chain.ticker,
    price: chain.spot,
    expiry: expiryLabel(resolved),
    asof: asofIso(chain),
    points: Array.from(e.strikes, (strike, j) => ({ strike, gamma: strikeShares(e, j, view) })),
  };
}

export function gammaByExpiration(
  chain: OptionChain,
  given: PricingParams = DEFAULT_PRICING,
): GammaExpirationsData & ForwardsPayload {
  const pricing = pricingOf(chain, given);
  const buckets = classifyExpirations(chain);
  const gammas = contractGammas(chain, pricing);
  const combined = exposureByStrike(chain, gammas, resolveSelection(chain, 'combined', buckets).mask);
  const at = new Map<number, number>();
  combined.strikes.forEach((k, j) => at.set(k, j));
  // Each bucket's per-strike values, placed on the combined strike grid.
  const series = {} as Record<Bucket, Float64Array>;
  const dates = {} as Record<Bucket, string | null>;
  for (const bucket of BUCKETS) {
    const resolved = resolveSelection(chain, bucket, buckets);
    const e = exposureByStrike(chain, gammas, resolved.mask);
    const values = new Float64Array(combined.strikes.length);
    e.strikes.forEach((k, j) => (values[at.get(k) as number] = strikeShares(e, j, 'signed')));
    series[bucket] = values;
    dates[bucket] = resolved.dates[0] ?? null;
  }
  const named = new Set(Object.values(dates));
  return {
    ticker: chain.ticker,
    price: chain.spot,
    asof: asofIso(chain),
    expiries: {
      combined: chain.expirations.map((x) => x.date),
      nearest: dates.nearest,
      first_weekly: dates.first_weekly,
      first_monthly: dates.first_monthly,
      all_other_expiries: chain.expirations.map((x) => x.date).filter((d) => !named.has(d)),
    },
    series_order: ['nearest', 'first_weekly', 'first_monthly', 'all_other_expiries'],
    construction: { all_other_expiries_formula: ALL_OTHER_EXPIRIES_FORMULA },
    ...forwardsPayload(chain, given),
    points: Array.from(combined.strikes, (strike, j) => {
      const total = strikeShares(combined, j, 'signed');
      const nearest = series.nearest[j] as number;
      const firstWeekly = series.first_weekly[j] as number;
      const firstMonthly = series.first_monthly[j] as number;
      return {
        strike,
        combined: total,
        nearest,
        first_weekly: firstWeekly,
        first_monthly: firstMonthly,
        all_other_expiries: total - nearest - firstWeekly - firstMonthly,
      };
    }),
  };
}

export function gexByStrike(
  chain: OptionChain,
  options: Omit<CurveOptions, 'view'> = {},
): GexByStrikeData & ForwardsPayload {
  const resolved = resolveSelection(chain, options.exp ?? 'combined');
  const pricing = pricingOf(chain, options.pricing);
  const e = exposureByStrike(chain, contractGammas(chain, pricing), resolved.mask);
  const spot = chain.spot;
  const sides = resolved.selection === 'combined';
  const totals = gexTotals(e, spot);
  const flip = findGammaFlip(chain, { pricing, mask: resolved.mask });
  // Same strikes as `e` (both list every strike of the selected expirations).
  const vc = vannaCharmByStrike(chain, resolved.mask, pricing);
  const vcTotals = vannaCharmTotals(vc);
  let callOi = 0;
  let putOi = 0;
  for (let j = 0; j < e.strikes.length; j++) {
    callOi += e.callOi[j] as number;
    putOi += e.putOi[j] as number;
  }
  return {
    ticker: chain.ticker,
    price: spot,
    expiry: expiryLabel(resolved),
    asof: asofIso(chain),
    points: Array.from(e.strikes, (strike, j) => {
      const call = sharesToGex(e.callShares[j] as number, spot);
      const put = -sharesToGex(e.putShares[j] as number, spot);
      const greeks = { vanna: vc.vanna[j] as number, charm: vc.charm[j] as number };
      return sides
        ? { strike, net: call + put, call, put, ...greeks }
        : { strike, net: call + put, ...greeks };
    }),
    totals: {
      gex_flip_price: flip.price,
      gex_flip_reason: flip.reason,
      gex_value_per_1pct: totals.net,
      put_call_oi: ratioOrNull(putOi, callOi),
      call_gex: totals.call,
      put_gex: totals.put,
      abs_gex: totals.gross,
      max_call_gex_strike: strikeOfMax(e.strikes, e.callShares),
      max_put_gex_strike: strikeOfMax(e.strikes, e.putShares),
      call_oi: callOi,
      put_oi: putOi,
      contracts: e.contracts,
      expirations: resolved.dates,
      vanna_usd_per_1_vol_pt: vcTotals.vanna,
      charm_usd_per_day: vcTotals.charm,
    },
    ...forwardsPayload(chain, options.pricing ?? DEFAULT_PRICING, resolved.mask),
  };
}

/** Per-strike call and put volume of one expiration (a bucket or a listed date; not 'combined'). */
export function optionsVolume(chain: OptionChain, expiry: ExpirySelection): OptionsVolumeData {
  if (expiry === 'combined') {
    throw new ExpirySelectionError(
      'invalid_expiry',
      'options volume is per expiration: exp cannot be combined',
    );
  }
  const resolved = resolveSelection(chain, expiry);
  const date = resolved.dates[0];
  if (date === undefined) {
    throw new ExpirySelectionError('unknown_expiry', `${chain.ticker} lists no ${expiry} expiration`);
  }
  const e = exposureByStrike(chain, new Float64Array(chain.size), resolved.mask);
  let callTotal = 0;
  let putTotal = 0;
  const points = Array.from(e.strikes, (strike, j) => {
    const call = Math.round(e.callVolume[j] as number);
    const put = Math.round(e.putVolume[j] as number);
    callTotal += call;
    putTotal += put;
    return { strike, call_volume: call, put_volume: put, total: call + put };
  });
  return {
    ticker: chain.ticker,
    asof: asofIso(chain),
    expiry: date,
    price: chain.spot,
    points,
    totals: { call_volume: callTotal, put_volume: putTotal, total: callTotal + putTotal },
  };
}
