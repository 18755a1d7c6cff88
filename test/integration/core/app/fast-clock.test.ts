// Choosing Fast in Settings runs the simulated market: on a real createApp whose wall clock reads a
// Saturday, switching the simulator to the fast clock with "Keep polling while the market is
// closed" off polls at once and on schedule, because the fast clock starts at the next session's
// open; app:info reports that clock (its time, its rate, the open session), so the header shows the
// time the polls and snapshots are stamped with. Only Date is faked: timers, HTTP and SQLite are
// real, and the fast clock moves when the test moves the wall.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../../../src/core/app/create-app.ts';
import { isMarketOpen, sessionOf } from '../../../../src/shared/market-calendar.ts';
import { DEFAULT_FAST_SPEED } from '../../../../src/shared/clock-spec.ts';
import { at, tempDataDir } from '../../../support/watcher-factory.ts';

/** Saturday after Thanksgiving week, noon in New York: the real market is closed until Monday. */
const SATURDAY = at('2026-11-28', '12:00');
const MONDAY = sessionOf('2026-11-30');

function marketAtOf(detail: unknown): number | null {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return null;
  const value = (detail as Record<string, unknown>)['marketAt'];
  return typeof value === 'number' ? value : null;
}

describe('the fast clock runs the simulated market', () => {
  let tmp: ReturnType<typeof tempDataDir>;
  let app: App;
  const logs: string[] = [];

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: SATURDAY });
    tmp = tempDataDir('gw-fast-clock-');
    app = await createApp({
      dataDir: tmp.dir,
      service: { warm: false },
      poller: { jitterMs: 0, backfillWindow: '30d', seriesWindow: '10d' },
      log: (m) => logs.push(m),
    });
    app.start();
    // A first start polls each job once whatever the hour (so there is data to show): wait for it.
    await vi.waitFor(() => expect(app.poller.runningJobs()).toEqual([]), { timeout: 20_000 });
  }, 60_000);

  afterEach(async () => {
    await app.stop();
    vi.useRealTimers();
    tmp.cleanup();
  });

  it('polls at once and on schedule with "keep polling while closed" off', async () => {
    expect(app.settings().polling.outsideMarketHours).toBe(false);
    expect(app.info().market.open).toBe(false);
    expect(MONDAY).not.toBeNull();

    await app.updateSettings({ dataSource: { kind: 'local', seed: 42, clock: 'fast' } });

    const info = app.info();
    expect(info.clock).toBe('fast');
    expect(info.clockRate).toBe(DEFAULT_FAST_SPEED);
    expect(info.market.open).toBe(true);
    expect(Date.parse(info.now)).toBe(MONDAY?.open);
    // The switch polled through the market gate, which let it through: the simulated session is open.
    expect(app.poller.marketClosedSkip).toBe(false);
    await vi.waitFor(() => expect(app.poller.runningJobs()).toEqual([]), { timeout: 20_000 });
    const first = app.store.pollRuns.recent({ limit: 50 });
    expect(first.length).toBeGreaterThanOrEqual(1);

    // Two wall seconds are ten market minutes at 300×: the market-clock trigger fires the 5-minute
    // signals schedule by itself, still in the open session.
    vi.setSystemTime(Date.now() + 2_000);
    await vi.waitFor(
      () => expect(app.store.pollRuns.recent({ job: 'signals', limit: 50 }).length).toBeGreaterThan(1),
      { timeout: 20_000 },
    );
    await vi.waitFor(() => expect(app.poller.runningJobs()).toEqual([]), { timeout: 20_000 });
    const runs = app.store.pollRuns.recent({ limit: 50 });
    const stamps = runs.map((r) => marketAtOf(r.detail));
    // Every run of the fast source is stamped in the simulated session the header shows.
    for (const stamp of stamps) {
      expect(stamp).not.toBeNull();
      expect(isMarketOpen(stamp ?? 0)).toBe(true);
      expect(stamp ?? 0).toBeGreaterThanOrEqual(MONDAY?.open ?? Infinity);
      expect(stamp ?? 0).toBeLessThanOrEqual(Date.parse(app.info().now));
    }
    expect(app.store.snapshots.maxId()).toBeGreaterThan(0);
  }, 90_000);

  // The gate's "a job's first run always happens" holds per source: a source switched to reads its
  // own poll log, not the one it replaced (the fast clock's runs, stamped on Monday, would hold
  // the new source's first run on a Saturday back until Monday's open).
  it('a source new to the app polls once on a Saturday, after the fast clock', async () => {
    await app.updateSettings({ dataSource: { kind: 'local', seed: 42, clock: 'fast' } });
    await vi.waitFor(() => expect(app.poller.runningJobs()).toEqual([]), { timeout: 20_000 });
    await app.updateSettings({ dataSource: { kind: 'local', seed: 43, clock: 'real' } });
    expect(app.info()).toMatchObject({ clock: 'real', market: { open: false } });
    expect(app.poller.marketClosedSkip).toBe(false);
    await vi.waitFor(() => expect(app.poller.runningJobs()).toEqual([]), { timeout: 20_000 });
    const runs = app.store.pollRuns.recent({ limit: 50 });
    expect(new Set(runs.map((r) => r.job)).size).toBeGreaterThanOrEqual(6);
    for (const run of runs) expect(marketAtOf(run.detail)).toBeLessThan(MONDAY?.open ?? 0);
  }, 90_000);

  it('the wall clock on a Saturday stays closed without the checkbox (the gate is unchanged)', async () => {
    const before = app.store.pollRuns.recent({ limit: 50 }).length;
    vi.setSystemTime(Date.now() + 60 * 60_000);
    app.poller.tick({ job: 'signals', at: app.marketNow(), missed: 0 });
    expect(app.poller.marketClosedSkip).toBe(true);
    expect(app.store.pollRuns.recent({ limit: 50 }).length).toBe(before);
    expect(app.info()).toMatchObject({ clock: 'real', clockRate: 1, market: { open: false } });
  }, 30_000);
});
