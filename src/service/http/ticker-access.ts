// From a {ticker} path segment to an analysed snapshot, with the checks in the order a caller can
// act on them: a malformed symbol (400), a symbol demo access may not read (401), a symbol the
// market does not list (404 unknown_ticker), a listed symbol with no snapshot yet (404 no_snapshot).
import type { FastifyRequest } from 'fastify';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';
import type { ServiceContext } from './context.ts';
import { ServiceError } from './errors.ts';
import { normalizeTicker } from './ticker-param.ts';

export function resolveTicker(ctx: ServiceContext, request: FastifyRequest, raw: unknown): string {
  const ticker = normalizeTicker(raw);
  if (request.caller?.kind === 'demo' && !ctx.demoSymbols.includes(ticker)) {
    // The spec leaves this status open; the official client (tv-mcp) expects 401 here, the status
    // of a missing key, which is what the caller lacks. The code and `allowed` still say why.
    throw new ServiceError(
      401,
      'demo_symbol_not_allowed',
      `${ticker} is not in the demo set (${ctx.demoSymbols.join(', ')}); use an API key for the full universe`,
      { allowed: ctx.demoSymbols },
      { 'WWW-Authenticate': 'Bearer realm="api/v2"' },
    );
  }
  if (!ctx.analysis.knows(ticker)) {
    throw new ServiceError(404, 'unknown_ticker', `no data for ticker ${ticker}`, { param: 'ticker' });
  }
  return ticker;
}

export function latestAnalysis(ctx: ServiceContext, request: FastifyRequest, raw: unknown): TickerAnalysis {
  const ticker = resolveTicker(ctx, request, raw);
  const analysis = ctx.analysis.latest(ticker);
  if (analysis === null) throw new ServiceError(404, 'no_snapshot', `no snapshot exists for ${ticker} yet`);
  return analysis;
}

/** Reads `:ticker` from route params of unknown shape. */
export function tickerParam(request: FastifyRequest): unknown {
  const params = request.params as Record<string, unknown> | undefined;
  return params?.ticker;
}
