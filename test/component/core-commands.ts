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

/**
 * Refresh now and pause in the same instant, as a trader's Pause lands on a run under way: each
 * job's run has begun and its requests not yet started wait for Resume.
 */
const pollPausedMidRun: BrowserCommand<[]> = async () => {
  const { poller } = (await runningCore()).app.app;
  void poller.refreshNow();
  poller.pause();
};

/** Resume, and wait for the runs a pause held to end. */
const pollResumed: BrowserCommand<[]> = async () => {
  const { poller } = (await runningCore()).app.app;
  poller.resume();
  // runJob joins a run in progress: this waits for the held runs and starts none.
  await Promise.all(poller.runningJobs().map((job) => poller.runJob(job)));
};

export const coreCommands = { marketMinutesPass, pollRun, pollPausedMidRun, pollResumed };
