// Reading Cache-Control and deciding whether a stored entry may be served without asking.
import type { HttpCacheEntry } from './cache-store.ts';

export interface CacheDirectives {
  maxAge: number | null;
  swr: number | null;
  noStore: boolean;
  noCache: boolean;
}

function seconds(v: string | undefined): number | null {
  if (v === undefined) return null;
  const n = Number(v.replace(/^"|"$/g, ''));
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

export function parseCacheControl(header: string | null | undefined): CacheDirectives {
  const out: CacheDirectives = { maxAge: null, swr: null, noStore: false, noCache: false };
  if (!header) return out;
  for (const part of header.split(',')) {
    const [rawName, rawValue] = part.split('=', 2);
    const name = rawName?.trim().toLowerCase();
    const value = rawValue?.trim();
    if (name === 'max-age') out.maxAge = seconds(value);
    else if (name === 'stale-while-revalidate') out.swr = seconds(value);
    else if (name === 'no-store') out.noStore = true;
    else if (name === 'no-cache') out.noCache = true;
  }
  // no-cache: storable, but every use must be revalidated.
  if (out.noCache) out.maxAge = null;
  return out;
}

export type Freshness = 'fresh' | 'stale-while-revalidate' | 'stale';

export function freshness(entry: HttpCacheEntry, now: number): Freshness {
  if (entry.maxAge === null) return 'stale';
  const age = now - entry.storedAt;
  // A clock that went backwards makes the entry's age unknowable: treat it as stale.
  if (age < 0) return 'stale';
  if (age < entry.maxAge * 1000) return 'fresh';
  if (entry.swr !== null && age < (entry.maxAge + entry.swr) * 1000) return 'stale-while-revalidate';
  return 'stale';
}
