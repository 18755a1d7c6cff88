// Cross-ticker rankings: /top-setups, the screener presets and /income-setups. Each request is a
// filter over the analysis cache's universe (built once per snapshot epoch). The weak ETag is
// computed from the spec's keys before any body exists and kept with the request's URL, so a
// repeated request or a matching revalidation costs a map lookup; bodies are serialised once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SCHEMA_IDS,
  SCREENER_PRESETS as PRESET_NAMES,
  type ScreenerPreset,
} from '../../../shared/api/index.ts';
import { LRUCache } from 'lru-cache';
import type { TickerAnalysis } from '../../analysis/ticker-analysis.ts';
import { INCOME_RECOMMENDER_VERSION } from '../../engine/interpret/income.ts';
import { REGIME_MODEL_VERSION } from '../../engine/interpret/regime.ts';
import { TRADE_SETUP_INTERPRETER_VERSION } from '../../engine/interpret/trade-setup.ts';
import { ifNoneMatchMatches, weakEtag } from '../../rankings/etag.ts';
import { parseIncomeQuery, parseTopSetupsQuery } from '../../rankings/parse-query.ts';
import { INCOME_ROW_SHAPE, rankIncome } from '../../../shared/rankings/income-setups.ts';
import { SCREENER_PRESET_VERSION, presetQuery } from '../../../shared/rankings/screener-presets.ts';
import { echoFilters, type TopSetupsQuery } from '../../../shared/rankings/top-setups-query.ts';
import { rankTopSetups } from '../../../shared/rankings/top-setups.ts';
import type { ServiceContext } from '../context.ts';
import { clip } from '../../../shared/api/echo.ts';
import { serveEndpoint } from '../endpoint-route.ts';
import { isoUtc } from '../envelope.ts';
import { ServiceError } from '../errors.ts';
import { CachedBody, jsonBuffer, sendCachedJson } from '../json-reply.ts';
import { readQuery } from '../query.ts';

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
  asof: number | null;
  epoch: string;
  scope: 'full' | 'demo';
}

export function registerRankingRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  // Keyed by epoch, scope and the raw URL: a repeated request skips ranking and hashing.
  const prepared = new LRUCache<string, Prepared>({ max: 256 });

  // The query is parsed (and refused) before the universe is asked for: on a cold service that
  // ranks for seconds, a bad parameter must not wait for a ranking it will never read.
  function respond<Q>(
    request: FastifyRequest,
    reply: FastifyReply,
    query: Q,
    prepare: (view: View, query: Q) => Prepared,
  ): FastifyReply {
    const u = ctx.analysis.universe();
    const scope = request.caller?.kind === 'demo' ? 'demo' : 'full';
    const key = `${scope}|${u.id}|${request.url}`;
    let p = prepared.get(key);
    if (p === undefined) {
      const rows = scope === 'full' ? u.rows : u.rows.filter((a) => ctx.demoSymbols.includes(a.ticker));
      const asof =
        scope === 'full' ? u.asof : rows.reduce<number | null>((m, a) => Math.max(m ?? a.asof, a.asof), null);
      p = prepare({ rows, asof, epoch: u.key, scope }, query);
      prepared.set(key, p);
    }
    void reply.header('etag', p.etag).header('cache-control', p.cacheControl);
    if (ifNoneMatchMatches(request.headers['if-none-match'], p.etag)) return reply.code(304).send();
    p.body ??= new CachedBody(jsonBuffer(p.build()));
    return sendCachedJson(reply, p.body);
  }

  function topSetups(
    query: TopSetupsQuery,
    screener: ScreenerPreset | null,
    { rows, asof, epoch, scope }: View,
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
        data: { items },
      }),
    };
  }

  serveEndpoint(app, 'topSetups', async (request, reply) =>
    respond(request, reply, parseTopSetupsQuery(readQuery(request.query)), (view, query) =>
      topSetups(query, null, view),
    ),
  );

  serveEndpoint(app, 'screener', async (request, reply) => {
    const raw = (request.params as Record<string, unknown>).name;
    const name = PRESET_NAMES.find((p) => typeof raw === 'string' && p === raw.toLowerCase());
    if (name === undefined) {
      throw new ServiceError(
        404,
        'unknown_preset',
        `no screener preset named '${typeof raw === 'string' ? clip(raw) : ''}'`,
        { available: PRESET_NAMES },
      );
    }
    return respond(
      request,
      reply,
      parseTopSetupsQuery(presetQuery(name, readQuery(request.query))),
      (view, query) => topSetups(query, name, view),
    );
  });

  serveEndpoint(app, 'incomeSetups', async (request, reply) =>
    respond(
      request,
      reply,
      parseIncomeQuery(readQuery(request.query)),
      ({ rows, asof, epoch, scope }, query) => {
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
            data: { items },
          }),
        };
      },
    ),
  );
}
