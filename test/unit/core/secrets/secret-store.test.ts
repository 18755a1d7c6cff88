// The secrets main-side: headless mode's 0600 file, the hint the renderer may see, the
// environment variables that win, and no secret in a log line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSecretStore, SECRETS_FILE } from '../../../../src/core/secrets/file-secret-store.ts';
import {
  memorySecretStore,
  secretHint,
  withEnvOverrides,
} from '../../../../src/core/secrets/secret-store.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('secretHint', () => {
  it.each([
    [null, null],
    ['', null],
    ['short', '…'],
    ['12345678', '…'],
    ['123456789', '…6789'],
    ['tradier-sandbox-token-a1b2', '…a1b2'],
  ])('%s → %s', (value, hint) => {
    expect(secretHint(value)).toBe(hint);
  });
});

describe('fileSecretStore (headless)', () => {
  it('keeps secrets in a file only its owner can read, and forgets them with null', () => {
    const dir = tempDir();
    const store = fileSecretStore(dir);
    expect(store.status()).toEqual({
      remoteApiKey: { set: false, hint: null },
      tradierToken: { set: false, hint: null },
      telegramBotToken: { set: false, hint: null },
      smtpPassword: { set: false, hint: null },
      pushoverAppToken: { set: false, hint: null },
      pushoverUserKey: { set: false, hint: null },
    });
    store.set('tradierToken', 'tok-0123456789-a1b2');
    store.set('remoteApiKey', 'key-9876543210-z9y8');
    const file = path.join(dir, SECRETS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A second store on the same folder (a restart) reads them back.
    const again = fileSecretStore(dir);
    expect(again.get('tradierToken')).toBe('tok-0123456789-a1b2');
    expect(again.status()).toEqual({
      remoteApiKey: { set: true, hint: '…z9y8' },
      tradierToken: { set: true, hint: '…a1b2' },
      telegramBotToken: { set: false, hint: null },
      smtpPassword: { set: false, hint: null },
      pushoverAppToken: { set: false, hint: null },
      pushoverUserKey: { set: false, hint: null },
    });
    again.set('tradierToken', null);
    expect(fileSecretStore(dir).get('tradierToken')).toBeNull();
    expect(fileSecretStore(dir).get('remoteApiKey')).toBe('key-9876543210-z9y8');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([SECRETS_FILE]); // no temp file left behind
  });

  it('tightens a file that was left readable by others', () => {
    const dir = tempDir();
    const file = path.join(dir, SECRETS_FILE);
    fs.writeFileSync(file, JSON.stringify({ version: 1, secrets: {} }), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    fileSecretStore(dir).set('remoteApiKey', 'k-1234567890');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads a damaged file as empty and says so without echoing its content', () => {
    const dir = tempDir();
    const leaked = 'sk_live_THIS_MUST_NOT_BE_LOGGED';
    fs.writeFileSync(path.join(dir, SECRETS_FILE), `{"version":2,"secrets":{"remoteApiKey":"${leaked}"}}`);
    const lines: string[] = [];
    const store = fileSecretStore(dir, (line) => lines.push(line));
    expect(store.get('remoteApiKey')).toBeNull();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(leaked);
  });

  it('fails to save with a readable error that does not hold the secret', () => {
    const dir = tempDir();
    const blocked = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the data folder should be');
    const secret = 'tok-SECRET-0000-1111';
    let message = '';
    try {
      fileSecretStore(blocked).set('tradierToken', secret);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/cannot save the secret/);
    expect(message).not.toContain(secret);
  });
});

describe('withEnvOverrides', () => {
  it.each([
    ['the stored value without a variable', {}, 'stored-key-123456', 'stored-key-123456'],
    [
      'the variable over the stored value',
      { GAMMAWATCH_API_KEY: 'env-key-abcdef' },
      'stored-key-123456',
      'env-key-abcdef',
    ],
    ['the variable with nothing stored', { GAMMAWATCH_API_KEY: 'env-key-abcdef' }, null, 'env-key-abcdef'],
    [
      'a blank variable counts as unset',
      { GAMMAWATCH_API_KEY: '  ' },
      'stored-key-123456',
      'stored-key-123456',
    ],
  ])('%s', (_name, env, stored, expected) => {
    const base = memorySecretStore(stored ? { remoteApiKey: stored } : {});
    const store = withEnvOverrides(base, env);
    expect(store.get('remoteApiKey')).toBe(expected);
    expect(store.status().remoteApiKey).toEqual({ set: true, hint: secretHint(expected) });
  });

  it('maps the Tradier token to GAMMAWATCH_TRADIER_TOKEN and still stores what is set', () => {
    const base = memorySecretStore();
    const store = withEnvOverrides(base, { GAMMAWATCH_TRADIER_TOKEN: 'env-token-9999' });
    store.set('tradierToken', 'typed-token-1234');
    expect(store.get('tradierToken')).toBe('env-token-9999');
    expect(base.get('tradierToken')).toBe('typed-token-1234');
    expect(store.get('remoteApiKey')).toBeNull();
  });
});
