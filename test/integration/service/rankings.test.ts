// Conformance of /top-setups, the screeners and /income-setups over real HTTP, rule by rule. Each
// filter is checked against an independent predicate applied to the unfiltered ranking, and the
// presets against the spec's table written out here (not imported from the service).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkIncomeSetups,
  checkTopSetups,
  incomeResponseSchema,
  screenerResponseSchema,
  topSetupsResponseSchema,
  type TopSetupsItem,
} from '../../../src/shared/api/index.ts';
import { call, listenService, type Running } from '../../support/service-factory.ts';
import { expectError, valid } from './schema-assert.ts';

let svc: Running;
let all: TopSetupsItem[];
const get = (path: string, opts?: Parameters<typeof call>[2]) => call(svc.baseUrl, path, opts);

async function top(query: string): Promise<{ items: TopSetupsItem[]; meta: Record<string, unknown> }> {
  const r = await get(`/top-setups${query}`);
  const body = valid(topSetupsResponseSchema, r.json);
  expect(checkTopSetups(body.meta, body.data.items)).toEqual([]);
  return { items: body.data.items, meta: body.meta };
}

const tickers = (items: readonly TopSetupsItem[]) => items.map((i) => i.ticker);

beforeAll(async () => {
  svc = await listenService();
  all = (await top('?limit=200')).items;
});
afterAll(() => svc.close());

describe('/top-setups', () => {
  it('ranks the latest snapshot of every ticker, score descending, ticker ascending on ties', async () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tickers(all)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1] as TopSetupsItem, all[i] as TopSetupsItem];
      expect(
        a.opportunity_score > b.opportunity_score ||
          (a.opportunity_score === b.opportunity_score && a.ticker < b.ticker),
      ).toBe(true);
    }
    const { items, meta } = await top('');
    expect(items).toEqual(all.slice(0, 20));
    expect(meta).toMatchObject({
      limit: 20,
      min_score: 0,
      count: 20,
      filters: {},
      schema: 'svc.top_setups.v2',
    });
    expect(meta.asof).toBe(
      new Date(svc.app.gammawatch.source.latestSnapshotTime('SPY', svc.clock.now()) as number).toISOString(),
    );
  });

  const byField = (field: keyof TopSetupsItem, values: string[]) => (i: TopSetupsItem) =>
    values.includes(String(i[field]));
  const first = (field: keyof TopSetupsItem) => String((all[0] as TopSetupsItem)[field]);
  const pair = (field: keyof TopSetupsItem) => [...new Set(all.map((i) => String(i[field])))].slice(0, 2);

  it.each([
    [
      'regime (IN, one value)',
      () => [`regime=${first('regime_label')}`, byField('regime_label', [first('regime_label')])],
    ],
    [
      'regime (IN, CSV)',
      () => [`regime=${pair('regime_label').join(',')}`, byField('regime_label', pair('regime_label'))],
    ],
    [
      'recommended_direction',
      () => [
        `recommended_direction=${pair('recommended_direction').join(',')}`,
        byField('recommended_direction', pair('recommended_direction')),
      ],
    ],
    ['trade_bias', () => [`trade_bias=${first('trade_bias')}`, byField('trade_bias', [first('trade_bias')])]],
    [
      'trend_state',
      () => [`trend_state=${pair('trend_state').join(',')}`, byField('trend_state', pair('trend_state'))],
    ],
    [
      'momentum_state',
      () => [
        `momentum_state=${first('momentum_state')}`,
        byField('momentum_state', [first('momentum_state')]),
      ],
    ],
    [
      'extension_state',
      () => [
        `extension_state=${first('extension_state')}`,
        byField('extension_state', [first('extension_state')]),
      ],
    ],
    [
      'realized_vol_state',
      () => [
        `realized_vol_state=${first('realized_vol_state')}`,
        byField('realized_vol_state', [first('realized_vol_state')]),
      ],
    ],
  ] as const)('filter %s', async (_name, make) => {
    const [query, keep] = make() as [string, (i: TopSetupsItem) => boolean];
    const { items } = await top(`?limit=200&${query}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items).toEqual(all.filter(keep));
  });

  it('numeric ranges are inclusive at both ends', async () => {
    const price = (all[3] as TopSetupsItem).price;
    const ivr = all.map((i) => i.iv_rank).find((v): v is number => v !== null) as number;
    const iad = all.map((i) => i.ivAtMaxDelta).find((v): v is number => v !== null) as number;
    expect((await top(`?limit=200&price_min=${price}&price_max=${price}`)).items).toEqual(
      all.filter((i) => i.price === price),
    );
    expect((await top(`?limit=200&iv_rank_min=${ivr}&iv_rank_max=${ivr}`)).items).toEqual(
      all.filter((i) => i.iv_rank === ivr),
    );
    expect((await top(`?limit=200&ivAtMaxDelta_min=${iad}`)).items).toEqual(
      all.filter((i) => i.ivAtMaxDelta !== null && i.ivAtMaxDelta >= iad),
    );
  });

  it('filters are AND-ed, min_score drops lower rows, and the honoured filters are echoed', async () => {
    const regime = (all[0] as TopSetupsItem).regime_label;
    const minScore = (all[5] as TopSetupsItem).opportunity_score;
    const { items, meta } = await top(`?limit=200&regime=${regime}&min_score=${minScore}&price_min=10`);
    expect(items).toEqual(
      all.filter((i) => i.regime_label === regime && i.opportunity_score >= minScore && i.price >= 10),
    );
    expect(meta.filters).toEqual({ regime: [regime], price_range: [10, null] });
    expect(meta.min_score).toBe(minScore);
  });

  it('ignores unknown parameters and treats empty values as unset', async () => {
    const { items, meta } = await top('?limit=200&colour=blue&regime=&iv_rank_min=&trend_state=');
    expect(items).toEqual(all);
    expect(meta.filters).toEqual({});
  });

  it.each([
    ['limit=0', { limit: 1 }],
    ['limit=5000', { limit: 200 }],
    ['min_score=-3', { min_score: 0 }],
    ['min_score=42', { min_score: 10, count: 0 }],
    ['iv_rank_min=-20&iv_rank_max=250', { filters: { iv_rank_range: [0, 100] } }],
  ])('clamps out-of-range numbers and echoes them: %s', async (query, expected) => {
    expect((await top(`?${query}`)).meta).toMatchObject(expected);
  });

  it.each(['limit=ten', 'min_score=high', 'price_min=cheap', 'ivAtMaxDelta_max=0x10', 'ttl=soon'])(
    'a non-numeric %s is a 400 naming the parameter',
    async (query) => {
      const error = expectError(await get(`/top-setups?${query}`), 400, 'bad_request');
      expect(error.param).toBe(query.split('=')[0]);
      expect(String(error.message)).toContain(query.split('=')[0] as string);
    },
  );

  it('a value outside a closed set is a 400 with the allowed values', async () => {
    const error = expectError(await get('/top-setups?regime=sideways'), 400, 'bad_request');
    expect(error.allowed).toContain('range_bound');
  });
});

describe('caching of /top-setups', () => {
  it('sends a weak ETag and Cache-Control driven by ttl', async () => {
    const r = await get('/top-setups?limit=5');
    expect(r.headers.get('etag')).toMatch(/^W\/"[^"]+"$/);
    expect(r.headers.get('cache-control')).toBe('private, max-age=900, stale-while-revalidate=30');
    const short = await get('/top-setups?limit=5&ttl=60');
    expect(short.headers.get('cache-control')).toBe('private, max-age=60, stale-while-revalidate=30');
    expect((await get('/top-setups?ttl=99999')).headers.get('cache-control')).toContain('max-age=1800');
  });

  it('the ETag is keyed on limit, min_score and filters', async () => {
    const etags = await Promise.all(
      ['?limit=5', '?limit=6', '?limit=5&min_score=1', '?limit=5&price_min=1'].map(async (q) =>
        (await get(`/top-setups${q}`)).headers.get('etag'),
      ),
    );
    expect(new Set(etags).size).toBe(4);
    expect((await get('/top-setups?limit=5&colour=red')).headers.get('etag')).toBe(etags[0]);
  });

  it.each([
    ['the ETag itself', (e: string) => e],
    ['its strong form', (e: string) => e.slice(2)],
    ['a list containing it', (e: string) => `"nope", ${e}`],
    ['*', () => '*'],
  ])('If-None-Match with %s → 304 with no body', async (_name, header) => {
    const etag = (await get('/top-setups?limit=7')).headers.get('etag') as string;
    const r = await get('/top-setups?limit=7', { headers: { 'if-none-match': header(etag) } });
    expect(r.status).toBe(304);
    expect(r.text).toBe('');
    expect(r.headers.get('etag')).toBe(etag);
  });

  it('a stale validator gets the full body', async () => {
    const r = await get('/top-setups?limit=7', { headers: { 'if-none-match': 'W/"stale"' } });
    expect(r.status).toBe(200);
    valid(topSetupsResponseSchema, r.json);
  });
});

/** The spec's preset table, written out independently of the service's own copy. */
const PRESETS: Record<string, { query: string; keep: (i: TopSetupsItem) => boolean }> = {
  momentum_breakout: {
    query:
      'regime=trending_low_vol&recommended_direction=long&trend_state=up&momentum_state=strong,improving&extension_state=neutral&realized_vol_state=subdued,contracting&iv_rank_max=40&price_min=20&min_score=7.0',
    keep: (i) =>
      i.regime_label === 'trending_low_vol' &&
      i.recommended_direction === 'long' &&
      i.trend_state === 'up' &&
      ['strong', 'improving'].includes(String(i.momentum_state)) &&
      i.extension_state === 'neutral' &&
      ['subdued', 'contracting'].includes(String(i.realized_vol_state)) &&
      i.iv_rank !== null &&
      i.iv_rank <= 40 &&
      i.price >= 20 &&
      i.opportunity_score >= 7,
  },
  capitulation_reversal: {
    query:
      'regime=flush_panic,trending_down_high_vol&extension_state=oversold&realized_vol_state=expanding,elevated&momentum_state=fading&recommended_direction=long&iv_rank_min=60&min_score=5.0',
    keep: (i) =>
      ['flush_panic', 'trending_down_high_vol'].includes(i.regime_label) &&
      i.extension_state === 'oversold' &&
      ['expanding', 'elevated'].includes(String(i.realized_vol_state)) &&
      i.momentum_state === 'fading' &&
      i.recommended_direction === 'long' &&
      i.iv_rank !== null &&
      i.iv_rank >= 60 &&
      i.opportunity_score >= 5,
  },
  range_premium_seller: {
    query:
      'regime=range_bound&trend_state=sideways&extension_state=neutral&recommended_direction=neutral&iv_rank_min=50&price_min=25&min_score=4.0',
    keep: (i) =>
      i.regime_label === 'range_bound' &&
      i.trend_state === 'sideways' &&
      i.extension_state === 'neutral' &&
      i.recommended_direction === 'neutral' &&
      i.iv_rank !== null &&
      i.iv_rank >= 50 &&
      i.price >= 25 &&
      i.opportunity_score >= 4,
  },
  trend_pullback: {
    query:
      'trend_state=up&momentum_state=fading&extension_state=oversold&realized_vol_state=subdued,contracting&recommended_direction=long&iv_rank_min=30&min_score=5.0',
    keep: (i) =>
      i.trend_state === 'up' &&
      i.momentum_state === 'fading' &&
      i.extension_state === 'oversold' &&
      ['subdued', 'contracting'].includes(String(i.realized_vol_state)) &&
      i.recommended_direction === 'long' &&
      i.iv_rank !== null &&
      i.iv_rank >= 30 &&
      i.opportunity_score >= 5,
  },
  highvol_breakdown: {
    query:
      'regime=trending_down_low_vol,trending_down_high_vol&trend_state=down&momentum_state=strong,improving&extension_state=neutral&recommended_direction=short&iv_rank_min=30&min_score=6.0',
    keep: (i) =>
      ['trending_down_low_vol', 'trending_down_high_vol'].includes(i.regime_label) &&
      i.trend_state === 'down' &&
      ['strong', 'improving'].includes(String(i.momentum_state)) &&
      i.extension_state === 'neutral' &&
      i.recommended_direction === 'short' &&
      i.iv_rank !== null &&
      i.iv_rank >= 30 &&
      i.opportunity_score >= 6,
  },
};

describe('/top-setups/screener/{name}', () => {
  it.each(Object.entries(PRESETS))(
    '%s equals /top-setups with exactly the spec filters',
    async (name, preset) => {
      const r = await get(`/top-setups/screener/${name}?limit=200`);
      const body = valid(screenerResponseSchema, r.json);
      expect(body.meta.extra.screener).toBe(name);
      const same = await top(`?limit=200&${preset.query}`);
      expect(body.data.items).toEqual(same.items);
      expect(body.meta.filters).toEqual(same.meta.filters);
      expect(body.meta.min_score).toBe(same.meta.min_score);
      expect(body.data.items).toEqual(all.filter(preset.keep));
    },
  );

  it('query parameters override the preset per key and keep the rest', async () => {
    const r = await get('/top-setups/screener/range_premium_seller?min_score=0&iv_rank_min=0&limit=200');
    const body = valid(screenerResponseSchema, r.json);
    expect(body.meta.min_score).toBe(0);
    expect(body.meta.filters).toMatchObject({
      regime: ['range_bound'],
      iv_rank_range: [0, null],
      price_range: [25, null],
    });
    expect(body.data.items).toEqual(
      all.filter(
        (i) =>
          i.regime_label === 'range_bound' &&
          i.trend_state === 'sideways' &&
          i.extension_state === 'neutral' &&
          i.recommended_direction === 'neutral' &&
          i.iv_rank !== null &&
          i.price >= 25,
      ),
    );
  });

  it('an unknown preset is a 404 with the available names', async () => {
    const error = expectError(await get('/top-setups/screener/moonshot'), 404, 'unknown_preset');
    expect(error.available).toEqual(Object.keys(PRESETS));
  });

  it('revalidates with 304', async () => {
    const etag = (await get('/top-setups/screener/trend_pullback')).headers.get('etag') as string;
    expect(etag).not.toBe((await get('/top-setups')).headers.get('etag'));
    const r = await get('/top-setups/screener/trend_pullback', { headers: { 'if-none-match': etag } });
    expect(r.status).toBe(304);
    expect(r.text).toBe('');
  });

  it('demo access ranks the demo symbols only', async () => {
    const r = await get('/top-setups?limit=200', { auth: 'demo' });
    const body = valid(topSetupsResponseSchema, r.json);
    const demo = svc.app.gammawatch.demoSymbols;
    expect(body.data.items.length).toBe(demo.length);
    expect(body.data.items.every((i) => demo.includes(i.ticker))).toBe(true);
    expect(r.headers.get('etag')).not.toBe((await get('/top-setups?limit=200')).headers.get('etag'));
  });
});

describe('/income-setups', () => {
  let both: ReturnType<typeof incomeResponseSchema.parse>;
  beforeAll(async () => {
    both = valid(incomeResponseSchema, (await get('/income-setups?limit=50')).json);
  });

  it('ranks by income_score with at most two rows per ticker', () => {
    expect(both.data.items.length).toBeGreaterThan(5);
    expect(checkIncomeSetups(both.meta, both.data.items)).toEqual([]);
    expect(both.meta).toMatchObject({ schema: 'svc.income_setups.v1', limit: 50, type: null });
    expect(both.meta.model_versions.income_recommender).toMatch(/\S/);
  });

  it.each(['cc', 'csp'] as const)('type=%s keeps that strategy only', async (type) => {
    const body = valid(incomeResponseSchema, (await get(`/income-setups?limit=50&type=${type}`)).json);
    const inBoth = both.data.items.filter((i) => i.strategy === type);
    expect(body.data.items.every((i) => i.strategy === type)).toBe(true);
    // `both` is cut at 50 rows, so its rows of this type are a prefix of the filtered ranking.
    expect(body.data.items.slice(0, inBoth.length)).toEqual(inBoth);
    expect(body.meta.type).toBe(type);
  });

  it('an unknown type is a 400 with allowed', async () => {
    const error = expectError(await get('/income-setups?type=iron_condor'), 400, 'bad_request');
    expect(error.allowed).toEqual(['cc', 'csp']);
  });

  it.each([
    ['limit=1', { limit: 2, count: 2 }],
    ['limit=999', { limit: 50 }],
    ['min_income_score=-1', { min_income_score: 0 }],
    ['min_income_score=11', { min_income_score: 10, count: 0 }],
  ])('clamps %s', async (query, expected) => {
    expect(valid(incomeResponseSchema, (await get(`/income-setups?${query}`)).json).meta).toMatchObject(
      expected,
    );
  });

  it('min_income_score drops lower rows', async () => {
    const floor = (both.data.items[3] as { income_score: number }).income_score;
    const body = valid(
      incomeResponseSchema,
      (await get(`/income-setups?limit=50&min_income_score=${floor}`)).json,
    );
    expect(body.data.items).toEqual(both.data.items.filter((i) => i.income_score >= floor));
  });

  it('caches privately with a weak ETag and answers 304', async () => {
    const r = await get('/income-setups?type=csp');
    expect(r.headers.get('cache-control')).toBe('private');
    const etag = r.headers.get('etag') as string;
    expect(etag).toMatch(/^W\//);
    expect(etag).not.toBe((await get('/income-setups?type=cc')).headers.get('etag'));
    const again = await get('/income-setups?type=csp', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});
