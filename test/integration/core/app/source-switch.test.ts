// Choosing the data source while the app runs, through the bridge over a real app (real SQLite
// file, the local service over real HTTP): the simulator → a chain folder holding the real TSLA
// Cboe chain, with no restart and no alert raised by the switch itself; a switch that cannot start
// keeps the running source; `source:test` for every kind; secrets that never come back whole.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../../../src/service/index.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import type { BridgeEventMessage } from '../../../../src/shared/bridge/contract.ts';
import type { AppInfo } from '../../../../src/shared/bridge/app-info.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { TradierStandIn } from '../../../support/tradier-stand-in.ts';
import {
  at,
  startTestService,
  startWatcher,
  tempDataDir,
  type TestWatcher,
} from '../../../support/watcher-factory.ts';
import { importChainFile } from '../../../../src/service/market/import/index.ts';
import { infoWhen as infoWhenOf } from '../../../support/info-when.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSLA_CSV = path.resolve(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');

const API_KEY = 'gw-test-remote-key-7f3a9c1e';
const TRADIER_TOKEN = 'tradier-test-token-b41d';

describe('switching the data source live', () => {
  const tmp = tempDataDir('gw-switch-');
  const chainsDir = path.join(tmp.dir, 'chains');
  let w: TestWatcher;
  let remote: RunningService;
  let tradier: TradierStandIn;
  const events: BridgeEventMessage[] = [];

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    fs.copyFileSync(TSLA_CSV, path.join(chainsDir, 'tsla_quotedata.csv'));
    tradier = await TradierStandIn.start({ token: TRADIER_TOKEN });
    tradier.addChain((await importChainFile(TSLA_CSV)).chain);
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-03-10', '11:00'),
      env: { GAMMAWATCH_TRADIER_BASE_URL: tradier.origin },
      // The folder is watched: the Tradier collector's files must be seen as they are written.
      service: { warm: false },
      infoCheckMs: 100,
    });
    w.app.events.subscribe((m) => events.push(m));
    remote = await startTestService({
      clock: manualClock(at('2025-03-10', '11:00')),
      seed: 3,
      apiKey: API_KEY,
      dataDir: path.join(tmp.dir, 'remote-service'),
    });
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    await remote?.close();
    await tradier?.close();
    tmp.cleanup();
  });

  const infoWhen = (test: (info: AppInfo) => boolean, ms: number): Promise<AppInfo> =>
    infoWhenOf(w.app, test, ms);

  /** Polls a condition a file watcher makes true (no event of ours says when), within `ms`. */
  async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Through the production path (shared/bridge/dispatch.ts), which the transports call. */
  const produce = (method: string, input: unknown) =>
    dispatch(w.handlers, method, input, { validateOutput: true });

  it('polls the simulator first, with an alert baseline of its own', async () => {
    await w.invoke('watchlists:create', { name: 'Real', tickers: ['TSLA'] });
    const runs = await w.app.runOnce();
    expect(runs.flatMap((r) => r.errorMessages)).toEqual([]);
    const info = await w.invoke('app:info');
    expect(info).toMatchObject({ dataSource: { kind: 'local', badge: 'SIMULATED DATA', problems: [] } });
    expect(info.simulated).toBe(true);
    expect(w.app.store.flags.sourceBaseline()).toMatchObject({ source: 'simulator:7:custom' });
  });

  it('refuses a missing folder clearly, saves nothing and keeps the simulator running', async () => {
    const missing = path.join(tmp.dir, 'no-such-folder');
    const result = await produce('settings:update', {
      dataSource: { kind: 'chains', dir: missing, clock: 'data' },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!result.ok && result.error.message).toContain(`${missing} does not exist`);
    expect((await w.invoke('settings:get')).dataSource.kind).toBe('local');
    expect((await w.invoke('app:info')).dataSource.kind).toBe('local');
    const runs = await w.app.runOnce();
    expect(runs.reduce((n, r) => n + r.errors, 0)).toBe(0);
  });

  it('refuses an invalid section with invalid_input and its field', async () => {
    const result = await produce('settings:update', {
      dataSource: { kind: 'chains', dir: '', clock: 'data' },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const tradierNoTickers = await produce('settings:update', {
      dataSource: { kind: 'tradier', environment: 'sandbox', tickers: [], dir: null },
    });
    expect(tradierNoTickers).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('switches to the chain folder: kind, badge, universe, TSLA snapshots, no alert from the switch', async () => {
    const alertsBefore = w.app.store.alertEvents.count({});
    const changed = events.length;
    const settings = await w.invoke('settings:update', {
      dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' },
    });
    expect(settings.dataSource).toEqual({ kind: 'chains', dir: chainsDir, clock: 'data' });

    const info = await w.invoke('app:info');
    expect(info.dataSource).toMatchObject({
      kind: 'chains',
      badge: 'Chain files as of Aug 20 2023 22:38 ET',
      problems: [],
    });
    expect(info.simulated).toBe(false);
    expect(info.clock).toBe('data');
    // The market's now is the newest snapshot of the folder.
    expect(info.now).toBe('2023-08-21T02:38:00.000Z');
    const appChanged = events.slice(changed).filter((e) => e.event === 'app:changed');
    expect(appChanged.at(-1)?.payload).toMatchObject({ dataSource: { kind: 'chains' } });

    const universe = await w.invoke('universe:search', { query: '' });
    expect(universe.suggestions.map((s) => s.ticker)).toEqual(['TSLA']);

    const runs = await w.app.runOnce();
    const signals = runs.find((r) => r.job === 'signals');
    expect(signals).toMatchObject({ errors: 0 });
    // The folder's TSLA is older than the simulator's, yet it is what the views show now.
    const latest = w.app.store.snapshots.latest({ endpoint: 'market_structure', ticker: 'TSLA' });
    expect(new Date(latest?.asof ?? 0).toISOString()).toBe('2023-08-21T02:38:00.000Z');
    const rows = await w.invoke('tickers:latest', { tickers: ['TSLA'] });
    expect(rows.rows[0]?.asof).toBe('2023-08-21T02:38:00.000Z');
    // One file, one snapshot: the simulator's stay in the database but are not the folder's history.
    expect(w.app.store.snapshots.range({ endpoint: 'market_structure', ticker: 'TSLA' })).toHaveLength(1);
    expect(w.app.store.alertEvents.count({})).toBe(alertsBefore);
    expect(w.app.store.flags.sourceBaseline()?.source).toBe(`folder:${chainsDir}`);
  });

  it('answers source:test for every kind without switching', async () => {
    const test = (input: unknown) => w.invoke('source:test', input as never);
    expect(await test({ kind: 'local', seed: 42, clock: 'real' })).toEqual({
      ok: true,
      message: 'Simulator ready (seed 42)',
      details: [],
    });
    const folder = await test({ kind: 'chains', dir: chainsDir, clock: 'data' });
    expect(folder.ok).toBe(true);
    expect(folder.message).toMatch(/1 chain file, 1 ticker \(TSLA\)/);
    expect((await test({ kind: 'chains', dir: path.join(tmp.dir, 'nope'), clock: 'data' })).ok).toBe(false);

    const host = new URL(remote.baseUrl).host;
    const demo = await test({ kind: 'remote', baseUrl: remote.baseUrl, demo: true });
    expect(demo).toMatchObject({ ok: true });
    expect(demo.message).toContain(`Reached ${host} in demo mode`);
    const noKey = await test({ kind: 'remote', baseUrl: remote.baseUrl, demo: false });
    expect(noKey.ok).toBe(true); // /access answers without a key: it says what a key would unlock
    const unreachable = await test({ kind: 'remote', baseUrl: 'http://127.0.0.1:9/api/v2', demo: false });
    expect(unreachable).toMatchObject({ ok: false });
    expect(unreachable.message).toContain('Cannot reach 127.0.0.1:9');
    const notV2 = await test({ kind: 'remote', baseUrl: `${tradier.origin}/v1`, demo: false });
    expect(notV2).toMatchObject({ ok: false });

    const tradierNoToken = await test({
      kind: 'tradier',
      environment: 'sandbox',
      tickers: ['TSLA'],
      dir: null,
    });
    expect(tradierNoToken).toEqual({
      ok: false,
      message: 'No Tradier token stored: paste it and save it first',
      details: [],
    });
    expect((await w.invoke('settings:get')).dataSource.kind).toBe('chains');
  });

  it('stores secrets main-side: the status shows a hint, never the secret', async () => {
    const before = await w.invoke('secrets:status');
    expect(before).toEqual({
      remoteApiKey: { set: false, hint: null },
      tradierToken: { set: false, hint: null },
      telegramBotToken: { set: false, hint: null },
      smtpPassword: { set: false, hint: null },
      pushoverAppToken: { set: false, hint: null },
      pushoverUserKey: { set: false, hint: null },
    });
    const status = await w.invoke('secrets:set', { name: 'tradierToken', value: TRADIER_TOKEN });
    expect(status.tradierToken).toEqual({ set: true, hint: '…b41d' });
    await w.invoke('secrets:set', { name: 'remoteApiKey', value: API_KEY });
    const after = await w.invoke('secrets:status');
    expect(JSON.stringify(after)).not.toContain(API_KEY);
    expect(JSON.stringify(after)).not.toContain(TRADIER_TOKEN);
    expect(after.remoteApiKey).toEqual({ set: true, hint: '…9c1e' });
    // Headless: a file of the data folder, readable by its owner only.
    const file = path.join(tmp.dir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const tradierOk = await w.invoke('source:test', {
      kind: 'tradier',
      environment: 'sandbox',
      tickers: ['TSLA'],
      dir: null,
    });
    expect(tradierOk.ok).toBe(true);
    expect(tradier.count('/v1/markets/quotes')).toBeGreaterThan(0);

    const keyed = await w.invoke('source:test', { kind: 'remote', baseUrl: remote.baseUrl, demo: false });
    expect(keyed.ok).toBe(true);
    expect(keyed.message).toMatch(/^Reached 127\.0\.0\.1:\d+: plan /);

    await w.invoke('secrets:set', { name: 'remoteApiKey', value: 'wrong-key-000000000' });
    const refused = await w.invoke('source:test', { kind: 'remote', baseUrl: remote.baseUrl, demo: false });
    expect(refused.ok).toBe(true); // /access is public; a refused key shows on the first keyed call
    await w.invoke('secrets:set', { name: 'remoteApiKey', value: API_KEY });

    const infoText = JSON.stringify(await w.invoke('app:info'));
    for (const secret of [API_KEY, TRADIER_TOKEN]) {
      expect(infoText).not.toContain(secret);
      expect(w.logs.join('\n')).not.toContain(secret);
    }
  });

  it('switches to the remote service with the stored key, then back to the simulator', async () => {
    await w.invoke('settings:update', {
      dataSource: { kind: 'remote', baseUrl: remote.baseUrl, demo: false },
    });
    const info = await w.invoke('app:info');
    expect(info.dataSource).toMatchObject({ kind: 'remote', badge: new URL(remote.baseUrl).host });
    const runs = await w.app.runOnce();
    expect(runs.find((r) => r.job === 'signals')).toMatchObject({ errors: 0 });
    // The remote is another Gammawatch's simulator: its payloads say so, and so does the badge.
    expect((await w.invoke('app:info')).dataSource.badge).toBe('SIMULATED DATA');

    // A new key reconnects the source in use with it: a wrong one is refused by the service…
    await w.invoke('secrets:set', { name: 'remoteApiKey', value: 'wrong-key-000000000' });
    const refused = await w.app.runOnce({ force: true });
    expect(refused.find((r) => r.job === 'signals')?.errorMessages.join(' ')).toMatch(/auth|401/);
    // …and the right one works again, without a restart or a settings change.
    await w.invoke('secrets:set', { name: 'remoteApiKey', value: API_KEY });
    const again = await w.app.runOnce({ force: true });
    expect(again.find((r) => r.job === 'signals')).toMatchObject({ errors: 0 });

    await w.invoke('settings:update', { dataSource: { kind: 'local', seed: 7, clock: 'real' } });
    expect((await w.invoke('app:info')).dataSource).toMatchObject({ kind: 'local', badge: 'SIMULATED DATA' });
    for (const secret of [API_KEY, TRADIER_TOKEN]) expect(w.logs.join('\n')).not.toContain(secret);
  });

  it('switches to Tradier: the collector writes the chain into the folder the service serves', async () => {
    const dir = path.join(tmp.dir, 'tradier-chains');
    await w.invoke('settings:update', {
      dataSource: { kind: 'tradier', environment: 'sandbox', tickers: ['TSLA'], dir },
    });
    const first = await w.invoke('app:info');
    expect(first.dataSource.kind).toBe('tradier');
    expect(first.dataSource.badge).toMatch(/^Tradier · 15 min delayed/);
    // The collector fetches once at start; the badge says when, once it has (app:changed).
    const info = await infoWhen((p) => /as of \d\d:\d\d ET$/.test(p.dataSource.badge), 20_000);
    expect(info.dataSource.badge).toMatch(/^Tradier · 15 min delayed · as of \d\d:\d\d ET$/);
    expect(info.dataSource.problems).toEqual([]);
    expect(fs.readdirSync(dir).some((f) => f.toUpperCase().startsWith('TSLA'))).toBe(true);
    // The folder's watcher picks the written chain up: the service serves TSLA from it.
    await eventually(
      async () =>
        (await w.invoke('universe:search', { query: 'TSLA' })).suggestions.some((s) => s.ticker === 'TSLA'),
      20_000,
    );
    const runs = await w.app.runOnce();
    expect(runs.find((r) => r.job === 'signals')).toMatchObject({ errors: 0 });

    // "Refresh now" fetches from Tradier again (outside the collector's schedule), then polls.
    const chainsPath = '/v1/markets/options/chains';
    const before = tradier.count(chainsPath);
    await w.invoke('poll:refreshNow', {});
    await eventually(async () => tradier.count(chainsPath) > before, 20_000);
    for (const secret of [API_KEY, TRADIER_TOKEN]) expect(w.logs.join('\n')).not.toContain(secret);
  });

  it('refuses Tradier with a rejected token and keeps the running source', async () => {
    await w.invoke('settings:update', { dataSource: { kind: 'local', seed: 7, clock: 'real' } });
    await w.invoke('secrets:set', { name: 'tradierToken', value: 'not-the-right-token' });
    const result = await produce('settings:update', {
      dataSource: { kind: 'tradier', environment: 'sandbox', tickers: ['TSLA'], dir: null },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect((await w.invoke('app:info')).dataSource.kind).toBe('local');
    expect((await w.invoke('settings:get')).dataSource.kind).toBe('local');
  });
});

describe('alerts across a switch compare a source only with itself', () => {
  const tmp = tempDataDir('gw-switch-alerts-');
  const chainsDir = path.join(tmp.dir, 'chains');
  let w: TestWatcher;

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    fs.copyFileSync(TSLA_CSV, path.join(chainsDir, 'tsla_quotedata.csv'));
    // Real TSLA first (Aug 2023), then the simulator (2025): the simulator's first snapshots are
    // newer than the chain's, so without a per-source baseline they would be read as TSLA
    // changing regime and tier.
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-03-10', '11:00'),
      dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' },
      service: { warm: false, chainsWatch: false },
    });
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  it('the simulator after the chain folder raises no transition from the switch', async () => {
    await w.invoke('watchlists:create', { name: 'Real', tickers: ['TSLA'] });
    const onChains = await w.app.runOnce();
    expect(onChains.flatMap((r) => r.errorMessages)).toEqual([]);
    const chainState = w.app.store.snapshots.latest({ endpoint: 'signals', ticker: 'TSLA' });
    expect(chainState).toBeDefined();

    await w.invoke('settings:update', { dataSource: { kind: 'local', seed: 7, clock: 'real' } });
    const onSimulator = await w.app.runOnce();
    expect(onSimulator.flatMap((r) => r.errorMessages)).toEqual([]);
    const simState = w.app.store.snapshots.latest({ endpoint: 'signals', ticker: 'TSLA' });
    expect(simState?.asof).toBeGreaterThan(chainState?.asof ?? Infinity);
    // The two sources disagree about TSLA (what an unguarded comparison would alert on)…
    const label = (s: typeof simState) =>
      JSON.stringify([record(s?.data)?.['regime_label'], record(s?.data)?.['opportunity_tier']]);
    expect(label(simState)).not.toBe(label(chainState));
    // …and yet the switch raised nothing.
    expect(w.app.store.alertEvents.count({})).toBe(0);

    // Back to the folder: its TSLA (older than the simulator's, and stored already, so the poll
    // adds no row) is again what the watchlist shows.
    await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
    const again = await w.app.runOnce();
    expect(again.flatMap((r) => r.errorMessages)).toEqual([]);
    const rows = await w.invoke('tickers:latest', { tickers: ['TSLA'] });
    expect(rows.rows[0]).toMatchObject({ price: 218.8, asof: new Date(chainState?.asof ?? 0).toISOString() });
    expect(w.app.store.alertEvents.count({})).toBe(0);
  });
});

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}
