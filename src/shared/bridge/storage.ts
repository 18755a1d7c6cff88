// `storage:status`: what the database costs on disk and what retention does about it, as Settings
// shows it: the file's size, its free pages (and whether the app gives them back to the disk),
// what a thinning run would free now, and the last run.
import { z } from 'zod';
import { isoTimeSchema } from './common.ts';

const count = z.number().int().min(0);

export const storageStatusSchema = z.object({
  /** The database file; ':memory:' for a store in memory. */
  file: z.string(),
  /** The file and its write-ahead log, bytes. */
  fileBytes: count,
  walBytes: count,
  pageSize: count,
  pageCount: count,
  /** Pages inside the file that hold nothing (after a deletion), and their bytes. */
  freePages: count,
  freeBytes: count,
  /**
   * Whether the app gives free pages back to the disk (a database created by this version); an
   * older file reuses them for new snapshots instead.
   */
  givesSpaceBack: z.boolean(),
  /** What a run would delete now, with the settings in force. */
  wouldFree: z.object({
    /** Snapshots older than retentionDays. */
    expired: count,
    /** Snapshots thinning takes out of older sessions. */
    thinned: count,
    /** Payload bodies no other snapshot uses. */
    payloads: count,
    /** An estimate of the bytes they hold. */
    bytes: count,
    /** Sessions thinned. */
    days: count,
    /** False when only part was looked at (a first run on a big store): the counts are a minimum. */
    complete: z.boolean(),
  }),
  /** The last run; null before the first. */
  lastRun: z
    .object({
      at: isoTimeSchema,
      durationMs: z.number().min(0),
      /** The longest single step: how long a bridge call could have waited. */
      longestStepMs: z.number().min(0),
      steps: count,
      expired: count,
      thinned: count,
      payloads: count,
      days: count,
      /** Bytes given back to the disk. */
      bytesReturned: count,
    })
    .nullable(),
});
export type StorageStatus = z.infer<typeof storageStatusSchema>;
