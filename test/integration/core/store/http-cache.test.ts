import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { HttpCacheEntry } from '../../../../src/core/store/repositories/http-cache.ts';
import { tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore();
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

const entry: HttpCacheEntry = {
  key: 'GET https://api.example.com/api/v2/top-setups?limit=20',
  etag: 'W/"abc"',
  body: '{"meta":{},"data":{"items":[]}}',
  storedAt: 1_700_000_000_000,
  maxAgeSeconds: 900,
  swrSeconds: 30,
};

describe('http cache', () => {
  it('set, get, replace, delete', () => {
    expect(store.httpCache.get(entry.key)).toBeUndefined();
    store.httpCache.set(entry);
    expect(store.httpCache.get(entry.key)).toEqual(entry);
    store.httpCache.set({ ...entry, etag: 'W/"def"', storedAt: entry.storedAt + 1 });
    expect(store.httpCache.get(entry.key)).toMatchObject({ etag: 'W/"def"', storedAt: entry.storedAt + 1 });
    expect(store.httpCache.delete(entry.key)).toBe(true);
    expect(store.httpCache.delete(entry.key)).toBe(false);
  });

  it('keeps an entry without an ETag', () => {
    store.httpCache.set({ ...entry, etag: null });
    expect(store.httpCache.get(entry.key)?.etag).toBeNull();
  });

  it('survives a restart', () => {
    store.httpCache.set(entry);
    store.close();
    const again = openDatabase(ctx.file);
    expect(again.httpCache.get(entry.key)).toEqual(entry);
    again.close();
  });

  it('prunes by age and clears', () => {
    store.httpCache.set(entry);
    store.httpCache.set({ ...entry, key: 'new', storedAt: entry.storedAt + 10_000 });
    expect(store.httpCache.prune(entry.storedAt + 1)).toBe(1);
    expect(store.httpCache.get('new')).toBeDefined();
    expect(store.httpCache.clear()).toBe(1);
  });

  it('refuses a negative max-age', () => {
    expect(() => store.httpCache.set({ ...entry, maxAgeSeconds: -1 })).toThrow(/maxAgeSeconds/);
  });
});
