// Browser commands (Vitest runs them in Node at a test's request): what a screen cannot do itself
// but its test needs of the running core, such as letting market time pass.
import type { BrowserCommand } from 'vitest/node';
import { runningCore } from './core-handle.ts';

/** Market time passes without a poll: what is stored ages (30 market minutes make it stale). */
const marketMinutesPass: BrowserCommand<[minutes: number]> = async (_context, minutes) => {
  (await runningCore()).app.clock.advance(minutes * 60_000);
};

/** Five market minutes later, every job runs once, as a scheduled poll would (snapshot:new follows). */
const pollRun: BrowserCommand<[]> = async () => {
  await (await runningCore()).app.tick();
};

export const coreCommands = { marketMinutesPass, pollRun };
