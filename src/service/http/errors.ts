// Every failure the service reports is a ServiceError: an HTTP status, a stable machine code, a
// sentence for humans, and the spec's `allowed` / `available` lists where they help the caller
// recover. Route code throws these; one error handler turns them into the wire body. Codes come
// from the contract's list (src/shared/api/errors.ts) where it has one for the case.
import type { ERROR_CODES } from '../../shared/api/index.ts';

/** The contract's codes plus the two cases it has none for. */
export type ErrorCode = (typeof ERROR_CODES)[number] | 'demo_symbol_not_allowed' | 'unknown_expiration';

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

/** 400 for a query value the endpoint cannot use. */
export function invalidParam(param: string, message: string, allowed?: readonly string[]): ServiceError {
  const suffix = allowed ? ` (allowed: ${allowed.join(', ')})` : '';
  return new ServiceError(400, 'bad_request', `${param}: ${message}${suffix}`, {
    param,
    ...(allowed ? { allowed } : {}),
  });
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
