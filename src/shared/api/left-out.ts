// `data.left_out` on the ranking responses (/top-setups, the screeners, /income-setups): the
// universe tickers the ranking did not consider, each with why. An addition of ours beside
// `data.items` (the spec's data objects are open), so a ranking that shrinks says so instead of
// looking like a quiet market: a chain folder's stray newer file, or one dated in the future,
// used to leave every other ticker out without a word.
import { z } from 'zod';
import { isoTimestamp, openLabel, tickerText } from './primitives.ts';

/**
 * stale: its newest snapshot is older than the rankings' recency window (36 h before "now");
 * future_only: every snapshot it has is dated later than the wall clock;
 * no_snapshot: nothing readable at or before "now";
 * unreadable: its newest snapshot's file could not be read when ranked.
 */
export const LEFT_OUT_CODES = ['stale', 'future_only', 'no_snapshot', 'unreadable'] as const;
export type LeftOutCode = (typeof LEFT_OUT_CODES)[number];

export const leftOutItemSchema = z.looseObject({
  ticker: tickerText,
  /** One of LEFT_OUT_CODES from our service; another service may use other words. */
  code: openLabel(LEFT_OUT_CODES),
  /** The ticker's newest snapshot (ISO-8601 UTC), null when it has none. */
  newest_asof: isoTimestamp.nullable(),
  /** A sentence for a person: e.g. how far its newest file is behind the folder's newest. */
  reason: z.string().min(1),
});
export type LeftOutItem = z.infer<typeof leftOutItemSchema>;

/** Sorted by ticker; empty when every ticker of the universe was ranked. Optional: additive. */
export const leftOutSchema = z.array(leftOutItemSchema).optional();
