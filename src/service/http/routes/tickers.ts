// Per-ticker endpoints that read the analysed snapshot: the state, market structure, explain,
// signals, series and the agent's trade setup. Curves live in curves.ts. The data of each view
// comes from ticker-payloads.ts (shared with snapshot-payloads.ts); this file parses the query.
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_EXPLAIN_VIEW,
  DEFAULT_SERIES_METRICS,
  DEFAULT_SERIES_WINDOW,
  EXPLAIN_VIEWS,
  MARKET_STRUCTURE_INCLUDES,
  METRIC_KEYS,
  METRIC_KEY_ALIASES,
  SCHEMA_IDS,
  normalizeMetricKey,
  type EndpointName,
  type MetricKey,
} from '../../../shared/api/index.ts';
import { epochToNy } from '../../../shared/market-calendar.ts';
import { parseWindow } from '../../series/window.ts';
import type { ServiceContext } from '../context.ts';
import { clipForApi } from '../../../shared/echo.ts';
import { serveEndpoint } from '../endpoint-route.ts';
import { tickerEnvelope } from '../envelope.ts';
import { invalidParam } from '../errors.ts';
import { cacheControlClock, notModified, type ViewParams } from '../conditional.ts';
import { boolParam, csvParam, enumParam, readQuery, type Query } from '../../../shared/api/query.ts';
import { serveSnapshotEndpoint, type SnapshotEndpoint } from '../snapshot-route.ts';
import { seriesPoints } from '../series-points.ts';
import { logStoppedByClose, stoppedByClose } from '../closing.ts';
import { latestAnalysis, tickerParam } from '../ticker-access.ts';
import {
  explainData,
  marketStructureData,
  signalsData,
  tickerStateData,
  tradeSetupData,
} from '../ticker-payloads.ts';

/** CSV of add-ons from a closed set; anything else is a 400 listing the set. */
function includes<T extends string>(q: Query, allowed: readonly T[]): Set<T> {
  const out = new Set<T>();
  for (const raw of csvParam(q, 'include') ?? []) {
    const hit = allowed.find((a) => a === raw.toLowerCase());
    if (hit === undefined) throw invalidParam('include', `unknown add-on '${clipForApi(raw)}'`, allowed);
    out.add(hit);
  }
  return out;
}

function seriesMetrics(q: Query): MetricKey[] {
  const raw = csvParam(q, 'metrics');
  if (raw === undefined) return [...DEFAULT_SERIES_METRICS];
  const keys = raw.map((name) => {
    const key = normalizeMetricKey(name);
    if (key === null) {
      throw invalidParam('metrics', `'${clipForApi(name)}' is not a metric catalog key`, [
        ...METRIC_KEYS,
        ...Object.keys(METRIC_KEY_ALIASES),
      ]);
    }
    return key;
  });
  return [...new Set(keys)];
}

export function registerTickerRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const cacheControl = cacheControlClock(ctx.source);
  const serve = <P extends ViewParams>(name: EndpointName, endpoint: SnapshotEndpoint<P>): void =>
    serveSnapshotEndpoint(app, ctx, cacheControl, name, endpoint);

  serve('tickerState', {
    params: (q) => ({
      call_diag: includes(q, ['call_diag'] as const).has('call_diag'),
      trade_recommendation: boolParam(q, 'trade_recommendation', false),
    }),
    data: (a, p) =>
      tickerStateData(a, { callDiag: p.call_diag, tradeRecommendation: p.trade_recommendation }),
  });

  serve('marketStructure', {
    params: (q) => {
      const add = includes(q, MARKET_STRUCTURE_INCLUDES);
      return { state: add.has('state'), call_diag: add.has('call_diag') };
    },
    data: (a, p) => marketStructureData(a, { state: p.state, callDiag: p.call_diag }),
  });

  serve('explain', {
    params: (q) => ({ view: enumParam(q, 'view', EXPLAIN_VIEWS, DEFAULT_EXPLAIN_VIEW) }),
    data: (a, p) => explainData(a, p.view),
  });

  serve('signals', { params: () => ({}), data: (a) => signalsData(a) });

  serveEndpoint(app, 'series', async (request, reply) => {
    const q = readQuery(request.query);
    const metrics = seriesMetrics(q);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    const window = parseWindow(q.get('window') ?? DEFAULT_SERIES_WINDOW, epochToNy(a.asof).date);
    // Decided before the rows are read: a current copy costs no series work at all.
    const params = { window: window.text, metrics };
    if (notModified(request, reply, a, SCHEMA_IDS.series, params, cacheControl())) return reply;
    let rows: Awaited<ReturnType<typeof ctx.series.rows>>;
    try {
      rows = await ctx.series.rows(a.ticker, window.after, ctx.closing);
    } catch (error) {
      // Answered 503 at the answer limit, then stopped by the close: nothing is left to say, and
      // a rejection now would be logged as an error after the reply (see closing.ts).
      if (reply.sent && stoppedByClose(ctx.closing, error)) {
        logStoppedByClose(request);
        return reply;
      }
      throw error;
    }
    const points = seriesPoints(rows, metrics, {
      source: ctx.source,
      ticker: a.ticker,
      asof: a.asof,
      after: window.after,
    });
    return tickerEnvelope(SCHEMA_IDS.series, a.ticker, a.asof, {
      ticker: a.ticker,
      window: window.text,
      metrics,
      points,
    });
  });

  serve('tradeSetup', { params: () => ({}), data: (a) => tradeSetupData(a) });
}
