// Browser commands (Vitest runs them in Node at a test's request): what a screen cannot do itself
// but its test needs of the running core, such as letting market time pass. They reach the core
// that global-setup.ts started, which it leaves on globalThis (the two run in one Node process).
import type { BrowserCommand } from 'vitest/node';
import type { SeededApp } from '../support/seeded-app.ts';

/** Where global-setup.ts keeps the running core for these commands. */
export const CORE_KEY = Symbol.for('gammawatch.component-core');

function core(): SeededApp {
  const app = (globalThis as { [CORE_KEY]?: SeededApp })[CORE_KEY];
  if (!app) throw new Error('the component tests’ core is not running');
  return app;
}

/** Market time passes without a poll: what is stored ages (30 market minutes make it stale). */
const marketMinutesPass: BrowserCommand<[minutes: number]> = (_context, minutes) => {
  core().clock.advance(minutes * 60_000);
};

/** Five market minutes later, every job runs once, as a scheduled poll would (snapshot:new follows). */
const pollRun: BrowserCommand<[]> = async () => {
  await core().tick();
};

export const coreCommands = { marketMinutesPass, pollRun };
