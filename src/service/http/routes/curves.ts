// Strike-level endpoints: gamma curve, gamma by expiration, GEX by strike, levels and option volume.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GAMMA_CURVE_BUCKETS,
  GAMMA_CURVE_VIEWS,
  GEX_BY_STRIKE_BUCKETS,
  LEVELS_FORMATS,
  SCHEMA_IDS,
} from '../../../shared/api/index.ts';
import { isMarketOpen, nextSession } from '../../../shared/market-calendar.ts';
import type { TickerAnalysis } from '../../analysis/ticker-analysis.ts';
import { gammaByExpiration, gammaCurve, gexByStrike, optionsVolume } from '../../engine/curves.ts';
import {
  ExpirySelectionError,
  parseExpirySelection,
  type ExpirySelection,
} from '../../engine/expirations.ts';
import { renderThinkorswim, renderTradingView } from '../../engine/levels-render.ts';
import type { ServiceContext } from '../context.ts';
import { displayAsof, isoUtc, tickerEnvelope } from '../envelope.ts';
import { ServiceError, invalidParam, missingParam } from '../errors.ts';
import { cacheControlClock, sendSnapshotView } from '../conditional.ts';
import { boolParam, enumParam, readQuery } from '../query.ts';
import { latestAnalysis, tickerParam } from '../ticker-access.ts';

const DATE_HINT = 'YYYY-MM-DD';
const VOLUME_EXPS = ['nearest', 'first_weekly', 'first_monthly'] as const;

function expParam(
  raw: string | undefined,
  allowed: readonly string[],
  fallback: ExpirySelection | null,
): ExpirySelection {
  if (raw === undefined) {
    if (fallback === null) throw missingParam('exp', [...allowed, DATE_HINT]);
    return fallback;
  }
  try {
    const selection = parseExpirySelection(raw);
    if (!allowed.includes(selection) && !/^\d{4}-/.test(selection))
      throw new ExpirySelectionError('invalid_expiry', '');
    return selection;
  } catch (error) {
    if (error instanceof ExpirySelectionError)
      throw invalidParam('exp', `unknown value '${raw.slice(0, 20)}'`, [...allowed, DATE_HINT]);
    throw error;
  }
}

/** Runs an engine call whose selector may name a date the chain does not list: that is a 404. */
function withExpiry<T>(a: TickerAnalysis, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ExpirySelectionError) {
      throw new ServiceError(404, 'unknown_expiration', error.message, {
        param: 'exp',
        available: a.chain.expirations.map((e) => e.date),
      });
    }
    throw error;
  }
}

function rateKey(request: FastifyRequest): string {
  return request.caller?.kind === 'key' ? request.caller.id : `demo:${request.ip}`;
}

export function registerCurveRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const pricing = ctx.analysis.pricing;
  const cacheControl = cacheControlClock(ctx.source);

  app.get('/tickers/:ticker/curves/gamma', async (request, reply) => {
    const q = readQuery(request.query);
    const exp = expParam(q.get('exp'), GAMMA_CURVE_BUCKETS, 'combined');
    const realtime = boolParam(q, 'realtime', false);
    const view = enumParam(q, 'view', GAMMA_CURVE_VIEWS) ?? 'signed';
    const a = latestAnalysis(ctx, request, tickerParam(request));
    const pull = realtime || !(GAMMA_CURVE_BUCKETS as readonly string[]).includes(exp);
    if (pull) {
      const now = ctx.analysis.now();
      if (!isMarketOpen(now)) {
        const open = isoUtc(nextSession(now).open);
        throw new ServiceError(
          409,
          'outside_trading_hours',
          `a real-time curve pull needs trading hours; the market opens next at ${open}. Omit realtime and use a bucket for the cached curve.`,
          { next_open: open },
        );
      }
    }
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.gammaCurve,
        params: { exp, view, realtime: pull },
        build: () => {
          const data = withExpiry(a, () => gammaCurve(a.chain, { exp, view, pricing }));
          return tickerEnvelope(SCHEMA_IDS.gammaCurve, a.ticker, a.asof, { ...data, realtime: pull });
        },
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/curves/gamma/expirations', async (request, reply) => {
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.gammaExpirations,
        params: {},
        build: () =>
          tickerEnvelope(SCHEMA_IDS.gammaExpirations, a.ticker, a.asof, gammaByExpiration(a.chain, pricing)),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/curves/gex_by_strike', async (request, reply) => {
    const exp = enumParam(readQuery(request.query), 'exp', GEX_BY_STRIKE_BUCKETS, 'combined');
    const a = latestAnalysis(ctx, request, tickerParam(request));
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.gexByStrike,
        params: { exp },
        build: () =>
          tickerEnvelope(SCHEMA_IDS.gexByStrike, a.ticker, a.asof, gexByStrike(a.chain, { exp, pricing })),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/levels', async (request, reply) => {
    const format = enumParam(readQuery(request.query), 'format', LEVELS_FORMATS, 'json');
    const a = latestAnalysis(ctx, request, tickerParam(request));
    const render =
      format === 'tradingview' ? renderTradingView : format === 'json' ? null : renderThinkorswim;
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.levels,
        params: { format },
        text: render !== null,
        build: () =>
          render !== null
            ? render(a.ticker, isoUtc(a.asof), a.keyLevels)
            : tickerEnvelope(SCHEMA_IDS.levels, a.ticker, a.asof, {
                ticker: a.ticker,
                asof: displayAsof(a.asof),
                price: a.metrics.price,
                levels: a.keyLevels.map(({ id, label, price, kind }) => ({ id, label, price, kind })),
              }),
      },
      cacheControl(),
    );
  });

  app.get('/tickers/:ticker/options/volume', async (request, reply) => {
    const exp = expParam(readQuery(request.query).get('exp'), VOLUME_EXPS, null);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    const taken = ctx.optionsVolumeBuckets.take(rateKey(request));
    if (!taken.ok) {
      throw new ServiceError(
        429,
        'rate_limited',
        `options volume rate limit reached; retry in ${taken.retryAfterSeconds} s`,
        { retry_after_seconds: taken.retryAfterSeconds },
        { 'Retry-After': String(taken.retryAfterSeconds) },
      );
    }
    return sendSnapshotView(
      request,
      reply,
      a,
      {
        schema: SCHEMA_IDS.optionsVolume,
        params: { exp },
        build: () =>
          tickerEnvelope(
            SCHEMA_IDS.optionsVolume,
            a.ticker,
            a.asof,
            withExpiry(a, () => optionsVolume(a.chain, exp)),
          ),
      },
      cacheControl(),
    );
  });
}
