// Looking back: the stored snapshot times of a ticker, the differences between two snapshots,
// exports and backups.
import { z } from 'zod';
import { metricKeySchema } from './api-payloads.ts';
import { exportFileSchema, isoTimeSchema, tickerSchema, windowSchema } from './common.ts';
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

/**
 * A New York session that retention thinned for a ticker: it keeps one snapshot per 15 minutes
 * per view, or only its close.
 */
export const thinnedDaySchema = z.object({
  day: z.iso.date(),
  level: z.enum(['quarter-hour', 'close']),
});
export type ThinnedDay = z.infer<typeof thinnedDaySchema>;

export const timelineOutputSchema = z.object({
  ticker: z.string(),
  entries: z.array(timelineEntrySchema),
  /** True when more entries exist beyond `limit`. */
  truncated: z.boolean(),
  /** The sessions among the entries' that were thinned, oldest first. */
  thinned: z.array(thinnedDaySchema),
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

/**
 * A large snapshot export, written to a file in the app's data folder (`<data dir>/exports/`)
 * instead of coming back as text: past a few MB a bridge answer would hold the whole export in
 * memory on both sides (and 500 MB passes V8's string limit).
 */
export const savedExportSchema = z.object({
  name: z.string().min(1),
  mime: z.string().min(1),
  /** The file's full path on the machine running the core. */
  path: z.string().min(1),
  bytes: z.number().int().min(0),
});
export type SavedExport = z.infer<typeof savedExportSchema>;

/** What export:snapshots answers: the content (small) or where the file was saved (large). */
export const snapshotsExportOutputSchema = z.union([exportFileSchema, savedExportSchema]);
export type SnapshotsExport = z.infer<typeof snapshotsExportOutputSchema>;

/** A running snapshot export: snapshots read so far (the CSV reads them twice), and bytes produced. */
export const exportProgressSchema = z.object({
  name: z.string(),
  phase: z.enum(['columns', 'rows', 'done']),
  snapshots: z.number().int().min(0),
  bytes: z.number().int().min(0),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;

/** A backup file's name inside `<data dir>/backups/`: no folders, so no path can be smuggled in. */
export const backupNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.db$/, 'a backup is a .db file name in the backups folder');

export const backupListOutputSchema = z.object({
  /** `<data dir>/backups`: where a database to import is put. */
  folder: z.string(),
  backups: z.array(
    z.object({ name: backupNameSchema, bytes: z.number().int().min(0), modifiedAt: isoTimeSchema }),
  ),
});
export type BackupList = z.infer<typeof backupListOutputSchema>;

export const backupImportInputSchema = z.object({ name: backupNameSchema });

export const backupImportOutputSchema = z.object({
  name: backupNameSchema,
  /** The schema the file was written with, and the one it was migrated to. */
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  snapshots: z.number().int().min(0),
  /** The backup of the database as it was just before the import. */
  safetyBackup: z.string(),
});
export type BackupImport = z.infer<typeof backupImportOutputSchema>;
