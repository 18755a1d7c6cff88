// What every client call returns: the validated body plus how it was obtained.
import type { Violation } from '../shared/api/index.ts';
import type { ApiError } from './errors.ts';

export interface ApiResult<T> {
  /** The validated response body: the `{ meta, data }` envelope, or text for plain-text levels. */
  body: T;
  url: string;
  /** HTTP status of the response that produced `body` (304 when revalidated). */
  status: number;
  /** The server confirmed our stored copy (304). */
  notModified: boolean;
  /** `body` came from the cache store (fresh hit, stale-while-revalidate, or a 304). */
  fromCache: boolean;
  /** Served past max-age inside the stale-while-revalidate window. */
  stale: boolean;
  etag: string | null;
  /** When `body` was last fetched or confirmed by the server, epoch ms. */
  fetchedAt: number;
  /** Body size in bytes. */
  bytes: number;
  /** Wall time of the whole call, retries and waits included. */
  durationMs: number;
  /** HTTP attempts made (0 when served from cache without asking). */
  attempts: number;
  /** Invariant violations and cache-store trouble: flagged, not fatal. */
  warnings: Violation[];
  /** Present when a background revalidation was started (stale-while-revalidate); never rejects. */
  revalidation?: Promise<RevalidationOutcome<T>>;
}

export type RevalidationOutcome<T> = { ok: true; result: ApiResult<T> } | { ok: false; error: ApiError };

export interface RequestOptions {
  signal?: AbortSignal;
  /** Ignore max-age freshness and ask the server (still conditionally, with the stored ETag). */
  force?: boolean;
  /** Per-attempt timeout for this call, overriding the client's. */
  timeoutMs?: number;
}
