// The views of one trade-setup blob that the API serves: the `trade_recommendation` of
// /agent/trade-setup (and of /tickers/{t}?trade_recommendation=true), the whole trade-setup
// payload, and the /top-setups ranking item with its scalar projection fields.
import type { TopSetupsItem } from '../../../shared/api/top-setups.ts';
import type { TradeSetupBlob } from '../../../shared/api/trade-setup-blob.ts';
import type { TradeRecommendation, TradeSetupData } from '../../../shared/api/trade-setup.ts';
import { displayAsof } from '../../../shared/market-calendar.ts';
import type { TickerMetrics } from '../types.ts';

export function toTradeRecommendation(blob: TradeSetupBlob): TradeRecommendation {
  return {
    model_version: blob.interpreter_version,
    regime_label: blob.regime,
    regime_confidence: blob.regime_confidence,
    trade_bias: blob.trade_bias,
    opportunity_score: blob.opportunity_score,
    opportunity_tier: blob.opportunity_tier,
    trade_type: blob.trade_type,
    direction: blob.direction,
    structures: blob.structures,
    entry_trigger: blob.entry_trigger,
    stop_description: blob.stop_description,
    target_description: blob.target_description,
    risk: {
      size_fraction: blob.size_fraction,
      max_risk_pct: blob.max_risk_pct,
      prefer_defined_risk: blob.prefer_defined_risk,
    },
    caution_flags: blob.caution_flags,
    agent_summary: blob.agent_summary,
    ...(blob.structure_legs === undefined ? {} : { structure_legs: blob.structure_legs }),
    ...(blob.zero_dte_setup === undefined ? {} : { zero_dte_setup: blob.zero_dte_setup }),
  };
}

/** The fields of the trade-setup payload read off the metrics; the state snapshot starts with them too. */
export function tradeSetupFields(m: TickerMetrics) {
  return {
    ticker: m.ticker,
    asof: displayAsof(m.asof),
    price: m.price,
    gamma_regime: m.gamma_regime,
    speculation_score: m.speculative_interest_score,
    gamma_flip_price: m.gex_flip,
    dist_to_gex_flip_pct: m.dist_to_gex_flip_pct,
    realized_vol_20d: m.realized_vol_20d,
    atm_iv: m.atm_iv,
    iv_rank: m.iv_rank,
    put_call_iv_ratio_25delta: m.put_call_25d_iv_ratio,
    put_call_iv_spread: m.put_call_iv_spread,
    trend_state: m.trend_state,
    momentum_state: m.momentum_state,
    extension_state: m.extension_state,
    realized_vol_state: m.realized_vol_state,
    trend_alignment_state: m.trend_alignment_state,
  };
}

/** `data` of /agent/trade-setup/{ticker}. */
export function toTradeSetupData(m: TickerMetrics, blob: TradeSetupBlob): TradeSetupData {
  return { ...tradeSetupFields(m), trade_recommendation: toTradeRecommendation(blob) };
}

/** One /top-setups item; `trade_bias_key` is the key of the regime → bias table, `<regime>:<bias>`. */
export function toTopSetupsItem(m: TickerMetrics, blob: TradeSetupBlob): TopSetupsItem {
  return {
    ticker: m.ticker,
    asof: displayAsof(m.asof),
    opportunity_score: blob.opportunity_score,
    opportunity_tier: blob.opportunity_tier,
    regime_label: blob.regime,
    recommended_trade_type: blob.trade_type,
    recommended_direction: blob.direction,
    trade_bias: blob.trade_bias,
    trade_bias_key: `${blob.regime}:${blob.trade_bias}`,
    price: m.price,
    iv_rank: m.iv_rank,
    ivAtMaxDelta: m.ivAtMaxDelta,
    trend_state: m.trend_state,
    momentum_state: m.momentum_state,
    realized_vol_state: m.realized_vol_state,
    extension_state: m.extension_state,
    trade_setup: blob,
  };
}
