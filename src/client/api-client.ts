// The API v2 client: one method per endpoint, typed inputs checked before sending, typed outputs
// validated with the shared schemas. Works the same against the remote service and our own.
import type { z } from 'zod';
import {
  API_ENDPOINTS,
  CLIENT_DEMO_HEADER,
  DEMO_HEADER,
  fillPath,
  levelsTextFormatSchema,
  screenerPresetSchema,
  type AccessResponse,
  type ExplainResponse,
  type GammaCurveResponse,
  type GammaExpirationsResponse,
  type GexByStrikeResponse,
  type IncomeResponse,
  type LevelsResponse,
  type LevelsTextFormat,
  type LlmSpecResponse,
  type MarketStructureResponse,
  type OptionsVolumeResponse,
  type ScreenerPreset,
  type ScreenerResponse,
  type SeriesResponse,
  type SignalsResponse,
  type TickerStateResponse,
  type TopSetupsResponse,
  type TradeSetupResponse,
} from '../shared/api/index.ts';
import { MemoryCacheStore, type HttpCacheStore } from './cache-store.ts';
import { ConcurrencyLimiter } from './concurrency.ts';
import { decodeJson, decodeText } from './decode.ts';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_ENDPOINT_CONCURRENCY,
  JSON_ENDPOINTS,
  type EndpointName,
  type JsonEndpoint,
} from './endpoints.ts';
import { InvalidInputError } from './errors.ts';
import { HttpEngine, type Sleep } from './http-engine.ts';
import {
  explainQuerySchema,
  gammaCurveQuerySchema,
  gexByStrikeQuerySchema,
  incomeQuerySchema,
  marketStructureQuerySchema,
  optionsVolumeQuerySchema,
  seriesQuerySchema,
  tickerStateQuerySchema,
  topSetupsQuerySchema,
  type ExplainQuery,
  type GammaCurveQuery,
  type GexByStrikeQuery,
  type IncomeQuery,
  type MarketStructureQuery,
  type OptionsVolumeQuery,
  type SeriesQuery,
  type TickerStateQuery,
  type TopSetupsQuery,
} from './query-params.ts';
import type { ApiResult, RequestOptions, RevalidationOutcome } from './result.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';
import type { FetchLike } from './transport.ts';
import { queryString, tickerSegment, type QueryValue } from './url-parts.ts';

export interface ApiClientOptions {
  /** Ends in the version segment, e.g. `https://host/api/v2` or `http://127.0.0.1:PORT/api/v2`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>`. Without one the client runs in demo mode. */
  apiKey?: string | null;
  /** Send `X-Svc-Demo: 1` and `X-TV-Demo: 1` when there is no key (default true). */
  demo?: boolean;
  /** Per-attempt timeout, headers and body included. Default 15 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Concurrency per endpoint (default 4; options volume 1). */
  concurrency?: Partial<Record<EndpointName, number>>;
  defaultConcurrency?: number;
  /** ETag/body store; `false` disables caching. Default: in memory. */
  cache?: HttpCacheStore | false;
  /** Bodies larger than this are refused. Default 32 MiB. */
  maxBodyBytes?: number;
  userAgent?: string;
  fetch?: FetchLike;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  /** Called when a background (stale-while-revalidate) refresh finishes. */
  onRevalidation?: (url: string, outcome: RevalidationOutcome<unknown>) => void;
}

/** A real timer that stops early (rejecting) when the signal aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Path parameter values by name, each already encoded for its segment. */
type PathSegments = Readonly<Record<string, string>>;

function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : '(input)'}: ${i.message}`)
    .join('; ');
  throw new InvalidInputError(`invalid ${what} parameters: ${issues}`);
}

function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidInputError(`baseUrl is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidInputError(`baseUrl must be http(s): ${JSON.stringify(raw)}`);
  }
  if (url.search || url.hash) throw new InvalidInputError('baseUrl must not carry a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

export class ApiClient {
  readonly baseUrl: string;
  readonly #engine: HttpEngine;
  readonly #limiters = new Map<string, ConcurrencyLimiter>();
  readonly #limits: Partial<Record<EndpointName, number>>;
  readonly #defaultLimit: number;

  constructor(options: ApiClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    const headers: Record<string, string> = { 'User-Agent': options.userAgent ?? 'gammawatch/0.1' };
    const key = options.apiKey?.trim();
    if (key) {
      if (!/^[\x21-\x7e]+$/.test(key))
        throw new InvalidInputError('apiKey contains characters a header cannot carry');
      headers.Authorization = `Bearer ${key}`;
    } else if (options.demo ?? true) {
      headers[DEMO_HEADER] = '1';
      headers[CLIENT_DEMO_HEADER] = '1';
    }
    this.#limits = { ...DEFAULT_ENDPOINT_CONCURRENCY, ...options.concurrency };
    this.#defaultLimit = options.defaultConcurrency ?? DEFAULT_CONCURRENCY;
    const timeoutMs = options.timeoutMs ?? 15_000;
    if (!(timeoutMs > 0)) throw new InvalidInputError('timeoutMs must be positive');
    this.#engine = new HttpEngine({
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
      timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? 32 * 1024 * 1024,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      cache: options.cache === false ? null : (options.cache ?? new MemoryCacheStore()),
      headers,
      onRevalidation: options.onRevalidation,
      limiter: (endpoint) => this.#limiterFor(endpoint),
    });
  }

  /** The limiter of one endpoint, for inspection (active / pending) and tests. */
  limiter(endpoint: EndpointName): ConcurrencyLimiter {
    return this.#limiterFor(endpoint);
  }

  // ---- per-ticker endpoints ----------------------------------------------------------------------
  // Paths come from the shared endpoint list; each method fills in its path parameters, encoded.

  async tickerState(
    ticker: string,
    query: TickerStateQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<TickerStateResponse>> {
    const q = parseInput(tickerStateQuerySchema, query, 'tickerState');
    return this.#json('tickerState', JSON_ENDPOINTS.tickerState, { ticker: tickerSegment(ticker) }, q, opts);
  }

  async marketStructure(
    ticker: string,
    query: MarketStructureQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<MarketStructureResponse>> {
    const q = parseInput(marketStructureQuerySchema, query, 'marketStructure');
    return this.#json(
      'marketStructure',
      JSON_ENDPOINTS.marketStructure,
      { ticker: tickerSegment(ticker) },
      q,
      opts,
    );
  }

  async explain(
    ticker: string,
    query: ExplainQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<ExplainResponse>> {
    const q = parseInput(explainQuerySchema, query, 'explain');
    return this.#json('explain', JSON_ENDPOINTS.explain, { ticker: tickerSegment(ticker) }, q, opts);
  }

  async signals(ticker: string, opts?: RequestOptions): Promise<ApiResult<SignalsResponse>> {
    return this.#json('signals', JSON_ENDPOINTS.signals, { ticker: tickerSegment(ticker) }, {}, opts);
  }

  async series(
    ticker: string,
    query: SeriesQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<SeriesResponse>> {
    const q = parseInput(seriesQuerySchema, query, 'series');
    return this.#json('series', JSON_ENDPOINTS.series, { ticker: tickerSegment(ticker) }, q, opts);
  }

  async gammaCurve(
    ticker: string,
    query: GammaCurveQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<GammaCurveResponse>> {
    const q = parseInput(gammaCurveQuerySchema, query, 'gammaCurve');
    return this.#json('gammaCurve', JSON_ENDPOINTS.gammaCurve, { ticker: tickerSegment(ticker) }, q, opts);
  }

  async gammaExpirations(
    ticker: string,
    opts?: RequestOptions,
  ): Promise<ApiResult<GammaExpirationsResponse>> {
    return this.#json(
      'gammaExpirations',
      JSON_ENDPOINTS.gammaExpirations,
      { ticker: tickerSegment(ticker) },
      {},
      opts,
    );
  }

  async gexByStrike(
    ticker: string,
    query: GexByStrikeQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<GexByStrikeResponse>> {
    const q = parseInput(gexByStrikeQuerySchema, query, 'gexByStrike');
    return this.#json('gexByStrike', JSON_ENDPOINTS.gexByStrike, { ticker: tickerSegment(ticker) }, q, opts);
  }

  async levels(ticker: string, opts?: RequestOptions): Promise<ApiResult<LevelsResponse>> {
    return this.#json('levels', JSON_ENDPOINTS.levels, { ticker: tickerSegment(ticker) }, {}, opts);
  }

  /** Levels as plain text for a charting platform. */
  async levelsText(
    ticker: string,
    format: LevelsTextFormat,
    opts?: RequestOptions,
  ): Promise<ApiResult<string>> {
    const fmt = parseInput(levelsTextFormatSchema, format, 'levelsText format');
    const url = this.#url('levels', { ticker: tickerSegment(ticker) }, { format: fmt });
    return this.#engine.get(
      { endpoint: 'levels', url, accept: 'text/plain', decode: (text, ctx) => decodeText(text, ctx) },
      opts,
    );
  }

  async optionsVolume(
    ticker: string,
    query: OptionsVolumeQuery,
    opts?: RequestOptions,
  ): Promise<ApiResult<OptionsVolumeResponse>> {
    const q = parseInput(optionsVolumeQuerySchema, query, 'optionsVolume');
    return this.#json(
      'optionsVolume',
      JSON_ENDPOINTS.optionsVolume,
      { ticker: tickerSegment(ticker) },
      q,
      opts,
    );
  }

  async tradeSetup(ticker: string, opts?: RequestOptions): Promise<ApiResult<TradeSetupResponse>> {
    return this.#json('tradeSetup', JSON_ENDPOINTS.tradeSetup, { ticker: tickerSegment(ticker) }, {}, opts);
  }

  // ---- rankings ----------------------------------------------------------------------------------

  async topSetups(query: TopSetupsQuery = {}, opts?: RequestOptions): Promise<ApiResult<TopSetupsResponse>> {
    const q = parseInput(topSetupsQuerySchema, query, 'topSetups');
    return this.#json('topSetups', JSON_ENDPOINTS.topSetups, {}, q, opts);
  }

  /** A preset screener; `overrides` replace the preset's values key by key. */
  async screener(
    name: ScreenerPreset,
    overrides: TopSetupsQuery = {},
    opts?: RequestOptions,
  ): Promise<ApiResult<ScreenerResponse>> {
    const preset = parseInput(screenerPresetSchema, name, 'screener name');
    const q = parseInput(topSetupsQuerySchema, overrides, 'screener');
    return this.#json('screener', JSON_ENDPOINTS.screener, { name: encodeURIComponent(preset) }, q, opts);
  }

  async incomeSetups(query: IncomeQuery = {}, opts?: RequestOptions): Promise<ApiResult<IncomeResponse>> {
    const q = parseInput(incomeQuerySchema, query, 'incomeSetups');
    return this.#json('incomeSetups', JSON_ENDPOINTS.incomeSetups, {}, q, opts);
  }

  // ---- discovery ---------------------------------------------------------------------------------

  async access(opts?: RequestOptions): Promise<ApiResult<AccessResponse>> {
    return this.#json('access', JSON_ENDPOINTS.access, {}, {}, opts);
  }

  async llmSpec(opts?: RequestOptions): Promise<ApiResult<LlmSpecResponse>> {
    return this.#json('llmSpec', JSON_ENDPOINTS.llmSpec, {}, {}, opts);
  }

  // ---- plumbing ----------------------------------------------------------------------------------

  #limiterFor(endpoint: string): ConcurrencyLimiter {
    let limiter = this.#limiters.get(endpoint);
    if (!limiter) {
      limiter = new ConcurrencyLimiter(this.#limits[endpoint as EndpointName] ?? this.#defaultLimit);
      this.#limiters.set(endpoint, limiter);
    }
    return limiter;
  }

  /** The endpoint's listed URL with its path parameters (already encoded) and query filled in. */
  #url(name: EndpointName, segments: PathSegments, query: Record<string, QueryValue>): string {
    const path = fillPath(API_ENDPOINTS[name].path, (key) => {
      const value = segments[key];
      // A method that forgets a parameter is our bug, not the caller's input.
      if (value === undefined) throw new Error(`${name}: no value for path parameter {${key}}`);
      return value;
    });
    return `${this.baseUrl}${path}${queryString(query)}`;
  }

  #json<T>(
    name: EndpointName,
    endpoint: JsonEndpoint<z.ZodType<T>>,
    segments: PathSegments,
    query: Record<string, QueryValue>,
    opts: RequestOptions | undefined,
  ): Promise<ApiResult<T>> {
    return this.#engine.get<T>(
      {
        endpoint: name,
        url: this.#url(name, segments, query),
        accept: 'application/json',
        decode: (text, ctx) => decodeJson(text, endpoint.schema, ctx),
        check: endpoint.check,
      },
      opts,
    );
  }
}
