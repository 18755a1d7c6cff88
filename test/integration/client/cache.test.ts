// Conditional requests and the HTTP cache over real HTTP: ETag/If-None-Match and 304, max-age
// freshness (no request at all), stale-while-revalidate in the background, no-store, and a
// cache store that misbehaves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MemoryCacheStore,
  type HttpCacheEntry,
  type HttpCacheStore,
} from '../../../src/client/cache-store.ts';
import type { RevalidationOutcome } from '../../../src/client/result.ts';
import { clientFor } from '../../support/client-harness.ts';
import * as p from '../../support/client-payloads.ts';
import { ScriptedServer, type RecordedRequest, type ScriptedReply } from '../../support/scripted-server.ts';

let server: ScriptedServer;
beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  await server.close();
});

/** A server that behaves like the spec's /top-setups: weak ETag, 304 on a match. */
function etagging(etag: string, cacheControl: string, body: unknown = p.topSetupsResponse()) {
  return (req: RecordedRequest): ScriptedReply =>
    req.headers['if-none-match'] === etag
      ? { status: 304, headers: { etag, 'cache-control': cacheControl } }
      : { body, headers: { etag, 'cache-control': cacheControl } };
}

describe('ETag and 304', () => {
  it('sends If-None-Match and returns the stored body on 304', async () => {
    const etag = 'W/"top-1"';
    server.on('/top-setups', etagging(etag, 'private'));
    const { client, clock } = clientFor(server);
    const first = await client.topSetups();
    expect(first).toMatchObject({ status: 200, notModified: false, fromCache: false, etag });
    clock.advance(1000);
    const second = await client.topSetups();
    expect(server.requests[1]?.headers['if-none-match']).toBe(etag);
    expect(second).toMatchObject({ status: 304, notModified: true, fromCache: true, etag, attempts: 1 });
    expect(second.body).toEqual(first.body);
    expect(second.fetchedAt).toBe(clock.t);
    expect(second.bytes).toBe(first.bytes);
  });

  it('a changed resource replaces the stored copy', async () => {
    const v1 = p.topSetupsResponse();
    const v2 = p.topSetupsResponse();
    v2.meta.count = 1;
    v2.data.items = v2.data.items.slice(0, 1);
    server.on('/top-setups', [
      { body: v1, headers: { etag: '"1"' } },
      { body: v2, headers: { etag: '"2"' } },
      { status: 304, headers: { etag: '"2"' } },
    ]);
    const { client } = clientFor(server);
    await client.topSetups();
    const second = await client.topSetups();
    expect(second.body.data.items).toHaveLength(1);
    const third = await client.topSetups();
    expect(server.requests[2]?.headers['if-none-match']).toBe('"2"');
    expect(third.body.data.items).toHaveLength(1);
  });

  it('different queries are different entries', async () => {
    server.on('/top-setups', etagging('"x"', 'private'));
    const { client } = clientFor(server);
    await client.topSetups({ limit: 5 });
    await client.topSetups({ limit: 6 });
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
  });

  it('a stored copy that went bad is dropped and fetched again unconditionally', async () => {
    const store = new MemoryCacheStore();
    server.on('/top-setups', etagging('"e"', 'private'));
    const { client } = clientFor(server, { cache: store });
    const first = await client.topSetups();
    const key = first.url;
    const entry = store.get(key);
    if (!entry) throw new Error('expected a stored entry');
    store.set({ ...entry, body: '{"meta": broken' });
    const second = await client.topSetups();
    expect(second.status).toBe(200);
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"e"', undefined]);
  });
});

describe('max-age freshness', () => {
  it('a fresh entry is served without a request; force asks anyway', async () => {
    server.on('/top-setups', etagging('"t"', 'private, max-age=900, stale-while-revalidate=30'));
    const { client, clock } = clientFor(server);
    const first = await client.topSetups();
    clock.advance(899_000);
    const hit = await client.topSetups();
    expect(server.requests).toHaveLength(1);
    expect(hit).toMatchObject({
      status: 200,
      fromCache: true,
      notModified: false,
      stale: false,
      attempts: 0,
    });
    expect(hit.fetchedAt).toBe(first.fetchedAt);
    expect(hit.body).toEqual(first.body);

    const forced = await client.topSetups({}, { force: true });
    expect(server.requests).toHaveLength(2);
    expect(forced).toMatchObject({ status: 304, notModified: true });
  });

  it('an expired entry past the swr window is revalidated in the foreground', async () => {
    server.on('/top-setups', etagging('"t"', 'private, max-age=60, stale-while-revalidate=30'));
    const { client, clock } = clientFor(server);
    await client.topSetups();
    clock.advance(91_000);
    const result = await client.topSetups();
    expect(result).toMatchObject({ status: 304, notModified: true, stale: false });
    expect(result.revalidation).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('no-store is never cached', async () => {
    server.on('/top-setups', {
      body: p.topSetupsResponse(),
      headers: { etag: '"n"', 'cache-control': 'no-store' },
    });
    const { client } = clientFor(server);
    await client.topSetups();
    await client.topSetups();
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
  });

  it('cache: false turns caching off', async () => {
    server.on('/top-setups', etagging('"t"', 'max-age=900'));
    const { client } = clientFor(server, { cache: false });
    await client.topSetups();
    await client.topSetups();
    expect(server.requests).toHaveLength(2);
  });
});

describe('stale-while-revalidate', () => {
  it('serves the stale copy at once and revalidates in the background', async () => {
    const outcomes: Array<RevalidationOutcome<unknown>> = [];
    server.on('/top-setups', etagging('"s"', 'private, max-age=60, stale-while-revalidate=30'));
    const { client, clock } = clientFor(server, { onRevalidation: (_url, o) => outcomes.push(o) });
    const first = await client.topSetups();
    clock.advance(70_000);

    const stale = await client.topSetups();
    expect(stale).toMatchObject({ fromCache: true, stale: true, attempts: 0, notModified: false });
    expect(stale.body).toEqual(first.body);
    expect(stale.revalidation).toBeInstanceOf(Promise);

    const outcome = await stale.revalidation;
    expect(outcome?.ok).toBe(true);
    if (outcome?.ok) expect(outcome.result).toMatchObject({ status: 304, notModified: true });
    expect(server.requests[1]?.headers['if-none-match']).toBe('"s"');
    expect(outcomes).toHaveLength(1);

    // The 304 renewed the entry: fresh again, no request.
    clock.advance(30_000);
    const fresh = await client.topSetups();
    expect(fresh).toMatchObject({ fromCache: true, stale: false });
    expect(server.requests).toHaveLength(2);
  });

  it('one background revalidation per URL at a time', async () => {
    server.on('/top-setups', etagging('"s"', 'max-age=60, stale-while-revalidate=30'));
    const { client, clock } = clientFor(server);
    await client.topSetups();
    clock.advance(61_000);
    const [a, b] = await Promise.all([client.topSetups(), client.topSetups()]);
    expect(a.revalidation).toBe(b.revalidation);
    await a.revalidation;
    expect(server.requests).toHaveLength(2);
  });

  it('a failed background revalidation is reported, never thrown', async () => {
    server.on('/top-setups', [
      {
        body: p.topSetupsResponse(),
        headers: { etag: '"s"', 'cache-control': 'max-age=60, stale-while-revalidate=30' },
      },
      { status: 500, body: p.errorBody('internal', 'boom') },
    ]);
    const { client, clock } = clientFor(server);
    await client.topSetups();
    clock.advance(61_000);
    const stale = await client.topSetups();
    const outcome = await stale.revalidation;
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'server', status: 500 } });
  });
});

describe('cache stores', () => {
  it('an async store works like the in-memory one', async () => {
    const rows = new Map<string, string>();
    const asyncStore: HttpCacheStore = {
      get: (key) =>
        Promise.resolve(rows.has(key) ? (JSON.parse(rows.get(key) as string) as HttpCacheEntry) : null),
      set: (entry) => {
        rows.set(entry.key, JSON.stringify(entry));
        return Promise.resolve();
      },
      delete: (key) => {
        rows.delete(key);
        return Promise.resolve();
      },
    };
    server.on('/top-setups', etagging('"a"', 'private'));
    const { client } = clientFor(server, { cache: asyncStore });
    await client.topSetups();
    const second = await client.topSetups();
    expect(second.notModified).toBe(true);
    expect(rows.size).toBe(1);
  });

  it('a failing store degrades to no cache with a warning', async () => {
    const broken: HttpCacheStore = {
      get: () => Promise.reject(new Error('disk I/O error')),
      set: () => {
        throw new Error('read-only database');
      },
      delete: () => undefined,
    };
    server.on('/top-setups', etagging('"b"', 'max-age=60'));
    const { client } = clientFor(server, { cache: broken });
    const result = await client.topSetups();
    expect(result.status).toBe(200);
    expect(result.warnings.map((w) => w.rule)).toEqual(['cache_store', 'cache_store']);
  });

  it('an entry of the wrong shape is ignored and dropped', async () => {
    const deleted: string[] = [];
    const odd: HttpCacheStore = {
      get: () => ({ key: 'x', body: 42 }) as unknown as HttpCacheEntry,
      set: () => undefined,
      delete: (key) => {
        deleted.push(key);
      },
    };
    server.on('/top-setups', etagging('"c"', 'private'));
    const { client } = clientFor(server, { cache: odd });
    const result = await client.topSetups();
    expect(result.status).toBe(200);
    expect(server.requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(deleted).toEqual([result.url]);
  });
});
