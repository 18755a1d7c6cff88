// The request pipeline shared by every endpoint: cache lookup (max-age, stale-while-revalidate),
// conditional request with the stored ETag, per-endpoint concurrency, retries with backoff, and
// decoding + invariant checks. Endpoint methods only say what URL and which schema.
import type { Violation } from '../shared/api/index.ts';
import { freshness, parseCacheControl } from './cache-control.ts';
import { httpCacheEntrySchema, type HttpCacheEntry, type HttpCacheStore } from './cache-store.ts';
import type { ConcurrencyLimiter } from './concurrency.ts';
import { statusError, type BodyContext } from './decode.ts';
import { AbortedError, ApiError, InvalidResponseError, NetworkError } from './errors.ts';
import type { ApiResult, RequestOptions, RevalidationOutcome } from './result.ts';
import { RETRYABLE_STATUSES, backoffDelay, parseRetryAfter, type RetryPolicy } from './retry-policy.ts';
import { attempt, type FetchLike, type RawResponse } from './transport.ts';
import { messageOf } from '../shared/message-of.ts';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface EngineDeps {
  fetch: FetchLike;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  timeoutMs: number;
  maxBodyBytes: number;
  retry: RetryPolicy;
  cache: HttpCacheStore | null;
  /** Auth and identification headers sent with every request. */
  headers: Record<string, string>;
  limiter: (endpoint: string) => ConcurrencyLimiter;
  onRevalidation?: ((url: string, outcome: RevalidationOutcome<unknown>) => void) | undefined;
}

export interface EngineRequest<T> {
  endpoint: string;
  url: string;
  accept: string;
  decode: (text: string, ctx: BodyContext) => T;
  check?: ((value: T) => Violation[]) | undefined;
}

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).byteLength;

function asApiError(e: unknown, url: string): ApiError {
  if (e instanceof ApiError) return e;
  return new NetworkError(`unexpected failure: ${messageOf(e)}`, {
    url,
    cause: e,
  });
}

export class HttpEngine {
  readonly #d: EngineDeps;
  readonly #revalidating = new Map<string, Promise<RevalidationOutcome<unknown>>>();

  constructor(deps: EngineDeps) {
    this.#d = deps;
  }

  async get<T>(req: EngineRequest<T>, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const started = this.#d.now();
    if (opts.signal?.aborted) throw new AbortedError('request aborted', { url: req.url });
    const warnings: Violation[] = [];
    let entry = await this.#load(req.url, warnings);
    if (entry && !opts.force) {
      const state = freshness(entry, this.#d.now());
      if (state !== 'stale') {
        const stored = entry;
        const served = await this.#serveStored(req, stored, started, warnings);
        if (served && state === 'fresh') return served;
        if (served) return { ...served, stale: true, revalidation: this.#revalidate(req, stored) };
        entry = null; // unreadable, and already dropped from the store
      }
    }
    const current = entry;
    return this.#d
      .limiter(req.endpoint)
      .run(() => this.#network(req, current, opts, started, warnings), opts.signal);
  }

  // ---- network ---------------------------------------------------------------------------------

  async #network<T>(
    req: EngineRequest<T>,
    entry: HttpCacheEntry | null,
    opts: RequestOptions,
    started: number,
    warnings: Violation[],
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...this.#d.headers, Accept: req.accept };
    if (entry?.etag) headers['If-None-Match'] = entry.etag;
    const { raw, attempts } = await this.#withRetries(req.url, headers, opts);
    const contentType = raw.headers.get('content-type');
    const etag = raw.headers.get('etag');
    const cc = parseCacheControl(raw.headers.get('cache-control'));
    const fail = (e: ApiError) => {
      e.attempts = attempts;
      return e;
    };

    if (raw.status === 304) {
      if (!entry) {
        throw fail(
          new InvalidResponseError(
            '304 Not Modified without a stored copy to reuse',
            {
              fieldPath: '',
              expected: 'status 200 (no If-None-Match was sent)',
              contentType,
              bodyExcerpt: '',
            },
            { url: req.url, status: 304 },
          ),
        );
      }
      let value: T;
      try {
        value = req.decode(entry.body, {
          url: req.url,
          status: entry.status,
          contentType: entry.contentType,
        });
      } catch {
        // The stored copy went bad (a corrupt store row): drop it and ask again unconditionally.
        await this.#delete(req.url, warnings);
        return this.#network(req, null, opts, started, warnings);
      }
      const now = this.#d.now();
      const refreshed: HttpCacheEntry = {
        ...entry,
        etag: etag ?? entry.etag,
        storedAt: now,
        maxAge: cc.maxAge ?? (cc.noCache ? null : entry.maxAge),
        swr: cc.swr ?? entry.swr,
      };
      await this.#save(refreshed, warnings);
      return this.#result(req, value, {
        status: 304,
        notModified: true,
        fromCache: true,
        etag: refreshed.etag,
        fetchedAt: now,
        bytes: utf8Bytes(entry.body),
        attempts,
        started,
        warnings,
      });
    }

    if (raw.status < 200 || raw.status >= 300) throw fail(statusError(raw, req.url, this.#d.now()));

    let value: T;
    try {
      value = req.decode(raw.text, { url: req.url, status: raw.status, contentType });
    } catch (e) {
      throw fail(asApiError(e, req.url));
    }
    const now = this.#d.now();
    if (cc.noStore || (!etag && cc.maxAge === null)) {
      if (entry) await this.#delete(req.url, warnings);
    } else {
      await this.#save(
        {
          key: req.url,
          etag,
          body: raw.text,
          contentType,
          status: raw.status,
          storedAt: now,
          maxAge: cc.maxAge,
          swr: cc.swr,
        },
        warnings,
      );
    }
    return this.#result(req, value, {
      status: raw.status,
      notModified: false,
      fromCache: false,
      etag,
      fetchedAt: now,
      bytes: raw.bytes,
      attempts,
      started,
      warnings,
    });
  }

  async #withRetries(
    url: string,
    headers: Record<string, string>,
    opts: RequestOptions,
  ): Promise<{ raw: RawResponse; attempts: number }> {
    const policy = this.#d.retry;
    let waited = 0;
    for (let n = 1; ; n++) {
      let failure: ApiError;
      let retryAfter: number | null = null;
      try {
        const raw = await attempt({
          fetch: this.#d.fetch,
          url,
          headers,
          timeoutMs: opts.timeoutMs ?? this.#d.timeoutMs,
          maxBodyBytes: this.#d.maxBodyBytes,
          signal: opts.signal,
        });
        if (!RETRYABLE_STATUSES.has(raw.status)) return { raw, attempts: n };
        failure = statusError(raw, url, this.#d.now());
        retryAfter = parseRetryAfter(raw.headers.get('retry-after'), this.#d.now());
      } catch (e) {
        failure = asApiError(e, url);
        const retryable = failure.kind === 'network' || (failure.kind === 'timeout' && policy.retryOnTimeout);
        if (!retryable) {
          failure.attempts = n;
          throw failure;
        }
      }
      failure.attempts = n;
      if (n >= policy.maxAttempts) throw failure;
      // A server asking for a longer pause than we would ever wait: report it rather than hang.
      if (retryAfter !== null && retryAfter > policy.maxDelayMs) throw failure;
      const delay = retryAfter ?? backoffDelay(n, policy, this.#d.random);
      if (waited + delay > policy.maxTotalWaitMs) throw failure;
      await this.#sleep(delay, opts.signal, url);
      waited += delay;
    }
  }

  async #sleep(ms: number, signal: AbortSignal | undefined, url: string): Promise<void> {
    try {
      await this.#d.sleep(ms, signal);
    } catch (e) {
      if (signal?.aborted) throw new AbortedError('request aborted during backoff', { url, cause: e });
      throw asApiError(e, url);
    }
    if (signal?.aborted) throw new AbortedError('request aborted during backoff', { url });
  }

  // ---- cache -----------------------------------------------------------------------------------

  async #serveStored<T>(
    req: EngineRequest<T>,
    entry: HttpCacheEntry,
    started: number,
    warnings: Violation[],
  ): Promise<ApiResult<T> | null> {
    let value: T;
    try {
      value = req.decode(entry.body, { url: req.url, status: entry.status, contentType: entry.contentType });
    } catch {
      await this.#delete(req.url, warnings);
      return null;
    }
    return this.#result(req, value, {
      status: entry.status,
      notModified: false,
      fromCache: true,
      etag: entry.etag,
      fetchedAt: entry.storedAt,
      bytes: utf8Bytes(entry.body),
      attempts: 0,
      started,
      warnings,
    });
  }

  #revalidate<T>(req: EngineRequest<T>, entry: HttpCacheEntry): Promise<RevalidationOutcome<T>> {
    const running = this.#revalidating.get(req.url);
    // Same URL, same endpoint, same T: the map only loses the type parameter.
    if (running) return running as Promise<RevalidationOutcome<T>>;
    const started = this.#d.now();
    const job = this.#d
      .limiter(req.endpoint)
      .run(() => this.#network(req, entry, {}, started, []))
      .then(
        (result): RevalidationOutcome<T> => ({ ok: true, result }),
        (e: unknown): RevalidationOutcome<T> => ({ ok: false, error: asApiError(e, req.url) }),
      )
      .then((outcome) => {
        this.#revalidating.delete(req.url);
        try {
          this.#d.onRevalidation?.(req.url, outcome as RevalidationOutcome<unknown>);
        } catch {
          // A listener's failure must not turn a finished revalidation into a rejected promise.
        }
        return outcome;
      });
    this.#revalidating.set(req.url, job as Promise<RevalidationOutcome<unknown>>);
    return job;
  }

  async #load(key: string, warnings: Violation[]): Promise<HttpCacheEntry | null> {
    const store = this.#d.cache;
    if (!store) return null;
    try {
      const found = await store.get(key);
      if (found == null) return null;
      const parsed = httpCacheEntrySchema.safeParse(found);
      if (parsed.success && parsed.data.key === key) return parsed.data;
      warnings.push({ rule: 'cache_store', path: '', message: 'dropped an unreadable cache entry' });
      await this.#delete(key, warnings);
      return null;
    } catch (e) {
      warnings.push({ rule: 'cache_store', path: '', message: `cache read failed: ${String(e)}` });
      return null;
    }
  }

  async #save(entry: HttpCacheEntry, warnings: Violation[]): Promise<void> {
    try {
      await this.#d.cache?.set(entry);
    } catch (e) {
      warnings.push({ rule: 'cache_store', path: '', message: `cache write failed: ${String(e)}` });
    }
  }

  async #delete(key: string, warnings: Violation[]): Promise<void> {
    try {
      await this.#d.cache?.delete(key);
    } catch (e) {
      warnings.push({ rule: 'cache_store', path: '', message: `cache delete failed: ${String(e)}` });
    }
  }

  #result<T>(
    req: EngineRequest<T>,
    value: T,
    r: {
      status: number;
      notModified: boolean;
      fromCache: boolean;
      etag: string | null;
      fetchedAt: number;
      bytes: number;
      attempts: number;
      started: number;
      warnings: Violation[];
    },
  ): ApiResult<T> {
    const warnings = [...r.warnings];
    if (req.check) {
      try {
        warnings.push(...req.check(value));
      } catch (e) {
        warnings.push({ rule: 'invariant_check', path: '', message: `check failed to run: ${String(e)}` });
      }
    }
    return {
      body: value,
      url: req.url,
      status: r.status,
      notModified: r.notModified,
      fromCache: r.fromCache,
      stale: false,
      etag: r.etag,
      fetchedAt: r.fetchedAt,
      bytes: r.bytes,
      durationMs: Math.max(0, this.#d.now() - r.started),
      attempts: r.attempts,
      warnings,
    };
  }
}
