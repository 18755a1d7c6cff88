// `gammawatch start --headless --backfill 30d`: a newly watched ticker's first history reaches back
// that far and no further. Headless mode's own composition (runHeadless, as `start` calls it) on a
// real app and the simulator, through the bridge over HTTP as the page calls it. Without the
// option the backfill is two years, so the oldest stored day is what tells them apart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHeadless, type HeadlessRun } from '../../../../src/host/headless/run-headless.ts';
import { addDays, epochToNy } from '../../../../src/shared/market-calendar.ts';
import { callBridge } from '../../../support/bridge-call.ts';

interface SeriesAnswer {
  data: { points: { date: string; price: number | null }[] };
}

describe('start --headless --backfill 30d', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-backfill-'));
  let run: HeadlessRun;

  const call = <T>(method: string, input: unknown): Promise<T> =>
    callBridge<T>(run.server.origin, run.server.token, method, input);

  beforeAll(async () => {
    run = await runHeadless({
      dataDir,
      rendererDir: dataDir,
      log: () => undefined,
      warmSeries: null,
      backfill: '30d',
    });
  }, 60_000);

  afterAll(async () => {
    await run?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a new ticker’s daily closes of the last 30 days only', { timeout: 120_000 }, async () => {
    await call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY'] });
    const series = () =>
      call<SeriesAnswer>('ticker:series', { ticker: 'SPY', metrics: ['price'], window: '2y' });
    // About 21 sessions in 30 days; the backfill stores them in one run.
    await expect
      .poll(async () => (await series()).data.points.length, { timeout: 90_000 })
      .toBeGreaterThan(15);
    const dates = (await series()).data.points.map((p) => p.date).sort();
    const today = epochToNy(Date.now()).date;
    expect(dates[0]! >= addDays(today, -32), `oldest ${dates[0]}, today ${today}`).toBe(true);
  });
});
