// When the Cboe collector asks: at start, every 15 minutes while the market is open, once 20
// minutes after the close (a half day's included), and not at all on a day without a session
// (Christmas 2026 is a Friday: nothing until Monday's open). On a fake clock whose timers the test
// fires one by one; Cboe is a stand-in over real HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCboeCollector } from '../../../src/service/market/cboe/index.ts';
import { importChainFile } from '../../../src/service/market/import/index.ts';
import { nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { CboeStandIn, cboeBodyFromChain } from '../../support/cboe-stand-in.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');

let standIn: CboeStandIn;
let dir: string;

beforeEach(async () => {
  standIn = await CboeStandIn.start();
  standIn.setBody('TSLA', cboeBodyFromChain((await importChainFile(FIXTURE)).chain));
  dir = await mkdtemp(join(tmpdir(), 'gw-cboe-schedule-'));
});

afterEach(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

/** Timers on a fake clock: each setTimeout is kept until the test fires it. */
function fakeTimers(start: number) {
  let clock = start;
  const pending: { at: number; fn: () => void }[] = [];
  let waiting: (() => void) | null = null;
  return {
    now: () => clock,
    timers: {
      setTimeout(fn: () => void, ms: number) {
        const t = { at: clock + ms, fn };
        pending.push(t);
        waiting?.();
        return t;
      },
      clearTimeout(handle: unknown) {
        const i = pending.indexOf(handle as (typeof pending)[number]);
        if (i >= 0) pending.splice(i, 1);
      },
    },
    /** Resolves when a timer is pending (the collector has scheduled its next look). */
    async scheduled(): Promise<void> {
      while (pending.length === 0) await new Promise<void>((r) => (waiting = r));
    },
    /** Moves the clock to the earliest timer and fires it; returns the new time. */
    fire(): number {
      pending.sort((a, b) => a.at - b.at);
      const t = pending.shift() as (typeof pending)[number];
      clock = t.at;
      t.fn();
      return clock;
    },
  };
}

/** A collector of TSLA into the test's folder on the fake clock, 5 ms between requests. */
function collectorOn(fake: ReturnType<typeof fakeTimers>) {
  return createCboeCollector({
    baseUrl: standIn.origin,
    tickers: ['TSLA'],
    chainsDir: dir,
    now: fake.now,
    timers: fake.timers,
    minGapMs: 5,
  });
}

describe('the Cboe collector’s schedule', () => {
  it('a day with no session asks nothing after the start; Monday asks at the open and every 15 minutes', async () => {
    const fake = fakeTimers(nyToEpoch('2026-12-25', 10 * 60));
    const c = collectorOn(fake);
    c.start();
    await standIn.answered(1);
    const asked: number[] = [];
    const open = nyToEpoch('2026-12-28', 9 * 60 + 30);
    for (let i = 0; i < 40 && asked.length < 3; i++) {
      await fake.scheduled();
      const before = standIn.requests.length;
      const at = fake.fire();
      if (at >= open) {
        await standIn.answered(before + 1);
        asked.push(at);
      } else {
        // Christmas and the weekend: the timer fires (no timer runs past six hours), nothing is asked.
        expect(standIn.requests).toHaveLength(before);
      }
    }
    expect(asked).toEqual([open, open + 15 * 60_000, open + 30 * 60_000]);
    await c.stop();
  });

  it.each([
    ['a full session', '2026-12-28', 16 * 60, '2026-12-29'],
    ['a half day (the day after Thanksgiving, closing at 13:00)', '2026-11-27', 13 * 60, '2026-11-30'],
  ])(
    '%s: the last fetch in session, one 20 minutes after the close, then nothing until the next open',
    async (_name, day, close, nextDay) => {
      const fake = fakeTimers(nyToEpoch(day, close - 10));
      const c = collectorOn(fake);
      c.start();
      await standIn.answered(1);
      const asked = [fake.now()];
      const nextOpen = nyToEpoch(nextDay, 9 * 60 + 30);
      for (let i = 0; i < 40 && fake.now() < nextOpen; i++) {
        await fake.scheduled();
        const before = standIn.requests.length;
        const at = fake.fire();
        // A run that asks is awaited; a timer that asks nothing just schedules the next one.
        await Promise.race([standIn.answered(before + 1), fake.scheduled()]);
        if (standIn.requests.length > before) asked.push(at);
      }
      expect(asked).toEqual([nyToEpoch(day, close - 10), nyToEpoch(day, close + 20), nextOpen]);
      await c.stop();
    },
  );
});
