// Failures detected by the framework or by Node's HTTP server, over a real socket: every one is in
// the service's error shape with its own code, echoes at most a clipped prefix of what was sent,
// and a request that does not arrive in time is cut with a 408.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_MAX_CHARS } from '../../../src/shared/echo.ts';
import { listenService, TEST_KEY, type Reply, type Running } from '../../support/service-factory.ts';
import { expectError } from './schema-assert.ts';

interface RawReply extends Reply {
  /** The whole response as received, head and body. */
  raw: string;
}

function portOf(service: Running): number {
  return Number(new URL(service.baseUrl).port);
}

function parseResponse(raw: string): RawReply {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const text = split < 0 ? '' : raw.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, text, json, raw };
}

/**
 * Writes `request` as raw bytes (nothing normalised, nothing completed) and resolves with what the
 * server sends until it closes the connection: the only wait is on the socket's own events.
 */
function exchange(port: number, request: string): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the server's answer is expected when it closes on unread bytes.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks).toString('utf8'))));
    socket.write(request);
  });
}

const get = (path: string, headers = ''): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\n${headers}Connection: close\r\n\r\n`;

/** No stretch of the caller's filler longer than the clip survives into the reply. */
function expectClipped(reply: RawReply, filler: string): void {
  expect(reply.raw.length).toBeLessThan(1000);
  expect(reply.text).not.toContain(filler.repeat(ECHO_MAX_CHARS + 1));
}

describe('errors the framework and the HTTP server raise', () => {
  let service: Running;
  let port: number;
  beforeAll(async () => {
    service = await listenService();
    port = portOf(service);
  });
  afterAll(() => service.close());

  it.each([
    ['a 15 KB malformed URL', `/api/v2/tickers/%zz${'A'.repeat(15_000)}/levels`, 'A', 400, 'bad_request'],
    ['a 15 KB unknown route', `/api/v2/${'B'.repeat(15_000)}`, 'B', 404, 'not_found'],
    ['an over-long ticker segment', `/api/v2/tickers/${'C'.repeat(5_000)}/levels`, 'C', 414, 'uri_too_long'],
    [
      'a 5 KB closed-set filter value',
      `/api/v2/top-setups?regime=${'D'.repeat(5_000)}`,
      'D',
      400,
      'bad_request',
    ],
    [
      'a 5 KB open label filter value',
      `/api/v2/top-setups?trend_state=${'E'.repeat(5_000)}`,
      'E',
      400,
      'bad_request',
    ],
    [
      'a 5 KB series window',
      `/api/v2/tickers/SPY/series?window=${'F'.repeat(5_000)}`,
      'F',
      400,
      'bad_request',
    ],
    ['a 5 KB income type', `/api/v2/income-setups?type=${'G'.repeat(5_000)}`, 'G', 400, 'bad_request'],
  ])('%s is refused with a clipped echo', async (_case, path, filler, status, code) => {
    const reply = await exchange(port, get(path));
    const error = expectError(reply, status, code);
    expect(error.message).toContain('…');
    expectClipped(reply, filler);
  });

  it('a body over the limit is a 413 payload_too_large', async () => {
    const request =
      'POST /api/v2/access HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 2000000\r\nConnection: close\r\n\r\n{}';
    const error = expectError(await exchange(port, request), 413, 'payload_too_large');
    expect(error.message).toMatch(/too large/);
  });

  it('headers over the limit are a 431 headers_too_large', async () => {
    const reply = await exchange(port, get('/api/v2/access', `X-Filler: ${'h'.repeat(20_000)}\r\n`));
    const error = expectError(reply, 431, 'headers_too_large');
    expect(error.message).toMatch(/headers too large/);
    expectClipped(reply, 'h');
  });

  it('bytes that are not HTTP are a 400 bad_request', async () => {
    const reply = await exchange(
      port,
      'GET /api/v2/access HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n',
    );
    expectError(reply, 400, 'bad_request');
  });
});

describe('requests that do not arrive in time', () => {
  let service: Running;
  let port: number;
  beforeAll(async () => {
    service = await listenService({ timeouts: { headersMs: 300, requestMs: 300 } });
    port = portOf(service);
  });
  afterAll(() => service.close());

  it('a header line that never ends is a 408 request_timeout', async () => {
    const error = expectError(
      await exchange(port, 'GET /api/v2/access HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a'),
      408,
      'request_timeout',
    );
    expect(error.message).toMatch(/headers not received within 0\.3 s/);
  });

  it('a body that never completes is a 408 request_timeout', async () => {
    const request =
      'POST /api/v2/access HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 10\r\n\r\n{"a';
    const error = expectError(await exchange(port, request), 408, 'request_timeout');
    expect(error.message).toMatch(/body not received within 0\.3 s/);
  });

  it('answers complete requests, including ones slower to compute than the limit', async () => {
    // The limits bound receiving a request, not serving it: a cold ranking takes longer than 0.3 s.
    const reply = await exchange(port, get('/api/v2/top-setups?limit=3'));
    expect(reply.status, reply.text).toBe(200);
  });
});
