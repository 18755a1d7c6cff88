// The app's gamma filters over a stored top-setups list (the simulator's own answer, seed 42, as
// the poller stores it): applied main-side before the cut, never passed to the API's query, each
// row's gamma read from the ranking item or, lacking it there, from the ticker's stored signals.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filtersToQuery, screener, topSetups } from '../../../../src/core/queries/ranking-lists.ts';
import { TOP_SETUPS_LIMIT } from '../../../../src/core/poller/jobs.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { TopSetupsItem } from '../../../../src/shared/api/index.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';
import { gammaOfItem } from '../../../../src/shared/rankings/gamma-filters.ts';
import { makeService, TEST_KEY } from '../../../support/service-factory.ts';

const ASOF = '2026-03-02T15:00:00Z';
const NOW = { marketNow: Date.parse(ASOF) + 60_000, schedules: defaultSettings.schedules };
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

/** A ranking whose items carry no gamma (a remote service's, say), except via stored signals. */
const bare = (item: TopSetupsItem): TopSetupsItem => {
  const {
    gamma_regime: _g,
    gex_flip: _f,
    dist_to_gex_flip_pct: _d,
    ...rest
  } = item.trade_setup.signal_snapshot;
  return { ...item, trade_setup: { ...item.trade_setup, signal_snapshot: rest } };
};

function storeWith(items: TopSetupsItem[]): Store<unknown> {
  const store = openDatabase(':memory:') as Store<unknown>;
  stores.push(store);
  store.snapshots.ingest([
    {
      endpoint: 'top_setups',
      params: { limit: String(TOP_SETUPS_LIMIT) },
      asof: ASOF,
      data: { items },
      meta: { schema: 'svc.top_setups.v2', asof: ASOF, model_versions: { interpreter: 'test-1' } },
    },
  ]);
  return store;
}

const regimeOf = (item: TopSetupsItem) => gammaOfItem(item)?.regime ?? null;
const distanceOf = (item: TopSetupsItem) => gammaOfItem(item)?.distance_pct ?? null;

describe('gamma filters on the stored ranking', () => {
  it('the simulator ranking has both gamma regimes, so the filters can tell them apart', () => {
    const regimes = new Set(universe.map(regimeOf));
    expect(regimes.has('positive') && regimes.has('negative')).toBe(true);
  });

  it.each(['positive', 'negative'] as const)(
    'gamma regime %s: exactly the rows with it, in score order',
    (g) => {
      const out = topSetups(storeWith(universe), NOW, { limit: 200, gamma_regime: [g] });
      const want = universe.filter((i) => regimeOf(i) === g).map((i) => i.ticker);
      expect(out.items.map((i) => i.ticker).sort()).toEqual([...want].sort());
      for (const item of out.items) expect(out.gamma?.[item.ticker]?.regime).toBe(g);
      expect(out.meta?.filters).not.toHaveProperty('gamma_regime');
    },
  );

  it('flip within 2 % of spot, either side', () => {
    const out = topSetups(storeWith(universe), NOW, { limit: 200, flip_distance_max: 2 });
    const want = universe.filter((i) => {
      const d = distanceOf(i);
      return d !== null && Math.abs(d) <= 2;
    });
    expect(out.items.map((i) => i.ticker).sort()).toEqual(want.map((i) => i.ticker).sort());
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(universe.length);
  });

  it('narrows before the cut to limit, so a gamma filter does not just shorten the first page', () => {
    const negatives = universe.filter((i) => regimeOf(i) === 'negative');
    const limit = Math.min(5, negatives.length);
    const out = topSetups(storeWith(universe), NOW, { limit, gamma_regime: ['negative'] });
    expect(out.items).toHaveLength(limit);
  });

  it('reads a row lacking gamma from the ticker stored signals, and says when there is none', () => {
    const [withSignals, without, ...rest] = universe;
    if (!withSignals || !without) throw new Error('universe too small');
    const store = storeWith([bare(withSignals), bare(without), ...rest]);
    const g = gammaOfItem(withSignals);
    store.snapshots.ingest([
      {
        endpoint: 'signals',
        ticker: withSignals.ticker,
        asof: ASOF,
        data: {
          ticker: withSignals.ticker,
          price: withSignals.price,
          gamma_regime: g?.regime,
          gex_flip: g?.flip,
          dist_to_gex_flip_pct: g?.distance_pct,
        },
        meta: { schema: 'svc.signals.v2', asof: ASOF },
      },
    ]);
    const all = topSetups(store, NOW, { limit: 200 });
    expect(all.gamma?.[withSignals.ticker]).toMatchObject({ from: 'ticker_state', regime: g?.regime });
    expect(all.gamma?.[without.ticker]).toBeNull();
    expect(all.gammaUnknown).toBeUndefined();

    const filtered = topSetups(store, NOW, {
      limit: 200,
      gamma_regime: ['positive', 'negative', 'neutral', 'unknown'],
    });
    expect(filtered.items.map((i) => i.ticker)).not.toContain(without.ticker);
    expect(filtered.items.map((i) => i.ticker)).toContain(withSignals.ticker);
    expect(filtered.gammaUnknown).toBe(1);
  });

  it('names a gamma filter when it is what empties the list', () => {
    const out = topSetups(storeWith(universe.map(bare)), NOW, { limit: 50, gamma_regime: ['negative'] });
    expect(out.items).toEqual([]);
    expect(out.exclusions?.[0]).toEqual({
      key: 'gamma_regime',
      value: ['negative'],
      excluded: universe.length,
      total: universe.length,
    });
  });

  it('applies to a screener as an override of its preset', () => {
    const plain = screener(storeWith(universe), NOW, { name: 'range_premium_seller', overrides: {} });
    const positive = screener(storeWith(universe), NOW, {
      name: 'range_premium_seller',
      overrides: { gamma_regime: ['positive'] },
    });
    expect(positive.items.map((i) => i.ticker)).toEqual(
      plain.items.filter((i) => regimeOf(i) === 'positive').map((i) => i.ticker),
    );
    expect(positive.meta?.filters).not.toHaveProperty('gamma_regime');
  });

  it('is never an API query parameter', () => {
    const q = filtersToQuery({
      regime: ['range_bound'],
      gamma_regime: ['negative'],
      flip_distance_max: 2,
      flip_distance_min: 1,
    });
    expect([...q.keys()]).toEqual(['regime']);
  });
});
