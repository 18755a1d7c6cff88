// Watchlists: several named, ordered lists of tickers.
import { z } from 'zod';
import { idSchema, tickerSchema } from './common.ts';

export const watchlistSchema = z.object({
  id: idSchema,
  name: z.string().min(1),
  /** In the user's order. */
  tickers: z.array(z.string().min(1)),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

/** Tickers read from a watchlist file (src/shared/watchlist-files.ts), added to a list at once. */
export const watchlistImportInputSchema = z.object({
  watchlistId: idSchema,
  tickers: z.array(tickerSchema).min(1).max(1000),
});

export const watchlistImportOutputSchema = z.object({
  watchlist: watchlistSchema,
  /** Added to the list, in the file's order. */
  added: z.array(z.string()),
  /** On the list already, left where they were. */
  already: z.array(z.string()),
  /** Not added, each with why (not in the data source's universe). */
  refused: z.array(z.object({ ticker: z.string(), reason: z.string() })),
});
export type WatchlistImport = z.infer<typeof watchlistImportOutputSchema>;
