// Every failure of the client is an ApiError with a `kind`, so callers switch on one field instead
// of parsing messages. Subclasses carry what the caller can act on (an allowed list, a wait time).

export type ApiErrorKind =
  | 'invalid_input'
  | 'auth'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid_response';

export interface ApiErrorContext {
  url?: string | undefined;
  status?: number | undefined;
  /** The server's request id (header or body), for support. */
  requestId?: string | null | undefined;
  /** HTTP attempts made before giving up. */
  attempts?: number | undefined;
  cause?: unknown;
}

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | null;
  attempts: number;

  constructor(message: string, ctx: ApiErrorContext = {}) {
    super(message, ctx.cause === undefined ? undefined : { cause: ctx.cause });
    this.name = new.target.name;
    this.url = ctx.url;
    this.status = ctx.status;
    this.requestId = ctx.requestId ?? null;
    this.attempts = ctx.attempts ?? 0;
  }
}

/** The caller's own arguments were wrong; nothing was sent. */
export class InvalidInputError extends ApiError {
  readonly kind = 'invalid_input';
}

/** 401 (missing or invalid key) or 403. */
export class AuthError extends ApiError {
  readonly kind = 'auth';
}

export class NotFoundError extends ApiError {
  readonly kind = 'not_found';
  /** The names that do exist, when the server lists them (unknown screener preset). */
  readonly available: string[] | null;
  /** The server's error code (`unknown_ticker`, `no_snapshot`, `unknown_expiration`…), when it said one. */
  readonly code: string | null;
  constructor(
    message: string,
    available: string[] | null,
    ctx: ApiErrorContext = {},
    code: string | null = null,
  ) {
    super(message, ctx);
    this.available = available;
    this.code = code;
  }
}

export class BadRequestError extends ApiError {
  readonly kind = 'bad_request';
  /** The accepted values, when the server lists them (income `type`). */
  readonly allowed: string[] | null;
  constructor(message: string, allowed: string[] | null, ctx: ApiErrorContext = {}) {
    super(message, ctx);
    this.allowed = allowed;
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rate_limited';
  /** From Retry-After, when the server sent one. */
  readonly retryAfterMs: number | null;
  constructor(message: string, retryAfterMs: number | null, ctx: ApiErrorContext = {}) {
    super(message, ctx);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx. */
export class ServerError extends ApiError {
  readonly kind = 'server';
}

/** The connection failed or broke (refused, reset, DNS, body cut short). */
export class NetworkError extends ApiError {
  readonly kind = 'network';
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number, ctx: ApiErrorContext = {}) {
    super(message, ctx);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class AbortedError extends ApiError {
  readonly kind = 'aborted';
}

export interface InvalidResponseDetail {
  /** Dotted path of the first offending field ('' for the body as a whole). */
  fieldPath: string;
  /** What was expected there. */
  expected: string;
  contentType: string | null;
  /** The first few hundred characters of the body. */
  bodyExcerpt: string;
  /** Every schema issue, path and message, when validation failed. */
  issues?: { path: string; message: string }[];
}

/** A response we cannot use: not JSON, truncated, HTML, or not matching the schema. */
export class InvalidResponseError extends ApiError {
  readonly kind = 'invalid_response';
  readonly fieldPath: string;
  readonly expected: string;
  readonly contentType: string | null;
  readonly bodyExcerpt: string;
  readonly issues: { path: string; message: string }[];
  constructor(message: string, detail: InvalidResponseDetail, ctx: ApiErrorContext = {}) {
    super(message, ctx);
    this.fieldPath = detail.fieldPath;
    this.expected = detail.expected;
    this.contentType = detail.contentType;
    this.bodyExcerpt = detail.bodyExcerpt;
    this.issues = detail.issues ?? [];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
