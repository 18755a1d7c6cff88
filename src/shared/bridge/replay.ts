// Replay: the stored curves and key levels of one ticker, stepped through the snapshots of a day
// or a week. `replay:times` lists the frames (the instants something replayed was stored) and the
// days that have any; `replay:frames` returns what was known at a few of those instants, in one
// call, so playback makes one bridge call per batch instead of one per frame and curve.
import { z } from 'zod';
import { gammaCurveBucketSchema, gammaCurveViewSchema, gexByStrikeBucketSchema } from '../api/index.ts';
import { keyLevelsSchema, zeroDteSchema } from '../api/market-structure.ts';
import { levelSchema } from '../api/levels.ts';
import { gammaCurveDataSchema, gammaExpirationsDataSchema, gexByStrikeDataSchema } from './api-payloads.ts';
import { isoTimeSchema, tickerSchema } from './common.ts';
import { thinnedDaySchema } from './history.ts';
import { snapshotMetaSchema } from './tickers.ts';

export const REPLAY_SPANS = ['day', 'week'] as const;
export const replaySpanSchema = z.enum(REPLAY_SPANS);
export type ReplaySpan = z.infer<typeof replaySpanSchema>;

/**
 * At most this many frames per span: a week of snapshots polled every minute is ~2,000 instants.
 * Beyond it the frames are sampled evenly (first and last kept) and `truncated` says so.
 */
export const REPLAY_MAX_FRAMES = 400;
/** At most this many frames per `replay:frames` call: a frame carries three whole curves. */
export const REPLAY_MAX_BATCH = 24;
/** How many days with stored snapshots `replay:times` lists, newest first. */
export const REPLAY_MAX_DAYS = 30;

export const replayTimesInputSchema = z.object({
  ticker: tickerSchema,
  span: replaySpanSchema.default('day'),
  /** A New York date; the span is that day, or the Monday-to-Sunday week holding it. The latest stored day when absent. */
  date: z.iso.date().optional(),
});

export const replayTimesOutputSchema = z.object({
  ticker: z.string(),
  span: replaySpanSchema,
  /** The chosen (or latest stored) New York date; null when nothing is stored for the ticker. */
  date: z.iso.date().nullable(),
  /** The span's bounds, inclusive. */
  from: isoTimeSchema.nullable(),
  to: isoTimeSchema.nullable(),
  /** New York dates with stored curves or levels, newest first (at most REPLAY_MAX_DAYS). */
  days: z.array(z.iso.date()),
  /** The frames, oldest first: instants at which a replayed curve or the levels were stored. */
  times: z.array(isoTimeSchema).max(REPLAY_MAX_FRAMES),
  /** Instants stored in the span; more than `times.length` when `truncated`. */
  total: z.number().int().min(0),
  truncated: z.boolean(),
  /** The span's sessions that were thinned (fewer frames than were polled), oldest first. */
  thinned: z.array(thinnedDaySchema),
});
export type ReplayTimes = z.infer<typeof replayTimesOutputSchema>;

export const replayFramesInputSchema = z.object({
  ticker: tickerSchema,
  times: z.array(isoTimeSchema).min(1).max(REPLAY_MAX_BATCH),
  /** The gamma curve's expiration (bucket or date) and view, as ticker:curve takes them. */
  gammaExp: z.union([gammaCurveBucketSchema, z.iso.date()]).default('combined'),
  gammaView: gammaCurveViewSchema.optional(),
  gexExp: gexByStrikeBucketSchema.default('combined'),
});

/** One stored curve as of a frame; both null when none was stored at or before it. */
const storedCurve = <T extends z.ZodType>(data: T) =>
  z.object({ snapshot: snapshotMetaSchema.nullable(), data: data.nullable() });

/**
 * What was stored at or before one instant. Each snapshot's `stale` is judged at the frame's
 * instant (older than its schedule allowed then), not now.
 */
export const replayFrameSchema = z.object({
  at: isoTimeSchema,
  gamma: storedCurve(gammaCurveDataSchema),
  expirations: storedCurve(gammaExpirationsDataSchema),
  gex: storedCurve(gexByStrikeDataSchema),
  /** The market-structure record's key levels (flip, ±1σ, walls when published). */
  keyLevels: keyLevelsSchema.nullable(),
  /** The levels payload's list (walls, max pain, flip), which completes `keyLevels`. */
  levels: z.array(levelSchema).nullable(),
  /**
   * The record's 0DTE figures (the expiration ending on the frame's day): null when none ends that
   * day; absent when no record is stored or it predates the figure.
   */
  zeroDte: zeroDteSchema.nullable().optional(),
});
export type ReplayFrame = z.infer<typeof replayFrameSchema>;

export const replayFramesOutputSchema = z.object({
  ticker: z.string(),
  /** In the order of the input's `times`. */
  frames: z.array(replayFrameSchema),
});
export type ReplayFrames = z.infer<typeof replayFramesOutputSchema>;
