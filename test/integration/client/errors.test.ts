// Documented error statuses and unusable 200s over real HTTP, each mapped to its typed error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  BadRequestError,
  InvalidResponseError,
  NotFoundError,
  ServerError,
} from '../../../src/client/errors.ts';
import { clientFor, rejectionOf } from '../../support/client-harness.ts';
import * as p from '../../support/client-payloads.ts';
import { ScriptedServer } from '../../support/scripted-server.ts';

let server: ScriptedServer;
beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  await server.close();
});

describe('documented statuses', () => {
  it('400 with an allowed list (income type)', async () => {
    server.on('/income-setups', {
      status: 400,
      body: p.errorBody('bad_request', 'type must be cc or csp', { allowed: ['cc', 'csp'] }),
    });
    const err = await rejectionOf(clientFor(server).client.incomeSetups({ type: 'cc' }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({ kind: 'bad_request', status: 400, allowed: ['cc', 'csp'], attempts: 1 });
    expect((err as Error).message).toContain('type must be cc or csp');
  });

  it.each([401, 403])('%i is an auth error, not retried', async (status) => {
    server.on('/top-setups', { status, body: p.errorBody('unauthorized', 'invalid API key') });
    const err = await rejectionOf(clientFor(server).client.topSetups());
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({ kind: 'auth', status });
    expect(server.requests).toHaveLength(1);
  });

  it('404 with an available list (unknown screener preset)', async () => {
    const available = ['momentum_breakout', 'trend_pullback'];
    server.on('/top-setups/screener/trend_pullback', {
      status: 404,
      body: p.errorBody('unknown_preset', 'no such preset', { available }),
    });
    const err = await rejectionOf(clientFor(server).client.screener('trend_pullback'));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ kind: 'not_found', available });
  });

  it('404 without a list (no snapshot for the ticker)', async () => {
    server.on('/agent/trade-setup/ZZZZ', {
      status: 404,
      body: p.errorBody('no_snapshot', 'no snapshot for ZZZZ'),
    });
    const err = await rejectionOf(clientFor(server).client.tradeSetup('zzzz'));
    expect(err).toMatchObject({ kind: 'not_found', available: null });
  });

  it('500 is a server error carrying the request id, and is not retried', async () => {
    server.on('/agent/trade-setup/SPY', {
      status: 500,
      headers: { 'x-request-id': 'req-42' },
      body: p.errorBody('internal', 'interpreter failed'),
    });
    const err = await rejectionOf(clientFor(server).client.tradeSetup('SPY'));
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ kind: 'server', status: 500, requestId: 'req-42', attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('an error body of an unknown shape still gives a typed error', async () => {
    server.on('/top-setups', {
      status: 422,
      body: '<<not json>>',
      headers: { 'content-type': 'text/plain' },
    });
    const err = await rejectionOf(clientFor(server).client.topSetups());
    expect(err).toMatchObject({ kind: 'bad_request', status: 422, allowed: null });
    expect((err as Error).message).toContain('<<not json>>');
  });
});

describe('unusable 200 responses are invalid_response, never a crash', () => {
  it('an HTML page', async () => {
    const html = '<!DOCTYPE html><html><head><title>Login</title></head><body>Please sign in</body></html>';
    server.on('/top-setups', { body: html, headers: { 'content-type': 'text/html; charset=utf-8' } });
    const err = await rejectionOf(clientFor(server).client.topSetups());
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err).toMatchObject({
      kind: 'invalid_response',
      status: 200,
      contentType: 'text/html; charset=utf-8',
    });
    expect((err as InvalidResponseError).bodyExcerpt).toContain('Please sign in');
  });

  it('truncated JSON', async () => {
    const text = JSON.stringify(p.topSetupsResponse());
    server.on('/top-setups', {
      body: text.slice(0, text.length / 2),
      headers: { 'content-type': 'application/json' },
    });
    const err = await rejectionOf(clientFor(server).client.topSetups());
    expect(err).toMatchObject({
      kind: 'invalid_response',
      fieldPath: '',
      expected: 'a complete JSON document',
    });
  });

  it('a body that breaks the schema names the field', async () => {
    const payload = p.topSetupsResponse();
    (payload.data.items[1] as Record<string, unknown>).opportunity_tier = 'stellar';
    server.on('/top-setups', { body: payload });
    const err = await rejectionOf(clientFor(server).client.topSetups());
    expect(err).toMatchObject({ kind: 'invalid_response', fieldPath: 'data.items.1.opportunity_tier' });
    expect((err as InvalidResponseError).bodyExcerpt.length).toBeGreaterThan(0);
  });

  it('an empty 200', async () => {
    server.on('/access', { body: '', headers: { 'content-type': 'application/json' } });
    const err = await rejectionOf(clientFor(server).client.access());
    expect(err).toMatchObject({ kind: 'invalid_response' });
  });

  it('a body larger than the cap', async () => {
    server.on('/llm-spec', { body: p.llmSpecResponse() });
    const err = await rejectionOf(clientFor(server, { maxBodyBytes: 64 }).client.llmSpec());
    expect(err).toMatchObject({ kind: 'invalid_response' });
    expect((err as Error).message).toMatch(/exceeds 64 bytes/);
  });

  it('a 304 when nothing was cached', async () => {
    server.on('/top-setups', { status: 304 });
    const err = await rejectionOf(clientFor(server).client.topSetups());
    expect(err).toMatchObject({ kind: 'invalid_response', status: 304 });
  });
});

describe('redirects (a 3xx would take the key to another host)', () => {
  it.each([301, 302, 307, 308])(
    'a %i to another host is refused, and nothing is sent there',
    async (status) => {
      const elsewhere = await ScriptedServer.start();
      try {
        elsewhere.on('/top-setups', { body: p.errorBody('bad_request', 'should never be asked') });
        server.on('/top-setups', { status, headers: { location: `${elsewhere.baseUrl}/top-setups` } });
        const err = await rejectionOf(clientFor(server).client.topSetups());
        expect(err).toBeInstanceOf(InvalidResponseError);
        expect(err).toMatchObject({ kind: 'invalid_response', status });
        expect((err as Error).message).toMatch(/redirects are not followed/);
        expect((err as Error).message).toContain(elsewhere.baseUrl);
        // The key never left for the other host, and the redirect was not retried.
        expect(elsewhere.requests).toHaveLength(0);
        expect(server.requests).toHaveLength(1);
      } finally {
        await elsewhere.close();
      }
    },
  );
});

it('every failure is an ApiError with a kind', async () => {
  server.on('/top-setups', { status: 418, body: 'teapot' });
  const err = await rejectionOf(clientFor(server).client.topSetups());
  expect(err).toBeInstanceOf(ApiError);
  expect(typeof (err as ApiError).kind).toBe('string');
});
