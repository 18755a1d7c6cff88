// The remote API key, encrypted at rest with safeStorage (see logic/secret-file.ts for the rules).
import { safeStorage } from 'electron';
import fs from 'node:fs';
import { decodeSecretFile, encodeSecretFile } from './logic/secret-file.ts';

export function readApiKey(file: string): string | null {
  return decodeSecretFile(readIfPresent(file), safeStorage);
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // no saved key yet, or unreadable: both mean "no key"
  }
}

export function writeApiKey(file: string, apiKey: string | null): void {
  if (apiKey === null) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.writeFileSync(file, encodeSecretFile(apiKey, safeStorage), { mode: 0o600 });
}
