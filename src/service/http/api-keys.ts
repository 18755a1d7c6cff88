// Where the service's API keys come from: keys given on the command line, a keys file (a JSON array,
// `{ "keys": [...] }`, or one key per line with # comments), or, when neither is given, the keys file
// in the data folder, created with a fresh random key on first run (mode 0600).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

export const KEYS_FILE_NAME = 'api-keys.json';

const keyText = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{8,256}$/, 'an API key is 8-256 printable ASCII characters without spaces');
const keysJson = z.union([
  z.array(keyText),
  z.looseObject({ keys: z.array(keyText) }).transform((o) => o.keys),
]);

/** `$GAMMAWATCH_HOME/service`, else `~/.gammawatch/service`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.GAMMAWATCH_HOME;
  return home !== undefined && home !== ''
    ? join(home, 'service')
    : join(homedir(), '.gammawatch', 'service');
}

export function parseKeysText(text: string, origin: string): string[] {
  const trimmed = text.trim();
  let keys: string[];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      throw new Error(`${origin}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
    const parsed = keysJson.safeParse(json);
    if (!parsed.success) throw new Error(`${origin}: ${z.prettifyError(parsed.error)}`);
    keys = parsed.data;
  } else {
    keys = trimmed
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    keys.forEach((k, i) => {
      if (!keyText.safeParse(k).success) throw new Error(`${origin}: entry ${i + 1} is not a valid API key`);
    });
  }
  if (keys.length === 0) throw new Error(`${origin}: no API keys`);
  return keys;
}

export function generateApiKey(): string {
  return `gw_${randomBytes(24).toString('base64url')}`;
}

export interface ResolvedKeys {
  keys: string[];
  /** Where the keys came from, for the start-up message (never the keys themselves). */
  origin: 'command line' | 'keys file' | 'data folder' | 'generated';
  file?: string;
}

export function resolveApiKeys(opts: {
  apiKeys?: readonly string[];
  keysFile?: string;
  dataDir?: string;
}): ResolvedKeys {
  for (const k of opts.apiKeys ?? []) {
    if (!keyText.safeParse(k).success)
      throw new Error('--api-key: an API key is 8-256 printable ASCII characters');
  }
  if (opts.apiKeys && opts.apiKeys.length > 0) {
    const fromFile = opts.keysFile !== undefined ? readKeysFile(opts.keysFile) : [];
    return { keys: [...opts.apiKeys, ...fromFile], origin: 'command line' };
  }
  if (opts.keysFile !== undefined)
    return { keys: readKeysFile(opts.keysFile), origin: 'keys file', file: opts.keysFile };
  const dir = opts.dataDir ?? defaultDataDir();
  const file = join(dir, KEYS_FILE_NAME);
  if (existsSync(file)) return { keys: readKeysFile(file), origin: 'data folder', file };
  const key = generateApiKey();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ keys: [key] }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return { keys: [key], origin: 'generated', file };
}

function readKeysFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read keys file ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseKeysText(text, file);
}
