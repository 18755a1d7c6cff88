// Tickers are ASCII before any case folding: toUpperCase maps some non-ASCII letters onto ASCII
// ones ('ſ' long s → 'S', 'ı' dotless i → 'I', 'ﬀ' → 'FF'), so without the check '/tickers/ſPY'
// was served as SPY. Each such spelling is the usual invalid-ticker 400, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, listenService, type Running } from '../../support/service-factory.ts';
import { expectError } from './schema-assert.ts';

let svc: Running;

beforeAll(async () => {
  svc = await listenService({ limits: { demo: null } });
});
afterAll(() => svc.close());

describe('the {ticker} path segment', () => {
  it.each([
    ['long s', '/tickers/%C5%BFPY'],
    ['dotless i', '/tickers/%C4%B1BM/signals'],
    ['ff ligature', '/tickers/%EF%AC%80/market-structure'],
    ['fullwidth letters', '/tickers/%EF%BC%B3%EF%BC%B0%EF%BC%B9'],
    ['long s in a series request', '/tickers/%C5%BFPY/series?window=30d'],
  ])('refuses a non-ASCII ticker (%s) with the invalid-ticker error', async (_name, path) => {
    const error = expectError(await call(svc.baseUrl, path), 400, 'bad_request');
    expect(error.param).toBe('ticker');
    expect(String(error.message)).toMatch(/is not a ticker symbol/);
  });

  it('still folds the case of an ASCII ticker', async () => {
    const [lower, upper] = await Promise.all([
      call(svc.baseUrl, '/tickers/spy'),
      call(svc.baseUrl, '/tickers/SPY'),
    ]);
    expect(lower.status).toBe(200);
    expect(lower.text).toBe(upper.text);
  });
});
