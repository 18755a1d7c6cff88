// Discovery endpoints: /access (`svc.access.v2`) and /llm-spec (`svc.llm_spec.v2`), both ids ours.
import { z } from 'zod';
import { envelopeSchema, plainMetaSchema } from './envelope.ts';
import { tickerText } from './primitives.ts';

/** The header that unlocks the demo set without a key (Authentication, rule 3). */
export const DEMO_HEADER = 'X-Svc-Demo';
/**
 * The same header as the public service's official client (tradingvolatility/tv-mcp) spells it. Our
 * client sends both in demo mode, so a remote that reads only one of them still serves the demo set.
 */
export const CLIENT_DEMO_HEADER = 'X-TV-Demo';
/** "A fixed small set of eight symbols". */
export const DEMO_SYMBOL_COUNT = 8;

/** A plan. Only the name is ours to require; prices, quotas and features are kept as they come. */
export const accessTierSchema = z.looseObject({ name: z.string().min(1) });

/**
 * Payload "not shown" by the spec. Our choice: `{ tiers[], limits, demo: { header, symbols[8] } }`.
 * `limits` maps a limit name (e.g. `requests_per_minute`, `options_volume_per_minute`) to its value.
 */
export const accessDataSchema = z.looseObject({
  tiers: z.array(accessTierSchema),
  limits: z.record(z.string(), z.unknown()),
  demo: z.looseObject({
    header: z.string().min(1),
    symbols: z.array(tickerText).length(DEMO_SYMBOL_COUNT),
  }),
});
export type AccessData = z.infer<typeof accessDataSchema>;
export const accessResponseSchema = envelopeSchema(plainMetaSchema('access'), accessDataSchema);
export type AccessResponse = z.infer<typeof accessResponseSchema>;

export const llmSpecParamSchema = z.looseObject({
  name: z.string().min(1),
  type: z.string().optional(),
  required: z.boolean().optional(),
  description: z.string().optional(),
});

export const llmSpecEndpointSchema = z.looseObject({
  path: z.string().startsWith('/'),
  method: z.string().optional(),
  description: z.string().optional(),
  params: z.array(llmSpecParamSchema),
  schema: z.string().optional(),
});

/**
 * Payload "not shown" by the spec ("the endpoint list, the metric catalog and the conventions").
 * Our choice: `{ endpoints[{ path, method, description, params[], schema }], metric_catalog
 * { key: { type, unit, meaning } }, conventions[], json_schemas { schema id: JSON Schema } }`.
 */
export const llmSpecDataSchema = z.looseObject({
  endpoints: z.array(llmSpecEndpointSchema),
  metric_catalog: z.record(
    z.string(),
    z.looseObject({ type: z.string(), unit: z.string(), meaning: z.string() }),
  ),
  conventions: z.array(z.string()),
  json_schemas: z.record(z.string(), z.unknown()),
});
export type LlmSpecData = z.infer<typeof llmSpecDataSchema>;
export const llmSpecResponseSchema = envelopeSchema(plainMetaSchema('llmSpec'), llmSpecDataSchema);
export type LlmSpecResponse = z.infer<typeof llmSpecResponseSchema>;
