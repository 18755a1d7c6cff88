// The rankings queries over a stored top-setups list: the simulator's own answer at ASOF (the
// local service, seed 42), as the poller would have stored it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  exclusionsOf,
  income,
  queryToFilters,
  screener,
  screenerQuery,
  topSetups,
} from '../../../../src/core/queries/ranking-lists.ts';
import { closedNote, nextOpenFire } from '../../../../src/core/queries/ranking-closed.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';
import { TOP_SETUPS_LIMIT } from '../../../../src/core/poller/jobs.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { parseTopSetupsQuery } from '../../../../src/shared/rankings/top-setups-query.ts';
import type { TopSetupsItem } from '../../../../src/shared/api/index.ts';
import { makeService, TEST_KEY } from '../../../support/service-factory.ts';

const ASOF = '2026-03-02T15:00:00Z';
const schedules = defaultSettings.schedules;
const NOW = { marketNow: Date.parse(ASOF) + 60_000, schedules };
let universe: TopSetupsItem[] = [];

beforeAll(async () => {
  const { app } = makeService({ at: Date.parse(ASOF), seed: 42 });
  try {
    const reply = await app.inject({
      url: '/api/v2/top-setups?limit=200',
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    universe = (reply.json() as { data: { items: TopSetupsItem[] } }).data.items;
  } finally {
    await app.close();
  }
  expect(universe.length).toBeGreaterThan(20);
}, 60_000);

const stores: Store<unknown>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function storeWithUniverse(): Store<unknown> {
  const store = openDatabase(':memory:') as Store<unknown>;
  stores.push(store);
  store.snapshots.ingest([
    {
      endpoint: 'top_setups',
      params: { limit: String(TOP_SETUPS_LIMIT) },
      asof: ASOF,
      data: { items: universe },
      meta: { schema: 'svc.top_setups.v2', asof: ASOF, model_versions: { interpreter: 'test-1' } },
    },
  ]);
  return store;
}

const q = (entries: Record<string, string>) => parseTopSetupsQuery(new Map(Object.entries(entries)));

describe('screenerQuery: a preset with per-key overrides', () => {
  it.each([
    {
      name: 'a value replaces the preset’s',
      overrides: { iv_rank_min: 20 },
      has: { iv_rank_min: '20', regime: 'range_bound' },
      lacks: [],
    },
    {
      name: 'null drops a preset bound',
      overrides: { iv_rank_min: null },
      has: { regime: 'range_bound' },
      lacks: ['iv_rank_min'],
    },
    {
      name: 'an empty list drops a preset list filter',
      overrides: { regime: [] },
      has: { regime: '', price_min: '25' },
      lacks: [],
    },
  ] as const)('$name', ({ overrides, has, lacks }) => {
    const query = screenerQuery('range_premium_seller', overrides as never);
    for (const [k, v] of Object.entries(has)) expect(query.get(k)).toBe(v);
    for (const k of lacks) expect(query.has(k)).toBe(false);
    // …and the service's own parser accepts the result.
    expect(() => parseTopSetupsQuery(query)).not.toThrow();
  });
});

describe('queryToFilters', () => {
  it('gives the preset back as bridge filters', () => {
    expect(queryToFilters(parseTopSetupsQuery(screenerQuery('range_premium_seller', undefined)))).toEqual({
      min_score: 4,
      regime: ['range_bound'],
      trend_state: ['sideways'],
      extension_state: ['neutral'],
      recommended_direction: ['neutral'],
      iv_rank_min: 50,
      price_min: 25,
    });
  });
});

describe('exclusionsOf: which filter excludes the most', () => {
  const items = [
    { ticker: 'A', opportunity_score: 8, iv_rank: 20, price: 10, regime_label: 'range_bound' },
    { ticker: 'B', opportunity_score: 3, iv_rank: 30, price: 50, regime_label: 'flush_panic' },
    { ticker: 'C', opportunity_score: 6, iv_rank: 70, price: 500, regime_label: 'range_bound' },
    { ticker: 'D', opportunity_score: 2, iv_rank: null, price: 90, regime_label: 'flush_panic' },
  ] as unknown as TopSetupsItem[];

  it.each([
    [{ iv_rank_min: '50' }, { key: 'iv_rank_min', value: 50, excluded: 3, total: 4 }],
    [
      { min_score: '5', iv_rank_min: '35' },
      { key: 'iv_rank_min', value: 35, excluded: 3, total: 4 },
    ],
    [
      { min_score: '7', regime: 'range_bound' },
      { key: 'min_score', value: 7, excluded: 3, total: 4 },
    ],
    [
      { regime: 'flush_panic', price_max: '40' },
      { key: 'price_max', value: 40, excluded: 3, total: 4 },
    ],
  ])('%o → %o first', (query, first) => {
    expect(exclusionsOf(items, q(query))[0]).toEqual(first);
  });

  it('lists every applied filter, most excluding first', () => {
    const all = exclusionsOf(items, q({ min_score: '5', regime: 'range_bound', price_min: '20' }));
    expect(all.map((e) => e.key)).toEqual(['min_score', 'regime', 'price_min']);
    expect(all.map((e) => e.excluded)).toEqual([2, 2, 1]);
  });
});

describe('rankings over the stored universe', () => {
  it('a top-setups answer honours every filter', () => {
    const store = storeWithUniverse();
    const all = topSetups(store, NOW, { limit: 200 });
    expect(all.items.length).toBe(universe.length);
    const cheap = topSetups(store, NOW, { limit: 200, price_max: 100, min_score: 3 });
    expect(cheap.items.length).toBeGreaterThan(0);
    expect(cheap.items.every((i) => i.price <= 100 && i.opportunity_score >= 3)).toBe(true);
    expect(cheap.exclusions).toBeUndefined();
  });

  it('an empty screener says which filter excludes the most tickers', () => {
    const store = storeWithUniverse();
    const out = screener(store, NOW, { name: 'range_premium_seller', overrides: { min_score: 10 } });
    expect(out.items).toEqual([]);
    expect(out.exclusions?.length).toBeGreaterThan(0);
    const [top] = out.exclusions ?? [];
    expect(top?.total).toBe(universe.length);
    for (const e of out.exclusions ?? []) expect(e.excluded).toBeLessThanOrEqual(top?.excluded ?? 0);
    expect(out.preset).toMatchObject({ regime: ['range_bound'], iv_rank_min: 50 });
  });

  it('an override can drop a preset filter, widening the answer', () => {
    const store = storeWithUniverse();
    const plain = screener(store, NOW, { name: 'trend_pullback', overrides: { min_score: 0 } });
    const wider = screener(store, NOW, {
      name: 'trend_pullback',
      overrides: {
        min_score: 0,
        trend_state: [],
        momentum_state: [],
        extension_state: [],
        iv_rank_min: null,
      },
    });
    expect(wider.items.length).toBeGreaterThan(plain.items.length);
    expect(wider.meta?.filters).not.toHaveProperty('iv_rank_range');
  });
});

describe('an empty stored ranking taken with the market closed says when the next one is due', () => {
  const t = (iso: string) => Date.parse(iso);
  // Mon 2026-03-02: the open is 14:30Z (09:30 ET, EST). Fri 2026-02-27 the session before it.
  it.each([
    {
      name: 'Monday a minute before the open: pre-open, due at the open',
      asof: '2026-03-02T14:29:00Z',
      now: '2026-03-02T14:29:30Z',
      note: { when: 'pre_open', opensAt: '2026-03-02T14:30:00.000Z', nextDueAt: '2026-03-02T14:30:00.000Z' },
    },
    {
      name: 'still the pre-open list once the market opened: due at the next fire after now',
      asof: '2026-03-02T14:29:00Z',
      now: '2026-03-02T14:31:00Z',
      note: { when: 'pre_open', opensAt: '2026-03-02T14:30:00.000Z', nextDueAt: '2026-03-02T14:45:00.000Z' },
    },
    {
      name: 'a Saturday: closed, due at Monday’s open',
      asof: '2026-02-28T15:00:00Z',
      now: '2026-02-28T15:05:00Z',
      note: { when: 'closed', opensAt: '2026-03-02T14:30:00.000Z', nextDueAt: '2026-03-02T14:30:00.000Z' },
    },
    {
      name: 'Friday after the close: closed, due at Monday’s open',
      asof: '2026-02-27T22:00:00Z',
      now: '2026-02-27T22:00:00Z',
      note: { when: 'closed', opensAt: '2026-03-02T14:30:00.000Z', nextDueAt: '2026-03-02T14:30:00.000Z' },
    },
    {
      name: 'in market hours: no note',
      asof: '2026-03-02T15:00:00Z',
      now: '2026-03-02T15:01:00Z',
      note: undefined,
    },
  ])('$name', ({ asof, now, note }) => {
    expect(closedNote(t(asof), t(now), schedules.top_setups)).toEqual(note);
  });

  it.each([
    // The hourly income job: the open (09:30) is not on the hour, so 10:00 ET is the first run.
    ['0 * * * *', '2026-03-02T14:29:00Z', '2026-03-02T15:00:00.000Z'],
    // An after-close-only schedule never fires with the market open.
    ['30 16 * * 1-5', '2026-03-02T14:29:00Z', null],
    // Only eight days are looked at: a yearly run six weeks out is not "due".
    ['0 10 15 4 *', '2026-03-02T14:29:00Z', null],
    ['0 10 5 3 *', '2026-03-02T14:29:00Z', '2026-03-05T15:00:00.000Z'],
  ])('%s after %s → %s', (schedule, after, due) => {
    const at = nextOpenFire(schedule, t(after));
    expect(at === null ? null : new Date(at).toISOString()).toBe(due);
  });

  function storeWith(asof: string, items: unknown[]): Store<unknown> {
    const store = openDatabase(':memory:') as Store<unknown>;
    stores.push(store);
    store.snapshots.ingest([
      {
        endpoint: 'top_setups',
        params: { limit: String(TOP_SETUPS_LIMIT) },
        asof,
        data: { items },
        meta: { schema: 'svc.top_setups.v2', asof, model_versions: { interpreter: 'test-1' } },
      },
      {
        endpoint: 'income_setups',
        params: { limit: '50' },
        asof,
        data: { items: [] },
        meta: { schema: 'svc.income_setups.v1', asof, model_versions: { income_recommender: 'test-1' } },
      },
    ]);
    return store;
  }
  const preOpen = { marketNow: t('2026-03-02T14:29:30Z'), schedules };

  it('top setups, screeners and income carry the note on a pre-open empty list', () => {
    const store = storeWith('2026-03-02T14:29:00Z', []);
    const expected = { when: 'pre_open', opensAt: '2026-03-02T14:30:00.000Z' };
    expect(topSetups(store, preOpen, {}).closed).toMatchObject(expected);
    expect(screener(store, preOpen, { name: 'momentum_breakout' }).closed).toMatchObject(expected);
    expect(income(store, preOpen, {}).closed).toMatchObject({
      ...expected,
      nextDueAt: '2026-03-02T15:00:00.000Z',
    });
  });

  it('a pre-open list that holds tickers has no note (filters explain an empty answer)', () => {
    const store = storeWith('2026-03-02T14:29:00Z', universe);
    const out = topSetups(store, preOpen, { min_score: 10 });
    expect(out.items).toEqual([]);
    expect(out.closed).toBeUndefined();
    expect(out.exclusions?.length).toBeGreaterThan(0);
  });

  it('an empty list taken in market hours has no note', () => {
    const store = storeWith('2026-03-02T15:00:00Z', []);
    expect(topSetups(store, NOW, {}).closed).toBeUndefined();
  });
});
