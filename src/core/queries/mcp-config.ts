// The MCP configuration an assistant needs on this machine (Settings → AI assistants shows it with a
// copy button): the Node that runs the `gammawatch` command, the command's entry in this
// installation, and the data folder this app uses, so the assistant reads the same database.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpConfig } from '../../shared/bridge/app-info.ts';
import type { SecretName, SecretsStatus } from '../../shared/bridge/data-source.ts';
import type { Settings } from '../../shared/bridge/settings.ts';
import { SECRET_ENV } from '../secrets/secret-store.ts';

/**
 * Where the command's entry is from the code that runs: from the sources (src/core/queries, the CLI,
 * headless mode, tests) and from the Electron bundle (out/main/main.js) of a checkout. An installer
 * ships only the bundle, so neither is there.
 */
const ENTRY_CANDIDATES = ['../../host/gammawatch.mjs', '../../src/host/gammawatch.mjs'];

export function commandEntry(): string | null {
  for (const relative of ENTRY_CANDIDATES) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** The secret the active source needs, when it has one. */
function sourceSecret(dataSource: Settings['dataSource']): SecretName | null {
  if (dataSource.kind === 'tradier') return 'tradierToken';
  if (dataSource.kind === 'remote' && !dataSource.demo && !dataSource.apiKeyRef) return 'remoteApiKey';
  return null;
}

export interface McpConfigInputs {
  dataDir: string;
  dataSource: Settings['dataSource'];
  secrets: SecretsStatus;
  /** The running Node (process.execPath), or null inside Electron, whose binary is not a Node. */
  nodePath: string | null;
  entry: string | null;
}

export function mcpConfigOf(inputs: McpConfigInputs): McpConfig {
  const notes: string[] = [];
  const entry = inputs.entry ?? 'gammawatch';
  // Inside Electron the Node on the PATH runs it (a checkout's `npm ci` needed one); elsewhere the
  // very Node running this app, by its absolute path, since an assistant's PATH is often bare.
  const command = inputs.entry === null ? 'npx' : (inputs.nodePath ?? 'node');
  const args =
    inputs.entry === null
      ? ['-y', 'gammawatch', 'mcp', '--data-dir', inputs.dataDir]
      : [entry, 'mcp', '--data-dir', inputs.dataDir];
  if (inputs.entry === null)
    notes.push(
      'This installation has no command line of its own: the block runs the published package with npx (Node 20 or later).',
    );
  const secret = sourceSecret(inputs.dataSource);
  const env: Record<string, string> = {};
  if (secret !== null) {
    const status = inputs.secrets[secret];
    const noun = secret === 'tradierToken' ? 'Tradier token' : 'API key';
    // The desktop app's secrets are encrypted for it alone, so the server the assistant starts
    // cannot read them; the environment is how it gets one.
    if (inputs.nodePath === null && status.set)
      notes.push(
        `The data source's ${noun} is encrypted for the desktop app: add "${SECRET_ENV[secret]}": "<your ${noun}>" to "env" so the assistant's server can use it.`,
      );
    else if (!status.set && status.locked !== undefined) notes.push(status.locked);
  }
  const json = JSON.stringify({ mcpServers: { gammawatch: { command, args, env } } }, null, 2);
  return { command, args, env, json, dataDir: inputs.dataDir, notes };
}
