// The production path of the bridge (headless HTTP → shared/bridge/dispatch.ts → the core's
// handlers) over a real app: failures keep their code (conflict, not_found, invalid_input,
// unavailable) instead of coming out as `internal`, including the new data source and secret
// methods; and no secret ever comes back. The same table runs through the Electron IPC router, the
// other production path. Names with hidden characters and rules scoped to a missing watchlist are
// refused and nothing is stored.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvokeRouter } from '../../../../electron/logic/ipc-router.ts';
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

  const APP_ENTRY = 'file:///app/out/renderer/index.html';
  /** The Electron main process's route, over the same handlers (what electron/main.ts builds). */
  async function ipc(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    return createInvokeRouter(w.handlers, APP_ENTRY)(APP_ENTRY, method, input);
  }

  const refusals: [string, string, unknown, string, RegExp][] = [
    [
      'a duplicate watchlist name',
      'watchlists:create',
      { name: 'Dup' },
      'conflict',
      /^A watchlist named “Dup” already exists$/,
    ],
    [
      'a duplicate name in other case',
      'watchlists:create',
      { name: 'dUP' },
      'conflict',
      /“dUP” already exists/,
    ],
    [
      'a rename onto an existing name',
      'watchlists:rename',
      { id: 1, name: 'Other' },
      'conflict',
      /^A watchlist named “Other” already exists$/,
    ],
    ['a reorder with a repeated id', 'watchlists:reorder', { ids: [1, 1] }, 'invalid_input', /exactly once/],
    ['a reorder missing a list', 'watchlists:reorder', { ids: [1] }, 'invalid_input', /exactly once/],
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
    [
      'a watchlist name with a NUL and a right-to-left override',
      'watchlists:create',
      { name: 'Tech\u0000\u202Egnp.exe' },
      'invalid_input',
      /control characters or text-direction controls/,
    ],
    [
      // Onboarding names its list through its own schema; the store refuses it all the same.
      'an onboarding list name with a right-to-left override',
      'app:completeOnboarding',
      { watchlistName: 'My\u202Elist', tickers: ['SPY'] },
      'invalid_input',
      /control characters or text-direction controls/,
    ],
    [
      'a rename to a name with an escape character',
      'watchlists:rename',
      { id: 1, name: 'a\u001b[31mred' },
      'invalid_input',
      /control characters/,
    ],
    [
      'a rule named with a bidi isolate',
      'rules:create',
      { name: 'x\u2067y', condition: { kind: 'regime_change' }, scope: { kind: 'all' } },
      'invalid_input',
      /text-direction controls/,
    ],
    [
      'a saved view named with a newline',
      'views:create',
      { name: 'one\ntwo', kind: 'top_setups', filters: {} },
      'invalid_input',
      /control characters/,
    ],
    [
      'a rule scoped to a watchlist that does not exist',
      'rules:create',
      {
        name: 'Ghost list',
        condition: { kind: 'regime_change' },
        scope: { kind: 'watchlist', watchlistId: 999 },
      },
      'invalid_input',
      /no watchlist 999/,
    ],
  ];

  async function refuse(
    transport: typeof call,
    method: string,
    input: unknown,
    code: string,
    message: RegExp,
  ): Promise<void> {
    await transport('watchlists:create', { name: 'Dup' });
    await transport('watchlists:create', { name: 'Other' });
    const before = await transport('watchlists:list', {});
    const rulesBefore = await transport('rules:list', {});
    const result = await transport(method, input);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(!result.ok && result.error.message).toMatch(message);
    // Refused means nothing changed.
    expect(await transport('watchlists:list', {})).toEqual(before);
    expect(await transport('rules:list', {})).toEqual(rulesBefore);
  }

  it.each(refusals)('over HTTP: %s → %s', async (_name, method, input, code, message) => {
    await refuse(call, method, input, code, message);
  });

  it.each(refusals)('over the IPC router: %s → %s', async (_name, method, input, code, message) => {
    await refuse(ipc, method, input, code, message);
  });

  it('a rule scoped to a watchlist that exists is saved', async () => {
    const lists = await call('watchlists:list', {});
    const id = lists.ok ? (lists.value as { id: number }[])[0]!.id : 0;
    const saved = await call('rules:create', {
      name: 'Real list',
      condition: { kind: 'regime_change' },
      scope: { kind: 'watchlist', watchlistId: id },
    });
    expect(saved).toMatchObject({ ok: true, value: { scope: { kind: 'watchlist', watchlistId: id } } });
  });

  it('keeps the simulator after a refused switch, and answers secrets without the secret', async () => {
    const info = await call('app:info', {});
    expect(info).toMatchObject({ ok: true, value: { dataSource: { kind: 'local' } } });
    const secret = 'remote-key-over-http-5e6f';
    const set = await call('secrets:set', { name: 'remoteApiKey', value: secret });
    expect(set).toEqual({
      ok: true,
      value: {
        remoteApiKey: { set: true, hint: '…5e6f' },
        tradierToken: { set: false, hint: null },
        telegramBotToken: { set: false, hint: null },
        smtpPassword: { set: false, hint: null },
        pushoverAppToken: { set: false, hint: null },
        pushoverUserKey: { set: false, hint: null },
      },
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
