// The remote API key at rest. Electron's safeStorage encrypts with the OS keychain (Keychain, DPAPI,
// libsecret/kwallet); this module holds the file format and the rules around it, with the cipher
// injected so the logic is tested without Electron. The key never goes to the renderer in full and is
// never logged: the renderer only ever sees `maskApiKey(key)`.
import { z } from 'zod';

/** The subset of Electron's `safeStorage` used here. */
export interface StringCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

const SecretFileSchema = z.object({
  version: z.literal(1),
  apiKey: z.string().min(1), // base64 of the ciphertext
});

export class SecretStorageUnavailableError extends Error {
  constructor() {
    super(
      'The operating system offers no encrypted storage (no keychain / secret service); the API key cannot be saved at rest.',
    );
    this.name = 'SecretStorageUnavailableError';
  }
}

/** Serialises an API key encrypted; refuses to store it in plain text when encryption is unavailable. */
export function encodeSecretFile(apiKey: string, cipher: StringCipher): string {
  if (!cipher.isEncryptionAvailable()) throw new SecretStorageUnavailableError();
  const encrypted = cipher.encryptString(apiKey).toString('base64');
  return JSON.stringify({ version: 1, apiKey: encrypted }) + '\n';
}

/** Reads the API key back; null when the file is absent, unreadable or cannot be decrypted (never throws). */
export function decodeSecretFile(text: string | null, cipher: StringCipher): string | null {
  if (text === null) return null;
  try {
    const parsed = SecretFileSchema.parse(JSON.parse(text));
    if (!cipher.isEncryptionAvailable()) return null;
    return cipher.decryptString(Buffer.from(parsed.apiKey, 'base64'));
  } catch {
    return null;
  }
}

/** What the renderer may see of a key: its length class and last four characters. */
export function maskApiKey(apiKey: string | null): string | null {
  if (apiKey === null || apiKey.length === 0) return null;
  const tail = apiKey.length > 8 ? apiKey.slice(-4) : '';
  return `••••••••${tail}`;
}
