// Electron's secrets: one safeStorage-encrypted file per secret beside the old api-key.enc, tested
// with a stand-in cipher (no Electron here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cipherSecretStore, SECRET_FILES } from '../../../electron/logic/secret-store.ts';
import {
  encodeSecretFile,
  SecretStorageUnavailableError,
  type StringCipher,
} from '../../../electron/logic/secret-file.ts';

function xorCipher(available = true): StringCipher {
  const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => xor(Buffer.from(s, 'utf8')),
    decryptString: (b) => xor(b).toString('utf8'),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-esecrets-'));
  dirs.push(dir);
  return dir;
};

describe('cipherSecretStore', () => {
  it('stores the Tradier token beside the API key, encrypted, 0600', () => {
    const dir = tempDir();
    const store = cipherSecretStore(dir, xorCipher());
    store.set('tradierToken', 'tradier-token-abcdef-1234');
    const file = path.join(dir, SECRET_FILES.tradierToken);
    expect(path.basename(file)).toBe('tradier-token.enc');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('tradier-token-abcdef-1234');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(store.get('tradierToken')).toBe('tradier-token-abcdef-1234');
    expect(store.status()).toEqual({
      remoteApiKey: { set: false, hint: null },
      tradierToken: { set: true, hint: '…1234' },
      telegramBotToken: { set: false, hint: null },
      smtpPassword: { set: false, hint: null },
      pushoverAppToken: { set: false, hint: null },
      pushoverUserKey: { set: false, hint: null },
    });
  });

  it('reads the API key an earlier version saved in api-key.enc', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'api-key.enc'), encodeSecretFile('sk_live_abcdef123456', xorCipher()));
    expect(cipherSecretStore(dir, xorCipher()).get('remoteApiKey')).toBe('sk_live_abcdef123456');
  });

  it('forgets a secret with null, and refuses plain text when the OS has no encryption', () => {
    const dir = tempDir();
    const store = cipherSecretStore(dir, xorCipher());
    store.set('remoteApiKey', 'sk_live_abcdef123456');
    store.set('remoteApiKey', null);
    expect(fs.existsSync(path.join(dir, 'api-key.enc'))).toBe(false);
    expect(() => cipherSecretStore(dir, xorCipher(false)).set('remoteApiKey', 'k')).toThrow(
      SecretStorageUnavailableError,
    );
    expect(fs.existsSync(path.join(dir, 'api-key.enc'))).toBe(false);
  });
});
