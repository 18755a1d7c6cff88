// Starts the real core once for every component test, with history, exactly as the bridge contract
// test does (test/support/seeded-app.ts: the local simulator on a manual clock, onboarding done
// with the watchlist "Core", a saved view, three poll runs five market minutes apart), and serves
// its bridge over the headless host on loopback. bridge-proxy.ts hands the components' calls to it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHeadlessServer } from '../../src/host/headless/server.ts';
import { CORE_TICKERS, startSeededApp } from '../support/seeded-app.ts';
import { BRIDGE_HOST_ENV } from './bridge-proxy.ts';
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
  const { times } = await app.invoke('replay:times', { ticker: 'SPY', span: 'day' });
  const facts: SeedFacts = { watchlist: 'Core', tickers: CORE_TICKERS, spyTimes: times };
  project.provide('seed', facts);
  return async () => {
    delete process.env[BRIDGE_HOST_ENV];
    await server.close();
    await app.close();
    fs.rmSync(emptyRenderer, { recursive: true, force: true });
  };
}
