// Strike-level curves: gamma (`svc.curve.gamma.v2`), gamma by expiration
// (`svc.curve.gamma.expirations.v2`) and GEX by strike (`svc.curve.gex_by_strike.v2`).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import { forwardsShape } from './forwards.ts';
import { displayTime, num, tickerText, usd } from './primitives.ts';

// ---- Gamma curve ----------------------------------------------------------------------------------

export const gammaPointSchema = z.looseObject({ strike: usd, gamma: num });

export const gammaCurveDataSchema = z.looseObject({
  ticker: tickerText,
  price: usd,
  /** The bucket name (combined, nearest, ...) or the YYYY-MM-DD date the curve covers. */
  expiry: z.string().min(1),
  asof: displayTime,
  points: z.array(gammaPointSchema),
});
export type GammaCurveData = z.infer<typeof gammaCurveDataSchema>;
export const gammaCurveResponseSchema = envelopeSchema(tickerMetaSchema('gammaCurve'), gammaCurveDataSchema);
export type GammaCurveResponse = z.infer<typeof gammaCurveResponseSchema>;

// ---- Gamma by expiration --------------------------------------------------------------------------

/**
 * What each bucket stands for. Not detailed by the spec: a date, a list of dates (the residual
 * bucket), a description, or null when the chain has no such expiration.
 */
const bucketDescriptor = z.union([z.string(), z.array(z.string()), z.null()]);

export const expiriesSchema = z.looseObject({
  combined: bucketDescriptor,
  nearest: bucketDescriptor,
  first_weekly: bucketDescriptor,
  first_monthly: bucketDescriptor,
  all_other_expiries: bucketDescriptor,
});

export const gammaExpirationPointSchema = z.looseObject({
  strike: usd,
  combined: num,
  nearest: num,
  first_weekly: num,
  first_monthly: num,
  all_other_expiries: num,
});
export type GammaExpirationPoint = z.infer<typeof gammaExpirationPointSchema>;

export const gammaExpirationsDataSchema = z.looseObject({
  ticker: tickerText,
  price: usd,
  asof: displayTime,
  expiries: expiriesSchema,
  /** Always [nearest, first_weekly, first_monthly, all_other_expiries] (EXPIRATION_BUCKETS). */
  series_order: z.tuple([
    z.literal('nearest'),
    z.literal('first_weekly'),
    z.literal('first_monthly'),
    z.literal('all_other_expiries'),
  ]),
  construction: z.looseObject({ all_other_expiries_formula: z.string().min(1) }),
  points: z.array(gammaExpirationPointSchema),
  ...forwardsShape,
});
export type GammaExpirationsData = z.infer<typeof gammaExpirationsDataSchema>;
export const gammaExpirationsResponseSchema = envelopeSchema(
  tickerMetaSchema('gammaExpirations'),
  gammaExpirationsDataSchema,
);
export type GammaExpirationsResponse = z.infer<typeof gammaExpirationsResponseSchema>;

/** The residual rule, as the spec writes it. */
export const ALL_OTHER_EXPIRIES_FORMULA = 'combined - nearest - first_weekly - first_monthly';

// ---- GEX by strike --------------------------------------------------------------------------------

/** USD per 1 % move; `call`/`put` only for the combined bucket. */
export const gexPointSchema = z.looseObject({
  strike: usd,
  net: num,
  call: num.optional(),
  put: num.optional(),
  /** Ours (additive): dealer vanna, USD of delta per 1 vol point; charm, USD of delta per day. */
  vanna: num.optional(),
  charm: num.optional(),
});
export type GexPoint = z.infer<typeof gexPointSchema>;

/** The three keys the spec names; "further keys" are kept. */
export const gexTotalsSchema = z.looseObject({
  gex_flip_price: usd.nullable(),
  gex_value_per_1pct: num,
  put_call_oi: z.number().min(0).nullable(),
});

export const gexByStrikeDataSchema = z.looseObject({
  ticker: tickerText,
  price: usd,
  expiry: z.string().min(1),
  asof: displayTime,
  points: z.array(gexPointSchema),
  totals: gexTotalsSchema,
  ...forwardsShape,
});
export type GexByStrikeData = z.infer<typeof gexByStrikeDataSchema>;
export const gexByStrikeResponseSchema = envelopeSchema(
  tickerMetaSchema('gexByStrike'),
  gexByStrikeDataSchema,
);
export type GexByStrikeResponse = z.infer<typeof gexByStrikeResponseSchema>;
