import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';

const dirs: string[] = [];
const stores: Store<unknown>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(file = ':memory:'): Store<unknown> {
  const store = openDatabase(file) as Store<unknown>;
  stores.push(store);
  return store;
}

describe('saved views', () => {
  it('creates, lists by kind and name, renames and deletes', () => {
    const store = open();
    const a = store.savedViews.create('Cheap IV', { kind: 'top_setups', filters: { iv_rank_max: 30 } });
    store.savedViews.create('Breakouts', {
      kind: 'screener',
      preset: 'momentum_breakout',
      overrides: { iv_rank_max: 60, price_min: null },
    });
    store.savedViews.create('all longs', {
      kind: 'top_setups',
      filters: { recommended_direction: ['long'] },
    });
    expect(store.savedViews.list('top_setups').map((v) => v.name)).toEqual(['all longs', 'Cheap IV']);
    expect(store.savedViews.list('screener')[0]).toMatchObject({
      kind: 'screener',
      preset: 'momentum_breakout',
      overrides: { iv_rank_max: 60, price_min: null },
    });
    expect(store.savedViews.rename(a.id, '  Cheap vol ').name).toBe('Cheap vol');
    expect(store.savedViews.delete(a.id)).toBe(true);
    expect(store.savedViews.delete(a.id)).toBe(false);
    expect(store.savedViews.list().map((v) => v.name)).toEqual(['all longs', 'Breakouts']);
  });

  it.each([
    ['the same name', 'Cheap IV'],
    ['another case', 'cheap iv'],
  ])('refuses a duplicate name of one kind (%s), with a message', (_case, name) => {
    const store = open();
    store.savedViews.create('Cheap IV', { kind: 'top_setups', filters: {} });
    const error = (() => {
      try {
        store.savedViews.create(name, { kind: 'top_setups', filters: {} });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('conflict');
    expect((error as StoreError).message).toMatch(/already exists/);
    // A screener may share the name of a top-setups view.
    expect(
      store.savedViews.create(name, { kind: 'screener', preset: 'trend_pullback', overrides: {} }).name,
    ).toBe(name);
  });

  it('refuses a body that breaks the schema', () => {
    const store = open();
    expect(() =>
      store.savedViews.create('Bad', { kind: 'top_setups', filters: { iv_rank_min: 300 } } as never),
    ).toThrow();
    expect(store.savedViews.list()).toEqual([]);
  });

  it('persists across reopening the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-views-'));
    dirs.push(dir);
    const file = join(dir, 'gw.sqlite');
    const first = open(file);
    first.savedViews.create('Mine', {
      kind: 'screener',
      preset: 'trend_pullback',
      overrides: { min_score: 3 },
    });
    first.close();
    expect(
      open(file)
        .savedViews.list('screener')
        .map((v) => v.name),
    ).toEqual(['Mine']);
  });
});
