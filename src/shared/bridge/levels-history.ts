// Price with its levels over time: one ticker's stored market-structure snapshots (spot, gamma
// flip, walls, ±1σ 1d as each snapshot had them) and its daily closes, over a window ending at the
// newest stored snapshot or at a history-review instant. Stored data only: nothing is fetched.
import { z } from 'zod';
import { isoTimeSchema, tickerSchema } from './common.ts';

export const LEVELS_HISTORY_WINDOWS = ['1d', '5d', '1m', '6m'] as const;
export const levelsHistoryWindowSchema = z.enum(LEVELS_HISTORY_WINDOWS);
export type LevelsHistoryWindow = z.infer<typeof levelsHistoryWindowSchema>;

/**
 * At most this many snapshot points per answer: six months polled every minute is ~50,000
 * snapshots, more than a chart a few hundred pixels wide can show. Beyond it the snapshots are
 * sampled evenly (first and last kept) and `truncated` says so.
 */
export const LEVELS_HISTORY_MAX_POINTS = 2000;

export const levelsHistoryInputSchema = z.object({
  ticker: tickerSchema,
  /** 1d: the New York day of the window's end (intraday); 5d: five sessions; 1m, 6m: calendar months. */
  window: levelsHistoryWindowSchema.default('1d'),
  /** History review: the window ends here. Absent: at the newest stored snapshot or close. */
  at: isoTimeSchema.optional(),
});

const price = z.number().finite();

/** One stored market-structure snapshot's key levels (API names, the ticker's price unit). */
export const levelsPointSchema = z.object({
  asof: isoTimeSchema,
  spot: price,
  gamma_flip: price.nullable(),
  call_wall: price.nullable(),
  put_wall: price.nullable(),
  plus_1sigma_1d: price.nullable(),
  minus_1sigma_1d: price.nullable(),
});
export type LevelsPoint = z.infer<typeof levelsPointSchema>;

/** One New York session of the metric store: its latest price and gamma flip (the daily series). */
export const dailyCloseSchema = z.object({
  date: z.iso.date(),
  price: price,
  gex_flip: price.nullable(),
});
export type DailyClose = z.infer<typeof dailyCloseSchema>;

export const levelsHistoryOutputSchema = z.object({
  ticker: z.string(),
  window: levelsHistoryWindowSchema,
  /** The window's bounds, inclusive; null when nothing is stored for the ticker. */
  from: isoTimeSchema.nullable(),
  to: isoTimeSchema.nullable(),
  /** Oldest first, at most LEVELS_HISTORY_MAX_POINTS. */
  points: z.array(levelsPointSchema).max(LEVELS_HISTORY_MAX_POINTS),
  /** Snapshots stored in the window; more than `points.length` when `truncated`. */
  total: z.number().int().min(0),
  truncated: z.boolean(),
  /** Oldest first: every session of the window with a stored price. */
  closes: z.array(dailyCloseSchema),
});
export type LevelsHistory = z.infer<typeof levelsHistoryOutputSchema>;
