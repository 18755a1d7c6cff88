// The answers of the tools that shape their own (the API tools answer the v2 payload and list its
// schema from src/shared/api; the store tools answer bridge outputs, some trimmed for an assistant).
// Each is listed as the tool's outputSchema and checked on every answer (tool-result.ts `run`).
import { z } from 'zod';
import { API_ENDPOINTS } from '../../shared/api/endpoints.ts';
import { LEVELS_TEXT_FORMATS } from '../../shared/api/enums.ts';
import { alertRuleSchema } from '../../shared/alert-rules.ts';
import { alertEventSchema } from '../../shared/bridge/alerts.ts';
import { appInfoSchema } from '../../shared/bridge/app-info.ts';
import { backtestFiringSchema, backtestResultSchema } from '../../shared/bridge/backtest.ts';
import { idSchema, isoTimeSchema } from '../../shared/bridge/common.ts';
import { diffOutputSchema } from '../../shared/bridge/history.ts';
import { DATA_SOURCE_KINDS } from '../../shared/bridge/settings.ts';
import { snapshotEndpointSchema, tickerRowSchema } from '../../shared/bridge/tickers.ts';
import { watchlistSchema } from '../../shared/bridge/watchlists.ts';

const sourceSchema = z.object({
  kind: z.enum(DATA_SOURCE_KINDS),
  label: z.string(),
  /** True when the figures come from the built-in market simulator, not a market. */
  simulated: z.boolean(),
});

export const serverInfoSchema = z.object({
  name: z.literal('gammawatch'),
  version: z.string(),
  data_source: sourceSchema,
  writes_allowed: z.boolean(),
});

export const authStatusSchema = z.object({
  mode: z.enum(['secret_locked', 'keyed', 'demo', 'token_stored', 'token_missing', 'no_key_needed']),
  source: sourceSchema.extend({ clock: appInfoSchema.shape.clock }),
  message: z.string(),
});

/** `/levels` as JSON; with a text view, also the script for that platform. */
export const levelsOutputSchema = API_ENDPOINTS.levels.response.extend({
  format: z.enum(LEVELS_TEXT_FORMATS).optional(),
  text: z.string().optional().describe('the TradingView (Pine) or thinkorswim script of these levels'),
});

export const watchlistsOutputSchema = z.object({ watchlists: z.array(watchlistSchema) });

export const watchlistSnapshotSchema = z.object({
  watchlist: z.object({ id: idSchema, name: z.string() }),
  rows: z.array(tickerRowSchema),
});

export const tickerHistorySchema = z.object({
  ticker: z.string(),
  endpoint: z.literal('signals'),
  /** Each snapshot's scalar fields and its stored instant. */
  snapshots: z.array(z.looseObject({ asof: isoTimeSchema })),
  truncated: z.boolean(),
});

const snapshotAtSchema = z.object({ asof: isoTimeSchema, fetchedAt: isoTimeSchema }).nullable();
export const compareOutputSchema = z.object({
  ticker: z.string(),
  endpoint: snapshotEndpointSchema,
  older: snapshotAtSchema,
  newer: snapshotAtSchema,
  transitions: diffOutputSchema.shape.transitions,
  changes: diffOutputSchema.shape.changes,
  changesTotal: z.number().int().min(0),
});

export const recentAlertsSchema = z.object({
  total: z.number().int().min(0),
  unread: z.number().int().min(0),
  alerts: z.array(
    alertEventSchema.extend({ deliveries: z.array(z.string().describe('channel:state, e.g. desktop:sent')) }),
  ),
});

export const rulesOutputSchema = z.object({ rules: z.array(alertRuleSchema) });

/** A backtest without its price series, its firings cut to the latest ones. */
export const backtestOutputSchema = backtestResultSchema.omit({ prices: true, firings: true }).extend({
  firingsTotal: z.number().int().min(0),
  firings: z.array(
    backtestFiringSchema.pick({ ticker: true, at: true, title: true, price: true, direction: true }).extend({
      forwardPct: backtestFiringSchema.shape.forward,
      maxAdverse5dPct: backtestFiringSchema.shape.maxAdverse5d,
    }),
  ),
});
