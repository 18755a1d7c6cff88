// Backtests: an alert rule (exactly what `rules:create` takes) replayed over stored history, with
// what price did after each firing, against a baseline of every session of the same tickers. The
// screener track record is the same computation for a screener's entries. Look-ahead is excluded:
// a firing sees only snapshots stored at or before it; forward returns are close to close.
import { z } from 'zod';
import { alertRuleInputSchema } from '../alert-rules.ts';
import { screenerPresetSchema } from '../api/index.ts';
import { idSchema, isoTimeSchema, tickerSchema } from './common.ts';

export const BACKTEST_WINDOWS = ['30d', '90d', '180d', '1y', '2y'] as const;
export const backtestWindowSchema = z.enum(BACKTEST_WINDOWS);
export type BacktestWindow = z.infer<typeof backtestWindowSchema>;

/** Forward horizons in sessions after the firing's session. */
export const BACKTEST_HORIZONS = ['1d', '5d', '20d'] as const;
export type BacktestHorizon = (typeof BACKTEST_HORIZONS)[number];

/** A client-chosen id naming one run, so progress events and `backtest:cancel` can refer to it. */
export const backtestRunIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a run id is 1-64 letters, digits, "_" or "-"');

export const backtestRunInputSchema = z.object({
  runId: backtestRunIdSchema,
  rule: alertRuleInputSchema,
  window: backtestWindowSchema.default('180d'),
  /** Overrides the rule's scope (e.g. a scope of `all` over many tickers); at most 100. */
  tickers: z.array(tickerSchema).min(1).max(100).optional(),
});
export type BacktestRunInput = z.input<typeof backtestRunInputSchema>;

/** Percent change, close of the Nth session after the firing's session ÷ the firing's price − 1; null past the data. */
export const forwardReturnsSchema = z.object({
  '1d': z.number().nullable(),
  '5d': z.number().nullable(),
  '20d': z.number().nullable(),
});
export type ForwardReturns = z.infer<typeof forwardReturnsSchema>;

/**
 * Which way a firing points, where its rule states one (see src/core/backtest/direction.ts): an
 * upward firing is read long, a downward one short; `none` (no stated direction) is read long.
 */
export const FIRING_DIRECTIONS = ['up', 'down', 'none'] as const;
export const firingDirectionSchema = z.enum(FIRING_DIRECTIONS);
export type FiringDirection = z.infer<typeof firingDirectionSchema>;
export const readingSchema = z.enum(['long', 'short']);
export type Reading = z.infer<typeof readingSchema>;

/**
 * The size of the move over N sessions after a reading at price P (src/core/backtest/move-size.ts),
 * all in percent: |close N ÷ P − 1|; the high-low range of the path (highest − lowest of P and
 * every stored price of sessions 1..N) ÷ P, null unless every session has intraday prices; the same
 * range from P and the closes only; annualized realized volatility of the daily log returns.
 */
export const moveMeasuresSchema = z.object({
  absPct: z.number().nullable(),
  rangePct: z.number().nullable(),
  closeRangePct: z.number().nullable(),
  realizedVolPct: z.number().nullable(),
});
export type MoveMeasures = z.infer<typeof moveMeasuresSchema>;
export type MoveMeasure = keyof MoveMeasures;
export const MOVE_MEASURES = ['absPct', 'rangePct', 'closeRangePct', 'realizedVolPct'] as const;
const movesSchema = z.object({
  '1d': moveMeasuresSchema,
  '5d': moveMeasuresSchema,
  '20d': moveMeasuresSchema,
});
export type Moves = z.infer<typeof movesSchema>;

export const backtestFiringSchema = z.object({
  ticker: tickerSchema,
  at: isoTimeSchema,
  title: z.string(),
  /** The price the firing saw (the snapshot's spot), USD. */
  price: z.number(),
  forward: forwardReturnsSchema,
  /** The largest move against the firing within 5 sessions, percent (≤ 0 for a long reading). */
  maxAdverse5d: z.number().nullable(),
  /** Where the rule states one; absent in results from before directions were read. */
  direction: firingDirectionSchema.optional(),
  /** `forward` read in the firing's direction: the raw return long, its negative short. */
  signedForward: forwardReturnsSchema.optional(),
  /** The size of the move after the firing, whatever its sign. */
  moves: movesSchema.optional(),
});
export type BacktestFiring = z.infer<typeof backtestFiringSchema>;

export const horizonStatsSchema = z.object({
  /** Firings (or sessions) with a return at this horizon. */
  count: z.number().int().min(0),
  medianPct: z.number().nullable(),
  /** Share of up moves, 0..1. */
  upShare: z.number().min(0).max(1).nullable(),
});
export type HorizonStats = z.infer<typeof horizonStatsSchema>;

const horizonsSchema = z.object({
  '1d': horizonStatsSchema,
  '5d': horizonStatsSchema,
  '20d': horizonStatsSchema,
});

export const backtestSummarySchema = z.object({
  count: z.number().int().min(0),
  perMonth: z.number().min(0),
  horizons: horizonsSchema,
});
export type BacktestSummary = z.infer<typeof backtestSummarySchema>;

/** The same statistics over every session of the same tickers: what doing nothing would have shown. */
export const backtestBaselineSchema = z.object({
  sessions: z.number().int().min(0),
  horizons: horizonsSchema,
});
export type BacktestBaseline = z.infer<typeof backtestBaselineSchema>;

/** The median of one move measure over the firings (or sessions) that have it. */
export const measureStatsSchema = z.object({
  count: z.number().int().min(0),
  medianPct: z.number().nullable(),
});
export type MeasureStats = z.infer<typeof measureStatsSchema>;
const horizonMovesSchema = z.object({
  absPct: measureStatsSchema,
  rangePct: measureStatsSchema,
  closeRangePct: measureStatsSchema,
  realizedVolPct: measureStatsSchema,
});
export type HorizonMoves = z.infer<typeof horizonMovesSchema>;
export const moveSummarySchema = z.object({
  '1d': horizonMovesSchema,
  '5d': horizonMovesSchema,
  '20d': horizonMovesSchema,
});
export type MoveSummary = z.infer<typeof moveSummarySchema>;

/**
 * The firings of one direction, read that way (long up and none, short down), against the
 * baseline read the same way: `summary` and `baseline` hold signed returns, so `upShare` is the
 * share of moves in the reading's favour. `moves` are the sizes of the moves after them.
 */
export const directionGroupSchema = z.object({
  direction: firingDirectionSchema,
  reading: readingSchema,
  summary: backtestSummarySchema,
  baseline: backtestBaselineSchema,
  moves: moveSummarySchema,
});
export type DirectionGroup = z.infer<typeof directionGroupSchema>;

/**
 * What the rule claims: a direction (price goes its way) or a move (a gamma or volatility rule:
 * bigger, or smaller, moves follow). The baseline's move sizes, over every session of the same
 * tickers, and the same grouped by the gamma regime at each session's close.
 */
export const backtestMovesSchema = z.object({
  claim: z.enum(['direction', 'move']),
  baseline: z.object({ sessions: z.number().int().min(0), moves: moveSummarySchema }),
  byGammaRegime: z.array(
    z.object({
      regime: z.string(),
      sessions: z.number().int().min(0),
      moves: moveSummarySchema,
    }),
  ),
});
export type BacktestMoves = z.infer<typeof backtestMovesSchema>;

/** Daily closes per ticker over the window, for the chart that marks each firing. */
export const backtestPricesSchema = z.record(
  z.string(),
  z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), close: z.number() })),
);

export const backtestResultSchema = z.object({
  runId: backtestRunIdSchema,
  ruleName: z.string(),
  from: isoTimeSchema,
  to: isoTimeSchema,
  tickers: z.array(tickerSchema),
  firings: z.array(backtestFiringSchema),
  summary: backtestSummarySchema,
  baseline: backtestBaselineSchema,
  prices: backtestPricesSchema,
  /** What the run could not do (a source that cannot serve the past, tickers without history…). */
  notes: z.array(z.string()),
  /** True when `backtest:cancel` stopped it: the figures cover what was replayed so far. */
  cancelled: z.boolean(),
  /**
   * Why the run stopped when the user did not stop it (the data source was switched meanwhile):
   * its figures are another source's, so they are not shown.
   */
  stopReason: z.string().optional(),
  /** The firings split by direction, one group per direction that fired (up, down, none). */
  directions: z.array(directionGroupSchema).optional(),
  /** Move sizes of the baseline, for the firings' `moves` to be read against. */
  moves: backtestMovesSchema.optional(),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const backtestCancelInputSchema = z.object({ runId: backtestRunIdSchema });
export const backtestCancelOutputSchema = z.object({ cancelled: z.boolean() });

/** Emitted while a run replays: `done` of `total` steps (tickers backfilled, then replayed). */
export const backtestProgressSchema = z.object({
  runId: backtestRunIdSchema,
  phase: z.enum(['history', 'replay', 'returns']),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  ticker: tickerSchema.optional(),
});
export type BacktestProgress = z.infer<typeof backtestProgressSchema>;

/** The export of a finished run: the table and the summary, as CSV or JSON. */
export const backtestExportInputSchema = z.object({
  result: backtestResultSchema,
  format: z.enum(['csv', 'json']),
});

/** A screener's entries over the window, with the same statistics: a preset or a saved screener. */
export const trackRecordInputSchema = z.object({
  runId: backtestRunIdSchema,
  screener: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('preset'), preset: screenerPresetSchema }),
    z.object({ kind: z.literal('saved'), viewId: idSchema }),
  ]),
  window: backtestWindowSchema.default('180d'),
});
