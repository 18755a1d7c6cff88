// /top-setups and the screener presets (`svc.top_setups.v2`): the ranking item and the meta.
import { z } from 'zod';
import {
  baseMetaSchema,
  envelopeSchema,
  filtersSchema,
  modelVersionsSchema,
  schemaIdField,
} from './envelope.ts';
import {
  directionSchema,
  extensionStateSchema,
  momentumStateSchema,
  opportunityTierSchema,
  realizedVolStateSchema,
  regimeLabelSchema,
  screenerPresetSchema,
  tradeBiasSchema,
  tradeTypeSchema,
  trendStateSchema,
} from './enums.ts';
import {
  count,
  displayTime,
  ivDecimal,
  maybe,
  percentile,
  score0to10,
  tickerText,
  usd,
} from './primitives.ts';
import { leftOutSchema } from './left-out.ts';
import { tradeSetupBlobSchema } from './trade-setup-blob.ts';

export const topSetupsItemSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  opportunity_score: score0to10,
  opportunity_tier: opportunityTierSchema,
  regime_label: regimeLabelSchema,
  recommended_trade_type: tradeTypeSchema,
  recommended_direction: directionSchema,
  /** The indexed keyword the `trade_bias` filter matches. */
  trade_bias: tradeBiasSchema,
  /**
   * Not explained by the spec. Our service writes `<regime_label>:<trade_bias>`, the key of the
   * regime → bias table; any string (or null) is accepted.
   */
  trade_bias_key: z.string().nullable(),
  price: usd,
  iv_rank: percentile.nullable(),
  ivAtMaxDelta: ivDecimal.nullable(),
  trend_state: trendStateSchema.nullable(),
  momentum_state: momentumStateSchema.nullable(),
  realized_vol_state: realizedVolStateSchema.nullable(),
  /** Not listed on the item but filterable; our service includes it. */
  extension_state: maybe(extensionStateSchema),
  trade_setup: tradeSetupBlobSchema,
});
export type TopSetupsItem = z.infer<typeof topSetupsItemSchema>;

export const topSetupsMetaSchema = baseMetaSchema.extend({
  schema: schemaIdField('topSetups'),
  limit: z.number().int().min(1).max(200),
  min_score: score0to10,
  count,
  filters: filtersSchema,
  model_versions: modelVersionsSchema,
});
export type TopSetupsMeta = z.infer<typeof topSetupsMetaSchema>;

/** `left_out` is ours (additive): the universe tickers not ranked, and why. */
export const topSetupsDataSchema = z.looseObject({
  items: z.array(topSetupsItemSchema),
  left_out: leftOutSchema,
});
export type TopSetupsData = z.infer<typeof topSetupsDataSchema>;

export const topSetupsResponseSchema = envelopeSchema(topSetupsMetaSchema, topSetupsDataSchema);
export type TopSetupsResponse = z.infer<typeof topSetupsResponseSchema>;

/** A screener response: identical, plus `meta.extra.screener` naming the preset. */
export const screenerMetaSchema = topSetupsMetaSchema.extend({
  extra: z.looseObject({ screener: screenerPresetSchema }),
});
export type ScreenerMeta = z.infer<typeof screenerMetaSchema>;

export const screenerResponseSchema = envelopeSchema(screenerMetaSchema, topSetupsDataSchema);
export type ScreenerResponse = z.infer<typeof screenerResponseSchema>;
