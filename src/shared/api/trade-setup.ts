// The trade-setup payload (`svc.agent.trade_setup.v2`, beta) and its `trade_recommendation`.
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import {
  directionSchema,
  extensionStateSchema,
  gammaRegimeSchema,
  momentumStateSchema,
  opportunityTierSchema,
  realizedVolStateSchema,
  regimeLabelSchema,
  tradeBiasSchema,
  tradeTypeSchema,
  trendAlignmentStateSchema,
  trendStateSchema,
} from './enums.ts';
import {
  displayTime,
  ivDecimal,
  maybe,
  num,
  pct,
  percentile,
  score0to1,
  score0to10,
  tickerText,
  usd,
} from './primitives.ts';

/**
 * A suggested structure. The spec names the list but not its items: strings ("bull call spread")
 * or objects with their own keys are both accepted.
 */
export const tradeStructureSchema = z.union([z.string().min(1), z.looseObject({})]);

export const riskSchema = z.looseObject({
  /** Fraction of a normal position, 0-1. */
  size_fraction: score0to1,
  /** Percent of the account at risk (percent units). */
  max_risk_pct: z.number().min(0).max(100),
  prefer_defined_risk: z.boolean(),
});
export type TradeRisk = z.infer<typeof riskSchema>;

export const tradeRecommendationSchema = z.looseObject({
  model_version: z.string().min(1),
  regime_label: regimeLabelSchema,
  /** Range not stated by the spec; our service writes 0-1. */
  regime_confidence: z.number().min(0),
  trade_bias: tradeBiasSchema,
  opportunity_score: score0to10,
  opportunity_tier: opportunityTierSchema,
  trade_type: tradeTypeSchema,
  direction: directionSchema,
  structures: z.array(tradeStructureSchema),
  entry_trigger: z.string().nullable(),
  stop_description: z.string().nullable(),
  target_description: z.string().nullable(),
  risk: riskSchema,
  caution_flags: z.array(z.string()),
  agent_summary: z.string(),
});
export type TradeRecommendation = z.infer<typeof tradeRecommendationSchema>;

/**
 * `data` of /agent/trade-setup/{ticker}. Every field the spec lists is present; values that depend
 * on history or a flip may be null (a young ticker has no iv_rank, a chain may have no flip).
 */
export const tradeSetupDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  price: usd,
  gamma_regime: gammaRegimeSchema,
  /** Range not stated (the catalog's speculative_interest_score is 0-1). */
  speculation_score: num.nullable(),
  gamma_flip_price: usd.nullable(),
  dist_to_gex_flip_pct: pct.nullable(),
  /** Annualized, percent units (catalog: pct_annualized). */
  realized_vol_20d: z.number().min(0).nullable(),
  atm_iv: ivDecimal.nullable(),
  iv_rank: percentile.nullable(),
  put_call_iv_ratio_25delta: z.number().positive().nullable(),
  put_call_iv_spread: num.nullable(),
  trend_state: trendStateSchema.nullable(),
  momentum_state: momentumStateSchema.nullable(),
  extension_state: extensionStateSchema.nullable(),
  realized_vol_state: realizedVolStateSchema.nullable(),
  trend_alignment_state: maybe(trendAlignmentStateSchema),
  trade_recommendation: tradeRecommendationSchema,
});
export type TradeSetupData = z.infer<typeof tradeSetupDataSchema>;

export const tradeSetupResponseSchema = envelopeSchema(tickerMetaSchema('tradeSetup'), tradeSetupDataSchema);
export type TradeSetupResponse = z.infer<typeof tradeSetupResponseSchema>;
