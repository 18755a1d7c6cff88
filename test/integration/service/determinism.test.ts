// Same seed + same clock instant ⇒ the same bytes and the same ETags, across separate instances
// (each with its own market, caches and process-level state such as request ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, listenService, type Running } from '../../support/service-factory.ts';

const PATHS = [
  '/top-setups?limit=50',
  '/top-setups/screener/range_premium_seller?min_score=0',
  '/income-setups?limit=20',
  '/tickers/SPY?trade_recommendation=true',
  '/tickers/NVDA/market-structure?include=state',
  '/tickers/AAPL/explain',
  '/tickers/TSLA/signals',
  '/tickers/QQQ/curves/gamma/expirations',
  '/tickers/QQQ/curves/gex_by_strike',
  '/tickers/MSFT/levels?format=tos',
  '/agent/trade-setup/AMD',
  '/tickers/XLP/series?window=30d&metrics=price,opportunity_score,call_regime',
  '/llm-spec',
];

let a: Running;
let b: Running;
beforeAll(async () => {
  a = await listenService();
  b = await listenService();
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

describe('determinism', () => {
  it.each(PATHS)('%s is byte-identical across two instances', async (path) => {
    const [ra, rb] = await Promise.all([call(a.baseUrl, path), call(b.baseUrl, path)]);
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(ra.text).toBe(rb.text);
    expect(ra.headers.get('etag')).toBe(rb.headers.get('etag'));
  });

  it('a different seed gives different figures', async () => {
    const other = await listenService({ seed: 8 });
    try {
      const [x, y] = await Promise.all([
        call(a.baseUrl, '/tickers/SPY'),
        call(other.baseUrl, '/tickers/SPY'),
      ]);
      expect(x.text).not.toBe(y.text);
    } finally {
      await other.close();
    }
  });
});
