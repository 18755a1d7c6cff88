// Every figure the engine reads from one chain, in one pass over the modules that define them:
// exposure.ts (gamma and GEX conventions), expirations.ts (buckets), profile.ts and flip.ts (the
// gamma flip), surface.ts (IV figures), flow.ts (ratios, speculative interest, call regime),
// moves.ts (expected moves), quality.ts (data-quality notes).
//
// - gex_usd_per_1_pct_move: net GEX (calls − puts) of every expiration at spot, USD per 1 % move.
// - nearest_gex_usd_per_1_pct_move: the same for the nearest expiration alone.
// - pct_gamma_expiring: 100 × Σ|GEX| of the nearest expiration / Σ|GEX| of all (null when 0).
// - vanna_usd_per_1_vol_pt, charm_usd_per_day: dealer vanna and charm exposure of every expiration
//   (vanna-charm.ts conventions).
// - zero_dte_*: the expiration ending in the snapshot's session, until it settles (more-levels.ts); null without one.
import type { OptionChain } from './chain.ts';
import { classifyExpirations, resolveSelection, type BucketIndices } from './expirations.ts';
import {
  contractGammas,
  exposureByStrike,
  gexTotals,
  type GexTotals,
  type StrikeExposure,
} from './exposure.ts';
import { findGammaFlip, type GammaFlip } from './flip.ts';
import { impliedForwards, pricesOffForward, pricingFor, type ExpirationForward } from './forward.ts';
import { callRegime, flowTotals, gexVolumeRatio, ratioOrNull, speculativeInterestScore } from './flow.ts';
import { expectedMoveBand, MOVE_HORIZONS } from './moves.ts';
import { chainQualityNotes } from './quality.ts';
import { ivMetrics, type ConstantMaturity, type IvMetrics } from './surface.ts';
import { DEFAULT_PRICING, type ChainMetrics, type PricingParams } from './types.ts';
import { maxPainOf, wallsOf } from './walls.ts';
import { moreLevels, zeroDteStatus, type MoreLevels } from './more-levels.ts';
import { vannaCharmByStrike, vannaCharmTotals } from './vanna-charm.ts';

/** The metrics plus the intermediate results that curves and levels can reuse. */
export interface ChainAnalysis {
  metrics: ChainMetrics;
  /** Black-Scholes gamma per share of each contract at spot. */
  gammas: Float64Array;
  buckets: BucketIndices;
  /** Every expiration, per strike. */
  combined: StrikeExposure;
  totals: GexTotals;
  nearestTotals: GexTotals;
  flip: GammaFlip | null;
  iv: IvMetrics | null;
  /** The pricing every figure used: the caller's, with a forward per expiration where options settle on a future (forward.ts). */
  pricing: PricingParams;
  /** Each expiration's forward implied by put-call parity (forward.ts), in the chain's order. */
  forwards: readonly ExpirationForward[];
  /** Absolute-gamma and top GEX strikes, the nearest expiration's flip, 0DTE figures (more-levels.ts). */
  more: MoreLevels;
}

export function analyzeChain(chain: OptionChain, pricing: PricingParams = DEFAULT_PRICING): ChainMetrics {
  return analyzeChainDetailed(chain, pricing).metrics;
}

const ZERO_TOTALS: GexTotals = { call: 0, put: 0, net: 0, gross: 0 };

export function analyzeChainDetailed(
  chain: OptionChain,
  given: PricingParams = DEFAULT_PRICING,
): ChainAnalysis {
  const buckets = classifyExpirations(chain);
  const all = resolveSelection(chain, 'combined', buckets);
  if (!(chain.spot > 0) || !Number.isFinite(chain.spot)) return invalidSpot(chain, buckets, all.mask, given);
  const pricing = pricingFor(chain, given);
  const forwards = impliedForwards(chain, given.r);
  const notes = chainQualityNotes(chain);
  notes.push(...forwardNotes(chain, forwards, pricing));
  const gammas = contractGammas(chain, pricing);
  const combined = exposureByStrike(chain, gammas, all.mask);
  const totals = gexTotals(combined, chain.spot);
  const nearestExposure = exposureByStrike(chain, gammas, resolveSelection(chain, 'nearest', buckets).mask);
  const nearestTotals = gexTotals(nearestExposure, chain.spot);
  const walls = wallsOf(combined, chain.spot);
  const flip = findGammaFlip(chain, { pricing });
  const iv = ivMetrics(chain, pricing);
  const flow = flowTotals(chain, gammas);
  const more = moreLevels(chain, gammas, combined, buckets, pricing);
  const vannaCharm = vannaCharmTotals(vannaCharmByStrike(chain, all.mask, pricing));
  const atm = iv.atmIv.iv;
  const move = (days: number) => expectedMoveBand(chain.spot, atm, days)?.pct ?? null;

  if (flip.reason !== null && chain.size > 0) notes.push(`no gamma flip: ${flip.reason}`);
  notes.push(...ivNotes(iv));
  for (const [bucket, index] of Object.entries(buckets)) {
    if (index === null && chain.size > 0) notes.push(`no ${bucket} expiration listed: that bucket is empty`);
  }

  const metrics: ChainMetrics = {
    price: chain.spot,
    atm_iv: atm,
    put_25d_iv: iv.put25.iv,
    call_25d_iv: iv.call25.iv,
    put_call_25d_iv_ratio: iv.ratio,
    put_call_iv_spread: iv.spreadPts,
    put_call_25d_iv_premium_pct: iv.premiumPct,
    ivAtMaxDelta: iv.ivAtMaxDelta,
    pcr_oi: ratioOrNull(flow.putOi, flow.callOi),
    pcr_volume: ratioOrNull(flow.putVolume, flow.callVolume),
    gex_flip: flip.price,
    gex_flip_reason: flip.reason,
    gex_usd_per_1_pct_move: totals.net,
    nearest_gex_usd_per_1_pct_move: nearestTotals.net,
    gex_volume_ratio: gexVolumeRatio(totals.net, flow, chain.spot),
    pct_gamma_expiring: totals.gross > 0 ? Math.min(100, (100 * nearestTotals.gross) / totals.gross) : null,
    speculative_interest_score: speculativeInterestScore(flow),
    call_regime: callRegime(flow),
    expected_move_pct_1d: move(MOVE_HORIZONS['1d']),
    expected_move_pct_1w: move(MOVE_HORIZONS['1w']),
    expected_move_pct_1m: move(MOVE_HORIZONS['1m']),
    call_wall: walls.call_wall,
    put_wall: walls.put_wall,
    max_pain: buckets.nearest === null ? null : maxPainOf(nearestExposure),
    vanna_usd_per_1_vol_pt: vannaCharm.vanna,
    charm_usd_per_day: vannaCharm.charm,
    zero_dte_gex_usd_per_1_pct_move: more.zero_dte?.gex_usd_per_1_pct_move ?? null,
    zero_dte_gamma_share_pct: more.zero_dte?.gamma_share_pct ?? null,
    notes,
  };
  return { metrics, gammas, buckets, combined, totals, nearestTotals, flip, iv, pricing, forwards, more };
}

/** Where the options settle on a future, say what they were priced off (or that no forward could be implied). */
function forwardNotes(
  chain: OptionChain,
  forwards: readonly ExpirationForward[],
  pricing: PricingParams,
): string[] {
  if (!pricesOffForward(chain) || chain.size === 0) return [];
  if (pricing.qByExpiry === undefined) {
    return [
      `${chain.ticker} options settle on futures, but no expiration has two-sided call and put quotes to imply its forward: priced off spot`,
    ];
  }
  const front = forwards.find((f) => f.forward !== null);
  const missing = forwards.filter((f) => f.forward === null).length;
  const out = [
    `${chain.ticker} options settle on futures: gamma, GEX and the flip are priced off each expiration's forward implied by put-call parity (front ${front?.expiry ?? ''}: ${front?.forward?.toFixed(2) ?? ''} vs spot ${chain.spot.toFixed(2)})`,
  ];
  if (missing > 0)
    out.push(`${missing} expiration(s) without a two-sided quote at any strike: forward interpolated`);
  return out;
}

function days(t: number): string {
  const d = t * 365;
  return d < 1 ? `${(d * 24).toFixed(1)} hours` : `${d.toFixed(1)} days`;
}

function ivNotes(iv: IvMetrics): string[] {
  const notes: string[] = [];
  const tOf = (date: string) => iv.smiles.find((s) => s.date === date)?.t ?? 0;
  const describe = (name: string, cm: ConstantMaturity) => {
    if (cm.method === null) notes.push(`no ${name}: no expiration gives one`);
    else if (cm.method === 'flat') {
      const date = cm.from[0] as string;
      notes.push(
        `30-day ${name} taken flat from ${date} (${days(tOf(date))}): no expiration brackets 30 days`,
      );
    }
  };
  describe('ATM IV', iv.atmIv);
  describe('25-delta put IV', iv.put25);
  describe('25-delta call IV', iv.call25);
  return notes;
}

function invalidSpot(
  chain: OptionChain,
  buckets: BucketIndices,
  mask: Uint8Array,
  pricing: PricingParams,
): ChainAnalysis {
  const gammas = new Float64Array(chain.size);
  return {
    metrics: {
      price: chain.spot,
      atm_iv: null,
      put_25d_iv: null,
      call_25d_iv: null,
      put_call_25d_iv_ratio: null,
      put_call_iv_spread: null,
      put_call_25d_iv_premium_pct: null,
      ivAtMaxDelta: null,
      pcr_oi: null,
      pcr_volume: null,
      gex_flip: null,
      gex_flip_reason: 'no valid spot price',
      gex_usd_per_1_pct_move: 0,
      nearest_gex_usd_per_1_pct_move: 0,
      gex_volume_ratio: null,
      pct_gamma_expiring: null,
      speculative_interest_score: null,
      call_regime: 'unknown',
      expected_move_pct_1d: null,
      expected_move_pct_1w: null,
      expected_move_pct_1m: null,
      call_wall: null,
      put_wall: null,
      max_pain: null,
      vanna_usd_per_1_vol_pt: 0,
      charm_usd_per_day: 0,
      zero_dte_gex_usd_per_1_pct_move: null,
      zero_dte_gamma_share_pct: null,
      notes: [`spot price ${chain.spot} is not a positive number: no figure can be computed`],
    },
    gammas,
    buckets,
    combined: exposureByStrike(chain, gammas, mask),
    totals: ZERO_TOTALS,
    nearestTotals: ZERO_TOTALS,
    flip: null,
    iv: null,
    pricing,
    forwards: [],
    more: {
      abs_gamma_strike: null,
      top_positive_gex_strikes: [],
      top_negative_gex_strikes: [],
      nearest_expiry_flip: null,
      zero_dte: null,
      zero_dte_status: zeroDteStatus(chain),
    },
  };
}
