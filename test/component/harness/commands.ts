// The component tests' browser commands (test/component/core-commands.ts runs them in Node, on the
// running core), typed for the page.
import { commands } from 'vitest/browser';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Market time passes without a poll: what is stored ages (30 market minutes make it stale). */
    marketMinutesPass: (minutes: number) => Promise<void>;
    /** Five market minutes later, every job runs once, as a scheduled poll would. */
    pollRun: () => Promise<void>;
    /** Refresh now, paused at once: the runs are held with requests still to send. */
    pollPausedMidRun: () => Promise<void>;
    /** Resume; resolves when the held runs have ended. */
    pollResumed: () => Promise<void>;
  }
}

export const core = {
  marketMinutesPass: (minutes: number): Promise<void> => commands.marketMinutesPass(minutes),
  pollRun: (): Promise<void> => commands.pollRun(),
  pollPausedMidRun: (): Promise<void> => commands.pollPausedMidRun(),
  pollResumed: (): Promise<void> => commands.pollResumed(),
};
