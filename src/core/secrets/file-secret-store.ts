// Headless mode's secrets (and the MCP server's, the watcher's): one JSON file in the data folder, readable by its owner only (mode
// 0600). There is no OS keychain in headless mode (a server, a container), so this is plain text
// protected by file permissions, like ~/.netrc or an SSH key; an environment variable
// (GAMMAWATCH_API_KEY, GAMMAWATCH_TRADIER_TOKEN, see withEnvOverrides) keeps it off the disk.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SecretName } from '../../shared/bridge/data-source.ts';
import { messageOf } from '../../shared/message-of.ts';
import { desktopLockedReason } from './desktop-secret-files.ts';
import {
  SECRET_ENV,
  statusOf,
  STORED_SECRET_NAMES,
  type SecretStore,
  type StoredSecretName,
} from './secret-store.ts';

const secretFileSchema = z.object({
  version: z.literal(1),
  secrets: z.partialRecord(
    z.enum(STORED_SECRET_NAMES as [StoredSecretName, ...StoredSecretName[]]),
    z.string().min(1),
  ),
});

export const SECRETS_FILE = 'secrets.json';

export function fileSecretStore(
  dataDir: string,
  log: (message: string) => void = () => undefined,
): SecretStore {
  const file = path.join(dataDir, SECRETS_FILE);

  function read(): Partial<Record<StoredSecretName, string>> {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return {}; // none stored yet
    }
    try {
      return secretFileSchema.parse(JSON.parse(text)).secrets;
    } catch {
      // Never echo the content: it holds secrets.
      log(`secrets: ${file} is not a secrets file this version reads; treating it as empty`);
      return {};
    }
  }

  const get = (name: StoredSecretName): string | null => read()[name] ?? null;
  // A secret the desktop app saved in this folder is encrypted for it alone: say so, rather than
  // "none stored" while the user can see it in the desktop app's Settings.
  const locked = (name: SecretName): string | null =>
    get(name) === null ? desktopLockedReason(dataDir, name, SECRET_ENV[name]) : null;

  return {
    get,
    set(name, value) {
      const secrets = { ...read() };
      if (value === null) delete secrets[name];
      else secrets[name] = value;
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        fs.mkdirSync(dataDir, { recursive: true });
        // Written beside and renamed, so a crash leaves the old file or the new one, never half.
        fs.writeFileSync(tmp, JSON.stringify({ version: 1, secrets }) + '\n', { mode: 0o600 });
        fs.chmodSync(tmp, 0o600); // the mode option does not apply when the file already existed
        fs.renameSync(tmp, file);
      } catch (error) {
        try {
          fs.rmSync(tmp, { force: true });
        } catch {
          // The folder itself is unusable: there is no temp file to clean up.
        }
        throw new Error(`cannot save the secret in ${file}: ${messageOf(error)}`, { cause: error });
      }
    },
    status: () => statusOf(get, locked),
    locked,
  };
}
