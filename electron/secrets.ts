// The app's secrets (the remote API key, the Tradier token), encrypted at rest with safeStorage
// (see logic/secret-store.ts and logic/secret-file.ts for the rules).
import { safeStorage } from 'electron';
import type { SecretStore } from '../src/core/index.ts';
import { cipherSecretStore } from './logic/secret-store.ts';

export function safeStorageSecrets(userDataDir: string): SecretStore {
  return cipherSecretStore(userDataDir, safeStorage);
}
