// The production path of the bridge (headless HTTP → shared/bridge/dispatch.ts → the core's
// handlers) over a real app: failures keep their code (conflict, not_found, invalid_input,
// unavailable) instead of coming out as `internal` (issue 11, item 1), including the new data
// source and secret methods; and no secret ever comes back.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessServer, type HeadlessServer } from '../../../../src/host/headless/server.ts';
import type { BridgeResult } from '../../../../src/shared/bridge/result.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

describe('core bridge errors over the headless HTTP bridge', () => {
  const tmp = tempDataDir('gw-core-http-');
  let w: TestWatcher;
  let server: HeadlessServer;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, env: {} });
    const rendererDir = path.join(tmp.dir, 'renderer');
    fs.mkdirSync(rendererDir);
    // validateOutput off: exactly what start.ts runs in production.
    server = await startHeadlessServer({
      handlers: w.handlers,
      events: w.app.events,
      rendererDir,
      token: 't0ken',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await w?.app.stop();
    tmp.cleanup();
  });

  async function call(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    const res = await fetch(`${server.origin}/bridge/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t0ken' },
      body: JSON.stringify(input ?? null),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as BridgeResult<unknown>;
  }

  it.each([
    ['a duplicate watchlist name', 'watchlists:create', { name: 'Dup' }, 'conflict', /Dup/],
    ['a rename onto an existing name', 'watchlists:rename', { id: 1, name: 'Other' }, 'conflict', /Other/],
    ['an unknown watchlist', 'watchlists:delete', { id: 999 }, 'not_found', /999/],
    [
      'an invalid cron expression',
      'settings:update',
      // The bridge checks the shape only; node-cron's own check (main side) refuses minute 99.
      { schedules: { ...defaultSettings.schedules, signals: '99 * * * *' } },
      'invalid_input',
      /cron/,
    ],
    [
      'a chain folder that does not exist',
      'settings:update',
      { dataSource: { kind: 'chains', dir: '/no/such/gammawatch/folder', clock: 'data' } },
      'invalid_input',
      /\/no\/such\/gammawatch\/folder does not exist/,
    ],
    [
      'Tradier without a stored token',
      'settings:update',
      { dataSource: { kind: 'tradier', environment: 'sandbox', tickers: ['SPY'], dir: null } },
      'invalid_input',
      /No Tradier token stored/,
    ],
    ['an empty secret', 'secrets:set', { name: 'tradierToken', value: '  ' }, 'invalid_input', /paste/],
    ['an unknown secret', 'secrets:set', { name: 'password', value: 'x' }, 'invalid_input', /name/],
  ])('%s → %s', async (_name, method, input, code, message) => {
    await call('watchlists:create', { name: 'Dup' });
    await call('watchlists:create', { name: 'Other' });
    const result = await call(method, input);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(!result.ok && result.error.message).toMatch(message);
  });

  it('keeps the simulator after a refused switch, and answers secrets without the secret', async () => {
    const info = await call('app:info', {});
    expect(info).toMatchObject({ ok: true, value: { dataSource: { kind: 'local' } } });
    const secret = 'remote-key-over-http-5e6f';
    const set = await call('secrets:set', { name: 'remoteApiKey', value: secret });
    expect(set).toEqual({
      ok: true,
      value: { remoteApiKey: { set: true, hint: '…5e6f' }, tradierToken: { set: false, hint: null } },
    });
    expect(JSON.stringify(await call('secrets:status', {}))).not.toContain(secret);
    expect(JSON.stringify(await call('app:info', {}))).not.toContain(secret);
    expect(w.logs.join('\n')).not.toContain(secret);
    const tested = await call('source:test', { kind: 'local', seed: 5, clock: 'fast' });
    expect(tested).toEqual({
      ok: true,
      value: { ok: true, message: 'Simulator ready (seed 5)', details: [] },
    });
  });
});
