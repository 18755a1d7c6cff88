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

export const backtestFiringSchema = z.object({
  ticker: tickerSchema,
  at: isoTimeSchema,
  title: z.string(),
  /** The price the firing saw (the snapshot's spot), USD. */
  price: z.number(),
  forward: forwardReturnsSchema,
  /** The largest move against the firing within 5 sessions, percent (≤ 0 for a long reading). */
  maxAdverse5d: z.number().nullable(),
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
