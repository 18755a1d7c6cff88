// The API's own tools, with the names and parameters of the official client
// (tradingvolatility/tv-mcp): each asks the app's active data source through its client (the
// local service, a chain folder, Tradier's collected chains or the remote API) and answers the v2
// payload unchanged, so an assistant that knows tv-mcp knows these. CSV parameters stay CSV here,
// as there; the client checks each value against the spec's enumerations before anything is sent.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  gammaCurveQuerySchema,
  marketStructureQuerySchema,
  optionsVolumeQuerySchema,
  seriesQuerySchema,
  type TopSetupsQuery,
} from '../../client/index.ts';
import { SCREENER_PRESETS, screenerPresetSchema } from '../../shared/api/enums.ts';
import { API_ENDPOINTS } from '../../shared/api/endpoints.ts';
import { tickerSchema } from '../../shared/bridge/common.ts';
import { authStatusSchema, levelsOutputSchema, serverInfoSchema } from './output-schemas.ts';
import { registerTool } from './register.ts';
import { checkedQuery, withDefined, type ToolContext } from './tool-result.ts';

const ticker = tickerSchema.describe('symbol, e.g. SPY, AAPL, BRK.B or ^VIX (upper-cased for you)');
const csv = (what: string) => z.string().trim().min(1).max(400).optional().describe(what);

/** "a, b" → ["a", "b"]; undefined stays undefined (the parameter is not sent). */
function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return items.length > 0 ? items : undefined;
}

const rankingShape = {
  limit: z.number().int().min(1).max(200).optional().describe('rows returned, 1-200 (default 20)'),
  min_score: z.number().min(0).max(10).optional().describe('drop rows with opportunity_score below it, 0-10'),
  regime: csv("CSV of regime labels, e.g. 'trending_low_vol,range_bound'"),
  recommended_direction: csv('CSV of long, short, neutral'),
  trade_bias: csv('CSV of trade_bias keywords, e.g. long_breakout,fade_premium'),
  trend_state: csv('CSV of up, sideways, down'),
  momentum_state: csv('CSV of strong, improving, fading'),
  realized_vol_state: csv('CSV of subdued, contracting, expanding, elevated'),
  iv_rank_min: z.number().min(0).max(100).optional().describe('IV rank floor, 0-100'),
  iv_rank_max: z.number().min(0).max(100).optional().describe('IV rank ceiling, 0-100'),
  price_min: z.number().min(0).optional().describe('price floor, USD (index points for an index)'),
  price_max: z.number().min(0).optional().describe('price ceiling, USD (index points for an index)'),
};
type RankingArgs = { [K in keyof typeof rankingShape]?: z.infer<(typeof rankingShape)[K]> };

function rankingQuery(a: RankingArgs): TopSetupsQuery {
  const q: Record<string, unknown> = {
    limit: a.limit,
    min_score: a.min_score,
    regime: list(a.regime),
    recommended_direction: list(a.recommended_direction),
    trade_bias: list(a.trade_bias),
    trend_state: list(a.trend_state),
    momentum_state: list(a.momentum_state),
    realized_vol_state: list(a.realized_vol_state),
    iv_rank_min: a.iv_rank_min,
    iv_rank_max: a.iv_rank_max,
    price_min: a.price_min,
    price_max: a.price_max,
  };
  // The client's query schema is strict and checks every value; unset keys are not sent.
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as TopSetupsQuery;
}

const FILTER_DOC =
  'Filters (all optional, AND-ed): limit 1-200, min_score 0-10, regime / recommended_direction / trade_bias / ' +
  'trend_state / momentum_state / realized_vol_state as CSV, iv_rank_min/max 0-100, price_min/max.';

export function registerApiTools(server: McpServer, ctx: ToolContext): void {
  const client = () => ctx.app.client;
  const tool = <S extends z.ZodRawShape>(spec: Parameters<typeof registerTool<S>>[2]) =>
    registerTool(server, ctx, spec);

  tool({
    name: 'server_info',
    output: serverInfoSchema,
    title: 'Server info',
    description:
      "This server: its name and version, the data source its API tools ask, and whether tools that change the user's data are on.",
    input: {},
    body: async () => ({
      name: 'gammawatch',
      version: ctx.app.version,
      data_source: {
        kind: ctx.app.source.kind,
        label: ctx.app.source.label,
        simulated: ctx.app.source.simulated,
      },
      writes_allowed: ctx.writesAllowed(),
    }),
  });
  tool({
    name: 'list_capabilities',
    output: API_ENDPOINTS.llmSpec.response,
    title: 'API capabilities',
    description:
      "The API's capability manifest (/llm-spec): endpoints, metrics, parameters, enumerations and conventions. Call first to self-orient.",
    input: {},
    body: async () => (await client().llmSpec()).body,
  });
  tool({
    name: 'get_auth_status',
    output: authStatusSchema,
    title: 'Data source and credentials',
    description:
      'Which data source answers the API tools (simulator, chain folder, Tradier, remote API) and whether a key or token is stored. Never reveals one.',
    input: {},
    body: async () => authStatus(ctx),
  });
  tool({
    name: 'get_ticker_state',
    output: API_ENDPOINTS.tickerState.response,
    title: 'Ticker state',
    description:
      "The compact state snapshot of a ticker (price, gamma regime, IV rank, positioning): the default starting point. include: CSV of add-ons, e.g. 'call_diag'.",
    input: { ticker, include: csv("CSV of add-ons, e.g. 'call_diag'") },
    body: async ({ ticker: t, include }) =>
      (await client().tickerState(t, withDefined({ include: list(include) }))).body,
  });
  tool({
    name: 'explain_ticker',
    output: API_ENDPOINTS.explain.response,
    title: 'Explain a ticker',
    description:
      "A deterministic plain-language reading of a ticker's regime and positioning. view: an alternate view where one exists.",
    input: { ticker, view: z.string().trim().min(1).max(40).optional().describe('explanation view') },
    body: async ({ ticker: t, view }) => (await client().explain(t, withDefined({ view }))).body,
  });
  tool({
    name: 'get_market_structure',
    output: API_ENDPOINTS.marketStructure.response,
    title: 'Market structure',
    description:
      "Headline signal, regime, expected behaviour, key levels and supporting metrics of a ticker. include: CSV of 'state', 'call_diag'.",
    input: { ticker, include: csv("CSV of 'state', 'call_diag'") },
    body: async ({ ticker: t, include }) =>
      (
        await client().marketStructure(
          t,
          checkedQuery(marketStructureQuerySchema, withDefined({ include: list(include) })),
        )
      ).body,
  });
  tool({
    name: 'get_signals',
    output: API_ENDPOINTS.signals.response,
    title: 'Signals',
    description: "A ticker's current signals: labels, scores, gamma flip, IV rank, expected moves.",
    input: { ticker },
    body: async ({ ticker: t }) => (await client().signals(t)).body,
  });
  tool({
    name: 'get_levels',
    output: levelsOutputSchema,
    title: 'Key levels',
    description:
      "Key price levels of a ticker (gamma flip, call and put walls, max pain, 1σ expected-move bounds). view: 'json' (default), or 'tradingview' / 'tos' to add `text`, the script for that platform.",
    input: { ticker, view: z.enum(['json', 'tradingview', 'tos']).optional().describe('output format') },
    body: async ({ ticker: t, view }) => {
      const levels = (await client().levels(t)).body;
      if (view === undefined || view === 'json') return levels;
      // The script with the levels it draws, so structured content has them as numbers too.
      return { ...levels, format: view, text: (await client().levelsText(t, view)).body };
    },
  });
  tool({
    name: 'get_series',
    output: API_ENDPOINTS.series.response,
    title: 'Daily series',
    description:
      "A ticker's daily time series from the source. metrics: CSV of metric keys (e.g. 'price,iv_rank,gex_flip'); window: lookback like '30d', '180d', '2y'. Both optional.",
    input: {
      ticker,
      metrics: csv("CSV of metric keys, e.g. 'price,iv_rank,gex_flip'"),
      window: z.string().trim().max(8).optional().describe("lookback like '30d', '180d' or '2y'"),
    },
    body: async ({ ticker: t, metrics, window }) =>
      (
        await client().series(
          t,
          checkedQuery(seriesQuerySchema, withDefined({ metrics: list(metrics), window })),
        )
      ).body,
  });
  tool({
    name: 'get_gamma_curve',
    output: API_ENDPOINTS.gammaCurve.response,
    title: 'Gamma by strike',
    description:
      "Net gamma per strike (USD per 1% move). exp: 'combined' (default), 'nearest', 'first_weekly', 'first_monthly' or YYYY-MM-DD; realtime: an intraday pull.",
    input: {
      ticker,
      exp: z.string().trim().max(16).optional().describe("bucket or 'YYYY-MM-DD'"),
      realtime: z.boolean().optional().describe('intraday pull (trading hours for a dated exp)'),
    },
    body: async ({ ticker: t, exp, realtime }) =>
      (await client().gammaCurve(t, checkedQuery(gammaCurveQuerySchema, withDefined({ exp, realtime }))))
        .body,
  });
  tool({
    name: 'get_gamma_by_expiration',
    output: API_ENDPOINTS.gammaExpirations.response,
    title: 'Gamma by expiration',
    description:
      'Gamma per strike split by expiration bucket (combined, nearest, first_weekly, first_monthly, all_other_expiries).',
    input: { ticker },
    body: async ({ ticker: t }) => (await client().gammaExpirations(t)).body,
  });
  tool({
    name: 'get_gex_by_strike',
    output: API_ENDPOINTS.gexByStrike.response,
    title: 'GEX by strike',
    description:
      "Net GEX per strike with call and put contributions (USD per 1% move; calls +, puts −). exp: 'combined' (default), 'nearest' or 'first_monthly'.",
    input: {
      ticker,
      exp: z.enum(['combined', 'nearest', 'first_monthly']).optional().describe('expiration bucket'),
    },
    body: async ({ ticker: t, exp }) => (await client().gexByStrike(t, withDefined({ exp }))).body,
  });
  tool({
    name: 'get_options_volume',
    output: API_ENDPOINTS.optionsVolume.response,
    title: 'Options volume by strike',
    description:
      "Options volume by strike for one expiration. exp (required): 'YYYY-MM-DD' or a bucket; include='iv' adds IV columns (decimals).",
    input: {
      ticker,
      exp: z.string().trim().min(1, '`exp` (expiration) is required, e.g. 2026-06-19').max(16),
      include: z.enum(['iv']).optional().describe("'iv' adds implied-volatility columns"),
    },
    body: async ({ ticker: t, exp, include }) =>
      (await client().optionsVolume(t, checkedQuery(optionsVolumeQuerySchema, withDefined({ exp, include }))))
        .body,
  });
  tool({
    name: 'get_trade_setup',
    output: API_ENDPOINTS.tradeSetup.response,
    title: 'Trade setup',
    description:
      'The compact trade setup of a ticker: regime, bias, opportunity score and tier, trade type, direction, structures, entry/stop/target framing, cautions.',
    input: { ticker },
    body: async ({ ticker: t }) => (await client().tradeSetup(t)).body,
  });
  tool({
    name: 'rank_top_setups',
    output: API_ENDPOINTS.topSetups.response,
    title: 'Top setups',
    description: `Trade setups across every ticker, by opportunity score (descending). ${FILTER_DOC}`,
    input: rankingShape,
    body: async (a) => (await client().topSetups(rankingQuery(a))).body,
  });
  tool({
    name: 'run_screener',
    output: API_ENDPOINTS.screener.response,
    title: 'Run a screener',
    description: `A named screener preset over the ranking; a filter you pass overrides the preset's. name: one of ${SCREENER_PRESETS.join(', ')}. ${FILTER_DOC}`,
    input: {
      name: z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,64}$/, `a screener name, one of ${SCREENER_PRESETS.join(', ')}`),
      ...rankingShape,
    },
    body: async ({ name, ...filters }) =>
      (await client().screener(checkedQuery(screenerPresetSchema, name), rankingQuery(filters))).body,
  });
  tool({
    name: 'rank_income_setups',
    output: API_ENDPOINTS.incomeSetups.response,
    title: 'Income setups',
    description:
      "Covered-call and cash-secured-put candidates across tickers by income score: 1σ strike, premium (USD), annualized yield (%), breakeven. type: 'cc' or 'csp' (both when omitted); min_income_score 0-10; limit 2-50 (default 10).",
    input: {
      type: z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['cc', 'csp']))
        .optional()
        .describe("'cc' (covered call) or 'csp' (cash-secured put)"),
      min_income_score: z.number().min(0).max(10).optional().describe('0-10'),
      limit: z.number().int().min(2).max(50).optional().describe('2-50'),
    },
    body: async (a) => (await client().incomeSetups(withDefined(a))).body,
  });
}

function authStatus(ctx: ToolContext): z.output<typeof authStatusSchema> {
  const source = ctx.app.source;
  const secrets = ctx.app.secretsStatus();
  const settings = ctx.app.settings().dataSource;
  const locked = lockedSecretOfSource(ctx);
  const keyed =
    locked !== null
      ? 'secret_locked'
      : source.kind === 'remote'
        ? settings.kind === 'remote' && !settings.demo && secrets.remoteApiKey.set
          ? 'keyed'
          : 'demo'
        : source.kind === 'tradier'
          ? secrets.tradierToken.set
            ? 'token_stored'
            : 'token_missing'
          : 'no_key_needed';
  return {
    mode: keyed,
    source: { kind: source.kind, label: source.label, simulated: source.simulated, clock: source.clock },
    message:
      locked !== null
        ? locked
        : keyed === 'demo'
          ? 'No API key in use: only the demo tickers are served. Add the key in Gammawatch Settings → Data source.'
          : 'Answers come from the data source Gammawatch has active; switch it in Settings → Data source.',
  };
}

/**
 * Why the active source's key or token cannot be read by this server (the desktop app saved it,
 * encrypted for itself), or null: the one case where the server's answers would otherwise look
 * like a missing key the user knows they saved.
 */
export function lockedSecretOfSource(ctx: Pick<ToolContext, 'app'>): string | null {
  const settings = ctx.app.settings().dataSource;
  const secrets = ctx.app.secretsStatus();
  if (settings.kind === 'tradier')
    return secrets.tradierToken.set ? null : (secrets.tradierToken.locked ?? null);
  if (settings.kind === 'remote' && !settings.demo && !settings.apiKeyRef)
    return secrets.remoteApiKey.set ? null : (secrets.remoteApiKey.locked ?? null);
  return null;
}
