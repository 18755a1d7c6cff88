// The `data` objects of the per-ticker views of one analysed snapshot: /tickers/{t} (the state),
// its market structure, explain, signals and trade setup. Names follow the trade-setup payload and
// the metric catalog (see src/shared/api/ticker-state.ts and signals.ts), so these are copies, not
// computations. The routes (routes/tickers.ts) and the snapshot payloads (snapshot-payloads.ts)
// both build their data here, so a past snapshot's payload is what the endpoint served.
import {
  DEFAULT_EXPLAIN_VIEW,
  type ExplainData,
  type MarketStructureData,
  type SignalsData,
  type TickerStateData,
  type TradeSetupData,
} from '../../shared/api/index.ts';
import { callDiagnostics } from '../analysis/call-diagnostics.ts';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';
import { explainTicker } from '../engine/interpret/explain.ts';
import {
  toTradeRecommendation,
  toTradeSetupData,
  tradeSetupFields,
} from '../engine/interpret/trade-projections.ts';
import { displayAsof } from './envelope.ts';
import { termStructure } from '../engine/term-structure.ts';
import { notesSayPartial } from '../engine/quality.ts';

export interface StateOptions {
  callDiag?: boolean;
  tradeRecommendation?: boolean;
}

export function tickerStateData(a: TickerAnalysis, opts: StateOptions = {}): TickerStateData {
  const m = a.metrics;
  const s = a.setup;
  return {
    ...tradeSetupFields(m),
    iv_pct_chg: m.iv_pct_chg,
    put_call_25d_iv_ratio: m.put_call_25d_iv_ratio,
    put_call_25d_iv_premium_pct: m.put_call_25d_iv_premium_pct,
    put_25d_iv: m.put_25d_iv,
    call_25d_iv: m.call_25d_iv,
    pcr_oi: m.pcr_oi,
    pcr_volume: m.pcr_volume,
    put_call_ratio_oi_30day_change: m.put_call_ratio_oi_30day_change,
    put_call_ratio_oi_60day_change: m.put_call_ratio_oi_60day_change,
    gex_flip: m.gex_flip,
    gex_flip_reason: m.gex_flip_reason,
    gex_usd_per_1_pct_move: m.gex_usd_per_1_pct_move,
    nearest_gex_usd_per_1_pct_move: m.nearest_gex_usd_per_1_pct_move,
    gex_volume_ratio: m.gex_volume_ratio,
    pct_gamma_expiring: m.pct_gamma_expiring,
    vanna_usd_per_1_vol_pt: m.vanna_usd_per_1_vol_pt,
    charm_usd_per_day: m.charm_usd_per_day,
    zero_dte_gex_usd_per_1_pct_move: m.zero_dte_gex_usd_per_1_pct_move,
    zero_dte_gamma_share_pct: m.zero_dte_gamma_share_pct,
    call_regime: m.call_regime,
    speculative_interest_score: m.speculative_interest_score,
    expected_move_pct_1d: m.expected_move_pct_1d,
    expected_move_pct_1w: m.expected_move_pct_1w,
    expected_move_pct_1m: m.expected_move_pct_1m,
    trend_score: m.trend_score,
    momentum_score: m.momentum_score,
    extension_score: m.extension_score,
    realized_vol_score: m.realized_vol_score,
    trend_alignment_score: m.trend_alignment_score,
    regime_label: a.regime.label,
    regime_confidence: a.regime.confidence,
    opportunity_score: s.opportunity_score,
    opportunity_tier: s.opportunity_tier,
    ivAtMaxDelta: m.ivAtMaxDelta,
    earnings_date: m.earnings?.date ?? null,
    earnings_time: m.earnings?.time ?? null,
    simulated: m.simulated,
    notes: m.notes,
    ...snapshotAdditions(m),
    ...(opts.tradeRecommendation === true ? { trade_recommendation: toTradeRecommendation(s) } : {}),
    ...(opts.callDiag === true ? { call_diag: callDiagnostics(a) } : {}),
  };
}

export function signalsData(a: TickerAnalysis): SignalsData {
  const m = a.metrics;
  const tier = (strategy: 'cc' | 'csp') => a.income.find((i) => i.strategy === strategy)?.income_tier ?? null;
  return {
    ticker: m.ticker,
    asof: displayAsof(m.asof),
    price: m.price,
    gamma_regime: m.gamma_regime,
    gex_flip: m.gex_flip,
    dist_to_gex_flip_pct: m.dist_to_gex_flip_pct,
    regime_label: a.regime.label,
    opportunity_score: a.setup.opportunity_score,
    opportunity_tier: a.setup.opportunity_tier,
    trade_bias: a.setup.trade_bias,
    direction: a.setup.direction,
    trend_state: m.trend_state,
    momentum_state: m.momentum_state,
    extension_state: m.extension_state,
    realized_vol_state: m.realized_vol_state,
    trend_alignment_state: m.trend_alignment_state,
    iv_rank: m.iv_rank,
    atm_iv: m.atm_iv,
    call_regime: m.call_regime,
    speculative_interest_score: m.speculative_interest_score,
    earnings_date: m.earnings?.date ?? null,
    earnings_time: m.earnings?.time ?? null,
    cc_income_tier: tier('cc'),
    csp_income_tier: tier('csp'),
    ...snapshotAdditions(m),
  };
}

/**
 * Ours, additive, on signals and state alike: `partial_chain: true` on a snapshot of a partial
 * download (engine/quality.ts), so a reader of the stored payload alone (the watcher's daily
 * series) can prefer a complete file of the session; `history_pending`, what a figure the history
 * is too short for waits for. Each absent when it has nothing to say.
 */
function snapshotAdditions(m: TickerAnalysis['metrics']): {
  partial_chain?: true;
  history_pending?: NonNullable<TickerAnalysis['metrics']['history_pending']>;
} {
  return {
    ...(notesSayPartial(m.notes) ? { partial_chain: true } : {}),
    ...(m.history_pending ? { history_pending: m.history_pending } : {}),
  };
}

export interface MarketStructureOptions {
  /** Add the state snapshot (`include=state`). */
  state?: boolean;
  /** Add the call diagnostics (`include=call_diag`). */
  callDiag?: boolean;
}

export function marketStructureData(
  a: TickerAnalysis,
  opts: MarketStructureOptions = {},
): MarketStructureData {
  return {
    ticker: a.ticker,
    asof: displayAsof(a.asof),
    ...a.marketStructure,
    // Ours (additive): ATM IV and 25-delta skew by expiration, the expiration ending today until
    // it settles, and why there is none (settled, none listed, no session).
    term_structure: termStructure(a.detail.iv?.smiles ?? []),
    zero_dte: a.detail.more.zero_dte,
    zero_dte_status: a.detail.more.zero_dte_status,
    ...(opts.state === true ? { state: tickerStateData(a) } : {}),
    ...(opts.callDiag === true ? { call_diag: callDiagnostics(a) } : {}),
  };
}

/** An unknown view throws UnknownExplainViewError; the route has already checked it against the set. */
export function explainData(a: TickerAnalysis, view: string = DEFAULT_EXPLAIN_VIEW): ExplainData {
  return explainTicker(a.metrics, a.regime, a.setup, view);
}

export function tradeSetupData(a: TickerAnalysis): TradeSetupData {
  return toTradeSetupData(a.metrics, a.setup);
}
