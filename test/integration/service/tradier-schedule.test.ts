// The collector's schedule, on a fake clock with fake timers (requests still go over real HTTP to
// the stand-in): at once on start, every interval while the market is open, once more after the
// close, then nothing until the next open; stop() ends it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importChainFile } from '../../../src/service/market/import/index.ts';
import { createTradierCollector } from '../../../src/service/market/tradier/index.ts';
import { nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { TradierStandIn } from '../../support/tradier-stand-in.ts';
import { FakeTime } from '../../unit/service/market/tradier/fake-time.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
const MIN = 60_000;

let standIn: TradierStandIn;
let dir: string;

beforeEach(async () => {
  standIn = await TradierStandIn.start();
  standIn.addChain((await importChainFile(FIXTURE)).chain);
  dir = await mkdtemp(join(tmpdir(), 'gw-tradier-schedule-'));
});

afterEach(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the collector schedule', () => {
  it('runs at once, every 5 min while open, once 20 min after the close, then waits for the open', async () => {
    const time = new FakeTime(nyToEpoch('2025-09-12', 15 * 60 + 50)); // Friday 15:50 ET
    const runs: number[] = [];
    let finished: (() => void) | null = null;
    const c = createTradierCollector({
      token: standIn.token,
      environment: 'production',
      baseUrl: standIn.origin,
      tickers: ['TSLA'],
      chainsDir: dir,
      now: time.now,
      timers: time,
      log: (line) => {
        if (/TSLA: wrote/.test(line)) {
          runs.push(time.now());
          finished?.();
        }
      },
    });
    const nextRun = (): Promise<void> =>
      new Promise((resolve) => {
        finished = resolve;
      });

    let done = nextRun();
    c.start();
    await done; // the first run, at once
    await time.advance(0);
    expect(c.status().running).toBe(true);
    expect(time.waiting()).toEqual([5 * MIN]);

    done = nextRun();
    await time.advance(5 * MIN); // 15:55: still open
    await done;
    await time.advance(0);
    expect(time.waiting()).toEqual([5 * MIN]);

    await time.advance(5 * MIN); // 16:00: closed; the closing run waits for 16:20
    expect(runs).toHaveLength(2);
    expect(time.waiting()).toEqual([20 * MIN]);

    done = nextRun();
    await time.advance(20 * MIN);
    await done;
    await time.advance(0);
    expect(runs).toEqual([
      nyToEpoch('2025-09-12', 15 * 60 + 50),
      nyToEpoch('2025-09-12', 15 * 60 + 55),
      nyToEpoch('2025-09-12', 16 * 60 + 20),
    ]);
    // Then nothing until Monday's open; no single timer is longer than 6 hours.
    expect(time.waiting()).toEqual([6 * 60 * MIN]);
    const requests = standIn.requests.length;
    await time.advance(6 * 60 * MIN);
    expect(standIn.requests.length).toBe(requests);

    await c.stop();
    expect(time.waiting()).toEqual([]);
    expect(c.status().running).toBe(false);
  });

  it('refresh() during a run returns that run, and stop() waits for it', async () => {
    const c = createTradierCollector({
      token: standIn.token,
      environment: 'sandbox',
      baseUrl: standIn.origin,
      tickers: ['TSLA'],
      chainsDir: dir,
    });
    const a = c.refresh();
    const b = c.refresh();
    expect(b).toBe(a);
    const stopped = c.stop();
    const result = await a;
    await stopped;
    expect(result.tickers).toHaveLength(1);
    // A refresh after stop() runs again, with a fresh connection.
    const again = await c.refresh();
    expect(again.ok).toBe(true);
  });
});
