// Starts the real core once for every component test, with history, exactly as the bridge contract
// test does (test/support/seeded-app.ts: the local simulator on a manual clock, onboarding done
// with the watchlist "Core", a saved view, three poll runs five market minutes apart), and serves
// its bridge over the headless host on loopback. bridge-proxy.ts hands the components' calls to it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHeadlessServer } from '../../src/host/headless/server.ts';
import { chainFileText } from '../support/cboe-chain-file.ts';
import { CORE_TICKERS, startSeededApp, type SeededApp } from '../support/seeded-app.ts';
import { BRIDGE_HOST_ENV } from './bridge-proxy.ts';
import { CORE_KEY } from './core-commands.ts';
import type { SeedFacts } from './seed-facts.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const app = await startSeededApp();
  // The host serves no page here (Vite serves the components): an empty folder stands for the build.
  const emptyRenderer = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-component-ui-'));
  const server = await startHeadlessServer({
    handlers: app.handlers,
    events: app.app.events,
    rendererDir: emptyRenderer,
    // An answer outside the contract fails the call, as in the contract test.
    validateOutput: true,
    onError: (context, error) =>
      process.stderr.write(`component core: ${context}: ${error instanceof Error ? error.stack : error}\n`),
  });
  process.env[BRIDGE_HOST_ENV] = JSON.stringify({ origin: server.origin, token: server.token });
  (globalThis as { [CORE_KEY]?: SeededApp })[CORE_KEY] = app;
  const chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-component-chains-'));
  fs.writeFileSync(
    path.join(chainsDir, 'spy_quotedata.csv'),
    chainFileText({ ticker: 'SPY', date: '2026-02-27', spot: 585.25, expirations: 2, strikes: 40 }),
  );
  fs.mkdirSync(path.join(chainsDir, 'history'));
  fs.writeFileSync(path.join(chainsDir, 'history', 'SPY.csv'), 'Datum,Schluss\n2026-02-26,580.10\n');
  const facts: SeedFacts = { watchlist: 'Core', tickers: CORE_TICKERS, chainsDir };
  project.provide('seed', facts);
  return async () => {
    delete process.env[BRIDGE_HOST_ENV];
    delete (globalThis as { [CORE_KEY]?: SeededApp })[CORE_KEY];
    await server.close();
    await app.close();
    for (const dir of [emptyRenderer, chainsDir]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
