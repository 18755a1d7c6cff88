// The market-structure record (`svc.ticker.market_structure.v2`).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import {
  biasLabelSchema,
  flipContextStateSchema,
  gammaToneStateSchema,
  skewToneStateSchema,
} from './enums.ts';
import {
  displayTime,
  isoDate,
  ivDecimal,
  maybe,
  num,
  openLabel,
  pct,
  percentile,
  score0to1,
  tickerText,
  usd,
} from './primitives.ts';
import { tickerStateDataSchema } from './ticker-state.ts';
import { labelDriversSchema } from './label-drivers.ts';

/**
 * Without a flip there is no flip context: the spec's three states all need one, so the driver is
 * null then (our choice) rather than a fourth, unlisted state.
 */
export const flipContextSchema = z.looseObject({
  state: flipContextStateSchema,
  label: z.string(),
  distance_pct: pct.nullable(),
});

export const gammaToneSchema = z.looseObject({ state: gammaToneStateSchema, label: z.string() });

export const skewToneSchema = z.looseObject({
  state: skewToneStateSchema,
  label: z.string(),
  tags: z.array(z.string()),
});

export const driversSchema = z.looseObject({
  flip_context: flipContextSchema.nullable(),
  gamma_tone: gammaToneSchema.nullable(),
  skew_tone: skewToneSchema.nullable(),
  sentiment: z.string(),
});

/**
 * USD levels. Spot is always known; the rest need a flip or an ATM IV. call_wall, put_wall and
 * max_pain are our additions (not in the spec, so optional for other services; our service always
 * sends them, null when the chain has none). Convention: call wall = the strike at or above spot
 * with the largest call gamma exposure, put wall = the strike at or below spot with the largest put
 * gamma exposure (both over every expiration), max pain of the nearest expiration.
 */
export const keyLevelsSchema = z.looseObject({
  spot: usd,
  gamma_flip: usd.nullable(),
  plus_1sigma_1d: usd.nullable(),
  minus_1sigma_1d: usd.nullable(),
  plus_1sigma_1w: usd.nullable(),
  minus_1sigma_1w: usd.nullable(),
  plus_1sigma_1m: usd.nullable(),
  minus_1sigma_1m: usd.nullable(),
  call_wall: maybe(usd),
  put_wall: maybe(usd),
  max_pain: maybe(usd),
});
export type KeyLevels = z.infer<typeof keyLevelsSchema>;

export const supportingFactorsSchema = z.looseObject({
  call_regime: z.string().nullable(),
  distance_to_flip_pct: pct.nullable(),
  expected_move_pct_1d: z.number().min(0).nullable(),
  expected_move_pct_1w: z.number().min(0).nullable(),
  gamma_flip: usd.nullable(),
  gamma_notional_per_1pct_move_usd: num.nullable(),
  pcr_oi: z.number().min(0).nullable(),
  pcr_volume: z.number().min(0).nullable(),
  pct_gamma_expiring_nearest_expiry: percentile.nullable(),
  put_call_25d_iv_premium_pct: pct.nullable(),
  speculative_interest_score: score0to1.nullable(),
  spot: usd,
});
export type SupportingFactors = z.infer<typeof supportingFactorsSchema>;

export const TERM_SHAPES = ['contango', 'backwardation', 'flat', 'unknown'] as const;

export const termPointSchema = z.looseObject({
  expiration: isoDate,
  days: z.number().min(0),
  atm_iv: ivDecimal.nullable(),
  put_25d_iv: ivDecimal.nullable(),
  call_25d_iv: ivDecimal.nullable(),
  risk_reversal_25d_pts: num.nullable(),
  butterfly_25d_pts: num.nullable(),
});
export type TermPoint = z.infer<typeof termPointSchema>;

export const termStructureSchema = z.looseObject({
  shape: openLabel(TERM_SHAPES),
  front_expiration: isoDate.nullable(),
  back_expiration: isoDate.nullable(),
  slope_pts: num.nullable(),
  points: z.array(termPointSchema),
});
export type TermStructureData = z.infer<typeof termStructureSchema>;

export const zeroDteSchema = z.looseObject({
  expiration: isoDate,
  gex_usd_per_1_pct_move: num,
  gamma_share_pct: z.number().min(0).max(100).nullable(),
  flip: usd.nullable(),
  flip_reason: z.string().nullable(),
  call_wall: usd.nullable(),
  put_wall: usd.nullable(),
});
export type ZeroDteData = z.infer<typeof zeroDteSchema>;

/**
 * Ours (additive): why `zero_dte` holds figures or is null. A 0DTE expiration ends in the
 * snapshot's session and has not settled (PM-settled at the close, 13:00 ET on an early-close day);
 * a settled one is not 0DTE, and on a day without a session nothing is.
 */
export const ZERO_DTE_STATES = ['expiring', 'settled', 'none'] as const;
export const zeroDteStatusSchema = z.looseObject({
  state: openLabel(ZERO_DTE_STATES),
  date: isoDate,
  settled_expiration: isoDate.nullable(),
  settled_at: displayTime.nullable(),
  next_session: isoDate,
  next_expiration: isoDate.nullable(),
  note: z.string(),
});
export type ZeroDteStatusData = z.infer<typeof zeroDteStatusSchema>;

export const marketStructureDataSchema = z.looseObject({
  /** Not listed by the spec (the meta carries them); our service adds both. */
  ticker: maybe(tickerText),
  asof: maybe(displayTime),
  headline: z.string(),
  signal: z.string(),
  bias: biasLabelSchema,
  structure_regime: z.string().min(1),
  expected_behavior: z.string(),
  tags: z.array(z.string()),
  confidence: z.looseObject({ notes: z.array(z.string()) }),
  drivers: driversSchema,
  key_levels: keyLevelsSchema,
  supporting_factors: supportingFactorsSchema,
  /** Ours (additive): what made the regime and sentiment labels, figure by figure. */
  label_drivers: z.array(labelDriversSchema).optional(),
  /** Ours (additive): ATM IV and 25-delta skew by expiration (engine/term-structure.ts). */
  term_structure: termStructureSchema.optional(),
  /** Ours (additive): the expiration ending on the snapshot's date; null when none does. */
  zero_dte: zeroDteSchema.nullable().optional(),
  /** Ours (additive): why `zero_dte` is what it is, and the next session's 0DTE expiration. */
  zero_dte_status: zeroDteStatusSchema.optional(),
  /** `include=state`: the raw ticker snapshot. */
  state: tickerStateDataSchema.optional(),
  /** `include=call_diag`: diagnostic blobs, shape not shown. */
  call_diag: z.unknown().optional(),
});
export type MarketStructureData = z.infer<typeof marketStructureDataSchema>;

export const marketStructureResponseSchema = envelopeSchema(
  tickerMetaSchema('marketStructure'),
  marketStructureDataSchema,
);
export type MarketStructureResponse = z.infer<typeof marketStructureResponseSchema>;
