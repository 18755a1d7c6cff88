// What the app is running against, for the header and the first-run screen.
import { z } from 'zod';
import { isoTimeSchema, NAME_MAX_LENGTH, tickerSchema } from './common.ts';
import { DATA_SOURCE_KINDS } from './settings.ts';

export const MARKET_SESSIONS = ['open', 'closed', 'early_close'] as const;

export const appInfoSchema = z.object({
  version: z.string(),
  dataSource: z.object({
    kind: z.enum(DATA_SOURCE_KINDS),
    /** For the header, e.g. "Local simulator (seed 42)", "Tradier sandbox" or "api.example.com". */
    label: z.string(),
    baseUrl: z.string().nullable(),
    /**
     * What the user is looking at, for the header badge: "SIMULATED DATA", "Tradier · 15 min delayed",
     * "Chain files as of Sep 14 16:31 ET".
     */
    badge: z.string(),
    /**
     * The first problems worth showing (skipped chain files, a failing collector), newest first; may
     * be empty. The first ten: `source:problems` lists every one.
     */
    problems: z.array(z.string()),
    /**
     * How many minutes the source's figures lag the market (Cboe's free quotes and Tradier's sandbox:
     * 15), so every "as of" can say so; absent when they do not.
     */
    delayedMinutes: z.number().int().min(1).max(60).optional(),
    /** How many problems there are in all: what the header's warning counts. */
    problemCount: z.number().int().min(0),
    /**
     * A chain folder's files being imported into history, in steps of a twentieth (each step is
     * one `app:changed`); null or absent when none is running.
     */
    importing: z
      .object({ done: z.number().int().min(0), total: z.number().int().min(1) })
      .nullable()
      .optional(),
  }),
  /** True whenever the data shown is simulated: the UI must say so plainly. */
  simulated: z.boolean(),
  /** real: wall clock; fast: the simulator runs ahead; data: the newest snapshot of a chain folder. */
  clock: z.enum(['real', 'fast', 'data']),
  /** The market's current instant (accelerated under the fast clock). */
  now: isoTimeSchema,
  /**
   * How fast `now` moves: market ms per wall ms (1 on the wall clock, the speed of a fast clock, 0
   * when it moves only with the data or by hand), so the header can run the clock in force between
   * two reads. Absent: 1.
   */
  clockRate: z.number().finite().min(0).optional(),
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
  /**
   * The log file this run writes (started with `--verbose`: `<data folder>/gammawatch.log`, rotated
   * at 5 MB, 3 older files kept), or null when it logs to the terminal only.
   */
  logFile: z.string().nullable(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * What an AI assistant's MCP configuration needs on this machine to reach this app's data: the
 * command, its arguments and environment, and the whole block as JSON to paste.
 */
export const mcpConfigSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  /** `{ "mcpServers": { "gammawatch": { command, args, env } } }`, indented, ready to paste. */
  json: z.string(),
  dataDir: z.string(),
  /** What to add or know before it works (a secret the server cannot read, no command line), or none. */
  notes: z.array(z.string()),
});
export type McpConfig = z.infer<typeof mcpConfigSchema>;

/** Finishes onboarding: optionally creates a first watchlist from a starter set. */
export const completeOnboardingInputSchema = z.object({
  watchlistName: z.string().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  tickers: z.array(tickerSchema).max(50).optional(),
});
