// The watcher's polling: per-job schedule and last runs, conditional-request savings, errors.
import { z } from 'zod';
import { isoTimeSchema } from './common.ts';
import { pollJobSchema } from './settings.ts';

export const pollRunSchema = z.object({
  id: z.number().int(),
  job: pollJobSchema,
  startedAt: isoTimeSchema,
  finishedAt: isoTimeSchema.nullable(),
  requests: z.number().int().min(0),
  notModified: z.number().int().min(0),
  bytes: z.number().int().min(0),
  errors: z.number().int().min(0),
  durationMs: z.number().min(0).nullable(),
  /** The first error message of the run, if any. */
  error: z.string().nullable(),
  /** The first note of the run besides errors, e.g. a server's Retry-After that was capped. */
  note: z.string().nullable().optional(),
});
export type PollRun = z.infer<typeof pollRunSchema>;

export const pollJobStatusSchema = z.object({
  job: pollJobSchema,
  schedule: z.string(),
  running: z.boolean(),
  lastRun: pollRunSchema.nullable(),
  nextRunAt: isoTimeSchema.nullable(),
});
export type PollJobStatus = z.infer<typeof pollJobStatusSchema>;

export const POLL_STATES = ['idle', 'running', 'paused', 'error', 'offline'] as const;

export const pollStatusSchema = z.object({
  state: z.enum(POLL_STATES),
  paused: z.boolean(),
  /** Whether jobs are being skipped because the market is closed (and polling outside hours is off). */
  marketClosedSkip: z.boolean(),
  jobs: z.array(pollJobStatusSchema),
  recentRuns: z.array(pollRunSchema),
  /** Aggregates over the last 24 hours of runs. */
  window: z.object({
    runs: z.number().int().min(0),
    requests: z.number().int().min(0),
    notModified: z.number().int().min(0),
    /** notModified / requests, 0..1; 0 when there were no requests. */
    notModifiedShare: z.number().min(0).max(1),
    errors: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  lastError: z.object({ at: isoTimeSchema, job: pollJobSchema, message: z.string() }).nullable(),
  lastSuccessAt: isoTimeSchema.nullable(),
  /**
   * What the data source's own fetching says (a Tradier or Cboe collector writing chain files): its
   * last problem, e.g. "Cboe refused (429): retrying in 15 min"; absent when it is fine.
   */
  source: z.string().optional(),
});
export type PollStatus = z.infer<typeof pollStatusSchema>;

export const refreshNowInputSchema = z
  .object({
    /** One job; every job when absent. */
    job: pollJobSchema.optional(),
  })
  .optional();

export const backfillProgressSchema = z.object({
  ticker: z.string().nullable(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  phase: z.enum(['started', 'running', 'finished', 'failed']),
  message: z.string().nullable(),
});
export type BackfillProgress = z.infer<typeof backfillProgressSchema>;
