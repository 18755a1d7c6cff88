// /access and /llm-spec: readable without a key. /llm-spec depends only on configuration and is
// computed once; /access also reports the source (a live chain folder's universe grows, and its
// clock is the data's own) and is rebuilt per request, which costs microseconds.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_ENDPOINTS,
  CLIENT_DEMO_HEADER,
  DEMO_HEADER,
  METRIC_CATALOG,
  SCHEMA_IDS,
  errorBodySchema,
  levelsTextResponseSchema,
  publishedEndpoint,
  type AccessData,
  type LlmSpecData,
} from '../../../shared/api/index.ts';
import type { ServiceContext } from '../context.ts';
import { serveEndpoint } from '../endpoint-route.ts';

export const CONVENTIONS: readonly string[] = [
  'All paths are relative to the base URL, which ends in /api/v2. Every endpoint is GET.',
  'Successful responses are JSON { meta, data }; /levels with format=tradingview or tos (view= is a synonym) is text/plain, or JSON { meta, data: { format, text } } when Accept asks for JSON only (or view= is sent without a text Accept).',
  'meta.asof is the ISO-8601 UTC time of the snapshot the data comes from, never the time of the request; data.asof is the same instant for display (New York time).',
  'Authenticate with "Authorization: Bearer <API_KEY>". Without a key, "X-Svc-Demo: 1" (or "X-TV-Demo: 1") serves the eight demo symbols listed by /access; other symbols answer 401 demo_symbol_not_allowed with the allowed list.',
  'Errors are { error: { code, message, request_id, ... } } with "allowed" (400) or "available" (404) lists where they help.',
  'Ticker symbols are case-normalised; a path segment that is not a plausible symbol is a 400, a symbol without data a 404 unknown_ticker.',
  'Fields ending in _pct are percent units (1.78 means 1.78 %); IV fields such as atm_iv are decimals (0.28 means 28 %); ratios are plain ratios.',
  'all_other_expiries = combined - nearest - first_weekly - first_monthly at each strike.',
  'Rankings: unknown parameters are ignored, empty values are unset, CSV means IN, filters are AND-ed, ranges are inclusive, out-of-range numbers are clamped and echoed in meta.filters (ranges as <prefix>_range: [lo, hi]); non-numeric values for numeric parameters are a 400.',
  'Rankings send a weak ETag and Cache-Control; send If-None-Match to get a 304 with no body when nothing changed.',
  'Real-time gamma curves (realtime=true or exp=YYYY-MM-DD) need trading hours. Outside them both are 409 outside_trading_hours with the next open; omit realtime and use a bucket for the cached curve.',
  'Suggested order of use: ticker snapshot, market-structure, signals, series, curves, then rankings to narrow the universe.',
];

/** Open labels are zod custom types: JSON Schema gets `{}` (any) for them rather than an error. */
function toJson(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });
}

/**
 * JSON Schemas by schema id. Two endpoints with one id and different zod schemas (a screener's
 * response is a top-setups response whose meta.extra names the preset) give `<id>#<endpoint>`.
 */
function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const seen = new Map<string, z.ZodType>();
  for (const [name, { schema, response }] of Object.entries(API_ENDPOINTS)) {
    const id = SCHEMA_IDS[schema];
    const first = seen.get(id);
    if (first === response) continue;
    if (first === undefined) seen.set(id, response);
    out[first === undefined ? id : `${id}#${name}`] = toJson(response);
  }
  // The levels text formats wrapped in JSON (Accept: application/json, or view= without a text Accept).
  out[`${SCHEMA_IDS.levels}#text`] = toJson(levelsTextResponseSchema);
  out.error = toJson(errorBodySchema);
  return out;
}

function buildLlmSpec(): LlmSpecData {
  return {
    version: '2.0.0',
    endpoints: Object.values(API_ENDPOINTS).map(publishedEndpoint),
    metric_catalog: METRIC_CATALOG,
    conventions: [...CONVENTIONS],
    json_schemas: jsonSchemas(),
  };
}

/**
 * Which market and which clock the figures come from: `clock` is `data` when "now" is a chain
 * folder's newest snapshot (rankings and recency windows follow the files, not the wall clock).
 */
function sourceData(ctx: ServiceContext): Record<string, unknown> {
  const { source } = ctx;
  return {
    kind: source.kind ?? (source.simulated ? 'simulator' : 'other'),
    simulated: source.simulated,
    clock: source.clock.kind ?? 'custom',
    now: new Date(source.clock.now()).toISOString(),
  };
}

export function accessData(ctx: ServiceContext): AccessData {
  return {
    source: sourceData(ctx),
    tiers: [
      {
        name: 'key',
        description: 'Bearer API key from this service configuration: every endpoint, the full universe',
        universe: ctx.source.universe().length,
      },
      {
        name: 'demo',
        description: `No key, header ${DEMO_HEADER}: 1 (or ${CLIENT_DEMO_HEADER}: 1): the demo symbols only, rankings restricted to them`,
        universe: ctx.demoSymbols.length,
      },
    ],
    limits: {
      options_volume: {
        burst: ctx.limits.optionsVolume.burst,
        per_second: ctx.limits.optionsVolume.perSecond,
        scope: 'per key',
      },
      demo: ctx.limits.demo
        ? { burst: ctx.limits.demo.burst, per_second: ctx.limits.demo.perSecond, scope: 'per client address' }
        : null,
      top_setups_limit: { default: 20, min: 1, max: 200 },
      income_setups_limit: { default: 10, min: 2, max: 50 },
      ttl_seconds: { default: 900, min: 0, max: 1800 },
      stale_while_revalidate_seconds: 30,
      snapshot_recency_hours: 36,
      series_window_max: '5y',
    },
    // `headers` is ours, additive: every spelling of the demo header this service reads.
    demo: { header: DEMO_HEADER, headers: [DEMO_HEADER, CLIENT_DEMO_HEADER], symbols: [...ctx.demoSymbols] },
  };
}

export function registerDiscoveryRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  let llmSpec: LlmSpecData | null = null;
  serveEndpoint(app, 'access', async () => ({
    meta: { schema: SCHEMA_IDS.access, asof: null },
    data: accessData(ctx),
  }));
  serveEndpoint(app, 'llmSpec', async () => {
    llmSpec ??= buildLlmSpec();
    return { meta: { schema: SCHEMA_IDS.llmSpec, asof: null }, data: llmSpec };
  });
}
