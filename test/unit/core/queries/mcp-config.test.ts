// The MCP block for this machine, by case: the Node and the entry that run, the data folder, and
// what a user must add first (a key encrypted for the desktop app, a key nobody here can read).
import { describe, expect, it } from 'vitest';
import { mcpConfigOf, type McpConfigInputs } from '../../../../src/core/queries/mcp-config.ts';
import type { SecretsStatus } from '../../../../src/shared/bridge/data-source.ts';

const none = { set: false, hint: null };
const secrets = (over: Partial<SecretsStatus> = {}): SecretsStatus => ({
  remoteApiKey: none,
  tradierToken: none,
  telegramBotToken: none,
  smtpPassword: none,
  pushoverAppToken: none,
  pushoverUserKey: none,
  ...over,
});
const base: McpConfigInputs = {
  dataDir: '/home/ann/.gammawatch',
  dataSource: { kind: 'local', seed: 42, clock: 'real' },
  secrets: secrets(),
  nodePath: '/usr/bin/node',
  entry: '/src/gammawatch/src/host/gammawatch.mjs',
};

describe('mcpConfigOf', () => {
  it('headless: this Node by its path, the entry, the data folder; the JSON is the same block', () => {
    const c = mcpConfigOf(base);
    expect(c.command).toBe('/usr/bin/node');
    expect(c.args).toEqual([
      '/src/gammawatch/src/host/gammawatch.mjs',
      'mcp',
      '--data-dir',
      '/home/ann/.gammawatch',
    ]);
    expect(JSON.parse(c.json)).toEqual({
      mcpServers: { gammawatch: { command: c.command, args: c.args, env: {} } },
    });
    expect(c.notes).toEqual([]);
  });

  it.each([
    [
      'desktop, Tradier token stored: encrypted for the desktop app, give it in env',
      {
        nodePath: null,
        dataSource: { kind: 'tradier', environment: 'production', tickers: ['SPY'], dir: null },
        secrets: secrets({ tradierToken: { set: true, hint: '…abcd' } }),
      },
      'node',
      /Tradier token is encrypted for the desktop app: add "GAMMAWATCH_TRADIER_TOKEN"/,
    ],
    [
      'desktop, remote key stored',
      {
        nodePath: null,
        dataSource: { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: false },
        secrets: secrets({ remoteApiKey: { set: true, hint: '…abcd' } }),
      },
      'node',
      /API key is encrypted for the desktop app: add "GAMMAWATCH_API_KEY"/,
    ],
    [
      'headless, the key the desktop app locked',
      {
        dataSource: { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: false },
        secrets: secrets({
          remoteApiKey: { set: false, hint: null, locked: 'The API key was saved by the desktop app…' },
        }),
      },
      '/usr/bin/node',
      /^The API key was saved by the desktop app…$/,
    ],
    ['no command line in this installation: npx', { entry: null }, 'npx', /no command line of its own/],
  ] as [string, Partial<McpConfigInputs>, string, RegExp][])('%s', (_what, over, command, note) => {
    const c = mcpConfigOf({ ...base, ...over });
    expect(c.command).toBe(command);
    expect(c.args.slice(-3)).toEqual(['mcp', '--data-dir', '/home/ann/.gammawatch']);
    expect(c.notes).toHaveLength(1);
    expect(c.notes[0]).toMatch(note);
  });

  it('a demo remote or a named key variable needs nothing added', () => {
    for (const dataSource of [
      { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: true },
      { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: false, apiKeyRef: 'MY_KEY' },
    ] as McpConfigInputs['dataSource'][])
      expect(
        mcpConfigOf({
          ...base,
          nodePath: null,
          dataSource,
          secrets: secrets({ remoteApiKey: { set: true, hint: '…' } }),
        }).notes,
      ).toEqual([]);
  });
});
