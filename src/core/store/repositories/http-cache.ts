// The API client's response cache (ETag and Cache-Control), kept in SQLite so conditional
// requests survive restarts and the UI has the last good body offline.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { SourceScope } from '../source-scope.ts';
import { epochMsSchema, type EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export interface HttpCacheEntry {
  /** The client's cache key (method, URL and whatever varies the response). */
  key: string;
  etag: string | null;
  body: string;
  storedAt: EpochMs;
  /** Cache-Control max-age, seconds. */
  maxAgeSeconds: number;
  /** Cache-Control stale-while-revalidate, seconds. */
  swrSeconds: number;
}

/** The shape an HTTP client needs from a cache. */
export interface HttpCacheStore {
  get(key: string): HttpCacheEntry | undefined;
  set(entry: HttpCacheEntry): void;
  delete(key: string): boolean;
}

export interface HttpCacheRepository extends HttpCacheStore {
  clear(): number;
  /** Removes entries stored before `storedBefore`; returns how many. */
  prune(storedBefore: EpochMs): number;
}

export type Freshness = 'fresh' | 'stale-while-revalidate' | 'stale';

/** Where an entry stands at `now` under its max-age and stale-while-revalidate. */
export function freshness(entry: HttpCacheEntry, now: EpochMs): Freshness {
  const age = (now - entry.storedAt) / 1000;
  if (age < entry.maxAgeSeconds) return 'fresh';
  if (age < entry.maxAgeSeconds + entry.swrSeconds) return 'stale-while-revalidate';
  return 'stale';
}

const seconds = z
  .number()
  .int()
  .min(0)
  .max(10 * 365 * 86_400);
const entrySchema = z.object({
  key: z.string().min(1).max(4096),
  etag: z.string().max(1024).nullable(),
  body: z.string(),
  storedAt: epochMsSchema,
  maxAgeSeconds: seconds,
  swrSeconds: seconds,
});

interface CacheRow {
  key: string;
  etag: string | null;
  body: string;
  stored_at: number;
  max_age: number;
  swr: number;
}

/** Between a source's id and the client's key: neither a source id nor a URL holds it. */
const SOURCE_SEPARATOR = '\u0000';

export function createHttpCacheRepository(db: Database.Database, scope: SourceScope): HttpCacheRepository {
  // Keyed by source as well: two sources can share a URL (the local service restarted on another
  // folder), and one must never answer for the other ("Refresh now" right after a switch).
  const stored = (key: string): string => `${scope.id}${SOURCE_SEPARATOR}${key}`;
  const q = {
    get: db.prepare('SELECT * FROM http_cache WHERE key = ?'),
    set: db.prepare(
      `INSERT INTO http_cache (key, etag, body, stored_at, max_age, swr) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET etag = excluded.etag, body = excluded.body, stored_at = excluded.stored_at,
         max_age = excluded.max_age, swr = excluded.swr`,
    ),
    delete: db.prepare('DELETE FROM http_cache WHERE key = ?'),
    clear: db.prepare('DELETE FROM http_cache'),
    prune: db.prepare('DELETE FROM http_cache WHERE stored_at < ?'),
  };
  const keySchema = entrySchema.shape.key;

  return {
    get(key) {
      const k = parseInput(keySchema, key, 'cache key');
      const row = q.get.get(stored(k)) as CacheRow | undefined;
      return row
        ? {
            key: k,
            etag: row.etag,
            body: row.body,
            storedAt: row.stored_at,
            maxAgeSeconds: row.max_age,
            swrSeconds: row.swr,
          }
        : undefined;
    },
    set(entry) {
      const e = parseInput(entrySchema, entry, 'cache entry');
      q.set.run(stored(e.key), e.etag, e.body, e.storedAt, e.maxAgeSeconds, e.swrSeconds);
    },
    delete(key) {
      return q.delete.run(stored(parseInput(keySchema, key, 'cache key'))).changes > 0;
    },
    clear() {
      return q.clear.run().changes;
    },
    prune(storedBefore) {
      return q.prune.run(parseInput(epochMsSchema, storedBefore, 'time')).changes;
    },
  };
}
