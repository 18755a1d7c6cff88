// What the chain folder's main thread and its pool threads (parse-pool.ts, parse-worker.ts) say to
// each other. Jobs carry only small things (a file name, and for an analysis the few inputs the
// folder computes from its index); replies carry only what the main thread keeps. Replies are
// checked with zod on arrival: a thread is a boundary like any other.
import { z } from 'zod';
import type { EarningsEvent, TickerHistory } from '../../engine/types.ts';

/** Parse one chain file for the index. */
export interface IndexJob {
  readonly id: number;
  readonly kind: 'index';
  readonly dir: string;
  readonly name: string;
}

/**
 * Analyse one served snapshot with the service pipeline. Everything the analysis reads besides the
 * file itself comes from the folder (history merged from its index, the earnings calendar, the
 * expiration counts of the ticker's other files for the partial-download note).
 */
export interface AnalysisJob {
  readonly id: number;
  readonly kind: 'analysis';
  readonly dir: string;
  readonly name: string;
  readonly ticker: string;
  readonly asof: number;
  readonly history: TickerHistory;
  readonly earnings: EarningsEvent | null;
  readonly otherCounts: readonly number[];
  readonly revision: string;
}

export type PoolJob = IndexJob | AnalysisJob;
/** A job before the pool numbers it. */
export type PoolTask = Omit<IndexJob, 'id'> | Omit<AnalysisJob, 'id'>;

const identity = { name: z.string().min(1), size: z.number(), mtimeMs: z.number() };

const indexRowSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chain'),
    ...identity,
    ticker: z.string().min(1),
    asof: z.number(),
    spot: z.number(),
    atmIv: z.number().nullable(),
    pcrOi: z.number().nullable(),
    statedName: z.string().nullable(),
    expirations: z.number().int().nonnegative(),
    lastExpiration: z.string().nullable(),
    firstExpiration: z.string().nullable(),
  }),
  z.object({ kind: z.literal('failure'), ...identity, problem: z.string() }),
]);

export const poolReplySchema = z.discriminatedUnion('kind', [
  /** `row` null: the file is gone (or no longer a regular file). */
  z.object({ id: z.number().int(), kind: z.literal('index'), row: indexRowSchema.nullable() }),
  /** `json` null: no analysis (the file changed or went away since it was indexed). */
  z.object({ id: z.number().int(), kind: z.literal('analysis'), json: z.string().nullable() }),
  z.object({ id: z.number().int(), kind: z.literal('error'), message: z.string() }),
]);

export type PoolReply = z.infer<typeof poolReplySchema>;
