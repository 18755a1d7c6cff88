// The error body. The spec only states the `allowed` (400) and `available` (404) lists; the rest
// is ours (ARCHITECTURE.md): `{ error: { code, message, allowed?, available?, request_id? } }`,
// with the lists also tolerated at the top level, where some servers put them.
import { z } from 'zod';
import { openLabel } from './primitives.ts';

/** Codes our service sends; other strings are accepted from a remote service. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'not_found',
  'unknown_ticker',
  'unknown_preset',
  'no_snapshot',
  'outside_trading_hours',
  'rate_limited',
  // What the HTTP layer itself refuses (src/service/http/errors.ts codeForStatus).
  'method_not_allowed',
  'not_acceptable',
  'request_timeout',
  'length_required',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'headers_too_large',
  'internal',
] as const;
export const errorCodeSchema = openLabel(ERROR_CODES);

const stringList = z.array(z.string());

export const errorDetailSchema = z.looseObject({
  code: errorCodeSchema,
  message: z.string(),
  allowed: stringList.optional(),
  available: stringList.optional(),
  request_id: z.string().optional(),
});

export const errorBodySchema = z.looseObject({
  error: errorDetailSchema,
  allowed: stringList.optional(),
  available: stringList.optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a client can learn from any error body, ours or not. */
export interface ErrorInfo {
  code: string | null;
  message: string | null;
  allowed: string[] | null;
  available: string[] | null;
  requestId: string | null;
}

function strings(v: unknown): string[] | null {
  return Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : null;
}
function text(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}
function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * Reads an error body of any shape without throwing: ours, a bare `{ message }`, a FastAPI-style
 * `{ detail }` (string or object), or something else entirely (then everything is null).
 */
export function readErrorBody(body: unknown): ErrorInfo {
  const top = record(body) ?? {};
  const nested = record(top.error) ?? record(top.detail) ?? {};
  return {
    code: text(nested.code) ?? text(top.code) ?? text(top.error),
    message: text(nested.message) ?? text(top.message) ?? text(top.detail) ?? text(nested.detail),
    allowed: strings(nested.allowed) ?? strings(top.allowed),
    available: strings(nested.available) ?? strings(top.available),
    requestId: text(nested.request_id) ?? text(top.request_id),
  };
}
