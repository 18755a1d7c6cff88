// One data folder for the app and its assistant: the MCP block Settings → AI assistants shows
// (app:mcpConfig) is started exactly as written, as an assistant would (the SDK's stdio client,
// with the block's command, arguments and environment only), and answers from the database the
// app is using: the watchlist made in the app is there. Then the case where the assistant cannot
// read the data source's key, because the desktop app saved it encrypted with the keychain: the
// server says so, naming the variable that gives it the key, instead of acting as if none was saved.
// And the block the docs show (docs/mcp.md, where the README sends a reader), its placeholders read
// as this machine's: it is Settings' block, and started as written it reads the app's data too.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cipherSecretStore } from '../../../electron/logic/secret-store.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../support/watcher-factory.ts';
import { textOf } from './mcp-harness.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

/** The JSON block of docs/mcp.md's "Setting it up", as the reader sees it. */
function documentedBlock(): string {
  const doc = fs.readFileSync(path.join(REPO, 'docs/mcp.md'), 'utf8');
  const setup = doc.slice(doc.indexOf('**Setting it up**'));
  const block = /```json\n([\s\S]*?)\n```/.exec(setup)?.[1];
  if (block === undefined) throw new Error('docs/mcp.md has no JSON block under "Setting it up"');
  return block;
}

const blockSchema = z.object({
  mcpServers: z.object({
    gammawatch: z.object({
      command: z.string(),
      args: z.array(z.string()),
      env: z.record(z.string(), z.string()),
    }),
  }),
});

/** A stand-in for the OS keychain: what it writes, a plain Node process cannot read back. */
const keychain = {
  isEncryptionAvailable: () => true,
  encryptString: (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
  decryptString: (sealed: Buffer) => [...sealed.toString().slice('sealed:'.length)].reverse().join(''),
};

async function startAssistant(
  block: z.infer<typeof blockSchema>,
  home: string,
): Promise<{ client: Client; stderr: string[] }> {
  const server = block.mcpServers.gammawatch;
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    // The block's environment and nothing of this test's (HOME elsewhere: no default folder to fall
    // back on, so only the block's --data-dir can find the app's data).
    env: { PATH: process.env['PATH'] ?? '', HOME: home, ...server.env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: 'gammawatch-config-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr };
}

describe("the assistant started as Settings' MCP block says", () => {
  const tmp = tempDataDir('gw-mcp-config-');
  const elsewhere = tempDataDir('gw-mcp-home-');
  let app: TestWatcher;

  beforeAll(async () => {
    app = await startWatcher({ dataDir: tmp.dir, dbFile: path.join(tmp.dir, 'gammawatch.db') });
    await app.invoke('watchlists:create', { name: 'Desk names', tickers: ['SPY', 'NVDA'] });
  }, 60_000);

  afterAll(async () => {
    await app?.app.stop();
    tmp.cleanup();
    elsewhere.cleanup();
  });

  it('reads the data folder the app uses: the watchlist made in the app is there', async () => {
    const config = await app.invoke('app:mcpConfig');
    expect(config.dataDir).toBe(tmp.dir);
    const block = blockSchema.parse(JSON.parse(config.json));
    expect(block.mcpServers.gammawatch).toEqual({
      command: config.command,
      args: config.args,
      env: config.env,
    });
    expect(config.command).toBe(process.execPath);
    expect(config.args.slice(1)).toEqual(['mcp', '--data-dir', tmp.dir]);
    expect(config.notes).toEqual([]);

    const { client, stderr } = await startAssistant(block, elsewhere.dir);
    try {
      const lists = (await client.callTool({ name: 'list_watchlists', arguments: {} })) as CallToolResult;
      const names = (JSON.parse(textOf(lists)) as { watchlists: { name: string }[] }).watchlists.map(
        (w) => w.name,
      );
      expect(names).toContain('Desk names');
      expect(stderr.join('')).toContain(`from ${tmp.dir}`);
    } finally {
      await client.close();
    }
  }, 120_000);

  it("the docs' block, read for this machine, is Settings' block and reads the app's data", async () => {
    const documented = blockSchema.parse(JSON.parse(documentedBlock())).mcpServers.gammawatch;
    const config = await app.invoke('app:mcpConfig');
    // The docs' placeholders: a Node by its path, this checkout's folder, the user's data folder.
    const [docEntry, ...docRest] = documented.args;
    expect(docEntry).toMatch(/^\/path\/to\/gammawatch\//);
    const entry = path.join(REPO, (docEntry ?? '').slice('/path/to/gammawatch/'.length));
    expect(docRest.slice(0, -1)).toEqual(['mcp', '--data-dir']);
    const asHere = {
      command: process.execPath,
      args: [entry, 'mcp', '--data-dir', tmp.dir],
      env: documented.env,
    };
    expect(path.isAbsolute(documented.command)).toBe(true);
    expect(asHere).toEqual({ command: config.command, args: config.args, env: config.env });

    const { client } = await startAssistant({ mcpServers: { gammawatch: asHere } }, elsewhere.dir);
    try {
      const lists = (await client.callTool({ name: 'list_watchlists', arguments: {} })) as CallToolResult;
      expect(textOf(lists)).toContain('Desk names');
    } finally {
      await client.close();
    }
  }, 120_000);

  it("says which key it cannot read when the desktop app saved it, and the block's notes say so too", async () => {
    await app.invoke('settings:update', {
      dataSource: { kind: 'remote', baseUrl: 'http://127.0.0.1:9/api/v2', demo: false },
    });
    // The desktop app's store, writing into the same folder (electron/logic/secret-store.ts).
    cipherSecretStore(tmp.dir, keychain).set('remoteApiKey', 'desk-key-0123456789abcdef');
    expect(fs.existsSync(path.join(tmp.dir, 'api-key.enc'))).toBe(true);

    const status = await app.invoke('secrets:status');
    expect(status.remoteApiKey.set).toBe(false);
    expect(status.remoteApiKey.locked).toMatch(/saved by the Gammawatch desktop app.*GAMMAWATCH_API_KEY/);
    expect(status.tradierToken.locked).toBeUndefined();

    const config = await app.invoke('app:mcpConfig');
    expect(config.notes).toEqual([status.remoteApiKey.locked]);

    const { client, stderr } = await startAssistant(
      blockSchema.parse(JSON.parse(config.json)),
      elsewhere.dir,
    );
    try {
      const auth = (await client.callTool({ name: 'get_auth_status', arguments: {} })) as CallToolResult;
      const answer = JSON.parse(textOf(auth)) as { mode: string; message: string };
      expect(answer.mode).toBe('secret_locked');
      expect(answer.message).toContain('API key was saved by the Gammawatch desktop app');
      expect(answer.message).toContain('GAMMAWATCH_API_KEY');
      expect(stderr.join('')).toContain('GAMMAWATCH_API_KEY');
      expect(JSON.stringify(auth)).not.toContain('desk-key-0123456789abcdef');
    } finally {
      await client.close();
    }

    // Given the key in its environment, as the note says, the server has it and says nothing of a lock.
    const withKey = blockSchema.parse(JSON.parse(config.json));
    withKey.mcpServers.gammawatch.env['GAMMAWATCH_API_KEY'] = 'desk-key-0123456789abcdef';
    const keyed = await startAssistant(withKey, elsewhere.dir);
    try {
      const auth = (await keyed.client.callTool({
        name: 'get_auth_status',
        arguments: {},
      })) as CallToolResult;
      expect((JSON.parse(textOf(auth)) as { mode: string }).mode).toBe('keyed');
    } finally {
      await keyed.client.close();
    }
  }, 180_000);
});
