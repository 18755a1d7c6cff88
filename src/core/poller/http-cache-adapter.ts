// The client's cache-store interface over the store's SQLite http_cache table, so ETags survive
// restarts and the first poll after a restart is conditional. The two entry shapes differ a
// little: the table has no content type or status (the poller only caches JSON bodies that came
// with a 200), and "no max-age" is stored as 0 seconds, which the client treats the same way.
// Keys are kept relative to the base URL: the local service listens on a new port every run, and
// its ETags must still match after a restart.
import type { HttpCacheEntry, HttpCacheStore } from '../../client/index.ts';
import type { HttpCacheRepository } from '../store/repositories/http-cache.ts';

/** The client's interface, answered synchronously (SQLite is). */
export interface SyncHttpCacheStore extends HttpCacheStore {
  get(key: string): HttpCacheEntry | undefined;
  set(entry: HttpCacheEntry): void;
  delete(key: string): void;
}

export function sqliteHttpCache(repo: HttpCacheRepository, baseUrl: string): SyncHttpCacheStore {
  const relative = (key: string): string => (key.startsWith(baseUrl) ? `~${key.slice(baseUrl.length)}` : key);
  return {
    get(key) {
      const e = repo.get(relative(key));
      if (!e) return undefined;
      return {
        key,
        etag: e.etag,
        body: e.body,
        contentType: 'application/json',
        status: 200,
        storedAt: e.storedAt,
        maxAge: e.maxAgeSeconds > 0 ? e.maxAgeSeconds : null,
        swr: e.swrSeconds > 0 ? e.swrSeconds : null,
      } satisfies HttpCacheEntry;
    },
    set(entry) {
      repo.set({
        key: relative(entry.key),
        etag: entry.etag,
        body: entry.body,
        storedAt: Math.round(entry.storedAt),
        maxAgeSeconds: Math.max(0, Math.round(entry.maxAge ?? 0)),
        swrSeconds: Math.max(0, Math.round(entry.swr ?? 0)),
      });
    },
    delete(key) {
      repo.delete(relative(key));
    },
  };
}
