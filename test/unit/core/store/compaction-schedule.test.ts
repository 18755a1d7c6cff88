// Payload compaction, owned by the store (CompactionSchedule) and told by the poller when writes
// end, wired as the app wires it: the same cadence as when the poller ran it itself — a slice
// after each run, idle slices while bodies remain and no job runs, the rest on finish, leftovers
// of an earlier run after start.
import { afterEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { Poller } from '../../../../src/core/poller/poller.ts';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { defaultSettings } from '../../../../src/core/settings/schema.ts';
import {
  CompactionSchedule,
  type CompactionScheduleOptions,
} from '../../../../src/core/store/compaction-schedule.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { at, fakePollClient } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

// Big enough that ingest stores the body pending (small bodies are final at once).
const big = (m: string, t: string | null) => ({ ticker: t, method: m, notes: `${t} `.repeat(200) });
const pending = (store: Store<AlertRuleBody>) => store.stats().pendingPayloads;
const tickers = ['SPY', 'QQQ', 'IWM', 'DIA', 'XLE', 'XLU'];

function setup() {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  store.watchlists.create('Main', tickers);
  const client = fakePollClient({ asof: () => at('2025-03-10', '11:00'), payload: big });
  /** A poller and the store's schedule, wired as createApp wires them. */
  const make = (compaction: CompactionScheduleOptions['compaction']) => {
    const timers = new ManualTimers(1_000_000);
    const slices: { rows: number; remaining: boolean }[] = [];
    let poller: Poller | null = null;
    const schedule = new CompactionSchedule({
      store,
      timers,
      // Slices here are bounded by rows. The default 50 ms wall-time bound of a slice cut one to
      // 0 rows on a machine at load 10 (a test failed so); these tests are not about time.
      compaction: compaction === false ? false : { sliceMs: 60_000, ...compaction },
      busy: () => (poller?.runningJobs().length ?? 0) > 0,
      onCompacted: (r) => slices.push(r),
    });
    poller = new Poller({
      client,
      store,
      settings: () => defaultSettings,
      channels: () => ({ desktop: true, inApp: true, webhooks: [], quietHours: null }),
      marketClock: { now: () => at('2025-03-10', '11:00') },
      trigger: 'manual',
      timers,
      jitterMs: 0,
      onWritesEnded: () => schedule.writesEnded(),
    });
    return { poller, schedule, timers, slices };
  };
  return { store, client, make };
}

describe('CompactionSchedule (the store compacts what the poller wrote)', () => {
  it.each([
    // label, options, pending after the run, bodies in each slice
    ['one slice finishes a small run at once', { sliceRows: 100 }, 0, [6]],
    [
      'slices of 2 bodies: 2 after the run, the rest in idle time',
      { sliceRows: 2, idleMs: 100 },
      4,
      [2, 2, 2],
    ],
  ] as const)('%s', async (_label, compaction, leftAfterRun, rows) => {
    const s = setup();
    const c = s.make(compaction);
    const summary = await c.poller.runJob('signals');
    expect(summary.snapshotsNew).toBe(tickers.length);
    expect(pending(s.store)).toBe(leftAfterRun);
    // Idle slices: one per idleMs, each driven by the manual clock, until nothing remains.
    for (let i = 0; i < 10 && pending(s.store) > 0; i++) c.timers.advance(100);
    expect(pending(s.store)).toBe(0);
    expect(c.slices.map((r) => r.rows)).toEqual(rows);
    expect(c.slices.map((r) => r.remaining)).toEqual(rows.map((_, i) => i < rows.length - 1));
    expect(c.timers.pendingCount).toBe(0);
    // Reads give the same bodies back, compressed or not.
    expect(s.store.snapshots.latest({ endpoint: 'signals', ticker: 'SPY' })?.data).toEqual(
      big('signals', 'SPY'),
    );
  });

  it('an idle slice comes every idleMs, not sooner', async () => {
    const s = setup();
    const c = s.make({ sliceRows: 1, idleMs: 100 });
    await c.poller.runJob('signals');
    expect(c.slices).toHaveLength(1);
    c.timers.advance(99);
    expect(c.slices).toHaveLength(1);
    c.timers.advance(1);
    expect(c.slices).toHaveLength(2);
    c.timers.advance(100);
    expect(c.slices).toHaveLength(3);
    c.schedule.finish();
  });

  it('an idle slice waits while a job runs (the run compacts when it ends)', async () => {
    const s = setup();
    const c = s.make({ sliceRows: 1, idleMs: 100 });
    await c.poller.runJob('signals');
    const left = pending(s.store);
    expect(left).toBe(tickers.length - 1);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = s.client as unknown as { signals: (t: string, o?: unknown) => Promise<unknown> };
    const answer = client.signals;
    client.signals = async (t, o) => {
      await gate;
      return answer(t, o);
    };
    const run = c.poller.runJob('signals');
    c.timers.advance(100);
    expect(pending(s.store)).toBe(left);
    release();
    await run;
    expect(pending(s.store)).toBe(left - 1);
    c.schedule.finish();
  });

  it('a backfill is a batch of writes too: it ends with a slice', async () => {
    const s = setup();
    const c = s.make({ sliceRows: 1, idleMs: 100 });
    await c.poller.backfill(['NVDA']);
    expect(c.slices.map((r) => r.rows)).toEqual([1]);
    c.schedule.finish();
  });

  it('finish does what is pending; compaction: false leaves it', async () => {
    const s = setup();
    const off = s.make(false);
    await off.poller.runJob('signals');
    await off.poller.stop();
    off.schedule.finish();
    expect(pending(s.store)).toBe(tickers.length);
    expect(off.slices).toEqual([]);

    const on = s.make({ sliceRows: 1, idleMs: 100 });
    await on.poller.runJob('signals');
    await on.poller.stop();
    on.schedule.finish();
    expect(pending(s.store)).toBe(0);
    expect(on.timers.pendingCount).toBe(0);
    // Nothing more once finished: a late end of writes does not compact.
    on.schedule.writesEnded();
    expect(on.slices.length).toBe(2);
  });

  it('start compacts what an earlier run left, in idle time', async () => {
    const s = setup();
    const first = s.make(false);
    await first.poller.runJob('signals');
    expect(pending(s.store)).toBe(tickers.length);
    const later = s.make({ idleMs: 100 });
    later.schedule.start();
    later.timers.advance(99);
    expect(pending(s.store)).toBe(tickers.length);
    later.timers.advance(1);
    expect(pending(s.store)).toBe(0);
    later.schedule.finish();
  });
});
