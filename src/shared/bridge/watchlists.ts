// Watchlists: several named, ordered lists of tickers.
import { z } from 'zod';
import { idSchema } from './common.ts';

export const watchlistSchema = z.object({
  id: idSchema,
  name: z.string().min(1),
  /** In the user's order. */
  tickers: z.array(z.string().min(1)),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
