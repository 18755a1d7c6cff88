// The headless host against broken and hostile requests (slow, oversized or malformed, and a wrong
// Content-Type): every answer is the bridge envelope with a precise status, never a 500, never
// Node's empty default body, and never a whole echo of what was sent.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessServer, type HeadlessServer } from '../../../../src/host/headless/server.ts';
import { startSeededApp, type SeededApp } from '../../../support/seeded-app.ts';

let server: HeadlessServer;
/** The same host with timeouts short enough to hit in a test. */
let impatient: HeadlessServer;
let app: SeededApp;
const errors: string[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-headless-hostile-'));
  // Only app:info is called: a fresh app, no history needed.
  app = await startSeededApp({ runs: 0, seeded: false });
  const common = {
    handlers: app.handlers,
    events: app.app.events,
    rendererDir: dir,
    token: 't0ken',
    onError: (context: string) => errors.push(context),
  };
  server = await startHeadlessServer(common);
  impatient = await startHeadlessServer({
    ...common,
    timeouts: { headersMs: 300, requestMs: 400, checkEveryMs: 50 },
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await impatient?.close();
  await app?.close();
});

interface Answer {
  status: number;
  body: string;
}

function post(path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers: { Authorization: 'Bearer t0ken', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (body !== undefined && headers['Transfer-Encoding'] === 'chunked') {
      // Written in pieces so no Content-Length announces the size up front.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

/** Raw bytes over a socket (for what an HTTP client will not send); the whole answer once it closes. */
function rawExchange(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const json = { 'Content-Type': 'application/json' };

function envelope(answer: Answer): { code: string; message: string } {
  const parsed = JSON.parse(answer.body) as { ok: boolean; error: { code: string; message: string } };
  expect(parsed.ok).toBe(false);
  return parsed.error;
}

describe('the bridge path', () => {
  it.each([['/bridge/%E0%A4%A'], ['/bridge/%'], ['/bridge/%ZZ'], ['/bridge/app%3Ainfo%E0']])(
    'a malformed percent-escape (%s) is a 400, not a 500',
    async (path) => {
      const before = errors.length;
      const answer = await post(path, json, '{}');
      expect(answer.status).toBe(400);
      expect(envelope(answer)).toEqual({
        code: 'invalid_input',
        message: 'the method name in the path is not valid percent-encoding',
      });
      expect(errors.length).toBe(before);
    },
  );

  it('an escaped method name still reaches its method', async () => {
    const answer = await post('/bridge/app%3Ainfo', json, '{}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
  });

  it('an unknown 5,000-character method name is echoed clipped to 80 characters', async () => {
    const method = `x${'y'.repeat(4_999)}`;
    const answer = await post(`/bridge/${method}`, json, '{}');
    expect(answer.status).toBe(404);
    const error = envelope(answer);
    expect(error.code).toBe('unknown_method');
    expect(error.message).toBe(`no bridge method '${method.slice(0, 80)}…'`);
  });
});

describe('the Content-Type', () => {
  it.each([
    ['application/jsonfoo', 415],
    ['application/json-seq', 415],
    ['text/plain', 415],
    ['application/x-www-form-urlencoded', 415],
    ['application/json', 200],
    ['application/json; charset=utf-8', 200],
    ['Application/JSON;charset=UTF-8', 200],
  ])('%s → %i', async (type, status) => {
    const answer = await post('/bridge/app:info', { 'Content-Type': type }, '{}');
    expect(answer.status).toBe(status);
    if (status === 415) {
      expect(envelope(answer)).toEqual({
        code: 'invalid_input',
        message: 'send the input as application/json',
      });
    }
  });

  it('none at all → 415', async () => {
    const answer = await post('/bridge/app:info', {}, '{}');
    expect(answer.status).toBe(415);
    expect(envelope(answer).code).toBe('invalid_input');
  });
});

describe('oversized and slow requests', () => {
  const big = `"${'x'.repeat((1 << 20) + 10)}"`;

  it.each([
    ['announced by its Content-Length', json],
    ['sent in chunks with no length', { ...json, 'Transfer-Encoding': 'chunked' }],
  ])('a body over 1 MiB, %s → 413 in the envelope', async (_label, headers) => {
    const answer = await post('/bridge/app:info', headers, big);
    expect(answer.status).toBe(413);
    expect(envelope(answer)).toEqual({
      code: 'invalid_input',
      message: 'the request body is over the 1 MiB limit',
    });
  });

  it('headers over the limit → 431 in the envelope', async () => {
    const answer = await rawExchange(
      server.port,
      `POST /bridge/app:info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(envelope(answer)).toEqual({ code: 'invalid_input', message: 'the request headers are too large' });
  });

  it('bytes that are not HTTP → 400 in the envelope', async () => {
    const answer = await rawExchange(server.port, 'HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(envelope(answer)).toEqual({ code: 'invalid_input', message: 'the request is not valid HTTP' });
  });

  it.each([
    [
      'a header line that never ends',
      (port: number) => `POST /bridge/app:info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: a`,
    ],
    [
      'a body that never comes',
      (port: number) =>
        `POST /bridge/app:info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer t0ken\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a',
    ],
  ])('%s → 408 in the envelope once the request timeout passes', async (_label, bytes) => {
    const answer = await rawExchange(impatient.port, bytes(impatient.port));
    expect(answer.status).toBe(408);
    expect(envelope(answer)).toEqual({
      code: 'invalid_input',
      message: 'the request took too long to arrive',
    });
  });
});
