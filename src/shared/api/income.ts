// /income-setups (`svc.income_setups.v1`): the income item and the meta.
import { z } from 'zod';
import { baseMetaSchema, envelopeSchema, schemaIdField } from './envelope.ts';
import { earningsTimeSchema, incomeStrategySchema, incomeTierSchema } from './enums.ts';
import { leftOutSchema } from './left-out.ts';
import {
  count,
  displayTime,
  isoDate,
  nonNegative,
  percentile,
  score0to10,
  tickerText,
  usd,
} from './primitives.ts';

export const incomeItemSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  strategy: incomeStrategySchema,
  /** 1-sigma suggestion from the snapshot's strike grid. */
  strike: usd,
  dte: z.number().int().min(0),
  /** Estimated premium per share, USD. */
  premium: nonNegative,
  /** Estimated annualized yield; no `_pct` suffix, so the spec's convention makes it a ratio. */
  annualized_yield: nonNegative,
  assignment_or_cap_price: usd,
  breakeven: nonNegative,
  income_score: score0to10,
  income_tier: incomeTierSchema,
  below_ivr_threshold: z.boolean(),
  reasons: z.array(z.string()),
  manage_take_profit_pct: z.number().min(0).max(100),
  manage_review_dte: z.number().int().min(0),
  price: usd,
  iv_rank: percentile.nullable(),
  /** Null when unknown or stale. */
  earnings_date: isoDate.nullable(),
  earnings_time: earningsTimeSchema.nullable(),
  caveats: z.array(z.string()),
  // Ours (additive, optional: older stored rows lack them). The contract behind the row, as quoted.
  /** Expiration date of the contract. */
  expiration: isoDate.optional(),
  /** Black-Scholes delta at the contract's IV, per share (puts negative); null without a usable IV. */
  delta: z.number().min(-1).max(1).nullable().optional(),
  /** The contract's quote; null where the vendor gave none (the premium is then a model price). */
  bid: nonNegative.nullable().optional(),
  ask: nonNegative.nullable().optional(),
  open_interest: count.nullable().optional(),
  /** Where the premium comes from: the bid/ask mid, or Black-Scholes at the contract's IV. */
  premium_source: z.enum(['mid', 'model']).optional(),
  /** Capital the yield is measured on, per share: spot for a covered call, the strike for a short put. */
  capital_per_share: usd.optional(),
  /** premium / capital_per_share over the contract's life (a ratio, not annualized). */
  period_yield: nonNegative.optional(),
  /** cash for an index (a short put settles in cash, no shares are put to you), physical otherwise. */
  settlement: z.enum(['cash', 'physical']).optional(),
  /** The strategy as a trader names it: covered call, cash-secured put, cash-settled short put. */
  strategy_label: z.string().min(1).optional(),
});
export type IncomeItem = z.infer<typeof incomeItemSchema>;

export const incomeMetaSchema = baseMetaSchema.extend({
  schema: schemaIdField('incomeSetups'),
  limit: z.number().int().min(2).max(50),
  min_income_score: score0to10,
  /** The `type` asked for; null (or another marker such as "both") when both strategies were. */
  type: z.string().nullable(),
  count,
  /** Names the scorer version; other models' versions are kept. */
  model_versions: z.looseObject({ income_recommender: z.string().min(1) }),
});
export type IncomeMeta = z.infer<typeof incomeMetaSchema>;

/** `left_out` is ours (additive): the universe tickers not ranked, and why. */
export const incomeDataSchema = z.looseObject({
  items: z.array(incomeItemSchema),
  left_out: leftOutSchema,
});
export type IncomeData = z.infer<typeof incomeDataSchema>;

export const incomeResponseSchema = envelopeSchema(incomeMetaSchema, incomeDataSchema);
export type IncomeResponse = z.infer<typeof incomeResponseSchema>;
