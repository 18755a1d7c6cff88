// Looking back: the stored snapshot times of a ticker, the differences between two snapshots,
// exports and backups.
import { z } from 'zod';
import { metricKeySchema } from './api-payloads.ts';
import { isoTimeSchema, tickerSchema, windowSchema } from './common.ts';
import { snapshotEndpointSchema, snapshotMetaSchema } from './tickers.ts';

export const timelineInputSchema = z.object({
  ticker: tickerSchema,
  /** Only snapshots of these endpoints; all when absent. */
  endpoints: z.array(snapshotEndpointSchema).min(1).optional(),
  from: isoTimeSchema.optional(),
  to: isoTimeSchema.optional(),
  limit: z.number().int().min(1).max(5000).default(500),
});

/** One instant with a stored snapshot, and which endpoints were captured at it. Newest first. */
export const timelineEntrySchema = z.object({
  asof: isoTimeSchema,
  endpoints: z.array(snapshotEndpointSchema),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineOutputSchema = z.object({
  ticker: z.string(),
  entries: z.array(timelineEntrySchema),
  /** True when more entries exist beyond `limit`. */
  truncated: z.boolean(),
});
export type Timeline = z.infer<typeof timelineOutputSchema>;

export const diffInputSchema = z.object({
  ticker: tickerSchema,
  endpoint: snapshotEndpointSchema,
  /** Each resolves to the stored snapshot at or before it. */
  a: isoTimeSchema,
  b: isoTimeSchema,
});

const jsonValue = z.json();

/** A leaf that differs; `path` is dotted (`drivers.flip_context.state`, `levels.2.price`). */
export const fieldChangeSchema = z.object({
  path: z.string(),
  before: jsonValue.optional(),
  after: jsonValue.optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** A change of one of the spec's state labels (regime_label, tiers, gamma_regime, states...). */
export const labelTransitionSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type LabelTransition = z.infer<typeof labelTransitionSchema>;

/**
 * Always older → newer, whichever time was asked first: `a`, `before` and each change's `before`
 * are the older snapshot, `b` and `after` the newer, so a difference is newer − older.
 */
export const diffOutputSchema = z.object({
  ticker: z.string(),
  endpoint: snapshotEndpointSchema,
  /** The older snapshot. */
  a: snapshotMetaSchema.nullable(),
  /** The newer snapshot. */
  b: snapshotMetaSchema.nullable(),
  /** The two payloads (older, newer), for a side-by-side view. */
  before: z.json().nullable(),
  after: z.json().nullable(),
  changes: z.array(fieldChangeSchema),
  transitions: z.array(labelTransitionSchema),
});
export type SnapshotDiff = z.infer<typeof diffOutputSchema>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);

export const exportSnapshotsInputSchema = z.object({
  ticker: tickerSchema.optional(),
  endpoint: snapshotEndpointSchema.optional(),
  from: isoTimeSchema.optional(),
  to: isoTimeSchema.optional(),
  format: exportFormatSchema,
});

export const exportSeriesInputSchema = z.object({
  ticker: tickerSchema,
  metrics: z.array(metricKeySchema).min(1).max(24),
  window: windowSchema.default('2y'),
  format: exportFormatSchema,
});

export const backupOutputSchema = z.object({
  path: z.string(),
  bytes: z.number().int().min(0),
  createdAt: isoTimeSchema,
});
