// Starts the real core once for every component test, with history, exactly as the bridge contract
// test does (test/support/seeded-app.ts: the local simulator on a manual clock, onboarding done
// with the watchlist "Core", a saved view, three poll runs five market minutes apart), and serves
// its bridge over the headless host on loopback; bridge-proxy.ts hands the components' calls to it.
// The core seeds in the background while Vite and Chromium start, once for both setups Vitest runs
// (the project's and its browser instance's): core-handle.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHeadlessServer } from '../../src/host/headless/server.ts';
import { chainFileText } from '../support/cboe-chain-file.ts';
import { CORE_TICKERS, startSeededApp } from '../support/seeded-app.ts';
import { releaseCore, shareCore, type RunningCore } from './core-handle.ts';
import type { SeedFacts } from './seed-facts.ts';

async function startCore(rendererDir: string): Promise<RunningCore> {
  const app = await startSeededApp();
  try {
    const server = await startHeadlessServer({
      handlers: app.handlers,
      events: app.app.events,
      rendererDir,
      // An answer outside the contract fails the call, as in the contract test.
      validateOutput: true,
      onError: (context, error) =>
        process.stderr.write(`component core: ${context}: ${error instanceof Error ? error.stack : error}\n`),
    });
    return { app, origin: server.origin, token: server.token, close: () => server.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** A chain folder (not in use) with one SPY chain file and a SPY history the folder cannot read. */
function chainFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-component-chains-'));
  fs.writeFileSync(
    path.join(dir, 'spy_quotedata.csv'),
    chainFileText({ ticker: 'SPY', date: '2026-02-27', spot: 585.25, expirations: 2, strikes: 40 }),
  );
  fs.mkdirSync(path.join(dir, 'history'));
  fs.writeFileSync(path.join(dir, 'history', 'SPY.csv'), 'Datum,Schluss\n2026-02-26,580.10\n');
  return dir;
}

export default function setup(project: TestProject): () => Promise<void> {
  const shared = shareCore(() => {
    // The host serves no page here (Vite serves the components): an empty folder stands for the build.
    const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-component-ui-'));
    const core = startCore(rendererDir);
    // A failed start is reported by the first call that waits for it, not as an unhandled rejection.
    core.catch(() => undefined);
    return { core, extra: { rendererDir, chainsDir: chainFolder() }, users: 0 };
  });
  const { rendererDir, chainsDir } = shared.extra;
  const facts: SeedFacts = { watchlist: 'Core', tickers: CORE_TICKERS, chainsDir };
  project.provide('seed', facts);
  return async () => {
    if (!releaseCore()) return;
    const running = await shared.core.catch(() => null);
    if (running) {
      await running.close();
      await running.app.close();
    }
    for (const dir of [rendererDir, chainsDir]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
