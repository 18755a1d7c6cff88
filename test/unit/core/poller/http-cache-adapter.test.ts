import { afterEach, describe, expect, it } from 'vitest';
import { sqliteHttpCache } from '../../../../src/core/poller/http-cache-adapter.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';

const stores: Store<unknown>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

describe('sqliteHttpCache', () => {
  const entry = (key: string) => ({
    key,
    etag: 'W/"abc"',
    body: '{"meta":{},"data":{}}',
    contentType: 'application/json; charset=utf-8',
    status: 200,
    storedAt: 1_700_000_000_123,
    maxAge: 900,
    swr: 30,
  });

  it('keeps entries across a change of port of the local service', () => {
    const store = openDatabase(':memory:');
    stores.push(store);
    sqliteHttpCache(store.httpCache, 'http://127.0.0.1:4001/api/v2').set(
      entry('http://127.0.0.1:4001/api/v2/top-setups?limit=200'),
    );
    const later = sqliteHttpCache(store.httpCache, 'http://127.0.0.1:5002/api/v2');
    expect(later.get('http://127.0.0.1:5002/api/v2/top-setups?limit=200')).toEqual({
      ...entry('http://127.0.0.1:5002/api/v2/top-setups?limit=200'),
      contentType: 'application/json',
    });
    later.delete('http://127.0.0.1:5002/api/v2/top-setups?limit=200');
    expect(later.get('http://127.0.0.1:5002/api/v2/top-setups?limit=200')).toBeUndefined();
  });

  it.each([
    [null, null],
    [0, null],
    [60, 60],
  ])('max-age %s is read back as %s (no max-age and 0 both mean revalidate)', (maxAge, back) => {
    const store = openDatabase(':memory:');
    stores.push(store);
    const cache = sqliteHttpCache(store.httpCache, 'https://api.example.com/api/v2');
    cache.set({ ...entry('https://api.example.com/api/v2/x'), maxAge, swr: null });
    expect(cache.get('https://api.example.com/api/v2/x')).toMatchObject({ maxAge: back, swr: null });
  });

  it('a URL outside the base keeps its full key', () => {
    const store = openDatabase(':memory:');
    stores.push(store);
    const cache = sqliteHttpCache(store.httpCache, 'https://a.example.com/api/v2');
    cache.set(entry('https://b.example.com/api/v2/x'));
    expect(store.httpCache.get('https://b.example.com/api/v2/x')?.etag).toBe('W/"abc"');
  });
});
