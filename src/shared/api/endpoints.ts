// The endpoints of API v2 as data, in the spec's order of use: the one list that the client (endpoint
// names, response schemas) and the service (its routes, which of them need a key, /llm-spec) both read,
// so that an endpoint cannot be served without being published, or published with another shape.
// Type aliases, not interfaces, so the entries fit the contract's loose objects.
import type { z } from 'zod';
import { accessResponseSchema, llmSpecResponseSchema } from './discovery.ts';
import {
  gammaCurveResponseSchema,
  gammaExpirationsResponseSchema,
  gexByStrikeResponseSchema,
} from './curves.ts';
import {
  DIRECTIONS,
  GAMMA_CURVE_BUCKETS,
  GAMMA_CURVE_VIEWS,
  GEX_BY_STRIKE_BUCKETS,
  INCOME_STRATEGIES,
  LEVELS_EQUIVALENTS,
  LEVELS_FORMATS,
  MARKET_STRUCTURE_INCLUDES,
  OPTIONS_VOLUME_BUCKETS,
  REGIME_LABELS,
  SCREENER_PRESETS,
  TRADE_BIASES,
} from './enums.ts';
import { DEFAULT_EXPLAIN_VIEW, EXPLAIN_VIEWS, explainResponseSchema } from './explain.ts';
import { incomeResponseSchema } from './income.ts';
import { levelsResponseSchema } from './levels.ts';
import { marketStructureResponseSchema } from './market-structure.ts';
import { OPTIONS_VOLUME_INCLUDES, optionsVolumeResponseSchema } from './options-volume.ts';
import { SCHEMA_IDS, type SchemaKey } from './schema-ids.ts';
import { DEFAULT_SERIES_METRICS, DEFAULT_SERIES_WINDOW, seriesResponseSchema } from './series.ts';
import { signalsResponseSchema } from './signals.ts';
import { tickerStateResponseSchema } from './ticker-state.ts';
import { screenerResponseSchema, topSetupsResponseSchema } from './top-setups.ts';
import { tradeSetupResponseSchema } from './trade-setup.ts';

export type EndpointParam = {
  name: string;
  type: string;
  required?: boolean;
  description: string;
  allowed?: readonly string[];
  default?: string | number | boolean;
};

export type ApiEndpoint<S extends z.ZodType = z.ZodType> = {
  /** Relative to the base URL; path parameters in braces, e.g. `/tickers/{ticker}`. */
  path: string;
  method: 'GET';
  description: string;
  params: EndpointParam[];
  /** The `meta.schema` id the response carries. */
  schema: SchemaKey;
  /** Without a key, or with one (demo access counts as a caller of bearer endpoints). */
  auth: 'bearer' | 'none';
  /** The zod schema of a JSON response (for /levels, of its JSON form). */
  response: S;
};

/** Checks an entry against ApiEndpoint while keeping its response schema's own type. */
function endpoint<S extends z.ZodType>(entry: ApiEndpoint<S>): ApiEndpoint<S> {
  return entry;
}

const rankingFilters: EndpointParam[] = [
  { name: 'limit', type: 'int', description: 'rows returned, clamped to 1-200', default: 20 },
  {
    name: 'min_score',
    type: 'float',
    description: 'drop rows with opportunity_score below it, clamped to 0-10',
    default: 0,
  },
  { name: 'regime', type: 'csv', description: 'IN filter on regime_label', allowed: REGIME_LABELS },
  { name: 'recommended_direction', type: 'csv', description: 'IN filter', allowed: DIRECTIONS },
  {
    name: 'trade_bias',
    type: 'csv',
    description: 'IN filter on the trade_bias keyword',
    allowed: TRADE_BIASES,
  },
  { name: 'trend_state', type: 'csv', description: 'IN filter (open label set)' },
  { name: 'momentum_state', type: 'csv', description: 'IN filter (open label set)' },
  { name: 'extension_state', type: 'csv', description: 'IN filter (open label set)' },
  { name: 'realized_vol_state', type: 'csv', description: 'IN filter (open label set)' },
  { name: 'price_min', type: 'float', description: 'inclusive lower bound on price' },
  { name: 'price_max', type: 'float', description: 'inclusive upper bound on price' },
  { name: 'iv_rank_min', type: 'float', description: 'inclusive lower bound on iv_rank, clamped to 0-100' },
  { name: 'iv_rank_max', type: 'float', description: 'inclusive upper bound on iv_rank, clamped to 0-100' },
  { name: 'ivAtMaxDelta_min', type: 'float', description: 'inclusive lower bound on ivAtMaxDelta' },
  { name: 'ivAtMaxDelta_max', type: 'float', description: 'inclusive upper bound on ivAtMaxDelta' },
  {
    name: 'ttl',
    type: 'int',
    description: 'Cache-Control max-age in seconds, clamped to 0-1800',
    default: 900,
  },
];

const ticker: EndpointParam = {
  name: 'ticker',
  type: 'path',
  required: true,
  description: 'equity or ETF symbol; case is normalised',
};

export const API_ENDPOINTS = {
  tickerState: endpoint({
    path: '/tickers/{ticker}',
    method: 'GET',
    description: 'compact normalized ticker state snapshot',
    params: [
      ticker,
      { name: 'include', type: 'csv', description: 'add-ons', allowed: ['call_diag'] },
      {
        name: 'trade_recommendation',
        type: 'bool',
        description: 'add the trade recommendation',
        default: false,
      },
    ],
    schema: 'tickerState',
    response: tickerStateResponseSchema,
    auth: 'bearer',
  }),
  marketStructure: endpoint({
    path: '/tickers/{ticker}/market-structure',
    method: 'GET',
    description: 'market-structure record: headline, drivers, key levels, supporting factors',
    params: [
      ticker,
      { name: 'include', type: 'csv', description: 'add-ons', allowed: MARKET_STRUCTURE_INCLUDES },
    ],
    schema: 'marketStructure',
    response: marketStructureResponseSchema,
    auth: 'bearer',
  }),
  explain: endpoint({
    path: '/tickers/{ticker}/explain',
    method: 'GET',
    description: 'deterministic human-readable summary plus tags',
    params: [
      ticker,
      {
        name: 'view',
        type: 'enum',
        description: 'interpretation view',
        allowed: EXPLAIN_VIEWS,
        default: DEFAULT_EXPLAIN_VIEW,
      },
    ],
    schema: 'explain',
    response: explainResponseSchema,
    auth: 'bearer',
  }),
  signals: endpoint({
    path: '/tickers/{ticker}/signals',
    method: 'GET',
    description: 'lightweight labels and scores for filtering and alert logic',
    params: [ticker],
    schema: 'signals',
    response: signalsResponseSchema,
    auth: 'bearer',
  }),
  series: endpoint({
    path: '/tickers/{ticker}/series',
    method: 'GET',
    description: 'daily series, latest value per day, oldest first; points are { date, <metric>: value }',
    params: [
      ticker,
      {
        name: 'metrics',
        type: 'csv',
        description: 'metric catalog keys (pc_25d_ratio is accepted for put_call_25d_iv_ratio)',
        default: DEFAULT_SERIES_METRICS.join(','),
      },
      {
        name: 'window',
        type: 'string',
        description: 'lookback such as 30d, 12w, 6m, 2y (at most 5y)',
        default: DEFAULT_SERIES_WINDOW,
      },
    ],
    schema: 'series',
    response: seriesResponseSchema,
    auth: 'bearer',
  }),
  gammaCurve: endpoint({
    path: '/tickers/{ticker}/curves/gamma',
    method: 'GET',
    description: 'dealer gamma per strike (shares per $1; calls +, puts -)',
    params: [
      ticker,
      {
        name: 'exp',
        type: 'string',
        description: 'a bucket or a listed date YYYY-MM-DD',
        allowed: GAMMA_CURVE_BUCKETS,
        default: 'combined',
      },
      {
        name: 'realtime',
        type: 'bool',
        description: 'real-time single-expiration pull; needs trading hours (409 otherwise)',
        default: false,
      },
      {
        name: 'view',
        type: 'enum',
        description: 'naive: calls and puts both positive',
        allowed: GAMMA_CURVE_VIEWS,
      },
    ],
    schema: 'gammaCurve',
    response: gammaCurveResponseSchema,
    auth: 'bearer',
  }),
  gammaExpirations: endpoint({
    path: '/tickers/{ticker}/curves/gamma/expirations',
    method: 'GET',
    description: 'gamma per strike split into nearest, first_weekly, first_monthly and all_other_expiries',
    params: [ticker],
    schema: 'gammaExpirations',
    response: gammaExpirationsResponseSchema,
    auth: 'bearer',
  }),
  gexByStrike: endpoint({
    path: '/tickers/{ticker}/curves/gex_by_strike',
    method: 'GET',
    description: 'GEX per strike in USD per 1 % move; call/put split only for combined',
    params: [
      ticker,
      {
        name: 'exp',
        type: 'enum',
        description: 'expiration bucket',
        allowed: GEX_BY_STRIKE_BUCKETS,
        default: 'combined',
      },
    ],
    schema: 'gexByStrike',
    response: gexByStrikeResponseSchema,
    auth: 'bearer',
  }),
  levels: endpoint({
    path: '/tickers/{ticker}/levels',
    method: 'GET',
    description: 'key price levels; json, or plain text for TradingView (Pine) and thinkorswim (thinkScript)',
    params: [
      ticker,
      {
        name: 'format',
        type: 'enum',
        description:
          'output format; tradingview and tos are text/plain, or JSON { format, text } when Accept asks for JSON only',
        allowed: LEVELS_FORMATS,
        default: 'json',
      },
      {
        name: 'view',
        type: 'enum',
        description:
          'synonym of format (the official client sends it); without a text type in Accept a text format is answered as JSON { format, text }',
        allowed: LEVELS_FORMATS,
      },
      {
        name: 'equivalent',
        type: 'enum',
        description:
          "ours: with format tradingview or tos, the script of the levels' futures equivalents (SPX on ES1! and /ES: each level + the basis on the contract's tick, 0.25 for ES and NQ and 0.10 for RTY, futures_equivalent); 409 where the ticker has none",
        allowed: LEVELS_EQUIVALENTS,
      },
    ],
    schema: 'levels',
    response: levelsResponseSchema,
    auth: 'bearer',
  }),
  optionsVolume: endpoint({
    path: '/tickers/{ticker}/options/volume',
    method: 'GET',
    description: 'option volume by strike for one expiration; own per-key rate limit (429 with Retry-After)',
    params: [
      ticker,
      {
        name: 'exp',
        type: 'string',
        required: true,
        description: 'nearest, first_weekly, first_monthly or a listed date',
        allowed: OPTIONS_VOLUME_BUCKETS,
      },
      {
        name: 'include',
        type: 'string',
        required: false,
        description: "iv adds each strike's call_iv and put_iv and the expiration's atm_iv (decimals)",
        allowed: OPTIONS_VOLUME_INCLUDES,
      },
    ],
    schema: 'optionsVolume',
    response: optionsVolumeResponseSchema,
    auth: 'bearer',
  }),
  tradeSetup: endpoint({
    path: '/agent/trade-setup/{ticker}',
    method: 'GET',
    description: 'compact trade-setup payload of the latest snapshot (404 when there is none)',
    params: [ticker],
    schema: 'tradeSetup',
    response: tradeSetupResponseSchema,
    auth: 'bearer',
  }),
  topSetups: endpoint({
    path: '/top-setups',
    method: 'GET',
    description: 'latest snapshot per ticker within 36 h, sorted by opportunity_score desc; ETag and 304',
    params: rankingFilters,
    schema: 'topSetups',
    response: topSetupsResponseSchema,
    auth: 'bearer',
  }),
  screener: endpoint({
    path: '/top-setups/screener/{name}',
    method: 'GET',
    description:
      'a preset screener: /top-setups with the preset filters, each overridable by query parameter',
    params: [
      { name: 'name', type: 'path', required: true, description: 'preset name', allowed: SCREENER_PRESETS },
      ...rankingFilters,
    ],
    schema: 'topSetups',
    response: screenerResponseSchema,
    auth: 'bearer',
  }),
  incomeSetups: endpoint({
    path: '/income-setups',
    method: 'GET',
    description: 'covered calls and cash-secured puts ranked by income_score, at most two rows per ticker',
    params: [
      { name: 'type', type: 'enum', description: 'strategy; omit for both', allowed: INCOME_STRATEGIES },
      { name: 'min_income_score', type: 'float', description: 'clamped to 0-10', default: 0 },
      { name: 'limit', type: 'int', description: 'clamped to 2-50', default: 10 },
    ],
    schema: 'incomeSetups',
    response: incomeResponseSchema,
    auth: 'bearer',
  }),
  access: endpoint({
    path: '/access',
    method: 'GET',
    description: 'tiers, limits and the demo set',
    params: [],
    schema: 'access',
    response: accessResponseSchema,
    auth: 'none',
  }),
  llmSpec: endpoint({
    path: '/llm-spec',
    method: 'GET',
    description: 'this document: endpoints, metric catalog, conventions, JSON Schemas',
    params: [],
    schema: 'llmSpec',
    response: llmSpecResponseSchema,
    auth: 'none',
  }),
};

export type EndpointName = keyof typeof API_ENDPOINTS;

/**
 * A listed path with each `{name}` parameter replaced by `segment(name)`: the one reading of the
 * template syntax, for the client (values) and the service (its router's `:name` form).
 */
export function fillPath(path: string, segment: (name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => segment(name));
}

/** The endpoint names in the list's order. */
export const ENDPOINT_NAMES = Object.keys(API_ENDPOINTS) as EndpointName[];

/** An endpoint as /llm-spec publishes it: the list's entry with the schema id instead of zod. */
export type PublishedEndpoint = Omit<ApiEndpoint, 'schema' | 'response'> & { schema: string };

export function publishedEndpoint({
  path,
  method,
  description,
  params,
  schema,
  auth,
}: ApiEndpoint): PublishedEndpoint {
  return { path, method, description, params, schema: SCHEMA_IDS[schema], auth };
}
