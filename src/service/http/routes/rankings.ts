// Cross-ticker rankings: /top-setups, the screener presets and /income-setups. Each request is a
// filter over the analysis cache's universe (built once per snapshot epoch). A repeated request is
// two map lookups (ranking-cache.ts): its parsed query by the raw URL, then its prepared response
// by the normalised query, scope and epoch. The weak ETag is computed from the spec's keys before
// any body exists, so a matching revalidation never builds a body; a body is serialised once.
//
// Beside `data.items` each response lists `data.left_out`: the universe tickers the ranking did not
// consider and why (analysis/left-out.ts), e.g. a chain folder's ticker whose newest file is months
// behind the folder's newest. The epoch covers them, so the ETag changes when they do.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SCHEMA_IDS,
  SCREENER_PRESETS as PRESET_NAMES,
  type ScreenerPreset,
} from '../../../shared/api/index.ts';
import type { LeftOut } from '../../analysis/left-out.ts';
import type { TickerAnalysis } from '../../analysis/ticker-analysis.ts';
import { INCOME_RECOMMENDER_VERSION } from '../../engine/interpret/income.ts';
import { REGIME_MODEL_VERSION } from '../../engine/interpret/regime.ts';
import { TRADE_SETUP_INTERPRETER_VERSION } from '../../engine/interpret/trade-setup.ts';
import { ifNoneMatchMatches, weakEtag } from '../../rankings/etag.ts';
import { parseIncomeQuery, parseTopSetupsQuery } from '../../rankings/parse-query.ts';
import { INCOME_ROW_SHAPE, rankIncome, type IncomeQuery } from '../../../shared/rankings/income-setups.ts';
import { SCREENER_PRESET_VERSION, presetQuery } from '../../../shared/rankings/screener-presets.ts';
import { echoFilters, type TopSetupsQuery } from '../../../shared/rankings/top-setups-query.ts';
import { rankTopSetups } from '../../../shared/rankings/top-setups.ts';
import type { ServiceContext } from '../context.ts';
import { clipForApi } from '../../../shared/echo.ts';
import { serveEndpoint } from '../endpoint-route.ts';
import { isoUtc } from '../envelope.ts';
import { ServiceError } from '../errors.ts';
import { CachedBody, jsonBuffer, sendCachedJson } from '../json-reply.ts';
import { readQuery } from '../../../shared/api/query.ts';
import { EpochCache, ParsedQueryCache, type ParsedQuery } from '../ranking-cache.ts';

const SWR_SECONDS = 30;

/** A ranking response as far as it can be prepared before knowing whether the caller has it. */
interface Prepared {
  etag: string;
  cacheControl: string;
  /** The envelope; only built when the ETag did not match. */
  build: () => unknown;
  body?: CachedBody;
}

/** What a ranking request sees of the universe: demo access sees the demo symbols only. */
interface View {
  rows: readonly TickerAnalysis[];
  leftOut: readonly LeftOut[];
  asof: number | null;
  epoch: string;
  scope: 'full' | 'demo';
}

/** `data.left_out` as the API writes it. */
function leftOutData(leftOut: readonly LeftOut[]) {
  return leftOut.map((l) => ({
    ticker: l.ticker,
    code: l.code,
    newest_asof: l.newest === null ? null : isoUtc(l.newest),
    reason: l.reason,
  }));
}

export function registerRankingRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const prepared = new EpochCache<Prepared>();

  // The query is parsed (and refused) before the universe is asked for: on a cold service that
  // ranks for seconds, a bad parameter must not wait for a ranking it will never read.
  // `endpoint` names the route's response family in the cache key (a screener adds its preset).
  function respond<Q>(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    parsed: ParsedQuery<Q>,
    prepare: (view: View, query: Q) => Prepared,
  ): void {
    const u = ctx.analysis.universe();
    const scope = request.caller?.kind === 'demo' ? 'demo' : 'full';
    const p = prepared.get(u.id, `${endpoint}|${scope}|${parsed.key}`, () => {
      const rows = scope === 'full' ? u.rows : u.rows.filter((a) => ctx.demoSymbols.includes(a.ticker));
      const leftOut =
        scope === 'full' ? u.leftOut : u.leftOut.filter((l) => ctx.demoSymbols.includes(l.ticker));
      const asof =
        scope === 'full' ? u.asof : rows.reduce<number | null>((m, a) => Math.max(m ?? a.asof, a.asof), null);
      return prepare({ rows, leftOut, asof, epoch: u.key, scope }, parsed.query);
    });
    void reply.header('etag', p.etag).header('cache-control', p.cacheControl);
    if (ifNoneMatchMatches(request.headers['if-none-match'], p.etag)) {
      void reply.code(304).send();
      return;
    }
    p.body ??= new CachedBody(jsonBuffer(p.build()));
    void sendCachedJson(reply, p.body);
  }

  function topSetups(
    query: TopSetupsQuery,
    screener: ScreenerPreset | null,
    { rows, leftOut, asof, epoch, scope }: View,
  ): Prepared {
    const items = rankTopSetups(
      rows.map((a) => a.topSetupsItem),
      query,
    );
    const filters = echoFilters(query);
    const asofIso = asof === null ? null : isoUtc(asof);
    const keyed = {
      schema: SCHEMA_IDS.topSetups,
      asof: asofIso,
      limit: query.limit,
      min_score: query.min_score,
      filters,
      count: items.length,
      screener,
      scope,
      epoch,
    };
    return {
      etag: weakEtag(keyed),
      cacheControl: `private, max-age=${query.ttl}, stale-while-revalidate=${SWR_SECONDS}`,
      build: () => ({
        meta: {
          schema: SCHEMA_IDS.topSetups,
          asof: asofIso,
          limit: query.limit,
          min_score: query.min_score,
          count: items.length,
          filters,
          model_versions: {
            trade_setup: TRADE_SETUP_INTERPRETER_VERSION,
            regime: REGIME_MODEL_VERSION,
            ...(screener ? { screener_presets: SCREENER_PRESET_VERSION } : {}),
          },
          extra: screener ? { screener } : {},
        },
        data: { items, left_out: leftOutData(leftOut) },
      }),
    };
  }

  const topQueries = new ParsedQueryCache<TopSetupsQuery>();
  // The handlers are synchronous and return nothing: an async one (or one returning the reply,
  // which is a thenable) costs a promise and the microtasks that settle it, on a path that is
  // otherwise two map lookups. A thrown ServiceError reaches the error handler all the same.
  serveEndpoint(app, 'topSetups', (request, reply) => {
    respond(
      request,
      reply,
      'top',
      topQueries.get(request.url, () => parseTopSetupsQuery(readQuery(request.query))),
      (view, query) => topSetups(query, null, view),
    );
  });

  // Keyed by the raw URL too, so the preset name as sent is part of the key; an unknown preset is
  // a 404 before any parse and is never kept.
  const screenerQueries = new ParsedQueryCache<{ name: ScreenerPreset; query: TopSetupsQuery }>();
  serveEndpoint(app, 'screener', (request, reply) => {
    const parsed = screenerQueries.get(request.url, () => {
      const raw = (request.params as Record<string, unknown>).name;
      const name = PRESET_NAMES.find((p) => typeof raw === 'string' && p === raw.toLowerCase());
      if (name === undefined) {
        throw new ServiceError(
          404,
          'unknown_preset',
          `no screener preset named '${typeof raw === 'string' ? clipForApi(raw) : ''}'`,
          { available: PRESET_NAMES },
        );
      }
      return { name, query: parseTopSetupsQuery(presetQuery(name, readQuery(request.query))) };
    });
    respond(request, reply, 'screener', parsed, (view, { name, query }) => topSetups(query, name, view));
  });

  const incomeQueries = new ParsedQueryCache<IncomeQuery>();
  serveEndpoint(app, 'incomeSetups', (request, reply) => {
    respond(
      request,
      reply,
      'income',
      incomeQueries.get(request.url, () => parseIncomeQuery(readQuery(request.query))),
      ({ rows, leftOut, asof, epoch, scope }, query) => {
        const items = rankIncome(
          rows.flatMap((a) => a.income),
          query,
        );
        const asofIso = asof === null ? null : isoUtc(asof);
        const keyed = {
          schema: SCHEMA_IDS.incomeSetups,
          shape: INCOME_ROW_SHAPE,
          asof: asofIso,
          limit: query.limit,
          min_income_score: query.min_income_score,
          type: query.type,
          count: items.length,
          scope,
          epoch,
        };
        return {
          etag: weakEtag(keyed),
          cacheControl: 'private',
          build: () => ({
            meta: {
              schema: SCHEMA_IDS.incomeSetups,
              asof: asofIso,
              limit: query.limit,
              min_income_score: query.min_income_score,
              type: query.type,
              count: items.length,
              model_versions: { income_recommender: INCOME_RECOMMENDER_VERSION },
              extra: {},
            },
            data: { items, left_out: leftOutData(leftOut) },
          }),
        };
      },
    );
  });
}
