// The two caches of the ranking routes, which make a repeated ranking request a pair of map
// lookups: no query parsing, no filtering or sorting, no hashing, no serialising.
//
// - Parsed queries by the raw request URL (path and query string as sent). A ranking client asks
//   the same few URLs over and over, so parsing (a Map of the query, clamping, CSV splitting,
//   canonical JSON of the result) is done once per URL. Only successful parses are kept: a bad
//   query is parsed, and refused with the same 400, every time it comes.
// - Prepared responses (ETag, Cache-Control and the body serialised once) by the normalised query:
//   the canonical JSON of the parsed query, so `?limit=20`, `?limit=20.7` and no query at all
//   share one entry and one body. Entries belong to one universe epoch; the first request of a new
//   epoch empties the cache, so a new snapshot is never answered from an old one.
import { LRUCache } from 'lru-cache';
import { canonicalJson } from '../rankings/etag.ts';

/** Distinct URLs whose parse is kept. */
export const PARSED_QUERY_ENTRIES = 512;
/** Longer URLs are parsed every time: a few odd requests must not pin megabytes of keys. */
export const PARSED_QUERY_MAX_URL_CHARS = 2048;
/** Distinct normalised queries (per scope) whose response is kept, within one epoch. */
export const PREPARED_ENTRIES = 256;

export interface ParsedQuery<Q> {
  readonly query: Q;
  /** Canonical JSON of the query: equal keys, equal responses. */
  readonly key: string;
}

export class ParsedQueryCache<Q> {
  readonly #lru: LRUCache<string, ParsedQuery<Q>>;

  constructor(max = PARSED_QUERY_ENTRIES) {
    this.#lru = new LRUCache({ max });
  }

  /** The parse of `url`, from the cache or by `parse` (which throws a ServiceError for a bad query). */
  get(url: string, parse: () => Q): ParsedQuery<Q> {
    const hit = this.#lru.get(url);
    if (hit !== undefined) return hit;
    const query = parse();
    const parsed: ParsedQuery<Q> = { query, key: canonicalJson(query) };
    if (url.length <= PARSED_QUERY_MAX_URL_CHARS) this.#lru.set(url, parsed);
    return parsed;
  }

  get size(): number {
    return this.#lru.size;
  }
}

export class EpochCache<V extends object> {
  readonly #lru: LRUCache<string, V>;
  #epoch: number | null = null;

  constructor(max = PREPARED_ENTRIES) {
    this.#lru = new LRUCache({ max });
  }

  /** The value of `key` within `epoch`, made by `make` on a miss; a new epoch drops every entry. */
  get(epoch: number, key: string, make: () => V): V {
    if (epoch !== this.#epoch) {
      this.#lru.clear();
      this.#epoch = epoch;
    }
    let value = this.#lru.get(key);
    if (value === undefined) {
      value = make();
      this.#lru.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.#lru.size;
  }
}
