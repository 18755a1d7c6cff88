// `gammawatch mcp` as an assistant launches it: a child process on a fresh data folder, spoken to
// with the SDK's own stdio client. It starts with one command and no setup, answers initialize,
// lists its tools and answers a call; its stdout carries nothing but the protocol (the client
// would fail to parse anything else), and the secrets in its environment never reach an answer.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../support/watcher-factory.ts';
import { SECRET_ENV, SECRETS, textOf } from './mcp-harness.ts';

const ENTRY = fileURLToPath(new URL('../../../src/host/gammawatch.mjs', import.meta.url));

describe('gammawatch mcp over stdio', () => {
  const tmp = tempDataDir('gw-mcp-stdio-');
  let client: Client;
  let transport: StdioClientTransport;
  const stderr: string[] = [];

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [ENTRY, 'mcp', '--data-dir', tmp.dir],
      env: { PATH: process.env['PATH'] ?? '', HOME: tmp.dir, ...SECRET_ENV },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    client = new Client({ name: 'gammawatch-stdio-test', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    tmp.cleanup();
  });

  it('initializes as gammawatch and lists its tools', async () => {
    expect(client.getServerVersion()?.name).toBe('gammawatch');
    expect(client.getInstructions()).toContain('gammawatch://conventions');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['get_ticker_state', 'watchlist_snapshot', 'backtest_rule']),
    );
    expect(names).not.toContain('create_watchlist');
  });

  it('answers calls from the fresh data folder, with no secret in them', async () => {
    const lists = (await client.callTool({ name: 'list_watchlists', arguments: {} })) as CallToolResult;
    expect(JSON.parse(textOf(lists))).toEqual({ watchlists: [] });
    const rules = (await client.callTool({ name: 'list_rules', arguments: {} })) as CallToolResult;
    expect((JSON.parse(textOf(rules)) as { rules: unknown[] }).rules.length).toBeGreaterThan(0);
    const auth = (await client.callTool({ name: 'get_auth_status', arguments: {} })) as CallToolResult;
    expect(JSON.parse(textOf(auth))).toMatchObject({ source: { kind: 'local', simulated: true } });
    for (const answer of [lists, rules, auth])
      for (const secret of Object.values(SECRETS)) expect(JSON.stringify(answer)).not.toContain(secret);
  });

  it('logs to stderr, not stdout', () => {
    expect(stderr.join('')).toContain('gammawatch mcp: serving');
  });
});
