// Every failure the service reports is a ServiceError: an HTTP status, a stable machine code, a
// sentence for humans, and the spec's `allowed` / `available` lists where they help the caller
// recover. Route code throws these; one error handler turns them into the wire body. Codes come
// from the contract's list (src/shared/api/errors.ts) where it has one for the case.
import type { ERROR_CODES } from '../../shared/api/index.ts';
import { QueryError, invalidQueryParam } from '../../shared/api/query-error.ts';

/**
 * The contract's codes plus the cases it has none for: three of our own endpoints' refusals, and the
 * HTTP-level failures the framework or Node's HTTP server detects before any route runs.
 */
export type ErrorCode =
  | (typeof ERROR_CODES)[number]
  | 'demo_symbol_not_allowed'
  | 'unknown_expiration'
  | 'no_futures_equivalent'
  | 'service_unavailable'
  | HttpErrorCode;

/** Codes of the HTTP-level failures, by status (anything else in 4xx is a `bad_request`). */
export const HTTP_ERROR_CODES = {
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
} as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[keyof typeof HTTP_ERROR_CODES];

/** The code of a framework-generated error status: its own code where it has one, else the family's. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  const own = (HTTP_ERROR_CODES as Readonly<Record<number, HttpErrorCode>>)[status];
  if (own !== undefined) return own;
  return status >= 400 && status < 500 ? 'bad_request' : 'internal';
}

export interface ErrorDetails {
  /** The query parameter or path segment at fault. */
  param?: string;
  /** Values the parameter accepts (400s). */
  allowed?: readonly string[];
  /** Names that exist (404 for a preset, an expiration). */
  available?: readonly string[];
  /** Any further machine-readable context (e.g. `next_open` for market_closed). */
  [key: string]: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** A query value the shared readers and parsers refused (src/shared/api/query-error.ts), as a 400. */
export function fromQueryError(error: QueryError): ServiceError {
  return new ServiceError(400, 'bad_request', error.message, {
    param: error.param,
    ...(error.allowed ? { allowed: error.allowed } : {}),
  });
}

/** Runs a shared query reader or parser; a value it refuses is thrown as the service's 400. */
export function asServiceQuery<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof QueryError ? fromQueryError(error) : error;
  }
}

/** 400 for a query value the endpoint cannot use. */
export function invalidParam(param: string, message: string, allowed?: readonly string[]): ServiceError {
  return fromQueryError(invalidQueryParam(param, message, allowed));
}

export function missingParam(param: string, allowed?: readonly string[]): ServiceError {
  const suffix = allowed ? ` (one of: ${allowed.join(', ')})` : '';
  return new ServiceError(400, 'bad_request', `${param} is required${suffix}`, {
    param,
    ...(allowed ? { allowed } : {}),
  });
}

/** The wire body of an error, `{ error: { code, message, request_id, ...details } }`. */
export function errorBody(error: ServiceError, requestId: string): { error: Record<string, unknown> } {
  return { error: { code: error.code, message: error.message, request_id: requestId, ...error.details } };
}
