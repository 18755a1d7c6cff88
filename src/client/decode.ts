// Turning a raw response into a value or a typed error: the status first, then the body (JSON
// parsed and validated with the resource's schema, or text), never throwing anything untyped.
import type { z } from 'zod';
import { readErrorBody } from '../shared/api/index.ts';
import {
  AuthError,
  BadRequestError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  type ApiError,
} from './errors.ts';
import { parseRetryAfter } from './retry-policy.ts';
import type { RawResponse } from './transport.ts';

const EXCERPT = 300;

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT)}…` : flat;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The typed error for a non-2xx status (304 is handled by the caller). */
export function statusError(raw: RawResponse, url: string, now: number): ApiError {
  const info = readErrorBody(tryJson(raw.text));
  const requestId = raw.headers.get('x-request-id') ?? info.requestId;
  const ctx = { url, status: raw.status, requestId };
  const said = info.message ?? (excerpt(raw.text) || null);
  const msg = (what: string) => `${what} (HTTP ${raw.status})${said ? `: ${said}` : ''}`;
  const s = raw.status;
  if (s === 401 || s === 403)
    return new AuthError(msg(s === 401 ? 'missing or invalid API key' : 'forbidden'), ctx);
  if (s === 404) return new NotFoundError(msg('not found'), info.available, ctx, info.code);
  if (s === 429) {
    return new RateLimitedError(
      msg('rate limited'),
      parseRetryAfter(raw.headers.get('retry-after'), now),
      ctx,
    );
  }
  if (s >= 500) return new ServerError(msg('server error'), ctx);
  if (s >= 400) return new BadRequestError(msg('bad request'), info.allowed, ctx);
  return new InvalidResponseError(
    `unexpected HTTP status ${s}`,
    {
      fieldPath: '',
      expected: 'status 200',
      contentType: raw.headers.get('content-type'),
      bodyExcerpt: excerpt(raw.text),
    },
    ctx,
  );
}

export interface BodyContext {
  url: string;
  status: number;
  contentType: string | null;
}

function invalid(message: string, fieldPath: string, expected: string, text: string, ctx: BodyContext) {
  return new InvalidResponseError(
    message,
    { fieldPath, expected, contentType: ctx.contentType, bodyExcerpt: excerpt(text) },
    { url: ctx.url, status: ctx.status },
  );
}

function looksLikeHtml(text: string, contentType: string | null): boolean {
  return /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

export function decodeJson<T>(text: string, schema: z.ZodType<T>, ctx: BodyContext): T {
  if (looksLikeHtml(text, ctx.contentType)) {
    throw invalid('expected JSON, got an HTML page', '', 'a JSON body', text, ctx);
  }
  const json = tryJson(text);
  if (json === undefined) {
    const what = text.trim() === '' ? 'an empty body' : 'malformed or truncated JSON';
    throw invalid(`expected JSON, got ${what}`, '', 'a complete JSON document', text, ctx);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: pathOf(i.path), message: i.message }));
  const first = issues[0] ?? { path: '', message: 'invalid' };
  throw new InvalidResponseError(
    `response does not match the schema at ${first.path || '(root)'}: ${first.message}`,
    {
      fieldPath: first.path,
      expected: first.message,
      contentType: ctx.contentType,
      bodyExcerpt: excerpt(text),
      issues,
    },
    { url: ctx.url, status: ctx.status },
  );
}

export function decodeText(text: string, ctx: BodyContext): string {
  if (looksLikeHtml(text, ctx.contentType)) {
    throw invalid('expected plain text, got an HTML page', '', 'a plain-text body', text, ctx);
  }
  return text;
}
