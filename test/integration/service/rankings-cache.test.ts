// The ranking routes' caches over real HTTP: a repeated request is neither parsed nor ranked
// again, URLs that normalise to the same query share one response, every path (cold, cached,
// alias, 304) answers the same bytes and ETag as before the caches, a bad query is still the same
// 400, and a new snapshot is never answered from the old epoch's entry.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTopSetupsQuery } from '../../../src/service/rankings/parse-query.ts';
import { rankTopSetups } from '../../../src/shared/rankings/top-setups.ts';
import type * as QueryModule from '../../../src/service/rankings/parse-query.ts';
import type * as RankModule from '../../../src/shared/rankings/top-setups.ts';
import { call, listenService, type Auth, type Running } from '../../support/service-factory.ts';

vi.mock('../../../src/service/rankings/parse-query.ts', async (original) => {
  const actual = await original<typeof QueryModule>();
  return { ...actual, parseTopSetupsQuery: vi.fn(actual.parseTopSetupsQuery) };
});
vi.mock('../../../src/shared/rankings/top-setups.ts', async (original) => {
  const actual = await original<typeof RankModule>();
  return { ...actual, rankTopSetups: vi.fn(actual.rankTopSetups) };
});

const parses = vi.mocked(parseTopSetupsQuery);
const ranks = vi.mocked(rankTopSetups);

let svc: Running;
beforeAll(async () => {
  svc = await listenService();
});
afterAll(() => svc.close());
beforeEach(() => {
  parses.mockClear();
  ranks.mockClear();
});

describe('a repeated ranking request', () => {
  it('parses and ranks once, then answers from the cache with the same bytes and ETag', async () => {
    const path = '/top-setups?limit=7&regime=range_bound';
    const first = await call(svc.baseUrl, path);
    const again = await call(svc.baseUrl, path);
    const third = await call(svc.baseUrl, path);
    expect(first.status).toBe(200);
    expect([again.text, third.text]).toEqual([first.text, first.text]);
    expect(third.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(parses).toHaveBeenCalledTimes(1);
    expect(ranks).toHaveBeenCalledTimes(1);
  });

  it('shares one response between URLs that normalise to the same query', async () => {
    const own = await listenService();
    try {
      const urls = [
        '/top-setups',
        '/top-setups?limit=20',
        '/top-setups?limit=20.4&min_score=0',
        '/top-setups?ttl=',
      ];
      const replies = [];
      for (const url of urls) replies.push(await call(own.baseUrl, url));
      expect(new Set(replies.map((r) => r.text)).size).toBe(1);
      expect(new Set(replies.map((r) => r.headers.get('etag'))).size).toBe(1);
      expect(ranks).toHaveBeenCalledTimes(1);
    } finally {
      await own.close();
    }
  });
});

describe('the same bytes and ETag on every path', () => {
  // Two services: on `a` each row's URL comes first, on `b` its alias. Every row is a query of its
  // own and each scope has its own entries, so each row starts cold on both.
  let a: Running;
  let b: Running;
  beforeAll(async () => {
    [a, b] = await Promise.all([listenService(), listenService()]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  // [first URL, an alias normalising to the same query]
  const table: [string, string][] = [
    ['/top-setups', '/top-setups?limit=20'],
    ['/top-setups?limit=5', '/top-setups?limit=5.9'],
    [
      '/top-setups?regime=choppy_volatile,range_bound',
      '/top-setups?regime=CHOPPY_VOLATILE,,range_bound&limit=20',
    ],
    ['/top-setups?iv_rank_min=20&iv_rank_max=80', '/top-setups?iv_rank_max=80&iv_rank_min=20'],
    ['/top-setups?ttl=30', '/top-setups?ttl=30.5'],
    ['/top-setups/screener/momentum_breakout', '/top-setups/screener/MOMENTUM_BREAKOUT'],
    [
      '/top-setups/screener/range_premium_seller?limit=3',
      '/top-setups/screener/range_premium_seller?limit=3&limit=',
    ],
    ['/income-setups', '/income-setups?limit=10'],
    ['/income-setups?type=cc&limit=7', '/income-setups?type=CC&limit=7'],
  ];
  it.each(table)('%s (alias %s): cold, cached, alias first, and 304', async (url, alias) => {
    for (const auth of ['key', 'demo'] as Auth[]) {
      const cold = await call(a.baseUrl, url, { auth });
      expect(cold.status).toBe(200);
      const etag = cold.headers.get('etag') as string;
      const cacheControl = cold.headers.get('cache-control');
      for (const r of [
        await call(a.baseUrl, url, { auth }),
        await call(a.baseUrl, alias, { auth }),
        await call(b.baseUrl, alias, { auth }),
        await call(b.baseUrl, url, { auth }),
      ]) {
        expect(r.status).toBe(200);
        expect(r.text).toBe(cold.text);
        expect(r.headers.get('etag')).toBe(etag);
        expect(r.headers.get('cache-control')).toBe(cacheControl);
      }
      for (const base of [a.baseUrl, b.baseUrl]) {
        const revalidated = await call(base, alias, { auth, headers: { 'if-none-match': etag } });
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.get('etag')).toBe(etag);
      }
    }
  });

  // ETags recorded from the service before the caches (they key on limit, filters, count, asof and
  // the epoch's snapshot set, none of which depends on the engine's figures for these queries).
  // Re-recorded when SPX, NDX, RUT and VIX joined the universe: the epoch's snapshot set is every
  // (ticker, latest snapshot) pair, so four more tickers make another set.
  // Re-recorded again when XOM and GM joined and the demo set became the official client's eight:
  // another snapshot set, and another demo scope for the demo rows.
  it.each([
    ['key', '/top-setups', 'W/"aFgt55vPiy5lW9M_6b1hArvF2Vm"'],
    ['key', '/top-setups?limit=5', 'W/"xjpW63_WmLSGv5M476C5NzAKMLq"'],
    ['key', '/top-setups?limit=999', 'W/"g0xkvIzAnIVdMaZq6ajuUdJu8sW"'],
    ['demo', '/top-setups', 'W/"nVz6qfySldbvDt2KkucQsfklJN6"'],
    ['demo', '/top-setups?limit=5', 'W/"g_KvQ1Z9qkTVNuNS1SS5MrNESV1"'],
  ] as [Auth, string, string][])('%s %s keeps its ETag %s', async (auth, url, etag) => {
    const r = await call(svc.baseUrl, url, { auth });
    expect(r.headers.get('etag')).toBe(etag);
  });
});

describe('a bad query', () => {
  it.each([
    ['/top-setups?limit=abc', 400, "limit: expected a number, got 'abc'"],
    ['/top-setups?iv_rank_min=90&iv_rank_max=10', 400, 'iv_rank_min (90) exceeds iv_rank_max (10)'],
    [
      '/top-setups?regime=trending_up',
      400,
      "regime: unknown value 'trending_up' (allowed: trending_low_vol, trending_high_vol, range_bound, choppy_volatile, trending_down_low_vol, trending_down_high_vol, flush_panic)",
    ],
    [
      '/top-setups/screener/momentum_breakout?min_score=lots',
      400,
      "min_score: expected a number, got 'lots'",
    ],
    ['/top-setups/screener/nope', 404, "no screener preset named 'nope'"],
    ['/income-setups?type=straddle', 400, "type: must be cc or csp (got 'straddle')"],
  ])('%s is refused the same way every time', async (url, status, message) => {
    for (let i = 0; i < 3; i += 1) {
      const r = await call(svc.baseUrl, url);
      expect(r.status).toBe(status);
      expect(r.json).toMatchObject({ error: { message } });
      expect(r.headers.get('etag')).toBeNull();
    }
  });
});

describe('a new snapshot', () => {
  it('is ranked again: a new ETag, a new body, and the old ETag no longer answers 304', async () => {
    const own = await listenService();
    try {
      const before = await call(own.baseUrl, '/top-setups');
      const etag = before.headers.get('etag') as string;
      expect((await call(own.baseUrl, '/top-setups', { headers: { 'if-none-match': etag } })).status).toBe(
        304,
      );
      // 11:02 → 11:07: the 11:05 snapshots now exist.
      own.clock.advance(5 * 60_000);
      const after = await call(own.baseUrl, '/top-setups', { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(after.text).not.toBe(before.text);
      const meta = (text: string) => (JSON.parse(text) as { meta: { asof: string } }).meta.asof;
      expect(Date.parse(meta(after.text))).toBeGreaterThan(Date.parse(meta(before.text)));
      expect(ranks).toHaveBeenCalledTimes(2);
    } finally {
      await own.close();
    }
  });
});
