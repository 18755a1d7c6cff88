// Strike-level endpoints: gamma curve, gamma by expiration, GEX by strike, levels and option volume.
// The JSON data comes from curve-payloads.ts (shared with snapshot-payloads.ts); this file adds
// what only HTTP has: query parsing, the 409 and 429 admissions, and the 404 for an unlisted date.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GAMMA_CURVE_BUCKETS,
  GAMMA_CURVE_VIEWS,
  GEX_BY_STRIKE_BUCKETS,
  OPTIONS_VOLUME_BUCKETS,
  type EndpointName,
  type LevelsTextData,
} from '../../../shared/api/index.ts';
import { isMarketOpen, nextSession } from '../../../shared/market-calendar.ts';
import type { TickerAnalysis } from '../../analysis/ticker-analysis.ts';
import {
  ExpirySelectionError,
  parseExpirySelection,
  type ExpirySelection,
} from '../../engine/expirations.ts';
import {
  futureScriptInput,
  renderThinkorswim,
  renderTradingView,
} from '../../../shared/api/levels-render.ts';
import type { ServiceContext } from '../context.ts';
import { clipForApi } from '../../../shared/echo.ts';
import {
  gammaCurveData,
  gammaExpirationsData,
  gexByStrikeData,
  levelsData,
  levelsFuturesEquivalent,
  levelsIndexOf,
  optionsVolumeData,
} from '../curve-payloads.ts';
import { displayAsof, isoUtc } from '../envelope.ts';
import { levelsParams } from '../levels-representation.ts';
import { tickerParam } from '../ticker-access.ts';
import { includeParam, withStrikeIvs } from '../options-volume-iv.ts';
import { ServiceError, invalidParam, missingParam } from '../errors.ts';
import { cacheControlClock, type ViewParams } from '../conditional.ts';
import { boolParam, enumParam } from '../../../shared/api/query.ts';
import { serveSnapshotEndpoint, type SnapshotEndpoint } from '../snapshot-route.ts';

const DATE_HINT = 'YYYY-MM-DD';

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
      throw invalidParam('exp', `unknown value '${clipForApi(raw)}'`, [...allowed, DATE_HINT]);
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
  const cacheControl = cacheControlClock(ctx.source);
  const serve = <P extends ViewParams>(name: EndpointName, endpoint: SnapshotEndpoint<P>): void =>
    serveSnapshotEndpoint(app, ctx, cacheControl, name, endpoint);

  serve('gammaCurve', {
    params: (q) => {
      const exp = expParam(q.get('exp'), GAMMA_CURVE_BUCKETS, 'combined');
      const asked = boolParam(q, 'realtime', false);
      const view = enumParam(q, 'view', GAMMA_CURVE_VIEWS) ?? ('signed' as const);
      const dated = !(GAMMA_CURVE_BUCKETS as readonly string[]).includes(exp);
      // The spec's rule: a real-time single-expiration pull happens when `realtime=true` or when
      // `exp` is a date, and requires trading hours. Outside them both are refused alike (admit),
      // never answered with a cached curve under a real-time request.
      return { exp, view, realtime: dated || asked };
    },
    admit: (_a, _request, p) => {
      if (!p.realtime) return;
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
    },
    data: (a, p) => withExpiry(a, () => gammaCurveData(a, p)),
  });

  serve('gammaExpirations', { params: () => ({}), data: (a) => gammaExpirationsData(a) });

  serve('gexByStrike', {
    params: (q) => ({ exp: enumParam(q, 'exp', GEX_BY_STRIKE_BUCKETS, 'combined') }),
    data: (a, { exp }) => gexByStrikeData(a, exp),
  });

  // An ETF's levels reach their future through its index's snapshot of the same instant (SPY →
  // SPX → ES); a source whose index data can change under one instant (files) keys the view by
  // the index's revision too.
  const levelsIndex = (a: TickerAnalysis): TickerAnalysis | null => {
    const index = levelsIndexOf(a.ticker);
    return index === null ? null : ctx.analysis.at(index, a.asof);
  };
  const indexRevision = (request: FastifyRequest): { index_revision?: string } => {
    const raw = tickerParam(request);
    const index = typeof raw === 'string' ? levelsIndexOf(raw) : null;
    const revision = index === null ? '' : ctx.analysis.revision(index);
    return revision === '' ? {} : { index_revision: revision };
  };

  serve('levels', {
    params: (q, request) => ({ ...levelsParams(q, request.headers.accept), ...indexRevision(request) }),
    vary: 'Accept',
    text: ({ format, body }) => format !== 'json' && body !== 'json',
    data: (a, { format, body, equivalent }) => {
      if (format !== 'tradingview' && format !== 'tos') return levelsData(a, levelsIndex(a));
      const render = format === 'tradingview' ? renderTradingView : renderThinkorswim;
      const simulated = a.metrics.simulated;
      let text: string;
      if (equivalent === 'future') {
        const input = futureScriptInput(a.ticker, a.keyLevels, levelsFuturesEquivalent(a, levelsIndex(a)));
        if ('reason' in input) throw new ServiceError(409, 'no_futures_equivalent', input.reason);
        text = render(a.ticker, isoUtc(a.asof), input.levels, [], { simulated, future: input.future });
      } else {
        text = render(a.ticker, isoUtc(a.asof), a.keyLevels, [], { simulated });
      }
      if (body !== 'json') return text;
      const data: LevelsTextData = {
        ticker: a.ticker,
        asof: displayAsof(a.asof),
        format,
        content_type: 'text/plain; charset=utf-8',
        text,
      };
      return data;
    },
  });

  serve('optionsVolume', {
    // `include` is keyed only when given, so a request without it keeps its body and ETag.
    params: (q) => ({ exp: expParam(q.get('exp'), OPTIONS_VOLUME_BUCKETS, null), ...includeParam(q) }),
    admit: (_a, request) => {
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
    },
    data: (a, { exp, include }) =>
      withExpiry(a, () => {
        const volume = optionsVolumeData(a, exp);
        return include === 'iv' ? withStrikeIvs(a, volume) : volume;
      }),
  });
}
