import { describe, expect, it } from 'vitest';
import {
  decodeSecretFile,
  encodeSecretFile,
  maskApiKey,
  SecretStorageUnavailableError,
  type StringCipher,
} from '../../../electron/logic/secret-file.ts';

/** A reversible stand-in for safeStorage: XOR with a fixed byte, so ciphertext differs from plaintext. */
function xorCipher(available = true): StringCipher {
  const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => xor(Buffer.from(s, 'utf8')),
    decryptString: (b) => xor(b).toString('utf8'),
  };
}

describe('secret file', () => {
  it('round-trips a key and never writes it in plain text', () => {
    const text = encodeSecretFile('sk_live_abcdef123456', xorCipher());
    expect(text).not.toContain('sk_live_abcdef123456');
    expect(decodeSecretFile(text, xorCipher())).toBe('sk_live_abcdef123456');
  });

  it('refuses to store a key when the OS has no encrypted storage', () => {
    expect(() => encodeSecretFile('k', xorCipher(false))).toThrow(SecretStorageUnavailableError);
  });

  it.each([
    ['absent', null],
    ['garbage', 'not json'],
    ['wrong version', JSON.stringify({ version: 2, apiKey: 'AA==' })],
    ['empty key', JSON.stringify({ version: 1, apiKey: '' })],
  ])('reads %s as no key', (_name, text) => {
    expect(decodeSecretFile(text, xorCipher())).toBeNull();
  });
});

describe('maskApiKey', () => {
  it.each([
    [null, null],
    ['', null],
    ['short', '••••••••'],
    ['sk_live_abcdef123456', '••••••••3456'],
  ])('%s → %s', (key, masked) => {
    expect(maskApiKey(key)).toBe(masked);
  });
});
