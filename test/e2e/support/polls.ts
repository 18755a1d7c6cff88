// Holding a spec's data still while it compares the page with the bridge. `poll:pause` starts no
// new run and holds the requests that a run in flight has not started yet: a run already fetching
// still stores what it fetched (and the page re-renders under the test), and a run with requests
// held never ends while paused. So a spec waits for "paused with nothing running": it pauses, and
// while a run is in flight it resumes to let that run end, then pauses again.
import { expect } from '@playwright/test';
import type { RunningApp } from '../fixtures.ts';

interface PollStatus {
  jobs: { running: boolean }[];
}

/** Pauses the polls with no run in flight, so nothing is stored until `poll:resume`. */
export async function holdStill(app: RunningApp): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = await app.call<PollStatus>('poll:pause', {});
        if (!status.jobs.some((job) => job.running)) return 'still';
        await app.call('poll:resume', {});
        return 'a run is in flight';
      },
      { timeout: 90_000, intervals: [250, 500, 1_000] },
    )
    .toBe('still');
}
