import { describe, expect, it } from 'vitest';
import {
  MemoryCacheStore,
  httpCacheEntrySchema,
  type HttpCacheEntry,
} from '../../../src/client/cache-store.ts';

const entry = (key: string): HttpCacheEntry => ({
  key,
  etag: 'W/"abc"',
  body: '{"meta":{},"data":{}}',
  contentType: 'application/json',
  status: 200,
  storedAt: 1,
  maxAge: 900,
  swr: 30,
});

describe('MemoryCacheStore', () => {
  it('stores, returns copies, deletes', () => {
    const store = new MemoryCacheStore();
    store.set(entry('a'));
    const got = store.get('a');
    expect(got).toEqual(entry('a'));
    if (got) got.etag = 'mutated';
    expect(store.get('a')?.etag).toBe('W/"abc"');
    store.delete('a');
    expect(store.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry past its capacity', () => {
    const store = new MemoryCacheStore(2);
    store.set(entry('a'));
    store.set(entry('b'));
    store.get('a');
    store.set(entry('c'));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.size).toBe(2);
  });
});

describe('entry shape', () => {
  it('survives a JSON round trip unchanged (any store can hold it as text)', () => {
    const e = entry('http://x/api/v2/top-setups?limit=5');
    expect(httpCacheEntrySchema.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
  });

  it.each([[{ ...entry('k'), maxAge: -1 }], [{ ...entry('k'), body: null }], [{ ...entry('k'), key: '' }]])(
    'rejects %j',
    (bad) => {
      expect(httpCacheEntrySchema.safeParse(bad).success).toBe(false);
    },
  );
});
