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
  count,
  displayTime,
  isoDate,
  ivDecimal,
  maybe,
  nonNegative,
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

/** One option of a setup's concrete legs, read off the snapshot's chain (ours, additive). */
export const setupLegSchema = z.looseObject({
  action: z.enum(['buy', 'sell']),
  /** Contracts per unit of the structure. */
  quantity: z.number().int().positive(),
  option_type: z.enum(['call', 'put']),
  expiration: isoDate,
  dte: z.number().int().min(0),
  strike: usd,
  bid: nonNegative,
  ask: nonNegative,
  /** (bid + ask) / 2, per share. */
  mid: nonNegative,
  /** Black-Scholes delta at the contract's IV, per share (puts negative). */
  delta: z.number().min(-1).max(1),
  open_interest: count,
  iv: ivDecimal.nullable().optional(),
});
export type SetupLeg = z.infer<typeof setupLegSchema>;

/**
 * The concrete legs of one suggested structure (ours, additive; aligned with `structures`), with
 * its payoff at expiration. Money per share, and per contract (× `multiplier`). A null maximum
 * is unlimited when its `*_unlimited` flag is set, else not determined (a calendar's gain depends
 * on the back month's price at the front expiry). When the chain allows no legs, `legs` is empty
 * and `legs_unavailable_reason` says why: no figure is invented.
 */
export const structureLegsSchema = z.looseObject({
  structure: z.string(),
  strategy: z.string().min(1),
  expiration: isoDate.nullable(),
  dte: z.number().int().min(0).nullable(),
  legs: z.array(setupLegSchema),
  net_type: z.enum(['debit', 'credit', 'even']).nullable(),
  /** Per share, always ≥ 0; `net_type` says which way it flows. */
  net_price: nonNegative.nullable(),
  net_per_contract: nonNegative.nullable(),
  breakevens: z.array(num),
  max_gain_per_share: num.nullable(),
  max_loss_per_share: nonNegative.nullable(),
  max_gain: num.nullable(),
  max_loss: nonNegative.nullable(),
  max_gain_unlimited: z.boolean(),
  max_loss_unlimited: z.boolean(),
  multiplier: z.number().positive(),
  /** cash for an index (no shares change hands), physical for a stock or an ETF. */
  settlement: z.enum(['cash', 'physical']),
  /** How the expiration and the strikes were chosen. */
  rule: z.string(),
  payoff_note: z.string().nullable().optional(),
  /**
   * Ours (additive): set when a leg's listed expiration lies outside the DTE window the structure
   * names ("nearest listed to 30-45 DTE is 58 DTE (2025-05-09)"); null or absent when on target.
   */
  expiration_note: z.string().nullable().optional(),
  legs_unavailable_reason: z.string().nullable(),
});
export type StructureLegs = z.infer<typeof structureLegsSchema>;

/**
 * Same-day structures (ours, additive): on a chain listing an expiration that ends on the snapshot's
 * date, a butterfly at the pin and credit spreads beyond the 0DTE walls and flip, chosen by the gamma
 * regime (`stance`: range on positive gamma; long or short, one credit spread, on negative gamma with
 * a direction; stand_aside otherwise, `reason` says why). Levels in the underlying's unit.
 */
export const zeroDteSetupSchema = z.looseObject({
  expiration: isoDate,
  gamma_regime: gammaRegimeSchema,
  stance: z.enum(['range', 'long', 'short', 'stand_aside']),
  reason: z.string().min(1),
  flip: usd.nullable(),
  call_wall: usd.nullable(),
  put_wall: usd.nullable(),
  /** Where the butterfly is centred: max pain between the 0DTE walls, else the 0DTE flip, else spot. */
  pin: usd,
  /** Half the 1-day expected move: the distance of the wings; null without ATM IV. */
  wing_width: nonNegative.nullable(),
  structure_legs: z.array(structureLegsSchema),
});
export type ZeroDteSetup = z.infer<typeof zeroDteSetupSchema>;

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
  /** Ours (additive): the concrete legs of each structure, in the order of `structures`. */
  structure_legs: z.array(structureLegsSchema).optional(),
  /** Ours (additive): 0DTE structures, on a chain with an expiration ending that day. */
  zero_dte_setup: zeroDteSetupSchema.optional(),
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
