// Building blocks shared by every resource schema: numbers with the spec's units and ranges,
// dates, timestamps and the "open label" used for value sets the spec does not fully enumerate.
import { z } from 'zod';

/** A finite number. zod 4 already rejects NaN and ±Infinity; named for readability at call sites. */
export const num = z.number();
export const nonNegative = z.number().min(0);
/** Prices and strikes: USD, strictly positive. */
export const usd = z.number().positive();
export const count = z.number().int().min(0);

/** Scores with the ranges the spec states. */
export const score0to10 = z.number().min(0).max(10);
export const score0to1 = z.number().min(0).max(1);
/** iv_rank is a percentile, 0-100. */
export const percentile = z.number().min(0).max(100);
/** IV fields are decimals (0.28 is 28 %); a decimal IV above 10 (1000 %) is certainly a unit slip. */
export const ivDecimal = z.number().min(0).max(10);
/** `_pct` fields are percent units (1.78 is 1.78 %); sign allowed (distances, changes). */
export const pct = z.number();

/** YYYY-MM-DD, a real calendar date. */
export const isoDate = z.iso.date();
/** `meta.asof`: ISO-8601 with a UTC designator or offset. */
export const isoTimestamp = z.iso.datetime({ offset: true });
/** `data.asof` is for display only: any non-empty string. */
export const displayTime = z.string().min(1);

export const tickerText = z.string().min(1).max(16);

/**
 * A label whose known values are listed by the spec but whose full set is not: the known values
 * autocomplete, any other non-empty string passes. At runtime it is `known | non-empty string`
 * (so a JSON Schema export lists the known values); the type is narrowed by hand because TS would
 * collapse `'up' | string` to `string` and lose the known values.
 */
export type OpenLabel<K extends string> = K | (string & {});

export function openLabel<const K extends string>(known: readonly [K, ...K[]]) {
  return z.union([z.enum(known), z.string().min(1)]) as unknown as z.ZodType<OpenLabel<K>>;
}

/** Optional-and-nullable: the lenient form for fields the spec does not guarantee. */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional();
}
