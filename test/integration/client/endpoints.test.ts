// Each client method against a real HTTP server: the path and query it sends, the headers, the
// validated body it returns and the metadata around it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/client/api-client.ts';
import { InvalidInputError } from '../../../src/client/errors.ts';
import { clientFor, rejectionOf } from '../../support/client-harness.ts';
import * as p from '../../support/client-payloads.ts';
import { ScriptedServer } from '../../support/scripted-server.ts';

let server: ScriptedServer;
beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  await server.close();
});

describe('every endpoint: path, query, validated body', () => {
  type Call = (c: ApiClient) => Promise<{ body: unknown; status: number; warnings: unknown[] }>;
  const cases: Array<[string, string, () => unknown, Call, Record<string, string>]> = [
    [
      'tickerState',
      '/tickers/SPY',
      p.tickerStateResponse,
      (c) => c.tickerState('spy', { include: ['call_diag'], trade_recommendation: true }),
      { include: 'call_diag', trade_recommendation: 'true' },
    ],
    [
      'marketStructure',
      '/tickers/SPY/market-structure',
      p.marketStructureResponse,
      (c) => c.marketStructure('SPY', { include: ['state', 'call_diag'] }),
      { include: 'state,call_diag' },
    ],
    [
      'explain',
      '/tickers/SPY/explain',
      p.explainResponse,
      (c) => c.explain('SPY', { view: 'brief' }),
      { view: 'brief' },
    ],
    ['signals', '/tickers/SPY/signals', p.signalsResponse, (c) => c.signals('SPY'), {}],
    [
      'series',
      '/tickers/SPY/series',
      p.seriesResponse,
      (c) => c.series('SPY', { metrics: ['price', 'pc_25d_ratio'], window: '30d' }),
      { metrics: 'price,pc_25d_ratio', window: '30d' },
    ],
    [
      'gammaCurve',
      '/tickers/SPY/curves/gamma',
      p.gammaCurveResponse,
      (c) => c.gammaCurve('SPY', { exp: '2025-03-21', realtime: false, view: 'naive' }),
      { exp: '2025-03-21', realtime: 'false', view: 'naive' },
    ],
    [
      'gammaExpirations',
      '/tickers/SPY/curves/gamma/expirations',
      p.gammaExpirationsResponse,
      (c) => c.gammaExpirations('SPY'),
      {},
    ],
    [
      'gexByStrike',
      '/tickers/SPY/curves/gex_by_strike',
      p.gexByStrikeResponse,
      (c) => c.gexByStrike('SPY', { exp: 'first_monthly' }),
      { exp: 'first_monthly' },
    ],
    ['levels', '/tickers/SPY/levels', p.levelsResponse, (c) => c.levels('SPY'), {}],
    [
      'optionsVolume',
      '/tickers/SPY/options/volume',
      p.optionsVolumeResponse,
      (c) => c.optionsVolume('SPY', { exp: '2025-03-21' }),
      { exp: '2025-03-21' },
    ],
    ['tradeSetup', '/agent/trade-setup/SPY', p.tradeSetupResponse, (c) => c.tradeSetup('SPY'), {}],
    [
      'topSetups',
      '/top-setups',
      p.topSetupsResponse,
      (c) =>
        c.topSetups({ limit: 5, min_score: 4.5, regime: ['range_bound', 'flush_panic'], iv_rank_max: 40 }),
      { limit: '5', min_score: '4.5', regime: 'range_bound,flush_panic', iv_rank_max: '40' },
    ],
    [
      'screener',
      '/top-setups/screener/momentum_breakout',
      p.screenerResponse,
      (c) => c.screener('momentum_breakout', { min_score: 6 }),
      { min_score: '6' },
    ],
    [
      'incomeSetups',
      '/income-setups',
      p.incomeResponse,
      (c) => c.incomeSetups({ type: 'csp', limit: 2 }),
      { type: 'csp', limit: '2' },
    ],
    ['access', '/access', p.accessResponse, (c) => c.access(), {}],
    ['llmSpec', '/llm-spec', p.llmSpecResponse, (c) => c.llmSpec(), {}],
  ];

  it.each(cases)('%s → GET %s', async (_name, path, make, call, query) => {
    const payload = make();
    server.on(path, { body: payload });
    const { client } = clientFor(server);
    const result = await call(client);
    expect(result.status).toBe(200);
    expect(result.body).toEqual(payload);
    expect(result.warnings).toEqual([]);
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe(path);
    expect(req?.query).toEqual(query);
  });
});

describe('request headers', () => {
  it('sends the bearer key and asks for JSON', async () => {
    server.on('/access', { body: p.accessResponse() });
    await clientFor(server, { apiKey: 'k-123' }).client.access();
    const h = server.requests[0]?.headers;
    expect(h?.authorization).toBe('Bearer k-123');
    expect(h?.['x-svc-demo']).toBeUndefined();
    expect(h?.accept).toBe('application/json');
  });

  it('without a key it runs in demo mode', async () => {
    server.on('/access', { body: p.accessResponse() });
    await clientFor(server, { apiKey: null }).client.access();
    const h = server.requests[0]?.headers;
    expect(h?.authorization).toBeUndefined();
    expect(h?.['x-svc-demo']).toBe('1');
    // The official client's spelling too, so a remote that reads only that one serves the demo set.
    expect(h?.['x-tv-demo']).toBe('1');
  });

  it('demo can be turned off', async () => {
    server.on('/access', { body: p.accessResponse() });
    await clientFor(server, { apiKey: '', demo: false }).client.access();
    expect(server.requests[0]?.headers['x-svc-demo']).toBeUndefined();
    expect(server.requests[0]?.headers['x-tv-demo']).toBeUndefined();
  });
});

describe('ticker path segments', () => {
  it.each([
    ['brk.b', '/tickers/BRK.B/signals'],
    // The one ticker rule: an index's caret names the index; a future's '=' is encoded.
    ['^spx', '/tickers/SPX/signals'],
    ['^gspc', '/tickers/%5EGSPC/signals'],
    ['es=f', '/tickers/ES%3DF/signals'],
  ])('%s is upper-cased and encoded', async (ticker, rawPath) => {
    server.on(decodeURIComponent(rawPath), { body: p.signalsResponse() });
    await clientFor(server).client.signals(ticker);
    expect(server.requests[0]?.rawUrl).toBe(`/api/v2${rawPath}`);
  });

  it.each(['../access', '..', 'SPY/../../x', 'SPY?x=1'])(
    '%j is refused before any request',
    async (ticker) => {
      const err = await rejectionOf(clientFor(server).client.signals(ticker));
      expect(err).toBeInstanceOf(InvalidInputError);
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe('typed inputs are checked before sending', () => {
  it.each([
    ['limit out of range', (c: ApiClient) => c.topSetups({ limit: 500 }), /limit/],
    ['unknown regime', (c: ApiClient) => c.topSetups({ regime: ['bull' as 'range_bound'] }), /regime/],
    ['income type', (c: ApiClient) => c.incomeSetups({ type: 'put' as 'cc' }), /type/],
    ['options volume needs exp', (c: ApiClient) => c.optionsVolume('SPY', {} as { exp: string }), /exp/],
    ['levels text format', (c: ApiClient) => c.levelsText('SPY', 'csv' as 'tos'), /format/],
    ['screener name', (c: ApiClient) => c.screener('moonshots' as 'trend_pullback'), /screener/],
  ])('%s', async (_name, call, message) => {
    const err = await rejectionOf(call(clientFor(server).client));
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it('a bad base URL is refused at construction', () => {
    expect(() => new ApiClient({ baseUrl: 'not a url' })).toThrow(InvalidInputError);
    expect(() => new ApiClient({ baseUrl: 'ftp://host/api/v2' })).toThrow(InvalidInputError);
  });
});

describe('responses', () => {
  it('extra unknown fields pass through untouched', async () => {
    const payload = p.topSetupsResponse();
    const extended = {
      ...payload,
      links: { next: null },
      meta: { ...payload.meta, server_version: '2.1.0' },
      data: { items: payload.data.items.map((it) => ({ ...it, new_metric: 1.5 })), cursor: 'abc' },
    };
    server.on('/top-setups', { body: extended });
    const { body } = await clientFor(server).client.topSetups();
    expect(body).toEqual(extended);
  });

  it('plain-text levels come back as text', async () => {
    const text = 'SPY Gamma flip,95\nSPY +1σ 1W,103.52\n';
    server.on('/tickers/SPY/levels', {
      body: text,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    const result = await clientFor(server).client.levelsText('spy', 'tradingview');
    expect(result.body).toBe(text);
    expect(server.requests[0]?.query).toEqual({ format: 'tradingview' });
    expect(server.requests[0]?.headers.accept).toBe('text/plain');
  });

  it('invariant violations come back as warnings, not errors', async () => {
    const payload = p.topSetupsResponse();
    payload.data.items.reverse();
    server.on('/top-setups', { body: payload });
    const result = await clientFor(server).client.topSetups();
    expect(result.body.data.items).toHaveLength(3);
    expect(result.warnings.map((w) => w.rule)).toContain('sort_order');
  });

  it('bucket sums that do not add up are flagged', async () => {
    const payload = p.gammaExpirationsResponse();
    const first = payload.data.points[0];
    if (first) first.combined *= 2;
    server.on('/tickers/SPY/curves/gamma/expirations', { body: payload });
    const result = await clientFor(server).client.gammaExpirations('SPY');
    expect(result.warnings).toEqual([expect.objectContaining({ rule: 'bucket_sum', path: 'data.points.0' })]);
  });

  it('result metadata: bytes, attempts, timing, etag', async () => {
    const body = JSON.stringify(p.signalsResponse());
    server.on('/tickers/SPY/signals', {
      body,
      headers: { 'content-type': 'application/json', etag: '"v1"' },
    });
    const { client, clock } = clientFor(server);
    const result = await client.signals('SPY');
    expect(result).toMatchObject({
      status: 200,
      notModified: false,
      fromCache: false,
      stale: false,
      etag: '"v1"',
      bytes: Buffer.byteLength(body),
      attempts: 1,
      fetchedAt: clock.t,
      url: `${server.baseUrl}/tickers/SPY/signals`,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });
});
