// Cross-ticker rankings as last polled: top setups, the preset screeners, income setups.
import { z } from 'zod';
import { leftOutItemSchema } from '../api/left-out.ts';
import {
  directionSchema,
  incomeStrategySchema,
  regimeLabelSchema,
  screenerPresetSchema,
  tradeBiasSchema,
} from '../api/index.ts';
import {
  incomeItemSchema,
  incomeMetaSchema,
  topSetupsItemSchema,
  topSetupsMetaSchema,
} from './api-payloads.ts';
import { isoTimeSchema } from './common.ts';
import { snapshotMetaSchema } from './tickers.ts';
import { gammaFilterFields, gammaOverrideFields, rowGammaSchema } from '../rankings/gamma-filters.ts';

const label = z.string().min(1);

/** The /top-setups filters (spec names, arrays for the CSV ones). */
export const topSetupsFiltersSchema = z.object({
  limit: z.number().int().min(1).max(200).optional(),
  min_score: z.number().min(0).max(10).optional(),
  regime: z.array(regimeLabelSchema).optional(),
  recommended_direction: z.array(directionSchema).optional(),
  trade_bias: z.array(tradeBiasSchema).optional(),
  trend_state: z.array(label).optional(),
  momentum_state: z.array(label).optional(),
  extension_state: z.array(label).optional(),
  realized_vol_state: z.array(label).optional(),
  price_min: z.number().optional(),
  price_max: z.number().optional(),
  iv_rank_min: z.number().min(0).max(100).optional(),
  iv_rank_max: z.number().min(0).max(100).optional(),
  ivAtMaxDelta_min: z.number().optional(),
  ivAtMaxDelta_max: z.number().optional(),
  /** The app's own gamma filters: applied main-side, never sent to the API (shared/rankings/gamma-filters.ts). */
  ...gammaFilterFields,
});
export type TopSetupsFilters = z.infer<typeof topSetupsFiltersSchema>;

/** The numeric bound keys of the filters (each `<prefix>_min` / `<prefix>_max`). */
export const BOUND_KEYS = [
  'price_min',
  'price_max',
  'iv_rank_min',
  'iv_rank_max',
  'ivAtMaxDelta_min',
  'ivAtMaxDelta_max',
] as const;
export type BoundKey = (typeof BOUND_KEYS)[number];

/**
 * A screener's per-key overrides: a value replaces the preset's, an empty list or `null` removes
 * the preset's filter on that key (the API treats an empty parameter as unset).
 */
export const screenerOverridesSchema = topSetupsFiltersSchema.extend({
  min_score: z.number().min(0).max(10).nullable().optional(),
  price_min: z.number().nullable().optional(),
  price_max: z.number().nullable().optional(),
  iv_rank_min: z.number().min(0).max(100).nullable().optional(),
  iv_rank_max: z.number().min(0).max(100).nullable().optional(),
  ivAtMaxDelta_min: z.number().nullable().optional(),
  ivAtMaxDelta_max: z.number().nullable().optional(),
  ...gammaOverrideFields,
});
export type ScreenerOverrides = z.infer<typeof screenerOverridesSchema>;

/**
 * When nothing matches: how many of the ranked universe each applied filter excludes on its own
 * (`key` is a filter key as in TopSetupsFilters; `value` what it was set to), most first.
 */
export const exclusionSchema = z.object({
  key: z.string(),
  value: z.union([z.number(), z.array(z.string())]),
  excluded: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/**
 * Why a stored ranking is empty when it was taken with the market closed: no ticker had a snapshot
 * inside the ranking's recency window then (before a Monday's open, say). Says when the session
 * opens (or opened) and when the watcher's next scheduled ranking is due, so the empty list reads
 * as "wait for the open", not as "no ticker passes these filters".
 */
export const rankingClosedSchema = z.object({
  /** pre_open: taken earlier on the day of the next session; closed: after a close, a weekend or a holiday. */
  when: z.enum(['pre_open', 'closed']),
  /** The open of the first session after the snapshot. */
  opensAt: isoTimeSchema,
  /** The job's first scheduled run at or after that open and after now (null: none within eight days). */
  nextDueAt: isoTimeSchema.nullable(),
});
export type RankingClosed = z.infer<typeof rankingClosedSchema>;

/**
 * Rankings come from the stored top-setups snapshot, filtered main-side with the same rules as
 * the API, so the answer is instant and works offline.
 */
export const rankingOutputSchema = z.object({
  snapshot: snapshotMetaSchema.nullable(),
  meta: topSetupsMetaSchema.nullable(),
  items: z.array(topSetupsItemSchema),
  /** Screeners only: the preset's own filters, before any override. */
  preset: topSetupsFiltersSchema.optional(),
  /** Only on an empty result over a non-empty universe. */
  exclusions: z.array(exclusionSchema).optional(),
  /** Only on an empty stored universe taken with the market closed. */
  closed: rankingClosedSchema.optional(),
  /** Tickers of the universe the stored ranking did not consider, and why (stale files…). */
  leftOut: z.array(leftOutItemSchema).optional(),
  /** Each returned row's gamma data (null: none), for the gamma filters and the table. */
  gamma: z.record(z.string(), rowGammaSchema.nullable()).optional(),
  /** With a gamma filter on: how many ranked tickers had no gamma data, so the filter left them out. */
  gammaUnknown: z.number().int().min(0).optional(),
});
export type RankingResult = z.infer<typeof rankingOutputSchema>;

export const screenerInputSchema = z.object({
  name: screenerPresetSchema,
  /** Per-key overrides of the preset, as the API's query parameters do. */
  overrides: screenerOverridesSchema.optional(),
});

export const incomeInputSchema = z.object({
  type: incomeStrategySchema.optional(),
  min_income_score: z.number().min(0).max(10).optional(),
  limit: z.number().int().min(2).max(50).optional(),
});

export const incomeOutputSchema = z.object({
  snapshot: snapshotMetaSchema.nullable(),
  meta: incomeMetaSchema.nullable(),
  items: z.array(incomeItemSchema),
  /** Only on an empty stored list taken with the market closed. */
  closed: rankingClosedSchema.optional(),
  leftOut: z.array(leftOutItemSchema).optional(),
});
export type IncomeResult = z.infer<typeof incomeOutputSchema>;
