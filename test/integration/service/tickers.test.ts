// Conformance of the per-ticker endpoints over real HTTP: envelopes, schemas, units, rules and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBucketSums,
  checkOptionsVolume,
  checkSeriesOrder,
  explainResponseSchema,
  gammaCurveResponseSchema,
  gammaExpirationsResponseSchema,
  gammaRegimeOf,
  gexByStrikeResponseSchema,
  levelsResponseSchema,
  marketStructureResponseSchema,
  optionsVolumeResponseSchema,
  seriesResponseSchema,
  signalsResponseSchema,
  tickerStateResponseSchema,
  tradeSetupResponseSchema,
} from '../../../src/shared/api/index.ts';
import { call, listenService, OPEN_INSTANT, type Running } from '../../support/service-factory.ts';
import { expectError, valid } from './schema-assert.ts';

let svc: Running;
let get: (path: string, opts?: Parameters<typeof call>[2]) => ReturnType<typeof call>;
let spyAsof: string;

beforeAll(async () => {
  svc = await listenService({ limits: { optionsVolume: { burst: 3, perSecond: 0.001 }, demo: null } });
  get = (path, opts) => call(svc.baseUrl, path, opts);
  const latest = svc.app.gammawatch.source.latestSnapshotTime('SPY', OPEN_INSTANT);
  spyAsof = new Date(latest as number).toISOString();
});
afterAll(() => svc.close());

describe('/tickers/{ticker}', () => {
  it('serves the state snapshot with meta.asof = the snapshot time, not the request time', async () => {
    const r = await get('/tickers/SPY');
    expect(r.status).toBe(200);
    const body = valid(tickerStateResponseSchema, r.json);
    expect(body.meta).toMatchObject({ ticker: 'SPY', asof: spyAsof, schema: 'svc.ticker.state.v2' });
    expect(spyAsof < new Date(OPEN_INSTANT).toISOString()).toBe(true);
    expect(body.data.trade_recommendation).toBeUndefined();
    expect(body.data.gamma_regime).toBe(gammaRegimeOf(body.data.price, body.data.gamma_flip_price));
  });

  it('normalises the case of the ticker', async () => {
    const [lower, upper] = await Promise.all([get('/tickers/spy'), get('/tickers/SPY')]);
    expect(lower.status).toBe(200);
    expect(lower.text).toBe(upper.text);
  });

  it('adds the trade recommendation only when asked, and call diagnostics with include', async () => {
    const r = await get('/tickers/SPY?trade_recommendation=true&include=call_diag');
    const body = valid(tickerStateResponseSchema, r.json);
    expect(body.data.trade_recommendation?.model_version).toMatch(/\S/);
    expect(body.data.call_diag).toMatchObject({ call_regime: body.data.call_regime });
  });

  it.each([
    ['/tickers/SPY?include=everything', 'include'],
    ['/tickers/SPY?trade_recommendation=perhaps', 'trade_recommendation'],
  ])('%s is a 400 naming the parameter with the allowed values', async (path, param) => {
    const error = expectError(await get(path), 400, 'bad_request');
    expect(error.param).toBe(param);
    expect(Array.isArray(error.allowed)).toBe(true);
  });

  // 17 characters: the official client's (and the one ticker rule's) limit is 16.
  it.each(['/tickers/SP$Y', '/tickers/ABCDEFGHIJKLMNOPQ', '/tickers/%20', '/tickers/..%2F..'])(
    '%s is not a plausible symbol: 400',
    async (path) => {
      expectError(await get(path), 400, 'bad_request');
    },
  );

  it('answers 404 unknown_ticker for a symbol without data', async () => {
    const error = expectError(await get('/tickers/ZZZZ/signals'), 404, 'unknown_ticker');
    expect(String(error.message)).toContain('ZZZZ');
  });
});

describe('/tickers/{ticker}/market-structure, explain, signals', () => {
  it('market-structure validates, and include=state,call_diag adds both', async () => {
    const plain = valid(marketStructureResponseSchema, (await get('/tickers/AAPL/market-structure')).json);
    expect(plain.data.state).toBeUndefined();
    expect(plain.meta.asof).toMatch(/Z$/);
    const full = valid(
      marketStructureResponseSchema,
      (await get('/tickers/AAPL/market-structure?include=state,call_diag')).json,
    );
    expect(full.data.state?.ticker).toBe('AAPL');
    expect(full.data.call_diag).toBeDefined();
    expect(full.data.key_levels.spot).toBe(full.data.supporting_factors.spot);
  });

  it.each(['standard', 'brief', 'detailed'])('explain view=%s', async (view) => {
    const body = valid(explainResponseSchema, (await get(`/tickers/NVDA/explain?view=${view}`)).json);
    expect(body.data.view).toBe(view);
  });

  it('explain rejects an unknown view with the allowed list', async () => {
    const error = expectError(await get('/tickers/NVDA/explain?view=poetic'), 400, 'bad_request');
    expect(error.allowed).toEqual(['standard', 'brief', 'detailed']);
  });

  it('signals follow the gamma_regime rule', async () => {
    const body = valid(signalsResponseSchema, (await get('/tickers/QQQ/signals')).json);
    expect(body.data.gamma_regime).toBe(gammaRegimeOf(body.data.price, body.data.gex_flip));
  });
});

describe('/agent/trade-setup/{ticker}', () => {
  it('validates and derives gamma_regime from spot vs gamma_flip_price', async () => {
    const body = valid(tradeSetupResponseSchema, (await get('/agent/trade-setup/tsla')).json);
    expect(body.meta.ticker).toBe('TSLA');
    expect(body.data.gamma_regime).toBe(gammaRegimeOf(body.data.price, body.data.gamma_flip_price));
    expect(body.data.trade_recommendation.risk.size_fraction).toBeLessThanOrEqual(1);
  });

  it('is 404 for a ticker without a snapshot', async () => {
    expectError(await get('/agent/trade-setup/NOPE'), 404, 'unknown_ticker');
  });
});

describe('/tickers/{ticker}/series', () => {
  it('defaults to price, iv_rank, gex_flip and the 25-delta ratio over 180 days, one point per day', async () => {
    const body = valid(seriesResponseSchema, (await get('/tickers/XLU/series')).json);
    expect(body.data.window).toBe('180d');
    expect(body.data.metrics).toEqual(['price', 'iv_rank', 'gex_flip', 'put_call_25d_iv_ratio']);
    expect(checkSeriesOrder(body.data)).toEqual([]);
    expect(body.data.points.length).toBeGreaterThan(110); // ~124 sessions in 180 days
    expect(body.data.points.length).toBeLessThan(130);
    const last = body.data.points.at(-1) as Record<string, unknown>;
    expect(last.date).toBe('2025-03-12');
    const state = valid(tickerStateResponseSchema, (await get('/tickers/XLU')).json);
    expect(last.price).toBe(state.data.price); // today's point is the latest snapshot
  });

  it('accepts pc_25d_ratio as an alias and a window such as 30d', async () => {
    const body = valid(
      seriesResponseSchema,
      (await get('/tickers/XLU/series?metrics=pc_25d_ratio,atm_iv&window=30d')).json,
    );
    expect(body.data.metrics).toEqual(['put_call_25d_iv_ratio', 'atm_iv']);
    expect(body.data.points.every((p) => p.date > '2025-02-10')).toBe(true);
    expect(body.data.points.length).toBeGreaterThanOrEqual(19);
  });

  it.each([
    ['metrics=price,bogus', 'metrics'],
    ['window=forever', 'window'],
    ['window=9y', 'window'],
  ])('%s is a 400 naming the parameter', async (query, param) => {
    const error = expectError(await get(`/tickers/XLU/series?${query}`), 400, 'bad_request');
    expect(error.param).toBe(param);
  });
});

describe('curves', () => {
  it('gamma: combined by default; naive view is unsigned', async () => {
    const signed = valid(gammaCurveResponseSchema, (await get('/tickers/SPY/curves/gamma')).json);
    expect(signed.data.expiry).toBe('combined');
    expect(signed.data.points.some((p) => p.gamma < 0)).toBe(true);
    const naive = valid(
      gammaCurveResponseSchema,
      (await get('/tickers/SPY/curves/gamma?view=naive&exp=nearest')).json,
    );
    expect(naive.data.points.every((p) => p.gamma >= 0)).toBe(true);
  });

  it('gamma: a listed date is a real-time pull, allowed during trading hours', async () => {
    const buckets = valid(
      gammaExpirationsResponseSchema,
      (await get('/tickers/SPY/curves/gamma/expirations')).json,
    );
    const date = buckets.data.expiries.first_monthly as string;
    const r = await get(`/tickers/SPY/curves/gamma?exp=${date}&realtime=true`);
    const body = valid(gammaCurveResponseSchema, r.json);
    expect(body.data.expiry).toBe(date);
    expect(body.data).toMatchObject({ realtime: true });
  });

  it.each([
    ['/tickers/SPY/curves/gamma?exp=weekly', 400, 'bad_request'],
    ['/tickers/SPY/curves/gamma?view=fancy', 400, 'bad_request'],
    ['/tickers/SPY/curves/gamma?exp=2031-01-17', 404, 'unknown_expiration'],
    ['/tickers/SPY/curves/gex_by_strike?exp=first_weekly', 400, 'bad_request'],
  ])('%s → %d %s', async (path, status, code) => {
    const error = expectError(await get(path), status, code);
    expect(error.allowed ?? error.available).toBeDefined();
  });

  it('gamma by expiration: the four buckets sum to combined at every strike', async () => {
    const body = valid(
      gammaExpirationsResponseSchema,
      (await get('/tickers/SPY/curves/gamma/expirations')).json,
    );
    expect(body.data.series_order).toEqual([
      'nearest',
      'first_weekly',
      'first_monthly',
      'all_other_expiries',
    ]);
    expect(body.data.points.length).toBeGreaterThan(20);
    expect(checkBucketSums(body.data.points, { relTol: 1e-9 })).toEqual([]);
    const { nearest, first_weekly, first_monthly } = body.data.expiries;
    expect(new Set([nearest, first_weekly, first_monthly]).size).toBe(3);
  });

  it('gex by strike: call and put only for combined', async () => {
    const combined = valid(gexByStrikeResponseSchema, (await get('/tickers/SPY/curves/gex_by_strike')).json);
    expect(combined.data.points.every((p) => p.call !== undefined && p.put !== undefined)).toBe(true);
    const nearest = valid(
      gexByStrikeResponseSchema,
      (await get('/tickers/SPY/curves/gex_by_strike?exp=nearest')).json,
    );
    expect(nearest.data.points.every((p) => p.call === undefined && p.put === undefined)).toBe(true);
  });
});

describe('/tickers/{ticker}/levels', () => {
  it('json by default', async () => {
    const body = valid(levelsResponseSchema, (await get('/tickers/AMD/levels')).json);
    expect(body.data.levels.map((l) => l.kind)).toContain('spot');
  });

  it.each([
    ['tradingview', '//@version=5'],
    ['tos', 'plot '],
  ])('format=%s is plain text', async (format, marker) => {
    const r = await get(`/tickers/AMD/levels?format=${format}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toContain(marker);
  });

  it('an unknown format lists the allowed ones', async () => {
    const error = expectError(await get('/tickers/AMD/levels?format=pdf'), 400, 'bad_request');
    expect(error.allowed).toEqual(['json', 'tradingview', 'tos']);
  });
});

describe('/tickers/{ticker}/options/volume', () => {
  it('requires exp', async () => {
    const error = expectError(await get('/tickers/IWM/options/volume'), 400, 'bad_request');
    expect(error.param).toBe('exp');
  });

  it('serves one expiration, then rate-limits per key with Retry-After', async () => {
    const first = await get('/tickers/IWM/options/volume?exp=nearest');
    const body = valid(optionsVolumeResponseSchema, first.json);
    expect(checkOptionsVolume(body.data)).toEqual([]);
    await get('/tickers/IWM/options/volume?exp=first_monthly');
    await get('/tickers/IWM/options/volume?exp=first_weekly');
    const limited = await get('/tickers/IWM/options/volume?exp=nearest');
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Other endpoints are not affected.
    expect((await get('/tickers/IWM/signals')).status).toBe(200);
  });
});

describe('authentication and errors', () => {
  it.each([
    ['none', undefined],
    [{ bearer: 'not-the-key-1234' }, undefined],
    ['none', { authorization: 'Token abc' }],
  ] as const)('%j → 401 with a Bearer challenge', async (auth, headers) => {
    const r = await get('/tickers/SPY', { auth, ...(headers ? { headers } : {}) });
    expectError(r, 401, 'unauthorized');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  // The demo set is the official client's; a symbol outside it is the 401 that client expects (the
  // spec leaves this status open), with the set named.
  it('demo access reads the demo set and names it for other symbols', async () => {
    expect((await get('/tickers/KO/signals', { auth: 'demo' })).status).toBe(200);
    const error = expectError(
      await get('/tickers/SPY/signals', { auth: 'demo' }),
      401,
      'demo_symbol_not_allowed',
    );
    expect(error.allowed).toEqual(['AAPL', 'AMZN', 'GM', 'KO', 'MCD', 'META', 'VIX', 'XOM']);
    expect(String(error.message)).toContain('KO');
  });

  it('unknown routes are 404 not_found', async () => {
    expectError(await get('/nothing/here'), 404, 'not_found');
    expectError(await call(svc.baseUrl.replace('/api/v2', ''), '/api/v1/tickers/SPY'), 404, 'not_found');
  });
});
