// The opt-in MCP endpoint of the headless host, over real HTTP with the SDK's Streamable HTTP
// client: refused without the app's token (401), off until the setting is on (404), then a
// session answers tools with the token as a bearer header, and the token never appears in an
// answer. The app is a real one with stored history (test/support/seeded-app.ts). Unticking the
// write tools or the endpoint reaches sessions already open, and an idle session ends (the
// handler's timers are a manual clock: the tests move it, no waiting).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualTimers } from '../../../src/core/lib/timers.ts';
import { startHeadlessServer, type HeadlessServer } from '../../../src/host/headless/server.ts';
import { createMcpHttpHandler, type McpHttpHandler } from '../../../src/host/mcp/http.ts';
import { startSeededApp, type SeededApp } from '../../support/seeded-app.ts';
import { SECRET_ENV, SECRETS, textOf } from './mcp-harness.ts';

let w: SeededApp;
let server: HeadlessServer;
let mcp: McpHttpHandler;
/** The MCP handler's timers (idle expiry), moved by hand. */
const timers = new ManualTimers();
const IDLE_MS = 60_000;

beforeAll(async () => {
  w = await startSeededApp({ runs: 1, env: SECRET_ENV });
  mcp = createMcpHttpHandler(w.app, {
    env: SECRET_ENV,
    secrets: () => [SECRETS.appToken],
    timers,
    idleMs: IDLE_MS,
  });
  server = await startHeadlessServer({
    handlers: w.handlers,
    events: w.app.events,
    rendererDir: mkdtempSync(join(tmpdir(), 'gw-mcp-ui-')),
    token: SECRETS.appToken,
    mcp: (req, res, body) => mcp.handle(req, res, body),
  });
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await server?.close();
  await w?.close();
});

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

function post(headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.origin}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(initialize),
  });
}

/** A tools/list request of a session, by hand (the SDK's client forgets its session once closed). */
function listToolsOf(sessionId: string): Promise<Response> {
  return fetch(`${server.origin}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${SECRETS.appToken}`,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
  });
}

function connect(token: string | null): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  return { client: new Client({ name: 'gammawatch-http-test', version: '1.0.0' }), transport };
}

describe('the /mcp endpoint of the headless host', () => {
  it.each<[string, Record<string, string>, string]>([
    ['no token', {}, 'Bearer realm="Gammawatch"'],
    [
      'a wrong token',
      { authorization: 'Bearer not-the-token-at-all' },
      'Bearer realm="Gammawatch", error="invalid_token", error_description="not this run\'s token"',
    ],
  ])('is refused with %s (401, saying how to authenticate)', async (_name, headers, challenge) => {
    const res = await post(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(challenge);
    expect(await res.text()).not.toContain(SECRETS.appToken);
  });

  it('is off until the setting is on (404 saying where to turn it on)', async () => {
    const res = await post({ authorization: `Bearer ${SECRETS.appToken}` });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Settings');
  });

  it('with the setting on, the SDK client connects with the token and calls tools', async () => {
    await w.app.updateSettings({ mcp: { http: true } });
    const refused = connect(null);
    await expect(refused.client.connect(refused.transport)).rejects.toThrow();

    const { client, transport } = connect(SECRETS.appToken);
    await client.connect(transport);
    try {
      expect(transport.sessionId).toBeTruthy();
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('watchlist_snapshot');
      const snapshot = (await client.callTool({
        name: 'watchlist_snapshot',
        arguments: { name: 'Core' },
      })) as CallToolResult;
      expect(JSON.parse(textOf(snapshot))).toMatchObject({ watchlist: { id: 1, name: 'Core' } });
      const signals = (await client.callTool({
        name: 'get_signals',
        arguments: { ticker: 'SPY' },
      })) as CallToolResult;
      expect(JSON.parse(textOf(signals))).toHaveProperty('data.ticker', 'SPY');
      for (const answer of [snapshot, signals])
        for (const secret of Object.values(SECRETS)) expect(JSON.stringify(answer)).not.toContain(secret);
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  it('refuses the write tools to a session opened before "Let assistants make changes" was unticked', async () => {
    await w.app.updateSettings({ mcp: { http: true, allowWrites: true } });
    const { client, transport } = connect(SECRETS.appToken);
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('create_watchlist');
      await w.app.updateSettings({ mcp: { allowWrites: false } });

      const refused = (await client.callTool({
        name: 'create_watchlist',
        arguments: { name: 'After the untick', tickers: ['AAPL'] },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(JSON.parse(textOf(refused))).toMatchObject({
        error: {
          reason: 'writes_off',
          message: 'changes by assistants are turned off in Settings → AI assistants',
        },
      });
      const lists = await w.invoke('watchlists:list');
      expect(lists.map((l) => l.name)).not.toContain('After the untick');
      const info = (await client.callTool({ name: 'server_info', arguments: {} })) as CallToolResult;
      expect(JSON.parse(textOf(info))).toMatchObject({ writes_allowed: false });
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  it('closes the sessions open when the endpoint is turned off', async () => {
    await w.app.updateSettings({ mcp: { http: true } });
    const { client, transport } = connect(SECRETS.appToken);
    await client.connect(transport);
    try {
      const id = transport.sessionId ?? '';
      await w.app.updateSettings({ mcp: { http: false } });
      await w.app.updateSettings({ mcp: { http: true } });
      const res = await listToolsOf(id);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('initialize again');
    } finally {
      await client.close();
    }
  });

  it('ends a session idle for the stated time: its id is refused (404) and a new one starts', async () => {
    await w.app.updateSettings({ mcp: { http: true } });
    const old = connect(SECRETS.appToken);
    await old.client.connect(old.transport);
    const id = old.transport.sessionId ?? '';
    // The client's open stream (GET) is activity: no expiry is due while it is open.
    await vi.waitFor(() => expect(timers.pendingCount).toBe(0));
    timers.advance(IDLE_MS * 3);
    expect((await old.client.listTools()).tools.length).toBeGreaterThan(0);

    // The assistant goes away without ending its session (no DELETE).
    await old.client.close();
    await vi.waitFor(() => expect(timers.pendingCount).toBe(1));
    timers.advance(IDLE_MS - 1);
    const before = await listToolsOf(id);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain('server_info');
    await vi.waitFor(() => expect(timers.pendingCount).toBe(1));
    timers.advance(IDLE_MS);
    const res = await listToolsOf(id);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('initialize again');

    const { client, transport } = connect(SECRETS.appToken);
    await client.connect(transport);
    try {
      expect(transport.sessionId).not.toBe(id);
      const info = (await client.callTool({ name: 'server_info', arguments: {} })) as CallToolResult;
      expect(JSON.parse(textOf(info))).toMatchObject({ name: 'gammawatch' });
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  it('refuses a request of an unknown session', async () => {
    const res = await fetch(`${server.origin}/mcp`, {
      method: 'GET',
      headers: { authorization: `Bearer ${SECRETS.appToken}`, 'mcp-session-id': 'no-such-session' },
    });
    expect(res.status).toBe(404);
  });
});
