// Conditional requests of the per-ticker endpoints over real HTTP: a weak ETag and a private
// Cache-Control on every view, 304 with no body on a matching If-None-Match (the W/ form, the
// strong form, lists, *), ETags keyed on the normalised query only, and a new ETag once the clock
// reaches a new snapshot. Also the gzip form of the large ranking bodies.
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, listenService, TEST_KEY, type Running } from '../../support/service-factory.ts';

let svc: Running;
const get = (path: string, headers?: Record<string, string>) =>
  call(svc.baseUrl, path, headers ? { headers } : {});

beforeAll(async () => {
  svc = await listenService();
});
afterAll(() => svc.close());

const VIEWS = [
  '/tickers/SPY',
  '/tickers/SPY?trade_recommendation=true&include=call_diag',
  '/tickers/NVDA/market-structure?include=state',
  '/tickers/AAPL/explain',
  '/tickers/TSLA/signals',
  '/tickers/XLP/series?window=30d&metrics=price,opportunity_score',
  '/tickers/QQQ/curves/gamma',
  '/tickers/QQQ/curves/gamma/expirations',
  '/tickers/QQQ/curves/gex_by_strike?exp=nearest',
  '/tickers/MSFT/levels',
  '/tickers/MSFT/levels?format=tradingview',
  '/tickers/MSFT/levels?format=tos',
  '/tickers/IWM/options/volume?exp=nearest',
  '/agent/trade-setup/AMD',
];

describe('validators on every per-ticker view', () => {
  it.each(VIEWS)('%s: weak ETag, private max-age, 304 with no body on a match', async (path) => {
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    // The test market's clock is hand-set (not wall-clock time): every use must revalidate.
    expect(first.headers.get('cache-control')).toBe('private, max-age=0');

    const again = await get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
  });

  it.each([
    ['its strong form', (e: string) => e.slice(2)],
    ['a list containing it', (e: string) => `W/"other", ${e}`],
    ['*', () => '*'],
  ])('If-None-Match with %s → 304', async (_name, header) => {
    const etag = (await get('/tickers/SPY/signals')).headers.get('etag') as string;
    const r = await get('/tickers/SPY/signals', { 'if-none-match': header(etag) });
    expect(r.status).toBe(304);
    expect(r.text).toBe('');
  });

  it('a stale validator gets the full body and the current ETag', async () => {
    const fresh = await get('/tickers/SPY/signals');
    const r = await get('/tickers/SPY/signals', { 'if-none-match': 'W/"stale", "older"' });
    expect(r.status).toBe(200);
    expect(r.text).toBe(fresh.text);
    expect(r.headers.get('etag')).toBe(fresh.headers.get('etag'));
  });

  it('plain-text levels keep their content type and revalidate too', async () => {
    const first = await get('/tickers/MSFT/levels?format=tos');
    expect(first.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(first.text.length).toBeGreaterThan(0);
    const etag = first.headers.get('etag') as string;
    expect(etag).not.toBe((await get('/tickers/MSFT/levels?format=tradingview')).headers.get('etag'));
    expect(etag).not.toBe((await get('/tickers/MSFT/levels')).headers.get('etag'));
    const again = await get('/tickers/MSFT/levels?format=tos', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});

describe('what the ETag is keyed on', () => {
  const etagOf = async (path: string) => (await get(path)).headers.get('etag') as string;

  it.each([
    ['ticker case', '/tickers/SPY/signals', '/tickers/spy/signals'],
    ['an unknown parameter', '/tickers/SPY/signals', '/tickers/SPY/signals?colour=red'],
    ['an explicit default', '/tickers/AAPL/explain', '/tickers/AAPL/explain?view=Standard'],
    [
      'parameter order',
      '/tickers/SPY?include=call_diag&trade_recommendation=1',
      '/tickers/SPY?trade_recommendation=true&include=call_diag',
    ],
  ])('%s does not change it', async (_name, a, b) => {
    expect(await etagOf(a)).toBe(await etagOf(b));
  });

  it.each([
    ['the ticker', '/tickers/SPY/signals', '/tickers/QQQ/signals'],
    ['the schema', '/tickers/SPY/signals', '/agent/trade-setup/SPY'],
    ['a query parameter', '/tickers/SPY', '/tickers/SPY?trade_recommendation=true'],
    ['the series window', '/tickers/XLP/series?window=30d', '/tickers/XLP/series?window=60d'],
  ])('%s changes it', async (_name, a, b) => {
    expect(await etagOf(a)).not.toBe(await etagOf(b));
  });
});

describe('a new snapshot', () => {
  it('answers 200 with a new ETag once the clock reaches the next snapshot', async () => {
    const own = await listenService();
    try {
      const path = '/tickers/SPY/signals';
      const before = await call(own.baseUrl, path);
      const etag = before.headers.get('etag') as string;
      // 11:02 → 11:07: the 11:05 snapshot now exists.
      own.clock.advance(5 * 60_000);
      const after = await call(own.baseUrl, path, { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).toMatch(/^W\//);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(after.text).not.toBe(before.text);
      const text = await call(own.baseUrl, '/tickers/SPY/levels?format=tradingview');
      own.clock.advance(5 * 60_000);
      const textAfter = await call(own.baseUrl, '/tickers/SPY/levels?format=tradingview', {
        headers: { 'if-none-match': text.headers.get('etag') as string },
      });
      expect(textAfter.status).toBe(200);
      expect(textAfter.headers.get('etag')).not.toBe(text.headers.get('etag'));
    } finally {
      await own.close();
    }
  });
});

describe('errors carry no validators', () => {
  it('an unknown expiration date stays a 404 under If-None-Match: *', async () => {
    const r = await get('/tickers/QQQ/curves/gamma?exp=2031-01-17', { 'if-none-match': '*' });
    expect(r.status).toBe(404);
    expect(r.headers.get('etag')).toBeNull();
  });
});

function raw(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${svc.baseUrl}${path}`);
    const req = httpRequest(url, { headers: { authorization: `Bearer ${TEST_KEY}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gzip of the large ranking bodies', () => {
  it('sends the same JSON gzip-encoded only to a client that accepts it', async () => {
    const plain = await raw('/top-setups?limit=30', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await raw('/top-setups?limit=30', { 'accept-encoding': 'br, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    const refused = await raw('/top-setups?limit=30', { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
