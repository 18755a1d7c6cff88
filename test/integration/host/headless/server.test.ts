// The headless host over real HTTP on loopback, serving the real core (an app with history, see
// test/support/seeded-app.ts): the token, Host and Origin guards, the bridge endpoint, the event
// stream and the static files.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessServer, type HeadlessServer } from '../../../../src/host/headless/server.ts';
import { bridgeEvents } from '../../../../src/shared/bridge/contract.ts';
import { startSeededApp, type SeededApp } from '../../../support/seeded-app.ts';

let server: HeadlessServer;
let app: SeededApp;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-headless-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Gammawatch</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dir, '..', 'secret.txt'), 'outside');
  app = await startSeededApp({ runs: 1 });
  server = await startHeadlessServer({
    handlers: app.handlers,
    events: app.app.events,
    rendererDir: dir,
    validateOutput: true,
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, because fetch will not let a test forge Host. */
function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | undefined } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${server.token}` });
const json = { 'Content-Type': 'application/json' };

describe('access control', () => {
  it('prints a URL carrying a long random token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
  });

  it('exchanges the token for an HttpOnly SameSite=Strict cookie and redirects to /', async () => {
    const res = await raw(`/?token=${server.token}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const session = cookie.split(';')[0]!;
    const page = await raw('/', { headers: { Cookie: session } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Gammawatch');
  });

  it.each([
    ['no credentials', '/', {}],
    ['a wrong token in the URL', '/?token=nope', {}],
    ['a wrong bearer', '/bridge/app:info', { Authorization: 'Bearer nope', ...json }],
    ['a wrong cookie', '/', { Cookie: 'gammawatch_session=nope' }],
    ['the event stream without credentials', '/events', {}],
  ])('refuses %s with 401', async (_label, path, headers) => {
    const res = await raw(path, {
      method: path.startsWith('/bridge') ? 'POST' : 'GET',
      headers,
      body: path.startsWith('/bridge') ? '{}' : undefined,
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ['an attacker host name (DNS rebinding)', { Host: `evil.example:${0}` }],
    ['the right name on another port', { Host: 'localhost:1' }],
  ])('refuses %s with 403 even with the token', async (_label, headers) => {
    const res = await raw('/bridge/app:info', {
      method: 'POST',
      headers: { ...bearer(), ...json, ...headers },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('accepts localhost:PORT as Host', async () => {
    const res = await raw('/bridge/app:info', {
      method: 'POST',
      headers: { ...bearer(), ...json, Host: `localhost:${server.port}` },
      body: '{}',
    });
    expect(res.status).toBe(200);
  });

  it.each([['https://evil.example'], ['http://localhost:1'], ['null']])(
    'refuses a cross-site Origin %s with 403',
    async (origin) => {
      const res = await raw('/bridge/app:info', {
        method: 'POST',
        headers: { ...bearer(), ...json, Origin: origin },
        body: '{}',
      });
      expect(res.status).toBe(403);
    },
  );

  it('accepts its own origin', async () => {
    const res = await raw('/bridge/app:info', {
      method: 'POST',
      headers: { ...bearer(), ...json, Origin: server.origin },
      body: '{}',
    });
    expect(res.status).toBe(200);
  });
});

describe('POST /bridge/<method>', () => {
  const call = (method: string, body: string, headers: Record<string, string> = json) =>
    raw(`/bridge/${method}`, { method: 'POST', headers: { ...bearer(), ...headers }, body });

  it('answers the result envelope', async () => {
    const res = await call('app:info', '{}');
    const body = JSON.parse(res.body) as { ok: boolean; value: { simulated: boolean } };
    expect(body.ok).toBe(true);
    expect(body.value.simulated).toBe(true);
  });

  it('validates the input with the contract and lists the failing fields', async () => {
    const res = await call('watchlist:addTicker', JSON.stringify({ watchlistId: 'x', ticker: '../../etc' }));
    const body = JSON.parse(res.body) as { ok: false; error: { code: string; issues: { path: string }[] } };
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.issues.map((i) => i.path).sort()).toEqual(['ticker', 'watchlistId']);
  });

  it('maps a handler failure to its code', async () => {
    const res = await call('watchlists:rename', JSON.stringify({ id: 999, name: 'x' }));
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it.each([
    ['an unknown method', 'nope:nope', '{}', json, 404, 'unknown_method'],
    ['a body that is not JSON', 'app:info', '{', json, 400, 'invalid_input'],
    [
      'a form post',
      'app:info',
      'a=1',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      415,
      'invalid_input',
    ],
    ['a body over 1 MiB', 'app:info', `"${'x'.repeat(1 << 20)}"`, json, 413, 'invalid_input'],
  ])('refuses %s', async (_label, method, body, headers, status, code) => {
    const res = await call(method, body, headers);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code } });
  });
});

describe('GET /events', () => {
  it('relays bridge events as Server-Sent Events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.origin}/events`, { headers: bearer(), signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The stream announces itself first; only then is the subscription certainly in place.
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
    const polled = app.tick();
    // A poll run: the store's new snapshots, and the poller's status.
    while (!(text.includes('event: poll:status') && /event: snapshot:new\ndata: .*\n/.test(text)))
      text += decoder.decode((await reader.read()).value);
    controller.abort();
    await polled;
    const snapshot = /event: snapshot:new\ndata: (.*)\n/.exec(text);
    expect(snapshot).not.toBeNull();
    expect(bridgeEvents['snapshot:new'].safeParse(JSON.parse(snapshot![1]!)).success).toBe(true);
  });
});

describe('static files', () => {
  it('serves the page with a CSP and no caching, hashed assets as immutable', async () => {
    const page = await raw('/', { headers: bearer() });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    const asset = await raw('/assets/app-1234.js', { headers: bearer() });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it.each([['/../secret.txt'], ['/%2e%2e/secret.txt'], ['/assets/..%2f..%2fsecret.txt'], ['/missing.js']])(
    'never serves %s',
    async (path) => {
      const res = await raw(path, { headers: bearer() });
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('outside');
    },
  );
});
