// Thinning on a real SQLite file (src/core/store/repositories/thinning.ts): which rows stay, which
// are thinned and which expire; what is never touched (the daily series, the alert history); the
// bodies left unused go; the free pages go back to the disk; and every step is bounded in rows.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { APPLICATION_ID } from '../../../../src/core/store/migrations/index.ts';
import type { ThinningOptions, ThinningStep } from '../../../../src/core/store/repositories/thinning.ts';
import type { SnapshotInput } from '../../../../src/core/store/repositories/snapshots.ts';
import { replayFrames, replayTimes } from '../../../../src/core/queries/replay-frames.ts';
import { timeline } from '../../../../src/core/queries/ticker-views.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { marketStructurePayload, tempDir, tempStore } from '../../../support/store-factory.ts';

const ny = (date: string, minutes: number): number => nyToEpoch(date, minutes);
// Wednesday 2026-07-01 12:00 New York.
const now = ny('2026-07-01', 12 * 60);
const OPTIONS: ThinningOptions = { fullDays: 30, quarterHourDays: 180, retentionDays: 365, now };

const FULL_DAY = '2026-06-10'; // within 30 days: every snapshot kept
const QUARTER_DAY = '2026-05-20'; // 42 days back: one per 15 minutes
const CLOSE_DAY = '2025-12-10'; // 203 days back: the close only
const EXPIRED_DAY = '2025-06-10'; // over 365 days: deleted

/** A session polled every 5 minutes from 09:30 to 16:00 (79 snapshots), each with its own body. */
function session(day: string, ticker: string, endpoint = 'market_structure'): SnapshotInput[] {
  return Array.from({ length: 79 }, (_, i) => {
    const asof = ny(day, 9 * 60 + 30 + 5 * i);
    return {
      endpoint,
      ticker,
      params: {},
      asof,
      fetchedAt: asof + 1000,
      data: { ...(marketStructurePayload(i, ticker) as object), day, endpoint } as never,
      meta: null,
    };
  });
}

function drive(
  store: Store,
  options: Partial<ThinningOptions> = {},
): { steps: ThinningStep[]; report: ReturnType<Store['thinning']['preview']> } {
  const it = store.thinning.run({ ...OPTIONS, ...options });
  const steps: ThinningStep[] = [];
  for (;;) {
    const next = it.next();
    if (next.done) return { steps, report: next.value };
    steps.push(next.value);
  }
}

function asofs(store: Store, ticker: string, day: string, endpoint = 'market_structure'): number[] {
  return store.snapshots
    .range({
      endpoint,
      ticker,
      params: {},
      from: ny(day, 0),
      to: ny(day, 24 * 60) - 1,
      order: 'asc',
      limit: 1000,
    })
    .map((r) => r.asof);
}

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore({ now: () => now });
  store = ctx.store;
  store.useSource('simulator:42:real');
  for (const day of [FULL_DAY, QUARTER_DAY, CLOSE_DAY, EXPIRED_DAY])
    for (const ticker of ['SPY', 'QQQ']) store.snapshots.ingest(session(day, ticker));
  store.compactPayloads({ maxRows: 100_000, maxMs: 60_000 });
});
afterEach(() => ctx.cleanup());

describe('thinning', () => {
  it('keeps, thins and deletes by session; the daily series and the alert history stay whole', () => {
    for (const day of [QUARTER_DAY, CLOSE_DAY, EXPIRED_DAY]) {
      store.metrics.put([{ ticker: 'SPY', metric: 'gex', ts: ny(day, 16 * 60), value: 1 }]);
      store.alertEvents.insertIfNew({
        ticker: 'SPY',
        kind: 'regime_change',
        severity: 'info',
        asof: ny(day, 11 * 60),
        idempotencyKey: `k-${day}`,
      });
    }
    const db = new Database(ctx.file, { readonly: true });
    const daily = () => db.prepare('SELECT * FROM metric_daily ORDER BY day').all();
    const alerts = () => db.prepare('SELECT * FROM alert_events ORDER BY id').all();
    const dailyBefore = daily();
    const alertsBefore = alerts();
    expect(dailyBefore).toHaveLength(3);

    const preview = store.thinning.preview(OPTIONS);
    const { report } = drive(store);

    // Within 30 days: all 79.
    expect(asofs(store, 'SPY', FULL_DAY)).toHaveLength(79);
    // 42 days back: the last of each quarter hour, 09:40 (09:30-09:44), 09:55, ... and 16:00 alone.
    const quarter = asofs(store, 'SPY', QUARTER_DAY);
    expect(quarter).toHaveLength(27);
    expect(quarter[0]).toBe(ny(QUARTER_DAY, 9 * 60 + 40));
    expect(quarter.at(-1)).toBe(ny(QUARTER_DAY, 16 * 60));
    // 203 days back: the close.
    expect(asofs(store, 'SPY', CLOSE_DAY)).toEqual([ny(CLOSE_DAY, 16 * 60)]);
    expect(asofs(store, 'QQQ', CLOSE_DAY)).toEqual([ny(CLOSE_DAY, 16 * 60)]);
    // Over a year: gone.
    expect(asofs(store, 'SPY', EXPIRED_DAY)).toEqual([]);

    expect(report).toMatchObject({ expired: 158, thinned: 2 * (79 - 27) + 2 * 78, days: 2 });
    // The dry run said the same before.
    expect(preview).toMatchObject({ expired: 158, thinned: report.thinned, days: 2, complete: true });
    expect(preview.payloads).toBe(report.thinned);

    // Every body is still used by a snapshot, and the thinned ones went with their snapshots.
    const orphans = db
      .prepare(
        'SELECT COUNT(*) FROM payloads p WHERE NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.payload_id = p.id)',
      )
      .pluck()
      .get();
    expect(orphans).toBe(0);
    expect(report.payloads).toBe(158 + report.thinned);
    expect(store.snapshots.count().snapshots).toBe(79 * 2 + 27 * 2 + 2);

    expect(daily()).toEqual(dailyBefore);
    expect(alerts()).toEqual(alertsBefore);

    // What was thinned is recorded, per ticker and session.
    expect(
      store.thinning.thinnedDays({
        source: 'simulator:42:real',
        ticker: 'SPY',
        from: '2025-01-01',
        to: '2026-12-31',
      }),
    ).toEqual([
      { day: CLOSE_DAY, level: 'close', removed: 78 },
      { day: QUARTER_DAY, level: 'quarter-hour', removed: 52 },
    ]);
    db.close();
  });

  it('thins a session’s intraday metric points as its snapshots; the daily series stays whole', () => {
    const polled = (day: string) =>
      Array.from({ length: 79 }, (_, i) => ({
        ticker: 'SPY',
        metric: 'gex',
        ts: ny(day, 9 * 60 + 30 + 5 * i),
        value: i,
      }));
    for (const day of [FULL_DAY, QUARTER_DAY, CLOSE_DAY]) store.metrics.put(polled(day));
    const db = new Database(ctx.file, { readonly: true });
    const points = (day: string): number[] =>
      db
        .prepare(
          'SELECT ts FROM metric_points WHERE ticker = ? AND metric = ? AND ts >= ? AND ts < ? ORDER BY ts',
        )
        .pluck()
        .all('SPY', 'gex', ny(day, 0), ny(day, 24 * 60)) as number[];
    const daily = () => db.prepare('SELECT * FROM metric_daily ORDER BY day').all();
    const dailyBefore = daily();
    expect(dailyBefore).toHaveLength(3);

    const preview = store.thinning.preview(OPTIONS);
    const { report, steps } = drive(store, { batchRows: 20 });

    expect(points(FULL_DAY)).toHaveLength(79);
    // The snapshots' rule: the last of each quarter hour, 09:40 (09:30-09:44) to 16:00 alone.
    const quarter = points(QUARTER_DAY);
    expect(quarter).toHaveLength(27);
    expect(quarter[0]).toBe(ny(QUARTER_DAY, 9 * 60 + 40));
    expect(quarter.at(-1)).toBe(ny(QUARTER_DAY, 16 * 60));
    expect(points(CLOSE_DAY)).toEqual([ny(CLOSE_DAY, 16 * 60)]);
    expect(report.points).toBe(79 - 27 + 78);
    expect(preview.points).toBe(report.points);
    // Each delete a batch of at most batchRows, the points' included.
    expect(Math.max(...steps.filter((s) => s.phase === 'delete').map((s) => s.rows))).toBeLessThanOrEqual(20);
    expect(daily()).toEqual(dailyBefore);
    db.close();
  });

  it('Replay and History over a thinned day answer, and say it was thinned', () => {
    drive(store);
    const times = replayTimes({ store }, { ticker: 'SPY', span: 'day', date: QUARTER_DAY });
    expect(times.total).toBe(27);
    expect(times.thinned).toEqual([{ day: QUARTER_DAY, level: 'quarter-hour' }]);
    const frames = replayFrames(
      { store },
      { ticker: 'SPY', times: times.times.slice(0, 2), gammaExp: 'combined', gexExp: 'combined' },
    );
    expect(frames.frames).toHaveLength(2);
    // A day kept whole says nothing.
    expect(replayTimes({ store }, { ticker: 'SPY', span: 'day', date: FULL_DAY }).thinned).toEqual([]);
    const week = replayTimes({ store }, { ticker: 'SPY', span: 'week', date: CLOSE_DAY });
    expect(week.thinned).toEqual([{ day: CLOSE_DAY, level: 'close' }]);

    const history = timeline({ store, marketNow: now }, { ticker: 'SPY', limit: 5000 });
    expect(history.thinned).toEqual([
      { day: CLOSE_DAY, level: 'close' },
      { day: QUARTER_DAY, level: 'quarter-hour' },
    ]);
    // Another source's sessions are its own.
    expect(
      timeline({ store: store.forSource('folder:/x'), marketNow: now }, { ticker: 'SPY', limit: 10 }).thinned,
    ).toEqual([]);
  });

  it('a second run has nothing to do; a snapshot stored into a thinned session is thinned next time', () => {
    drive(store);
    const again = drive(store);
    expect(again.report).toMatchObject({ expired: 0, thinned: 0, days: 0 });
    expect(again.steps.every((s) => s.phase !== 'read')).toBe(true);
    expect(store.thinning.preview(OPTIONS)).toMatchObject({ thinned: 0, expired: 0 });

    // An import of an old file lands in the close-only session.
    store.snapshots.ingest(session(CLOSE_DAY, 'SPY').slice(0, 3));
    expect(asofs(store, 'SPY', CLOSE_DAY)).toHaveLength(4);
    expect(store.thinning.preview(OPTIONS)).toMatchObject({ thinned: 3, days: 1 });
    drive(store);
    expect(asofs(store, 'SPY', CLOSE_DAY)).toEqual([ny(CLOSE_DAY, 16 * 60)]);
  });

  it('a session ages from 15 minutes to its close', () => {
    drive(store);
    // 150 days later the 15-minute session is 192 days old.
    drive(store, { now: now + 150 * 86_400_000, retentionDays: 3650 });
    expect(asofs(store, 'SPY', QUARTER_DAY)).toEqual([ny(QUARTER_DAY, 16 * 60)]);
    expect(
      store.thinning.thinnedDays({
        source: 'simulator:42:real',
        ticker: 'SPY',
        from: QUARTER_DAY,
        to: QUARTER_DAY,
      }),
    ).toEqual([{ day: QUARTER_DAY, level: 'close', removed: 78 }]);
  });

  it('works in steps bounded in rows: reads, deletes and pages given back', () => {
    const readRows = 50;
    const batchRows = 20;
    const vacuumPages = 16;
    const { steps } = drive(store, { readRows, batchRows, vacuumPages });
    const max = (phase: string) => Math.max(0, ...steps.filter((s) => s.phase === phase).map((s) => s.rows));
    expect(max('read')).toBeLessThanOrEqual(readRows);
    expect(max('delete')).toBeLessThanOrEqual(batchRows);
    expect(max('prune')).toBeLessThanOrEqual(batchRows);
    expect(max('vacuum')).toBeLessThanOrEqual(vacuumPages);
    expect(steps.filter((s) => s.phase === 'delete').length).toBeGreaterThan(5);
    expect(steps.filter((s) => s.phase === 'vacuum').length).toBeGreaterThan(1);
  });

  it('gives the free pages back to the disk: the file shrinks', () => {
    store.checkpoint();
    const before = fs.statSync(ctx.file).size;
    expect(store.thinning.facts().autoVacuum).toBe('incremental');
    const it = store.thinning.run({ ...OPTIONS, vacuumPages: 64 });
    let freeBeforeVacuum = 0;
    let report;
    for (;;) {
      const next = it.next();
      if (next.done) {
        report = next.value;
        break;
      }
      if (next.value.phase === 'vacuum' && freeBeforeVacuum === 0)
        freeBeforeVacuum = store.thinning.facts().freePages + next.value.rows;
    }
    expect(freeBeforeVacuum).toBeGreaterThan(0);
    expect(report.pagesReturned).toBe(freeBeforeVacuum);
    expect(store.thinning.facts().freePages).toBe(0);
    store.checkpoint();
    const after = fs.statSync(ctx.file).size;
    expect(after).toBeLessThan(before);
    expect(before - after).toBeGreaterThanOrEqual(
      report.pagesReturned * store.thinning.facts().pageSize * 0.9,
    );
  });

  it('an older file (auto_vacuum none) is thinned the same and keeps its free pages for new snapshots', () => {
    const tmp = tempDir();
    try {
      const file = tmp.file('old.db');
      const raw = new Database(file);
      raw.pragma(`application_id = ${APPLICATION_ID}`);
      raw.exec('CREATE TABLE older_file_marker (x)');
      raw.close();
      const old = openDatabase(file, { now: () => now });
      expect(old.thinning.facts().autoVacuum).toBe('none');
      old.snapshots.ingest(session(CLOSE_DAY, 'SPY'));
      const { report } = drive(old);
      expect(report).toMatchObject({ thinned: 78, pagesReturned: 0 });
      expect(old.thinning.facts().freePages).toBeGreaterThan(0);
      old.close();
    } finally {
      tmp.cleanup();
    }
  });

  it('remembers the last run', () => {
    expect(store.thinning.lastRun()).toBeNull();
    const last = {
      at: now,
      durationMs: 12,
      longestStepMs: 3,
      steps: 40,
      expired: 1,
      thinned: 2,
      payloads: 3,
      days: 1,
      pagesReturned: 9,
    };
    store.thinning.recordRun(last);
    expect(store.thinning.lastRun()).toEqual(last);
  });
});
