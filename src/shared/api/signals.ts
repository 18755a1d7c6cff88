// /tickers/{ticker}/signals (`svc.ticker.signals.v2`, our id).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import {
  earningsTimeSchema,
  extensionStateSchema,
  gammaRegimeSchema,
  incomeTierSchema,
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
  pct,
  percentile,
  score0to1,
  score0to10,
  tickerText,
  usd,
} from './primitives.ts';

/**
 * Payload "not shown" by the spec ("lightweight labels and scores for filtering and alert logic").
 * Our choice: a flat record of the labels and scores an alert rule reads, named as in the catalog
 * and the trade-setup payload. `ticker`, `asof`, `price` and `gamma_regime` are always there; the
 * rest may be missing or null (a ticker without history has no iv_rank or states).
 */
const pendingFigureSchema = z.object({
  stored: z.number().int().nonnegative(),
  needed: z.number().int().positive(),
});
export const historyPendingSchema = z.object({
  iv_rank: pendingFigureSchema.optional(),
  trend: pendingFigureSchema.optional(),
});
export type HistoryPendingData = z.infer<typeof historyPendingSchema>;

export const signalsDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  price: usd,
  gamma_regime: gammaRegimeSchema,
  gex_flip: maybe(usd),
  dist_to_gex_flip_pct: maybe(pct),
  regime_label: maybe(regimeLabelSchema),
  opportunity_score: maybe(score0to10),
  opportunity_tier: maybe(opportunityTierSchema),
  trend_state: maybe(trendStateSchema),
  momentum_state: maybe(momentumStateSchema),
  extension_state: maybe(extensionStateSchema),
  realized_vol_state: maybe(realizedVolStateSchema),
  trend_alignment_state: maybe(trendAlignmentStateSchema),
  iv_rank: maybe(percentile),
  atm_iv: maybe(ivDecimal),
  call_regime: maybe(z.string()),
  speculative_interest_score: maybe(score0to1),
  earnings_date: maybe(isoDate),
  earnings_time: maybe(earningsTimeSchema),
  /** Income tiers of the ticker's covered-call and cash-secured-put candidates, when scored. */
  cc_income_tier: maybe(incomeTierSchema),
  csp_income_tier: maybe(incomeTierSchema),
  /** Ours: the figures the history is too short for yet, with the sessions stored and needed. */
  history_pending: historyPendingSchema.optional(),
  /** Ours: present (true) on a snapshot of a partial download. */
  partial_chain: z.literal(true).optional(),
});
export type SignalsData = z.infer<typeof signalsDataSchema>;

export const signalsResponseSchema = envelopeSchema(tickerMetaSchema('signals'), signalsDataSchema);
export type SignalsResponse = z.infer<typeof signalsResponseSchema>;
