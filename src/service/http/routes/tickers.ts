// Per-ticker endpoints that read the analysed snapshot: the state, market structure, explain,
// signals, series and the agent's trade setup. Curves live in curves.ts.
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
  type MetricKey,
  type SeriesPoint,
} from '../../../shared/api/index.ts';
import { epochToNy } from '../../../shared/market-calendar.ts';
import { callDiagnostics } from '../../analysis/call-diagnostics.ts';
import { explainTicker } from '../../engine/interpret/explain.ts';
import { toTradeSetupData } from '../../engine/interpret/trade-projections.ts';
import { parseWindow } from '../../series/window.ts';
import type { ServiceContext } from '../context.ts';
import { displayAsof, tickerEnvelope } from '../envelope.ts';
import { invalidParam } from '../errors.ts';
import { cacheControlClock, notModified, sendSnapshotView } from '../conditional.ts';
import { boolParam, csvParam, enumParam, readQuery, type Query } from '../query.ts';
import { latestAnalysis, tickerParam } from '../ticker-access.ts';
import { signalsData, tickerStateData } from '../ticker-payloads.ts';

/** CSV of add-ons from a closed set; anything else is a 400 listing the set. */
function includes<T extends string>(q: Query, allowed: readonly T[]): Set<T> {
  const out = new Set<T>();
  for (const raw of csvParam(q, 'include') ?? []) {
    const hit = allowed.find((a) => a === raw.toLowerCase());
    if (hit === undefined) throw invalidParam('include', `unknown add-on '${raw.slice(0, 20)}'`, allowed);
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
      throw invalidParam('metrics', `'${name.slice(0, 40)}' is not a metric catalog key`, [
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

  app.get('/tickers/:ticker', async (request, reply) => {
    const q = readQuery(request.query);
    const callDiag = includes(q, ['call_diag'] as const).has('call_diag');
    const tradeRecommendation = boolParam(q, 'trade_recommendation', false);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.tickerState,
        params: { call_diag: callDiag, trade_recommendation: tradeRecommendation },
        build: () =>
          tickerEnvelope(
            SCHEMA_IDS.tickerState,
            a.ticker,
            a.asof,
            tickerStateData(a, { callDiag, tradeRecommendation }),
          ),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/market-structure', async (request, reply) => {
    const add = includes(readQuery(request.query), MARKET_STRUCTURE_INCLUDES);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.marketStructure,
        params: { state: add.has('state'), call_diag: add.has('call_diag') },
        build: () =>
          tickerEnvelope(SCHEMA_IDS.marketStructure, a.ticker, a.asof, {
            ticker: a.ticker,
            asof: displayAsof(a.asof),
            ...a.marketStructure,
            ...(add.has('state') ? { state: tickerStateData(a) } : {}),
            ...(add.has('call_diag') ? { call_diag: callDiagnostics(a) } : {}),
          }),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/explain', async (request, reply) => {
    const view = enumParam(readQuery(request.query), 'view', EXPLAIN_VIEWS, DEFAULT_EXPLAIN_VIEW);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.explain,
        params: { view },
        build: () =>
          tickerEnvelope(
            SCHEMA_IDS.explain,
            a.ticker,
            a.asof,
            explainTicker(a.metrics, a.regime, a.setup, view),
          ),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/signals', async (request, reply) => {
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.signals,
        params: {},
        build: () => tickerEnvelope(SCHEMA_IDS.signals, a.ticker, a.asof, signalsData(a)),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/series', async (request, reply) => {
    const q = readQuery(request.query);
    const metrics = seriesMetrics(q);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    const window = parseWindow(q.get('window') ?? DEFAULT_SERIES_WINDOW, epochToNy(a.asof).date);
    // Decided before the rows are read: a current copy costs no series work at all.
    const params = { window: window.text, metrics };
    if (notModified(request, reply, a, SCHEMA_IDS.series, params, cacheControl())) return reply;
    const rows = await ctx.series.rows(a.ticker, window.after, ctx.closing);
    const points = rows.map(({ date, row }) => {
      const point: SeriesPoint = { date };
      for (const key of metrics) point[key] = row[key];
      return point;
    });
    return tickerEnvelope(SCHEMA_IDS.series, a.ticker, a.asof, {
      ticker: a.ticker,
      window: window.text,
      metrics,
      points,
    });
  });

  app.get('/agent/trade-setup/:ticker', async (request, reply) => {
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.tradeSetup,
        params: {},
        build: () =>
          tickerEnvelope(SCHEMA_IDS.tradeSetup, a.ticker, a.asof, toTradeSetupData(a.metrics, a.setup)),
      },
      cacheControl(),
    );
  });
}
