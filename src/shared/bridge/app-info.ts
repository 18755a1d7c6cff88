// What the app is running against, for the header and the first-run screen.
import { z } from 'zod';
import { isoTimeSchema, tickerSchema } from './common.ts';
import { clockModeSchema } from './settings.ts';

export const MARKET_SESSIONS = ['open', 'closed', 'early_close'] as const;

export const appInfoSchema = z.object({
  version: z.string(),
  dataSource: z.object({
    kind: z.enum(['local', 'remote']),
    /** For the header, e.g. "Local simulator (seed 42)" or "api.example.com". */
    label: z.string(),
    baseUrl: z.string().nullable(),
  }),
  /** True whenever the data shown is simulated: the UI must say so plainly. */
  simulated: z.boolean(),
  clock: clockModeSchema,
  /** The market's current instant (accelerated under the fast clock). */
  now: isoTimeSchema,
  market: z.object({
    open: z.boolean(),
    /** The current session while open, else the next one. */
    sessionOpen: isoTimeSchema,
    sessionClose: isoTimeSchema,
    earlyClose: z.boolean(),
  }),
  /** No watchlist, rule or snapshot yet: show onboarding. */
  firstRun: z.boolean(),
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** Finishes onboarding: optionally creates a first watchlist from a starter set. */
export const completeOnboardingInputSchema = z.object({
  watchlistName: z.string().trim().min(1).max(80).optional(),
  tickers: z.array(tickerSchema).max(50).optional(),
});
