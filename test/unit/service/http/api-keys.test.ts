import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEYS_FILE_NAME,
  defaultDataDir,
  parseKeysText,
  resolveApiKeys,
} from '../../../../src/service/http/api-keys.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'gw-keys-'));

describe('parseKeysText', () => {
  it.each([
    ['["key-aaaaaaaa","key-bbbbbbbb"]', ['key-aaaaaaaa', 'key-bbbbbbbb']],
    ['{"keys":["key-aaaaaaaa"],"note":"x"}', ['key-aaaaaaaa']],
    ['# comment\nkey-aaaaaaaa\n\n  key-bbbbbbbb  \n', ['key-aaaaaaaa', 'key-bbbbbbbb']],
  ])('%j', (text, keys) => {
    expect(parseKeysText(text, 'f')).toEqual(keys);
  });

  it.each([
    ['[', /not valid JSON/],
    ['[]', /no API keys/],
    ['{"keys":[1]}', /f:/],
    ['short', /entry 1/],
    ['has space in it', /entry 1/],
    ['', /no API keys/],
  ])('%j is refused', (text, message) => {
    expect(() => parseKeysText(text, 'f')).toThrow(message);
  });
});

describe('resolveApiKeys', () => {
  it('generates a key on first run, saves it privately, and reuses it after', () => {
    const dir = join(tmp(), 'nested');
    const first = resolveApiKeys({ dataDir: dir });
    expect(first.origin).toBe('generated');
    expect(first.keys[0]).toMatch(/^gw_[A-Za-z0-9_-]{32}$/);
    const file = join(dir, KEYS_FILE_NAME);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(first.keys[0]);
    const second = resolveApiKeys({ dataDir: dir });
    expect(second).toMatchObject({ origin: 'data folder', keys: first.keys });
  });

  it('prefers command-line keys and adds those of a keys file', () => {
    const file = join(tmp(), 'k.txt');
    writeFileSync(file, 'file-key-1234\n');
    expect(resolveApiKeys({ apiKeys: ['cli-key-1234'], keysFile: file }).keys).toEqual([
      'cli-key-1234',
      'file-key-1234',
    ]);
    expect(resolveApiKeys({ keysFile: file })).toMatchObject({
      origin: 'keys file',
      keys: ['file-key-1234'],
    });
  });

  it('reports an unreadable keys file and a bad command-line key clearly', () => {
    expect(() => resolveApiKeys({ keysFile: join(tmp(), 'missing') })).toThrow(/cannot read keys file/);
    expect(() => resolveApiKeys({ apiKeys: ['x'] })).toThrow(/--api-key/);
  });

  it('puts the data folder under GAMMAWATCH_HOME when set', () => {
    expect(defaultDataDir({ GAMMAWATCH_HOME: '/tmp/gw' })).toBe('/tmp/gw/service');
    expect(defaultDataDir({})).toMatch(/\.gammawatch[/\\]service$/);
  });
});
