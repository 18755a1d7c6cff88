// A query value an endpoint cannot use is the same 400 on every endpoint family, through the real
// app: the whole body (code, message, request id, `param`, `allowed` when there is a closed set),
// the request id in its header, and no validators. Routes read queries with the shared readers, so
// one refusal reaches the error handler as a QueryError and another (a route's own check) as a
// ServiceError; the caller must not be able to tell which.
import { afterAll, describe, expect, it } from 'vitest';
import { makeService, TEST_KEY } from '../../support/service-factory.ts';

const { app } = makeService();
afterAll(() => app.close());

const BOOL = ['true', 'false'];
const CURVE_EXP = ['combined', 'nearest', 'first_weekly', 'first_monthly', 'YYYY-MM-DD'];

describe('a refused query parameter', () => {
  it.each([
    // family, path, message, param, allowed (undefined: not a closed set)
    [
      'ticker state (boolean)',
      '/tickers/SPY?trade_recommendation=perhaps',
      "trade_recommendation: expected a boolean, got 'perhaps' (allowed: true, false)",
      'trade_recommendation',
      BOOL,
    ],
    [
      'ticker state (add-on)',
      '/tickers/SPY?include=everything',
      "include: unknown add-on 'everything' (allowed: call_diag)",
      'include',
      ['call_diag'],
    ],
    [
      'market structure (add-on)',
      '/tickers/SPY/market-structure?include=bogus',
      "include: unknown add-on 'bogus' (allowed: state, call_diag)",
      'include',
      ['state', 'call_diag'],
    ],
    [
      'explain (closed set)',
      '/tickers/NVDA/explain?view=poetic',
      "view: unknown value 'poetic' (allowed: standard, brief, detailed)",
      'view',
      ['standard', 'brief', 'detailed'],
    ],
    [
      'series (window)',
      '/tickers/XLU/series?window=forever',
      "window: 'forever' is not a lookback such as 30d, 12w, 6m or 2y",
      'window',
      undefined,
    ],
    [
      'gamma curve (boolean)',
      '/tickers/SPY/curves/gamma?realtime=maybe',
      "realtime: expected a boolean, got 'maybe' (allowed: true, false)",
      'realtime',
      BOOL,
    ],
    [
      'gamma curve (closed set)',
      '/tickers/SPY/curves/gamma?view=fancy',
      "view: unknown value 'fancy' (allowed: naive)",
      'view',
      ['naive'],
    ],
    [
      'gamma curve (expiration)',
      '/tickers/SPY/curves/gamma?exp=weekly',
      `exp: unknown value 'weekly' (allowed: ${CURVE_EXP.join(', ')})`,
      'exp',
      CURVE_EXP,
    ],
    [
      'GEX by strike (closed set)',
      '/tickers/SPY/curves/gex_by_strike?exp=first_weekly',
      "exp: unknown value 'first_weekly' (allowed: combined, nearest, first_monthly)",
      'exp',
      ['combined', 'nearest', 'first_monthly'],
    ],
    [
      'levels (closed set)',
      '/tickers/SPY/levels?format=pdf',
      "format: unknown value 'pdf' (allowed: json, tradingview, tos)",
      'format',
      ['json', 'tradingview', 'tos'],
    ],
    [
      'options volume (missing)',
      '/tickers/SPY/options/volume',
      'exp is required (one of: nearest, first_weekly, first_monthly, YYYY-MM-DD)',
      'exp',
      ['nearest', 'first_weekly', 'first_monthly', 'YYYY-MM-DD'],
    ],
    [
      'top setups (number)',
      '/top-setups?limit=abc',
      "limit: expected a number, got 'abc'",
      'limit',
      undefined,
    ],
    [
      'top setups (range)',
      '/top-setups?price_min=50&price_max=10',
      'price_min (50) exceeds price_max (10)',
      'price_min',
      undefined,
    ],
    [
      'screener (number)',
      '/top-setups/screener/momentum_breakout?limit=0x10',
      "limit: expected a number, got '0x10'",
      'limit',
      undefined,
    ],
    [
      'income setups (type)',
      '/income-setups?type=put',
      "type: must be cc or csp (got 'put')",
      'type',
      ['cc', 'csp'],
    ],
    [
      'income setups (number)',
      '/income-setups?limit=lots',
      "limit: expected a number, got 'lots'",
      'limit',
      undefined,
    ],
    [
      'a ticker without data: the query is checked first',
      '/tickers/ZZZZ?trade_recommendation=perhaps',
      "trade_recommendation: expected a boolean, got 'perhaps' (allowed: true, false)",
      'trade_recommendation',
      BOOL,
    ],
  ] as const)('%s: %s', async (_family, path, message, param, allowed) => {
    const r = await app.inject({
      method: 'GET',
      url: `/api/v2${path}`,
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    const requestId = r.headers['x-request-id'];
    expect(r.statusCode, r.body).toBe(400);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers.etag).toBeUndefined();
    expect(r.headers['cache-control']).toBeUndefined();
    expect(typeof requestId).toBe('string');
    expect(r.json()).toEqual({
      error: {
        code: 'bad_request',
        message,
        request_id: requestId,
        param,
        ...(allowed ? { allowed } : {}),
      },
    });
  });
});
