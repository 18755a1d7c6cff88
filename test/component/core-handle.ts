// The running core of the component tests, shared by the three Node-side parts that run in
// Vitest's main process but are loaded apart (global-setup.ts starts it; bridge-proxy.ts and
// core-commands.ts use it): kept on globalThis. Global setup starts it without waiting, so the core
// seeds its history while Vite and Chromium start; the first call waits for it.
import type { SeededApp } from '../support/seeded-app.ts';

export interface RunningCore {
  app: SeededApp;
  /** The headless host serving the core's bridge on loopback. */
  origin: string;
  token: string;
  /** Stops the host (the app is stopped by its own close). */
  close(): Promise<void>;
}

/** The core and what else the setup made, with how many setups share it. */
export interface SharedCore<Extra> {
  core: Promise<RunningCore>;
  extra: Extra;
  users: number;
}

const KEY = Symbol.for('gammawatch.component-core');

type Holder = { [KEY]?: SharedCore<unknown> };

/**
 * The shared core, started by `start` for the first setup that asks. Vitest runs the global setup
 * once for the project and once for its browser instance: both share one core.
 */
export function shareCore<Extra>(start: () => SharedCore<Extra>): SharedCore<Extra> {
  const holder = globalThis as Holder;
  const shared = (holder[KEY] ??= { ...start(), users: 0 }) as SharedCore<Extra>;
  shared.users += 1;
  return shared;
}

/** One setup is done with the core: true when it was the last, which then stops it. */
export function releaseCore(): boolean {
  const holder = globalThis as Holder;
  const shared = holder[KEY];
  if (!shared) return false;
  shared.users -= 1;
  if (shared.users > 0) return false;
  delete holder[KEY];
  return true;
}

/** The core once it serves; rejects when it failed to start or was never started. */
export function runningCore(): Promise<RunningCore> {
  return (
    (globalThis as Holder)[KEY]?.core ?? Promise.reject(new Error('the component tests’ core is not running'))
  );
}
