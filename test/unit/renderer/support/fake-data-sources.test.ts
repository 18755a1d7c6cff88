// The fake bridge the renderer's tests and the `fake` e2e backend run on must fail where the core
// would: a missing folder, no token, a refused token, an unreachable service; and a switch that
// fails must keep the old source.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../../../../src/shared/bridge.ts';
import type { DataSource } from '../../../../src/shared/bridge/settings.ts';
import { FakeBridge } from '../../../support/fake-bridge.ts';

const CBOE = resolve(import.meta.dirname, '../../../../../shared/fixtures/cboe');
let empty = '';
let aFile = '';

beforeAll(() => {
  empty = mkdtempSync(join(tmpdir(), 'gammawatch-fake-sources-'));
  aFile = join(empty, 'note.txt');
  writeFileSync(aFile, 'not a folder');
});
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('source:test', () => {
  it.each<[string, () => DataSource, boolean, RegExp]>([
    ['the simulator', () => ({ kind: 'local', seed: 7, clock: 'real' }), true, /seed 7/],
    [
      'a missing folder',
      () => ({ kind: 'chains', dir: '/missing', clock: 'data' }),
      false,
      /No folder at \/missing/,
    ],
    [
      'a file, not a folder',
      () => ({ kind: 'chains', dir: aFile, clock: 'data' }),
      false,
      /is a file, not a folder/,
    ],
    [
      'a folder without chain files',
      () => ({ kind: 'chains', dir: empty, clock: 'data' }),
      false,
      /No chain files/,
    ],
    [
      'the Cboe sample folder',
      () => ({ kind: 'chains', dir: CBOE, clock: 'data' }),
      true,
      /1 chain file, 1 ticker \(TSLA\), newest as of Aug 20 22:38 ET/,
    ],
    [
      'Tradier without a token',
      () => ({ kind: 'tradier', environment: 'sandbox', tickers: ['TSLA'], dir: null }),
      false,
      /No Tradier token stored/,
    ],
    [
      'an unreachable service',
      () => ({ kind: 'remote', baseUrl: 'http://127.0.0.1:9/api/v2', demo: true }),
      false,
      /Cannot reach 127\.0\.0\.1:9/,
    ],
    [
      'a service without a key or demo',
      () => ({ kind: 'remote', baseUrl: 'http://127.0.0.1:8080/api/v2', demo: false }),
      false,
      /asks for an API key/,
    ],
    [
      'a service in demo mode',
      () => ({ kind: 'remote', baseUrl: 'http://h.test/api/v2', demo: true }),
      true,
      /answered/,
    ],
  ])('%s', async (_name, source, ok, message) => {
    const result = await new FakeBridge().handlers['source:test'](source());
    expect(result.ok).toBe(ok);
    expect(result.message).toMatch(message);
  });

  it.each([
    ['a refused token', 'bad-token-0000', false, /401/],
    ['an accepted token', 'good-token-a1b2', true, /accepted the token: TSLA quoted/],
  ])('Tradier with %s', async (_name, token, ok, message) => {
    const fake = new FakeBridge();
    await fake.handlers['secrets:set']({ name: 'tradierToken', value: token });
    const result = await fake.handlers['source:test']({
      kind: 'tradier',
      environment: 'sandbox',
      tickers: ['TSLA'],
      dir: null,
    });
    expect(result.ok).toBe(ok);
    expect(result.message).toMatch(message);
  });
});

describe('secrets', () => {
  it('show only whether one is stored and its last four characters', async () => {
    const fake = new FakeBridge();
    expect(await fake.handlers['secrets:status'](undefined)).toEqual({
      remoteApiKey: { set: false, hint: null },
      tradierToken: { set: false, hint: null },
      telegramBotToken: { set: false, hint: null },
      smtpPassword: { set: false, hint: null },
      pushoverAppToken: { set: false, hint: null },
      pushoverUserKey: { set: false, hint: null },
    });
    const stored = await fake.handlers['secrets:set']({ name: 'remoteApiKey', value: 'secret-key-7f3a' });
    expect(stored.remoteApiKey).toEqual({ set: true, hint: '…7f3a' });
    expect(JSON.stringify(stored)).not.toContain('secret-key');
    const forgotten = await fake.handlers['secrets:set']({ name: 'remoteApiKey', value: null });
    expect(forgotten.remoteApiKey).toEqual({ set: false, hint: null });
  });
});

describe('switching the data source', () => {
  function recorder(fake: FakeBridge): BridgeEventMessage[] {
    const seen: BridgeEventMessage[] = [];
    fake.subscribe((m) => seen.push(m));
    return seen;
  }

  it('to a chain folder: app:info and app:changed carry its badge', async () => {
    const fake = new FakeBridge({ seeded: true });
    const seen = recorder(fake);
    await fake.handlers['settings:update']({ dataSource: { kind: 'chains', dir: CBOE, clock: 'data' } });
    const info = await fake.handlers['app:info'](undefined);
    expect(info).toMatchObject({
      simulated: false,
      clock: 'data',
      dataSource: { kind: 'chains', badge: 'Chain files as of Aug 20 22:38 ET', problems: [] },
    });
    expect(seen.filter((m) => m.event === 'app:changed').map((m) => m.payload)).toEqual([info]);
    const rows = await fake.handlers['tickers:latest']({ tickers: ['TSLA'] });
    expect(rows.rows[0]).toMatchObject({ ticker: 'TSLA', price: 218.8, asof: '2023-08-21T02:38:00.000Z' });
  });

  it.each<[string, DataSource, string]>([
    [
      'Tradier sandbox',
      { kind: 'tradier', environment: 'sandbox', tickers: ['TSLA'], dir: null },
      'Tradier · 15 min delayed',
    ],
    [
      'a remote service',
      { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: true },
      'api.example.com',
    ],
  ])('to %s', async (_name, source, badge) => {
    const fake = new FakeBridge();
    await fake.handlers['secrets:set']({ name: 'tradierToken', value: 'good-token' });
    await fake.handlers['settings:update']({ dataSource: source });
    expect((await fake.handlers['app:info'](undefined)).dataSource.badge).toBe(badge);
  });

  it('that fails keeps the old source, says why, and emits nothing', async () => {
    const fake = new FakeBridge();
    const seen = recorder(fake);
    await expect(
      fake.handlers['settings:update']({ dataSource: { kind: 'chains', dir: '/missing', clock: 'data' } }),
    ).rejects.toThrow('No folder at /missing. Still using Fake market (tests).');
    expect(seen).toEqual([]);
    expect((await fake.handlers['settings:get'](undefined)).dataSource.kind).toBe('local');
    expect(await fake.handlers['app:info'](undefined)).toMatchObject({
      simulated: true,
      dataSource: { kind: 'local', badge: 'SIMULATED DATA' },
    });
  });
});
