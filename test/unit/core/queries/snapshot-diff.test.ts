import { afterEach, describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../../src/core/queries/snapshot-diff.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const T0 = Date.UTC(2026, 2, 2, 15, 0);
const iso = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

function storeWithTwo(): Store {
  const s = openDatabase(':memory:');
  stores.push(s);
  s.snapshots.ingest([
    {
      endpoint: 'signals',
      ticker: 'SPY',
      asof: T0,
      data: { price: 600, iv_rank: 77.4, regime_label: 'range_bound' },
    },
    {
      endpoint: 'signals',
      ticker: 'SPY',
      asof: T0 + 10 * 60_000,
      data: { price: 601.5, iv_rank: 82.96, regime_label: 'trending_low_vol' },
    },
  ]);
  return s;
}

describe('diffSnapshots: always older → newer, whichever time is named first', () => {
  it.each([
    ['A older, B newer', iso(1), iso(11)],
    ['A newer, B older', iso(11), iso(1)],
  ])('%s', (_name, a, b) => {
    const diff = diffSnapshots(
      { store: storeWithTwo(), marketNow: T0 + 20 * 60_000 },
      { ticker: 'SPY', endpoint: 'signals', a, b },
    );
    expect(diff.a?.asof).toBe(iso(0));
    expect(diff.b?.asof).toBe(iso(10));
    expect(diff.before).toMatchObject({ iv_rank: 77.4 });
    expect(diff.after).toMatchObject({ iv_rank: 82.96 });
    expect(diff.changes.find((c) => c.path === 'iv_rank')).toEqual({
      path: 'iv_rank',
      before: 77.4,
      after: 82.96,
    });
    expect(diff.transitions).toEqual([
      { field: 'regime_label', from: 'range_bound', to: 'trending_low_vol' },
    ]);
  });

  it('a time with nothing stored stays on its side, with no changes', () => {
    const diff = diffSnapshots(
      { store: storeWithTwo(), marketNow: T0 },
      { ticker: 'SPY', endpoint: 'signals', a: iso(5), b: iso(-60) },
    );
    expect(diff.a?.asof).toBe(iso(0));
    expect(diff.b).toBeNull();
    expect(diff.changes).toEqual([]);
  });
});
