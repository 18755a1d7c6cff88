import { describe, expect, it } from 'vitest';
import { decodeJson, decodeText, excerpt, statusError } from '../../../src/client/decode.ts';
import { InvalidResponseError } from '../../../src/client/errors.ts';
import type { RawResponse } from '../../../src/client/transport.ts';
import { explainResponseSchema } from '../../../src/shared/api/index.ts';
import { explainResponse } from '../../support/client-payloads.ts';

const ctx = { url: 'http://x/api/v2/tickers/SPY/explain', status: 200, contentType: 'application/json' };

function invalid(fn: () => unknown): InvalidResponseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvalidResponseError) return e;
    throw e;
  }
  throw new Error('expected an InvalidResponseError');
}

describe('decodeJson', () => {
  it('returns the validated body', () => {
    const body = explainResponse();
    expect(decodeJson(JSON.stringify(body), explainResponseSchema, ctx)).toEqual(body);
  });

  it.each([
    ['truncated JSON', JSON.stringify(explainResponse()).slice(0, 40), 'application/json', /truncated/],
    ['an empty body', '', 'application/json', /empty body/],
    ['an HTML page', '<!DOCTYPE html><html><body>Bad gateway</body></html>', 'text/html', /HTML/],
    ['HTML with a JSON content type', '<html><body>maintenance</body></html>', 'application/json', /HTML/],
  ])('%s is invalid_response with an excerpt', (_name, text, contentType, message) => {
    const err = invalid(() => decodeJson(text, explainResponseSchema, { ...ctx, contentType }));
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toMatch(message);
    expect(err.contentType).toBe(contentType);
    expect(err.bodyExcerpt).toBe(excerpt(text));
    expect(err.status).toBe(200);
  });

  it('a schema mismatch names the field path and what was expected', () => {
    const body = explainResponse();
    (body.data as Record<string, unknown>).bullets = 'not a list';
    const err = invalid(() => decodeJson(JSON.stringify(body), explainResponseSchema, ctx));
    expect(err.fieldPath).toBe('data.bullets');
    expect(err.expected).toMatch(/array/);
    expect(err.issues.map((i) => i.path)).toEqual(['data.bullets']);
  });
});

describe('decodeText', () => {
  it('passes plain text, refuses HTML', () => {
    expect(decodeText('SPY,100\n', { ...ctx, contentType: 'text/plain' })).toBe('SPY,100\n');
    expect(() => decodeText('<html></html>', { ...ctx, contentType: 'text/html' })).toThrow(
      InvalidResponseError,
    );
  });
});

describe('excerpt', () => {
  it('flattens whitespace and cuts long bodies', () => {
    expect(excerpt('  a \n\n b ')).toBe('a b');
    const long = excerpt('x'.repeat(1000));
    expect(long.length).toBeLessThan(400);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('statusError', () => {
  const raw = (status: number, body: unknown, headers: Record<string, string> = {}): RawResponse => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { status, headers: new Headers(headers), text, bytes: text.length };
  };
  const now = Date.UTC(2025, 2, 14);

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [400, 'bad_request'],
    [422, 'bad_request'],
    [429, 'rate_limited'],
    [500, 'server'],
    [503, 'server'],
    [302, 'invalid_response'],
  ])('%i → %s', (status, kind) => {
    expect(statusError(raw(status, {}), 'u', now).kind).toBe(kind);
  });

  it('carries the lists, the wait and the request id', () => {
    const bad = statusError(
      raw(400, { error: { code: 'bad_request', message: 'm', allowed: ['cc', 'csp'] } }),
      'u',
      now,
    );
    expect(bad).toMatchObject({ allowed: ['cc', 'csp'], status: 400 });
    const nf = statusError(raw(404, { error: { code: 'x', message: 'm' }, available: ['a'] }), 'u', now);
    expect(nf).toMatchObject({ available: ['a'] });
    const rl = statusError(raw(429, '', { 'retry-after': '7' }), 'u', now);
    expect(rl).toMatchObject({ retryAfterMs: 7000 });
    const se = statusError(
      raw(500, { error: { code: 'internal', message: 'boom', request_id: 'body-id' } }),
      'u',
      now,
    );
    expect(se.requestId).toBe('body-id');
    const hdr = statusError(raw(500, 'oops', { 'x-request-id': 'hdr-id' }), 'u', now);
    expect(hdr.requestId).toBe('hdr-id');
    expect(hdr.message).toContain('oops');
  });
});
