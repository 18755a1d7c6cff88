// A small client for Cboe's delayed-quotes JSON: one unauthenticated GET per underlying, the whole
// chain in one body (SPX: over 20,000 contracts, several MB). Politely: one request at a time, at
// least `minGapMs` apart (the shared rate limiter with a burst of one), a User-Agent naming the
// app, conditional requests (If-None-Match / If-Modified-Since) so an unchanged chain costs Cboe no
// body, the body read with a cap while it streams (net/capped-body.ts), no redirect followed.
// Every failure is a CboeError whose message is safe to show.
import { retryAfterAt } from '../net/backoff.ts';
import { causeOf, formatBytes, readCappedText } from '../net/capped-body.ts';
import { RateLimiter } from '../tradier/rate-limiter.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../tradier/client.ts';
import type { NetTimers } from '../net/timers.ts';
import { CboeError } from './errors.ts';
import { cboeChainUrl, cboeSymbol } from './symbols.ts';

export type CboeFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Cboe's own origin; tests point `origin` at a loopback stand-in. */
export const CBOE_ORIGIN = 'https://cdn.cboe.com';

/** What identifies the app to Cboe: its name, version, and what the data is for. */
export function cboeUserAgent(version?: string): string {
  return `Gammawatch${version ? `/${version}` : ''} (+personal use)`;
}

export interface CboeValidators {
  etag: string | null;
  lastModified: string | null;
}

export type CboeFetchResult =
  { kind: 'not_modified' } | { kind: 'chain'; text: string; bytes: number; validators: CboeValidators };

export interface CboeClientOptions {
  origin: string;
  fetch?: CboeFetch | undefined;
  now: () => number;
  timers: NetTimers;
  /** At least this long between two requests (default 1000 ms). */
  minGapMs?: number;
  requestTimeoutMs?: number;
  maxBodyBytes?: number;
  userAgent?: string;
  /** Aborts every request in flight and every wait (the collector's stop()). */
  signal?: AbortSignal;
}

export class CboeClient {
  readonly #fetch: CboeFetch;
  readonly #limiter: RateLimiter;
  readonly #o: Required<Omit<CboeClientOptions, 'fetch' | 'signal' | 'timers' | 'minGapMs'>> & {
    signal: AbortSignal | undefined;
  };

  constructor(options: CboeClientOptions) {
    const gap = Math.max(1, options.minGapMs ?? 1000);
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    // A burst of one refilled (perMinute − 1) times a minute: requests at least `gap` apart.
    this.#limiter = new RateLimiter({
      perMinute: 60_000 / gap + 1,
      burst: 1,
      now: options.now,
      timers: options.timers,
    });
    this.#o = {
      origin: options.origin,
      now: options.now,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      userAgent: options.userAgent ?? cboeUserAgent(),
      signal: options.signal,
    };
  }

  /** The ticker's whole chain, or `not_modified` when Cboe says the one we hold is current. */
  async chain(ticker: string, held: CboeValidators | null = null): Promise<CboeFetchResult> {
    const url = cboeChainUrl(this.#o.origin, ticker);
    const what = cboeSymbol(ticker);
    const signalOut = this.#o.signal;
    await this.#limiter.acquire(signalOut);
    const timeout = AbortSignal.timeout(this.#o.requestTimeoutMs);
    const signal = signalOut ? AbortSignal.any([signalOut, timeout]) : timeout;
    const headers: Record<string, string> = {
      'User-Agent': this.#o.userAgent,
      Accept: 'application/json',
    };
    if (held?.etag) headers['If-None-Match'] = held.etag;
    if (held?.lastModified) headers['If-Modified-Since'] = held.lastModified;
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(url, { method: 'GET', headers, redirect: 'manual', signal });
      text = await readCappedText(
        response,
        this.#o.maxBodyBytes,
        () =>
          new CboeError(
            'bad_response',
            `Cboe's answer for ${what} is larger than ${formatBytes(this.#o.maxBodyBytes)}; it was not read`,
            response.status,
          ),
      );
    } catch (caught) {
      if (caught instanceof CboeError) throw caught;
      if (signalOut?.aborted) throw new CboeError('unavailable', `${what}: stopped`);
      if (timeout.aborted) {
        throw new CboeError(
          'unavailable',
          `Cboe did not answer for ${what} within ${Math.round(this.#o.requestTimeoutMs / 100) / 10} s`,
        );
      }
      throw new CboeError(
        'unavailable',
        `cannot reach Cboe at ${new URL(url).origin} (${what}): ${causeOf(caught)}`,
      );
    }
    const status = response.status;
    if (status === 304) return { kind: 'not_modified' };
    // Cboe's CDN answers a symbol it has no file for with storage's own 403 (AccessDenied, XML):
    // that symbol is unknown, not a refusal of us.
    if (status === 404 || (status === 403 && /<Code>\s*AccessDenied\s*<\/Code>/i.test(text))) {
      throw new CboeError(
        'not_found',
        `Cboe has no delayed option quotes for ${what} (HTTP ${status}): check the symbol`,
        status,
      );
    }
    if (status === 403 || status === 429) {
      const now = this.#o.now();
      const retryAt = retryAfterAt(response.headers.get('retry-after'), now);
      throw new CboeError(
        'refused',
        `Cboe refused (${status})`,
        status,
        retryAt === null ? null : retryAt - now,
      );
    }
    if (status >= 500)
      throw new CboeError('unavailable', `Cboe is unavailable (HTTP ${status}) for ${what}`, status);
    if (status >= 300 && status < 400) {
      throw new CboeError(
        'bad_response',
        `Cboe answered ${what} with a redirect (HTTP ${status}); redirects are not followed`,
        status,
      );
    }
    if (status !== 200)
      throw new CboeError('bad_response', `Cboe answered ${what} with HTTP ${status}`, status);
    return {
      kind: 'chain',
      text,
      bytes: Buffer.byteLength(text),
      validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
    };
  }
}
