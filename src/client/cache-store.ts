// Where ETags and cached bodies live between requests. An interface so the watcher can back it
// with SQLite; entries are plain JSON so any store can hold them as they are.
import { z } from 'zod';

export const httpCacheEntrySchema = z.object({
  /** The full request URL (query included). */
  key: z.string().min(1),
  etag: z.string().nullable(),
  /** The response body as received (JSON or text). */
  body: z.string(),
  contentType: z.string().nullable(),
  /** The status the body came with (200). */
  status: z.number().int(),
  /** When the body was last fetched or confirmed by a 304, epoch ms. */
  storedAt: z.number(),
  /** Cache-Control max-age, seconds; null when the server gave none. */
  maxAge: z.number().min(0).nullable(),
  /** Cache-Control stale-while-revalidate, seconds; null when none. */
  swr: z.number().min(0).nullable(),
});
export type HttpCacheEntry = z.infer<typeof httpCacheEntrySchema>;

type MaybePromise<T> = T | Promise<T>;

export interface HttpCacheStore {
  get(key: string): MaybePromise<HttpCacheEntry | null | undefined>;
  set(entry: HttpCacheEntry): MaybePromise<void>;
  delete(key: string): MaybePromise<void>;
}

/** An in-memory store, least recently used entries dropped past `maxEntries`. */
export class MemoryCacheStore implements HttpCacheStore {
  readonly #entries = new Map<string, HttpCacheEntry>();
  readonly #maxEntries: number;

  constructor(maxEntries = 500) {
    this.#maxEntries = Math.max(1, maxEntries);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): HttpCacheEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry ? { ...entry } : undefined;
  }

  set(entry: HttpCacheEntry): void {
    this.#entries.delete(entry.key);
    this.#entries.set(entry.key, { ...entry });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
