// The app's secrets at rest in Electron: one safeStorage-encrypted file per secret in the data
// folder (`api-key.enc` as before, `tradier-token.enc` beside it, the webhooks' signing keys in
// `webhook-signing-keys.enc`), in the format of secret-file.ts.
// The cipher and the folder are injected, so this is tested without Electron.
import fs from 'node:fs';
import path from 'node:path';
import {
  DESKTOP_SECRET_FILES,
  statusOf,
  type SecretStore,
  type StoredSecretName,
} from '../../src/core/index.ts';
import { decodeSecretFile, encodeSecretFile, type StringCipher } from './secret-file.ts';

/** The file of each secret (named in core, since every entry point sharing the folder must know them). */
export const SECRET_FILES = DESKTOP_SECRET_FILES;

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // no saved secret yet, or unreadable: both mean "none"
  }
}

export function cipherSecretStore(dir: string, cipher: StringCipher): SecretStore {
  const fileOf = (name: StoredSecretName): string => path.join(dir, SECRET_FILES[name]);
  const get = (name: StoredSecretName): string | null =>
    decodeSecretFile(readIfPresent(fileOf(name)), cipher);
  return {
    get,
    set(name, value) {
      const file = fileOf(name);
      if (value === null) {
        fs.rmSync(file, { force: true });
        return;
      }
      // Throws SecretStorageUnavailableError (a readable message) rather than write plain text.
      fs.writeFileSync(file, encodeSecretFile(value, cipher), { mode: 0o600 });
    },
    status: () => statusOf(get),
  };
}
