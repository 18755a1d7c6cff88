// What no passthrough can answer: the user's watchlists, the history the app has stored, the
// alerts it raised and the rules it runs. Each tool calls the bridge method the UI calls (through
// the same validating dispatch), so an assistant sees what the screens show, from the store of the
// active data source, offline.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { severitySchema } from '../../shared/alert-rules.ts';
import { idSchema, isoTimeSchema, NAME_MAX_LENGTH, tickerSchema } from '../../shared/bridge/common.ts';
import { snapshotEndpointSchema, tickerSeriesInputSchema } from '../../shared/bridge/tickers.ts';
import { bridgeMethods } from '../../shared/bridge/contract.ts';
import {
  compareOutputSchema,
  recentAlertsSchema,
  rulesOutputSchema,
  tickerHistorySchema,
  watchlistSnapshotSchema,
  watchlistsOutputSchema,
} from './output-schemas.ts';
import { registerTool } from './register.ts';
import { bridge, checkedQuery, ToolError, withDefined, type ToolContext } from './tool-result.ts';

const ticker = tickerSchema.describe('symbol, e.g. SPY');
const instant = (what: string) =>
  isoTimeSchema.describe(`${what}, ISO-8601 with offset, e.g. 2026-03-02T15:00:00Z`);
/** Snapshots read one by one for ticker_history: a bound on the work and on the answer's size. */
export const HISTORY_MAX_ROWS = 100;
/** Field changes listed by compare_snapshots; the transitions always come whole. */
export const COMPARE_MAX_CHANGES = 200;

export function registerStoreTools(server: McpServer, ctx: ToolContext): void {
  const tool = <S extends z.ZodRawShape>(spec: Parameters<typeof registerTool<S>>[2]) =>
    registerTool(server, ctx, spec);

  tool({
    name: 'list_watchlists',
    output: watchlistsOutputSchema,
    title: 'Watchlists',
    description: "The user's watchlists in their order: id, name and tickers.",
    input: {},
    body: async () => ({ watchlists: await bridge(ctx, 'watchlists:list', undefined) }),
  });

  tool({
    name: 'watchlist_snapshot',
    output: watchlistSnapshotSchema,
    title: 'Watchlist snapshot',
    description:
      'The rows of a watchlist as its table shows them, from the latest stored snapshots: price (USD or index points), gamma_regime, regime_label, opportunity_score (0-10) and tier, direction, iv_rank (0-100), atm_iv (decimal), gex_flip, dist_to_gex_flip_pct (%, + when the flip is above spot), expected_move_1d_pct (%) and expected_move_1d (USD), asof, stale, changed (fields that moved since the previous snapshot). Give watchlistId or name.',
    input: {
      watchlistId: idSchema.optional().describe('id from list_watchlists'),
      name: z
        .string()
        .trim()
        .min(1)
        .max(NAME_MAX_LENGTH)
        .optional()
        .describe('watchlist name (case-insensitive)'),
    },
    body: async ({ watchlistId, name }) => {
      const lists = await bridge(ctx, 'watchlists:list', undefined);
      const list =
        watchlistId !== undefined
          ? lists.find((l) => l.id === watchlistId)
          : name !== undefined
            ? lists.find((l) => l.name.toLowerCase() === name.toLowerCase())
            : lists[0];
      if (!list) {
        throw new ToolError(
          'not_found',
          'no such watchlist',
          `watchlists: ${lists.map((l) => `${l.id} ${l.name}`).join(', ') || 'none yet'}`,
        );
      }
      const { rows } = await bridge(ctx, 'tickers:latest', { watchlistId: list.id });
      return { watchlist: { id: list.id, name: list.name }, rows };
    },
  });

  tool({
    name: 'ticker_history',
    output: tickerHistorySchema,
    title: 'Stored history of a ticker',
    description: `A ticker's stored signals snapshots between two instants, newest first: each snapshot's asof and its scalar fields (price USD, iv_rank 0-100, gex_flip, opportunity_score, labels…). At most ${HISTORY_MAX_ROWS} snapshots; truncated says more exist.`,
    input: {
      ticker,
      from: instant('start').optional(),
      to: instant('end').optional(),
      limit: z
        .number()
        .int()
        .min(1)
        .max(HISTORY_MAX_ROWS)
        .default(20)
        .describe(`snapshots, 1-${HISTORY_MAX_ROWS}`),
    },
    body: async ({ ticker: t, from, to, limit }) => {
      const timeline = await bridge(ctx, 'ticker:timeline', {
        ticker: t,
        endpoints: ['signals'],
        limit,
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
      });
      const snapshots = [];
      for (const entry of timeline.entries) {
        const view = await bridge(ctx, 'ticker:view', { ticker: t, view: 'signals', at: entry.asof });
        // The stored instant wins over the payload's own `asof`, a display time the other tools do not take.
        snapshots.push({ ...scalars(view.data), asof: entry.asof });
      }
      return { ticker: t, endpoint: 'signals', snapshots, truncated: timeline.truncated };
    },
  });

  tool({
    name: 'compare_snapshots',
    output: compareOutputSchema,
    title: 'Compare two snapshots',
    description: `What changed in a ticker's stored payload between two instants (each resolves to the snapshot at or before it): label transitions (regime, tier, gamma regime…) and field changes (dotted path, before → after; newer minus older). At most ${COMPARE_MAX_CHANGES} changes.`,
    input: {
      ticker,
      endpoint: snapshotEndpointSchema.default('market_structure').describe('which stored payload'),
      a: instant('first instant'),
      b: instant('second instant'),
    },
    body: async (input) => {
      const diff = await bridge(ctx, 'snapshots:diff', input);
      return {
        ticker: diff.ticker,
        endpoint: diff.endpoint,
        older: diff.a && { asof: diff.a.asof, fetchedAt: diff.a.fetchedAt },
        newer: diff.b && { asof: diff.b.asof, fetchedAt: diff.b.fetchedAt },
        transitions: diff.transitions,
        changes: diff.changes.slice(0, COMPARE_MAX_CHANGES),
        changesTotal: diff.changes.length,
      };
    },
  });

  tool({
    name: 'stored_series',
    output: bridgeMethods['ticker:series'].output,
    title: 'Stored series',
    description:
      "Daily points of metrics from the app's own store (the latest snapshot per New York day), as the charts draw them. metrics: CSV of metric keys (e.g. 'price,iv_rank,gex_flip', at most 12); window like 30d, 26w, 6m, 2y; at: end the window on that instant's day.",
    input: {
      ticker,
      metrics: z.string().trim().min(1).max(400).describe("CSV of metric keys, e.g. 'price,iv_rank'"),
      window: z.string().trim().max(6).default('180d').describe('lookback like 30d, 26w, 6m or 2y'),
      at: instant('window end').optional(),
    },
    body: async ({ ticker: t, metrics, window, at }) =>
      bridge(
        ctx,
        'ticker:series',
        checkedQuery(tickerSeriesInputSchema, {
          ticker: t,
          metrics: metrics.split(',').map((m) => m.trim()),
          window,
          ...(at !== undefined ? { at } : {}),
        }),
      ),
  });

  tool({
    name: 'recent_alerts',
    output: recentAlertsSchema,
    title: 'Recent alerts',
    description:
      'Alerts the app raised, newest first: rule, ticker, severity, title, message, the transition (from → to) and asof (the snapshot that raised it), with how each delivery went. Filters optional.',
    input: {
      ticker: ticker.optional(),
      ruleId: idSchema.optional().describe('from list_rules'),
      severity: severitySchema.optional(),
      unreadOnly: z.boolean().optional(),
      from: instant('start').optional(),
      to: instant('end').optional(),
      limit: z.number().int().min(1).max(100).default(20).describe('1-100'),
    },
    body: async (filters) => {
      const page = await bridge(ctx, 'alerts:list', withDefined(filters));
      return {
        total: page.total,
        unread: page.unread,
        alerts: page.items.map(({ deliveries, ...event }) => ({
          ...event,
          deliveries: deliveries.map((d) => `${d.channel}:${d.state}`),
        })),
      };
    },
  });

  tool({
    name: 'list_rules',
    output: rulesOutputSchema,
    title: 'Alert rules',
    description:
      'The alert rules: id, name, enabled, condition, scope, cooldownMinutes, snoozeUntil, severity and channels. backtest_rule takes an id from here.',
    input: {},
    body: async () => ({ rules: await bridge(ctx, 'rules:list', undefined) }),
  });
}

/** The top-level numbers, strings, booleans and nulls of a payload: its compact reading. */
function scalars(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(
    Object.entries(data).filter(([, v]) => v === null || ['number', 'string', 'boolean'].includes(typeof v)),
  );
}
