// Typed inputs of each endpoint, checked before anything is sent. Keys are the wire names of the
// spec, so a query is the parsed input serialized as it is. Strict objects: a misspelt key is an
// error here rather than a filter the server silently ignores.
import { z } from 'zod';
import {
  EXPLAIN_VIEWS,
  METRIC_KEYS,
  METRIC_KEY_ALIASES,
  OPTIONS_VOLUME_BUCKETS,
  OPTIONS_VOLUME_INCLUDES,
  directionSchema,
  gammaCurveBucketSchema,
  gammaCurveViewSchema,
  gexByStrikeBucketSchema,
  incomeStrategySchema,
  isoDate,
  marketStructureIncludeSchema,
  regimeLabelSchema,
  seriesWindowSchema,
  tradeBiasSchema,
} from '../shared/api/index.ts';

/** A free-form label that must not break CSV or the query string. */
const word = z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'expected letters, digits or _');
const nonEmpty = <T extends z.ZodType>(item: T) => z.array(item).min(1);

export const tickerStateQuerySchema = z.strictObject({
  include: nonEmpty(word).optional(),
  trade_recommendation: z.boolean().optional(),
});
export type TickerStateQuery = z.input<typeof tickerStateQuerySchema>;

export const marketStructureQuerySchema = z.strictObject({
  include: nonEmpty(marketStructureIncludeSchema).optional(),
});
export type MarketStructureQuery = z.input<typeof marketStructureQuerySchema>;

export const explainQuerySchema = z.strictObject({
  view: z.union([z.enum(EXPLAIN_VIEWS), word]).optional(),
});
export type ExplainQuery = z.input<typeof explainQuerySchema>;

const metricInput = z.enum([...METRIC_KEYS, ...(Object.keys(METRIC_KEY_ALIASES) as ['pc_25d_ratio'])]);
export const seriesQuerySchema = z.strictObject({
  metrics: nonEmpty(metricInput).optional(),
  window: seriesWindowSchema.optional(),
});
export type SeriesQuery = z.input<typeof seriesQuerySchema>;

export const gammaCurveQuerySchema = z.strictObject({
  exp: z.union([gammaCurveBucketSchema, isoDate]).optional(),
  realtime: z.boolean().optional(),
  view: gammaCurveViewSchema.optional(),
});
export type GammaCurveQuery = z.input<typeof gammaCurveQuerySchema>;

export const gexByStrikeQuerySchema = z.strictObject({ exp: gexByStrikeBucketSchema.optional() });
export type GexByStrikeQuery = z.input<typeof gexByStrikeQuerySchema>;

/** `exp` is required (rule 5): a date, or a bucket naming one expiration (our service's extension). */
export const optionsVolumeQuerySchema = z.strictObject({
  exp: z.union([isoDate, z.enum(OPTIONS_VOLUME_BUCKETS)]),
  /** `iv`: each strike's call and put IV and the expiration's ATM IV (additive columns). */
  include: z.enum(OPTIONS_VOLUME_INCLUDES).optional(),
});
export type OptionsVolumeQuery = z.input<typeof optionsVolumeQuerySchema>;

function orderedBounds(prefix: string) {
  return (q: Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
    const lo = q[`${prefix}_min`];
    const hi = q[`${prefix}_max`];
    if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
      ctx.addIssue({
        code: 'custom',
        path: [`${prefix}_min`],
        message: `${prefix}_min exceeds ${prefix}_max`,
      });
    }
  };
}

export const topSetupsQuerySchema = z
  .strictObject({
    limit: z.number().int().min(1).max(200).optional(),
    min_score: z.number().min(0).max(10).optional(),
    regime: nonEmpty(regimeLabelSchema).optional(),
    recommended_direction: nonEmpty(directionSchema).optional(),
    trade_bias: nonEmpty(tradeBiasSchema).optional(),
    trend_state: nonEmpty(word).optional(),
    momentum_state: nonEmpty(word).optional(),
    extension_state: nonEmpty(word).optional(),
    realized_vol_state: nonEmpty(word).optional(),
    price_min: z.number().min(0).optional(),
    price_max: z.number().min(0).optional(),
    iv_rank_min: z.number().min(0).max(100).optional(),
    iv_rank_max: z.number().min(0).max(100).optional(),
    ivAtMaxDelta_min: z.number().min(0).optional(),
    ivAtMaxDelta_max: z.number().min(0).optional(),
    ttl: z.number().int().min(0).max(1800).optional(),
  })
  .superRefine(orderedBounds('price'))
  .superRefine(orderedBounds('iv_rank'))
  .superRefine(orderedBounds('ivAtMaxDelta'));
export type TopSetupsQuery = z.input<typeof topSetupsQuerySchema>;

export const incomeQuerySchema = z.strictObject({
  type: incomeStrategySchema.optional(),
  min_income_score: z.number().min(0).max(10).optional(),
  limit: z.number().int().min(2).max(50).optional(),
});
export type IncomeQuery = z.input<typeof incomeQuerySchema>;
