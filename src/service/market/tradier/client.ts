// A small client for Tradier's market-data endpoints: one GET at a time through the rate limiter,
// a timeout per attempt, retries with backoff (retry.ts), every answer checked by its schema
// (schemas.ts), every failure a TradierError whose message is safe to show and to log: the token
// only ever travels in the Authorization header.
import { TradierError, UNAUTHORIZED_MESSAGE, scrub } from './errors.ts';
import { causeOf, formatBytes, readCappedText } from '../net/capped-body.ts';
import { retryAfterAt } from '../net/backoff.ts';
import { REAL_TIMERS, sleep } from '../net/timers.ts';
import type { RateLimiter, RateSnapshot } from './rate-limiter.ts';
import { DEFAULT_RETRY_POLICY, decideRetry, type RetryPolicy } from './retry.ts';
import {
  readChain,
  readClock,
  readExpirations,
  readHistory,
  readQuotes,
  type TradierClock,
  type TradierDay,
  type TradierOption,
  type TradierQuotes,
} from './schemas.ts';
import type { TradierFetch, TradierTimers } from './types.ts';

export interface TradierClientOptions {
  token: string;
  /** Origin only; `/v1/markets/...` is appended. */
  origin: string;
  fetch?: TradierFetch | undefined;
  now?: () => number;
  timers?: TradierTimers;
  limiter: RateLimiter;
  requestTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  random?: (() => number) | undefined;
  log?: (line: string) => void;
  /** Aborts every request in flight and every wait (the collector's stop()). */
  signal?: AbortSignal;
  /** Answers larger than this are refused, not read (bytes). Default DEFAULT_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** The message of a 401 (default UNAUTHORIZED_MESSAGE, which points to the app's Settings). */
  unauthorizedMessage?: string;
}

/**
 * The largest answer read, as the API v2 client does (src/client/transport.ts): a runaway or
 * hostile server (600 MB took the service past 1.3 GB of memory) is cut off while it streams. One
 * expiration of even SPX, with greeks, is a few MB; 32 MiB is still some 100,000 full contracts.
 */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export { REAL_TIMERS };

/** The longest excerpt of an error body quoted in a message. */
const EXCERPT_CHARS = 120;

export class TradierClient {
  readonly #o: {
    [K in Exclude<keyof TradierClientOptions, 'retry' | 'signal' | 'log'>]-?: Exclude<
      TradierClientOptions[K],
      undefined
    >;
  } & {
    retry: RetryPolicy;
    signal: AbortSignal | undefined;
    log: (line: string) => void;
  };

  constructor(options: TradierClientOptions) {
    // `??` rather than spread defaults: callers pass `undefined` for what they leave unset.
    this.#o = {
      token: options.token,
      origin: options.origin,
      limiter: options.limiter,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      now: options.now ?? Date.now,
      timers: options.timers ?? REAL_TIMERS,
      requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      unauthorizedMessage: options.unauthorizedMessage ?? UNAUTHORIZED_MESSAGE,
      random: options.random ?? Math.random,
      log: options.log ?? (() => undefined),
      signal: options.signal,
      retry: {
        maxAttempts: options.retry?.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
        baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
        maxDelayMs: options.retry?.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      },
    };
  }

  /** Whether stop() has aborted this client's requests. */
  get stopped(): boolean {
    return this.#o.signal?.aborted ?? false;
  }

  rate(): RateSnapshot {
    return this.#o.limiter.snapshot();
  }

  async quotes(symbols: readonly string[]): Promise<TradierQuotes> {
    return readQuotes(await this.get('/v1/markets/quotes', { symbols: symbols.join(',') }));
  }

  async expirations(symbol: string): Promise<string[]> {
    return readExpirations(
      await this.get('/v1/markets/options/expirations', { symbol, includeAllRoots: 'true' }),
    );
  }

  async chain(symbol: string, expiration: string): Promise<TradierOption[]> {
    return readChain(await this.get('/v1/markets/options/chains', { symbol, expiration, greeks: 'true' }));
  }

  async history(symbol: string, start: string, end: string): Promise<TradierDay[]> {
    return readHistory(await this.get('/v1/markets/history', { symbol, interval: 'daily', start, end }));
  }

  async clock(): Promise<TradierClock> {
    return readClock(await this.get('/v1/markets/clock', {}));
  }

  /** One GET with retries; resolves to the parsed JSON body. */
  async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.#o.origin);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const what = `${path}${params.symbol ? ` ${params.symbol}` : params.symbols ? ` ${params.symbols}` : ''}${params.expiration ? ` ${params.expiration}` : ''}`;
    for (let attempt = 1; ; attempt++) {
      let error: TradierError;
      try {
        return await this.#attempt(url, what);
      } catch (caught) {
        if (!(caught instanceof TradierError)) throw caught;
        error = caught;
      }
      if (error.kind === 'rate_limited' && error.retryAt !== null) this.#o.limiter.blockUntil(error.retryAt);
      const decision = decideRetry(error, attempt, this.#o.now(), this.#o.retry, this.#o.random);
      if (!decision.retry) {
        if (attempt > 1 && (error.kind === 'unavailable' || error.kind === 'rate_limited')) {
          throw new TradierError(
            error.kind,
            `${error.message} (gave up after ${attempt} attempts)`,
            error.status,
            error.retryAt,
          );
        }
        throw error;
      }
      this.#o.log(`tradier: ${what}: ${error.message}; retrying in ${decision.delayMs} ms`);
      await sleep(this.#o.timers, decision.delayMs, this.#o.signal);
    }
  }

  async #attempt(url: URL, what: string): Promise<unknown> {
    const { token } = this.#o;
    await this.#o.limiter.acquire(this.#o.signal);
    const timeout = AbortSignal.timeout(this.#o.requestTimeoutMs);
    const signal = this.#o.signal ? AbortSignal.any([this.#o.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await this.#o.fetch(url.toString(), {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        redirect: 'manual',
        signal,
      });
      text = await readCapped(response, this.#o.maxBodyBytes, what);
    } catch (caught) {
      if (caught instanceof TradierError) throw caught;
      if (this.#o.signal?.aborted) throw new TradierError('unavailable', `${what}: stopped`);
      if (timeout.aborted) {
        throw new TradierError(
          'unavailable',
          `Tradier did not answer ${what} within ${Math.round(this.#o.requestTimeoutMs / 100) / 10} s`,
        );
      }
      throw new TradierError(
        'unavailable',
        `cannot reach Tradier at ${url.origin} (${what}): ${scrub(causeOf(caught), token)}`,
      );
    }
    this.#o.limiter.observe(response.headers);
    const status = response.status;
    if (status === 401) throw new TradierError('unauthorized', this.#o.unauthorizedMessage, 401);
    if (status === 429) {
      const now = this.#o.now();
      const expiry = Number(response.headers.get('x-ratelimit-expiry'));
      const retryAt =
        retryAfterAt(response.headers.get('retry-after'), now) ??
        (Number.isFinite(expiry) && expiry > 0 ? (expiry < 1e12 ? expiry * 1000 : expiry) : null);
      const when = retryAt === null ? 'later' : `in ${Math.max(0, Math.ceil((retryAt - now) / 1000))} s`;
      throw new TradierError(
        'rate_limited',
        `Tradier's rate limit is reached (429) for ${what}: try again ${when}`,
        429,
        retryAt,
      );
    }
    if (status >= 500) {
      throw new TradierError('unavailable', `Tradier is unavailable (HTTP ${status}) for ${what}`, status);
    }
    if (status >= 300 && status < 400) {
      throw new TradierError(
        'bad_response',
        `Tradier answered ${what} with a redirect (HTTP ${status}); redirects are not followed: check the base URL`,
        status,
      );
    }
    if (status !== 200) {
      throw new TradierError(
        'bad_request',
        `Tradier refused ${what} (HTTP ${status})${excerpt(text, token)}`,
        status,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new TradierError(
        'bad_response',
        `Tradier's answer to ${what} is not JSON${excerpt(text, token)}`,
        status,
      );
    }
  }
}

/** The body as text, refused (not read) beyond `max` bytes. */
function readCapped(response: Response, max: number, what: string): Promise<string> {
  return readCappedText(
    response,
    max,
    () =>
      new TradierError(
        'bad_response',
        `Tradier's answer to ${what} is larger than ${formatBytes(max)}; it was not read`,
        response.status,
      ),
  );
}

function excerpt(text: string, token: string): string {
  const clean = scrub(text, token).replace(/\s+/g, ' ').trim();
  if (clean === '') return '';
  return `: '${clean.length > EXCERPT_CHARS ? `${clean.slice(0, EXCERPT_CHARS)}…` : clean}'`;
}
