// The `{ meta, data }` envelope every JSON response uses, and the pieces of `meta` the spec names.
import { z } from 'zod';
import { isoTimestamp, num, tickerText } from './primitives.ts';
import { SCHEMA_IDS, SPEC_NAMED_SCHEMA_KEYS, type SchemaKey } from './schema-ids.ts';

/** `<prefix>_range: [lo, hi]`; an open side is null (e.g. only `price_min` given). */
export const rangeTupleSchema = z
  .tuple([num.nullable(), num.nullable()])
  .refine(([lo, hi]) => lo === null || hi === null || lo <= hi, { error: 'range lower bound exceeds upper' });

/**
 * `meta.filters` echoes the honored filters. Only the `_range` convention is stated, so other keys
 * are kept as they come (CSV filters may be echoed as arrays or strings).
 */
export const filtersSchema = z.record(z.string(), z.unknown()).superRefine((filters, ctx) => {
  for (const [key, value] of Object.entries(filters)) {
    if (!key.endsWith('_range')) continue;
    const parsed = rangeTupleSchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be [lo, hi] (numbers or null)` });
    }
  }
});
export type Filters = z.infer<typeof filtersSchema>;

/** `model_versions`: names a model (e.g. `income_recommender`) → its version. */
export const modelVersionsSchema = z.record(z.string(), z.union([z.string(), num, z.null()]));

export const baseMetaSchema = z.looseObject({
  schema: z.string().min(1).optional(),
  /** ISO-8601 UTC "when available". */
  asof: isoTimestamp.nullable().optional(),
  ticker: tickerText.optional(),
  extra: z.looseObject({}).optional(),
  model_versions: modelVersionsSchema.optional(),
  filters: filtersSchema.optional(),
});
export type BaseMeta = z.infer<typeof baseMetaSchema>;

const specNamed: ReadonlySet<SchemaKey> = new Set(SPEC_NAMED_SCHEMA_KEYS);

/**
 * `meta.schema` for a resource: when the id is one the spec names, any other value is an error;
 * for our own ids another value is tolerated (a remote service may name them differently).
 */
export function schemaIdField(key: SchemaKey) {
  return specNamed.has(key) ? z.literal(SCHEMA_IDS[key]).optional() : z.string().min(1).optional();
}

/** `meta` of the per-ticker endpoints: "at least `ticker` ... and `asof`". */
export function tickerMetaSchema(key: SchemaKey) {
  return baseMetaSchema.extend({ schema: schemaIdField(key), ticker: tickerText });
}

/** `meta` of the endpoints that are not about one ticker (discovery). */
export function plainMetaSchema(key: SchemaKey) {
  return baseMetaSchema.extend({ schema: schemaIdField(key) });
}

export function envelopeSchema<M extends z.ZodType, D extends z.ZodType>(meta: M, data: D) {
  return z.looseObject({ meta, data });
}
