// One ticker's snapshot: the chain's figures (analyze.ts), the history's figures
// (interpret/history-metrics.ts), the gamma regime by the spec's rule, the distance to the flip and
// the earnings calendar, in the flat TickerMetrics record every interpreter reads.
import { gammaRegimeOf } from '../../shared/api/invariants.ts';
import { epochToNy } from '../../shared/market-calendar.ts';
import { analyzeChainDetailed, type ChainAnalysis } from './analyze.ts';
import type { OptionChain } from './chain.ts';
import { computeHistoryMetrics } from './interpret/history-metrics.ts';
import type { EarningsEvent, GammaRegime, PricingParams, TickerHistory, TickerMetrics } from './types.ts';

export interface SnapshotInput {
  chain: OptionChain;
  history: TickerHistory;
  earnings: EarningsEvent | null;
  simulated: boolean;
  pricing?: PricingParams;
}

/**
 * The spec's rule: positive when spot is above the flip, negative below, neutral when equal,
 * unknown when either is missing.
 */
/** The spec's gamma_regime rule, with the tie tolerance of the flip's precision (src/shared/api/invariants.ts). */
export function gammaRegime(spot: number | null, flip: number | null): GammaRegime {
  return gammaRegimeOf(spot, flip);
}

/**
 * Distance to the gamma flip, the service's one definition (the watchlist and the detail view once
 * showed opposite signs): (flip − spot) / spot × 100, rounded to 2 decimals, so POSITIVE means the
 * flip is ABOVE spot (the move spot needs to reach it). Signals, trade setup, market structure's
 * flip_context.distance_pct and supporting_factors.distance_to_flip_pct all read this one value.
 * Null without a flip or a positive spot.
 */
export function distToFlipPct(spot: number, flip: number | null): number | null {
  if (flip === null || !Number.isFinite(flip) || !(spot > 0) || !Number.isFinite(spot)) return null;
  // + 0 turns a rounded −0 into 0.
  return Math.round(((flip - spot) / spot) * 100 * 100) / 100 + 0;
}

export function buildTickerMetrics(input: SnapshotInput): TickerMetrics {
  return buildTickerSnapshot(input).metrics;
}

/** The metrics with the chain analysis they were read from, for callers that need its levels too. */
export function buildTickerSnapshot(input: SnapshotInput): {
  metrics: TickerMetrics;
  analysis: ChainAnalysis;
} {
  const { chain, history, simulated, pricing } = input;
  const analysis = analyzeChainDetailed(chain, pricing);
  const chainMetrics = analysis.metrics;
  const today = epochToNy(chain.asof).date;
  const historyMetrics = computeHistoryMetrics(history, {
    date: today,
    price: chainMetrics.price,
    atm_iv: chainMetrics.atm_iv,
    pcr_oi: chainMetrics.pcr_oi,
  });
  const notes = [...chainMetrics.notes, ...historyMetrics.notes];
  let earnings = input.earnings;
  if (earnings !== null && earnings.date < today) {
    notes.push(`earnings of ${earnings.date} are before the snapshot date: ignored as stale`);
    earnings = null;
  }
  const spot = chainMetrics.price > 0 && Number.isFinite(chainMetrics.price) ? chainMetrics.price : null;
  const metrics: TickerMetrics = {
    ...chainMetrics,
    ...historyMetrics,
    ticker: chain.ticker,
    asof: chain.asof,
    gamma_regime: gammaRegime(spot, chainMetrics.gex_flip),
    dist_to_gex_flip_pct: distToFlipPct(chainMetrics.price, chainMetrics.gex_flip),
    gex_imbalance: analysis.totals.gross > 0 ? analysis.totals.net / analysis.totals.gross : null,
    earnings,
    simulated,
    notes,
  };
  return { metrics, analysis };
}
