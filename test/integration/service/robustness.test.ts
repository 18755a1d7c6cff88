// Fuzzed paths, query strings and headers over real HTTP never produce a 500 and never take the
// process down; a real bug does produce a 500 whose request id is in the log.
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedMarket } from '../../../src/service/market/sim/simulated-source.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import type { MarketDataSource } from '../../../src/service/market/source.ts';
import {
  call,
  listenService,
  OPEN_INSTANT,
  TEST_KEY,
  TEST_SEED,
  type Running,
} from '../../support/service-factory.ts';
import { expectError } from './schema-assert.ts';

/** A GET with the path sent exactly as given (fetch would normalise it). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const SEGMENTS = [
  'tickers',
  'XLU',
  'xlp',
  'ZZZZ',
  'curves',
  'gamma',
  'expirations',
  'gex_by_strike',
  'levels',
  'options',
  'volume',
  'series',
  'signals',
  'explain',
  'market-structure',
  'top-setups',
  'screener',
  'trend_pullback',
  'income-setups',
  'agent',
  'trade-setup',
  'access',
  'llm-spec',
  '',
  '.',
  '..',
  '%',
  '%zz',
  '%2F',
  '%00',
  '%C3%A9',
  '~',
  '?',
  '#',
];
const PARAMS = [
  'limit',
  'min_score',
  'regime',
  'recommended_direction',
  'trade_bias',
  'trend_state',
  'momentum_state',
  'extension_state',
  'realized_vol_state',
  'price_min',
  'price_max',
  'iv_rank_min',
  'iv_rank_max',
  'ivAtMaxDelta_min',
  'ivAtMaxDelta_max',
  'ttl',
  'type',
  'min_income_score',
  'include',
  'trade_recommendation',
  'view',
  'metrics',
  'window',
  'exp',
  'realtime',
  'format',
  '__proto__',
  'constructor',
];
const VALUES = [
  '',
  '0',
  '-1',
  '1e308',
  '-1e308',
  '1e-400',
  'NaN',
  'Infinity',
  '0x1f',
  '5',
  '7.5',
  '200',
  '201',
  'true',
  'false',
  'yes',
  'cc',
  'csp',
  'combined',
  'nearest',
  'first_weekly',
  'first_monthly',
  '2025-03-21',
  '2025-02-30',
  '9999-99-99',
  '30d',
  'state,call_diag',
  'naive',
  'json',
  'tos',
  'tradingview',
  'range_bound,,,',
  'price,iv_rank,pc_25d_ratio',
  '%',
  '%E0%A4%A',
  '[]',
  '{}',
  'a'.repeat(300),
];

/** Printable ASCII without space: what an HTTP request line may carry unescaped. */
const junk = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 24,
});
const segment = fc.oneof(
  fc.constantFrom(...SEGMENTS),
  junk.map((s) => s.replace(/[?#]/g, '')),
);
const value = fc.oneof(fc.constantFrom(...VALUES), junk.map(encodeURIComponent));
const TEMPLATES = [
  'tickers/{t}',
  'tickers/{t}/market-structure',
  'tickers/{t}/explain',
  'tickers/{t}/signals',
  'tickers/{t}/series',
  'tickers/{t}/curves/gamma',
  'tickers/{t}/curves/gamma/expirations',
  'tickers/{t}/curves/gex_by_strike',
  'tickers/{t}/levels',
  'tickers/{t}/options/volume',
  'agent/trade-setup/{t}',
  'top-setups',
  'top-setups/screener/{t}',
  'income-setups',
  'access',
  'llm-spec',
];
// Most paths follow a real route with a fuzzed segment; the rest are free-form.
const routePath = fc
  .tuple(
    fc.constantFrom(...TEMPLATES),
    fc.oneof(fc.constantFrom('XLU', 'xlp', 'ZZZZ', 'trend_pullback'), segment),
  )
  .map(([template, t]) => template.replace('{t}', t));
const freePath = fc.array(segment, { minLength: 0, maxLength: 5 }).map((segments) => segments.join('/'));
const pathArb = fc
  .tuple(
    fc.oneof({ arbitrary: routePath, weight: 4 }, { arbitrary: freePath, weight: 1 }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), junk.map(encodeURIComponent)), value), {
      maxLength: 5,
    }),
  )
  .map(([path, query]) => {
    const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
    return `/api/v2/${path}${qs ? `?${qs}` : ''}`;
  });
const headersArb = fc.record(
  {
    authorization: fc.oneof(
      { arbitrary: fc.constant(`Bearer ${TEST_KEY}`), weight: 6 },
      { arbitrary: junk.map((s) => `Bearer ${s}`), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    'x-svc-demo': fc.constantFrom('1', '0', 'true'),
    'if-none-match': fc.oneof(fc.constant('*'), junk, fc.constant('W/"x", "y"')),
  },
  { requiredKeys: [] },
);

describe('fuzzing over real HTTP', () => {
  let svc: Running;
  let port: number;
  beforeAll(async () => {
    svc = await listenService({ limits: { optionsVolume: { burst: 1000, perSecond: 1000 }, demo: null } });
    port = Number(new URL(svc.baseUrl).port);
  });
  afterAll(() => svc.close());

  it('never answers 5xx and keeps serving', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(pathArb, headersArb, async (path, headers) => {
        const status = await rawGet(port, path, headers);
        seen.set(status, (seen.get(status) ?? 0) + 1);
        expect(status, path).toBeGreaterThanOrEqual(200);
        expect(status, path).toBeLessThan(500);
      }),
      { numRuns: 400, seed: 20250312 },
    );
    // The fuzzing reached past authentication and validation, not only 401s.
    expect(seen.get(200) ?? 0).toBeGreaterThan(20);
    expect(seen.get(400) ?? 0).toBeGreaterThan(20);
    expect((await call(svc.baseUrl, '/access', { auth: 'none' })).status).toBe(200);
  });
});

describe('a real bug', () => {
  it('is a 500 with a request id that appears in the log, and the service keeps serving', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const market = createSimulatedMarket({ seed: TEST_SEED, clock: manualClock(OPEN_INSTANT) });
    const broken: MarketDataSource = {
      simulated: market.simulated,
      clock: market.clock,
      universe: () => market.universe(),
      snapshotTimes: (t, since, at) => market.snapshotTimes(t, since, at),
      latestSnapshotTime: (t, at) => market.latestSnapshotTime(t, at),
      chain: (t, time) => {
        if (t === 'XLU') throw new Error('simulated defect');
        return market.chain(t, time);
      },
      history: (t, time) => market.history(t, time),
      earnings: (t, time) => market.earnings(t, time),
    };
    const svc = await listenService({ source: broken, log: { level: 'error', stream } });
    try {
      const error = expectError(await call(svc.baseUrl, '/tickers/XLU'), 500, 'internal');
      expect(String(error.message)).not.toContain('simulated defect');
      const logged = lines.map(
        (l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message?: string } },
      );
      const entry = logged.find((l) => l.reqId === error.request_id && l.msg === 'unhandled error');
      expect(entry?.err?.message).toBe('simulated defect');
      expect(lines.join('')).not.toContain(TEST_KEY);
      expect((await call(svc.baseUrl, '/tickers/XLP/signals')).status).toBe(200);
    } finally {
      await svc.close();
    }
  });
});
