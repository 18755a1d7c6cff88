// The ticker state snapshot (`svc.ticker.state.v2`). The spec shows its fields only as "the names
// in the trade-setup payload and the metric catalog", so every field is optional and nullable and
// unknown keys are kept; ranges and units still apply when a value is present.
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import {
  earningsTimeSchema,
  extensionStateSchema,
  gammaRegimeSchema,
  momentumStateSchema,
  opportunityTierSchema,
  realizedVolStateSchema,
  regimeLabelSchema,
  trendAlignmentStateSchema,
  trendStateSchema,
} from './enums.ts';
import {
  displayTime,
  isoDate,
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
import { tradeRecommendationSchema } from './trade-setup.ts';

export const tickerStateDataSchema = z.looseObject({
  ticker: maybe(tickerText),
  asof: maybe(displayTime),
  // Trade-setup payload names.
  price: maybe(usd),
  gamma_regime: maybe(gammaRegimeSchema),
  speculation_score: maybe(num),
  gamma_flip_price: maybe(usd),
  dist_to_gex_flip_pct: maybe(pct),
  realized_vol_20d: maybe(z.number().min(0)),
  atm_iv: maybe(ivDecimal),
  iv_rank: maybe(percentile),
  put_call_iv_ratio_25delta: maybe(z.number().positive()),
  put_call_iv_spread: maybe(num),
  trend_state: maybe(trendStateSchema),
  momentum_state: maybe(momentumStateSchema),
  extension_state: maybe(extensionStateSchema),
  realized_vol_state: maybe(realizedVolStateSchema),
  trend_alignment_state: maybe(trendAlignmentStateSchema),
  /** Left out unless `trade_recommendation=true` was asked for. */
  trade_recommendation: maybe(tradeRecommendationSchema),
  // Metric catalog names (price above).
  iv_pct_chg: maybe(pct),
  put_call_25d_iv_ratio: maybe(z.number().positive()),
  pcr_oi: maybe(z.number().min(0)),
  pcr_volume: maybe(z.number().min(0)),
  put_call_ratio_oi_30day_change: maybe(num),
  put_call_ratio_oi_60day_change: maybe(num),
  gex_flip: maybe(usd),
  gex_usd_per_1_pct_move: maybe(num),
  nearest_gex_usd_per_1_pct_move: maybe(num),
  gex_volume_ratio: maybe(num),
  /** "share of gamma expiring in the nearest expiry bucket", percent units. */
  pct_gamma_expiring: maybe(percentile),
  /** Ours (additive): dealer vanna exposure, USD of delta per 1 vol point; charm, USD of delta per day. */
  vanna_usd_per_1_vol_pt: maybe(num),
  charm_usd_per_day: maybe(num),
  /** Ours (additive): the expiration ending today alone; null when none does. */
  zero_dte_gex_usd_per_1_pct_move: maybe(num),
  zero_dte_gamma_share_pct: maybe(percentile),
  call_regime: maybe(z.string()),
  speculative_interest_score: maybe(score0to1),
  trend_score: maybe(num),
  momentum_score: maybe(num),
  extension_score: maybe(num),
  realized_vol_score: maybe(num),
  trend_alignment_score: maybe(num),
  opportunity_score: maybe(score0to10),
  // Labels the rankings filter on; present in our service's snapshot.
  regime_label: maybe(regimeLabelSchema),
  opportunity_tier: maybe(opportunityTierSchema),
  ivAtMaxDelta: maybe(ivDecimal),
  earnings_date: maybe(isoDate),
  earnings_time: maybe(earningsTimeSchema),
  /** `include=call_diag`: diagnostic blobs, shape not shown. */
  call_diag: z.unknown().optional(),
});
export type TickerStateData = z.infer<typeof tickerStateDataSchema>;

export const tickerStateResponseSchema = envelopeSchema(
  tickerMetaSchema('tickerState'),
  tickerStateDataSchema,
);
export type TickerStateResponse = z.infer<typeof tickerStateResponseSchema>;
