// The API v2 HTTP client.
export { ApiClient, defaultSleep, type ApiClientOptions } from './api-client.ts';
export type { ApiResult, RequestOptions, RevalidationOutcome } from './result.ts';
export * from './errors.ts';
export {
  MemoryCacheStore,
  httpCacheEntrySchema,
  type HttpCacheEntry,
  type HttpCacheStore,
} from './cache-store.ts';
export { parseCacheControl, freshness, type CacheDirectives, type Freshness } from './cache-control.ts';
export {
  DEFAULT_RETRY_POLICY,
  RETRYABLE_STATUSES,
  backoffDelay,
  parseRetryAfter,
  type RetryPolicy,
} from './retry-policy.ts';
export { ConcurrencyLimiter } from './concurrency.ts';
export {
  ENDPOINT_NAMES,
  DEFAULT_CONCURRENCY,
  DEFAULT_ENDPOINT_CONCURRENCY,
  type EndpointName,
} from './endpoints.ts';
export type { Sleep } from './http-engine.ts';
export type { FetchLike } from './transport.ts';
export { tickerSegment, queryString } from './url-parts.ts';
export * from './query-params.ts';
