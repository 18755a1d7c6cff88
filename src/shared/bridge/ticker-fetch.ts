// ticker:fetch: a ticker that is on no watchlist (opened from Rankings, say) is not polled, so its
// views are fetched when the ticker view asks, stored as snapshots like polled ones (History has
// them) without adding the ticker to any list. The answer says where the views now come from.
import { z } from 'zod';
import { isoTimeSchema, tickerSchema } from './common.ts';

export const TICKER_FETCH_SOURCES = [
  /** On a watchlist: the poller keeps it fresh; nothing fetched. */
  'watched',
  /** Not watched, but what is stored is still fresh (fetched on demand earlier). */
  'stored',
  /** Not watched; fetched from the data source just now and stored. */
  'fetched',
  /** The fetch failed; older stored views are shown. */
  'stored_fallback',
  /** The fetch failed and nothing is stored: the data source could not be reached. */
  'unreachable',
  /** The data source answered that it has no such ticker. */
  'unavailable',
] as const;
export const tickerFetchSourceSchema = z.enum(TICKER_FETCH_SOURCES);
export type TickerFetchSource = z.infer<typeof tickerFetchSourceSchema>;

export const tickerFetchInputSchema = z.object({ ticker: tickerSchema });

export const tickerFetchOutputSchema = z.object({
  ticker: z.string(),
  source: tickerFetchSourceSchema,
  /** The market time of the signals snapshot now stored (what "fetched on demand at" shows); null when none. */
  asof: isoTimeSchema.nullable(),
  /** Why the fetch failed, in words; null when it did not. */
  message: z.string().nullable(),
});
export type TickerFetchResult = z.infer<typeof tickerFetchOutputSchema>;
