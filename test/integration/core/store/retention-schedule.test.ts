// The retention schedule (src/core/store/retention-schedule.ts) on a real file: a run a while after
// the start, one step per turn of the event loop (each bounded in rows), waiting while the poller
// writes, again after a change of its settings, daily, and never after the app stops. Each step's
// duration is recorded, never asserted: the rows bound is what the test holds it to.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { defaultSettings, type Settings } from '../../../../src/core/settings/schema.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import type { ThinningStep } from '../../../../src/core/store/repositories/thinning.ts';
import { RetentionSchedule } from '../../../../src/core/store/retention-schedule.ts';
import { DAY_MS } from '../../../../src/core/store/time.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { tempStore } from '../../../support/store-factory.ts';

const now = nyToEpoch('2026-07-01', 12 * 60);
const OLD_DAY = '2026-05-20'; // 42 days back: one per 15 minutes

function fill(store: Store, days: readonly string[], tickers: readonly string[]): void {
  for (const day of days)
    for (const ticker of tickers)
      store.snapshots.ingest(
        Array.from({ length: 79 }, (_, i) => {
          const asof = nyToEpoch(day, 9 * 60 + 30 + 5 * i);
          return {
            endpoint: 'signals',
            ticker,
            params: {},
            asof,
            fetchedAt: asof,
            data: { ticker, day, i, pad: 'x'.repeat(2000) },
            meta: null,
          };
        }),
      );
}

let ctx: ReturnType<typeof tempStore>;
let timers: ManualTimers;
let settings: Settings;
let busy: boolean;
let steps: { step: ThinningStep; ms: number }[];
let schedule: RetentionSchedule;

const TUNING = {
  firstDelayMs: 600_000,
  afterChangeMs: 5_000,
  stepGapMs: 1,
  busyRetryMs: 1_000,
  readRows: 40,
  batchRows: 25,
  vacuumPages: 32,
};

beforeEach(() => {
  ctx = tempStore({ now: () => now });
  timers = new ManualTimers(now);
  settings = structuredClone(defaultSettings);
  busy = false;
  steps = [];
  fill(ctx.store, [OLD_DAY, '2026-05-21'], ['SPY', 'QQQ', 'IWM']);
  schedule = new RetentionSchedule({
    store: ctx.store,
    timers,
    settings: () => settings,
    retention: TUNING,
    busy: () => busy,
    onStep: (step, ms) => steps.push({ step, ms }),
  });
});
afterEach(() => {
  schedule.finish();
  ctx.cleanup();
});

const count = () => ctx.store.snapshots.count().snapshots;

describe('retention schedule', () => {
  it('runs a while after the start, a step per timer turn, each bounded in rows, and records the run', () => {
    schedule.start();
    timers.advance(TUNING.firstDelayMs - 1);
    expect(steps).toHaveLength(0);
    timers.advance(1);
    // One step, then the event loop is free until the next timer.
    expect(steps).toHaveLength(1);
    expect(schedule.running).toBe(true);
    timers.advance(10_000);
    expect(schedule.running).toBe(false);
    expect(count()).toBe(6 * 27);
    for (const { step } of steps) {
      const bound =
        step.phase === 'read'
          ? TUNING.readRows
          : step.phase === 'vacuum'
            ? TUNING.vacuumPages
            : TUNING.batchRows;
      expect(step.rows, `${step.phase} ${step.day ?? ''}`).toBeLessThanOrEqual(bound);
    }
    expect(steps.some((s) => s.step.phase === 'vacuum')).toBe(true);
    const last = ctx.store.thinning.lastRun();
    expect(last).toMatchObject({
      at: now + TUNING.firstDelayMs,
      thinned: 6 * (79 - 27),
      days: 2,
      steps: steps.length,
    });
    expect(last?.longestStepMs).toBeGreaterThanOrEqual(Math.max(...steps.map((s) => s.ms)));
    expect(last?.pagesReturned).toBeGreaterThan(0);
  });

  it('does nothing before the app starts it, whatever the settings do', () => {
    settings = { ...settings, retention: { fullDays: 30, quarterHourDays: 40 } };
    schedule.settingsChanged();
    timers.advance(DAY_MS * 2);
    expect(steps).toHaveLength(0);
  });

  it('counts ages from the clock it is given (the source’s market clock)', () => {
    const dataClock = new RetentionSchedule({
      store: ctx.store,
      timers,
      settings: () => settings,
      now: () => nyToEpoch('2026-05-22', 12 * 60), // two days after the old sessions
      retention: TUNING,
      busy: () => false,
    });
    dataClock.start();
    timers.advance(TUNING.firstDelayMs + 60_000);
    dataClock.finish();
    expect(count()).toBe(6 * 79);
  });

  it('waits while the poller writes', () => {
    schedule.start();
    busy = true;
    timers.advance(TUNING.firstDelayMs + 60_000);
    expect(steps).toHaveLength(0);
    busy = false;
    timers.advance(TUNING.busyRetryMs);
    expect(steps.length).toBeGreaterThan(0);
  });

  it('runs again soon after its settings change, not after other settings do; daily otherwise', () => {
    schedule.start();
    timers.advance(TUNING.firstDelayMs + 60_000);
    const afterFirst = steps.length;
    settings = { ...settings, theme: 'dark' };
    schedule.settingsChanged();
    timers.advance(TUNING.afterChangeMs + 60_000);
    expect(steps.length).toBe(afterFirst);

    // Close only after 40 days: the 42-day-old sessions go down to their close.
    settings = { ...settings, retention: { fullDays: 30, quarterHourDays: 40 } };
    schedule.settingsChanged();
    timers.advance(TUNING.afterChangeMs + 60_000);
    expect(count()).toBe(6);

    const runs = steps.length;
    timers.advance(DAY_MS);
    expect(steps.length).toBeGreaterThan(runs); // the daily run (checks only now)
  });

  it('a change during a run starts it over with the new settings', () => {
    schedule.start();
    timers.advance(TUNING.firstDelayMs);
    expect(schedule.running).toBe(true);
    settings = { ...settings, retention: { fullDays: 30, quarterHourDays: 40 } };
    schedule.settingsChanged();
    expect(schedule.running).toBe(false);
    timers.advance(TUNING.afterChangeMs + 60_000);
    expect(count()).toBe(6);
  });

  it('stops with the app: no step after finish', () => {
    schedule.start();
    timers.advance(TUNING.firstDelayMs);
    const done = steps.length;
    schedule.finish();
    timers.advance(DAY_MS * 2);
    expect(steps).toHaveLength(done);
  });

  it('off: never runs', () => {
    const off = new RetentionSchedule({
      store: ctx.store,
      timers,
      settings: () => settings,
      retention: false,
      busy: () => false,
    });
    off.start();
    timers.advance(DAY_MS * 2);
    expect(ctx.store.thinning.lastRun()).toBeNull();
    off.finish();
  });
});
