// The chart levels kept beside each market-structure snapshot (migration 012, key-levels.ts) on a
// real SQLite file: written once when the snapshot is stored, read back without a body, absent
// for other endpoints and parameters, for a snapshot stored before they were kept, and for
// another source's snapshot; gone with their snapshot when thinning deletes it.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chartLevelsOf } from '../../../../src/core/store/key-levels.ts';
import type { SnapshotInput } from '../../../../src/core/store/repositories/snapshots.ts';
import { DAY_MS } from '../../../../src/core/store/time.ts';
import { marketStructurePayload, tempStore } from '../../../support/store-factory.ts';

const now = Date.UTC(2026, 5, 1, 16);
let ctx: ReturnType<typeof tempStore>;
beforeEach(() => {
  ctx = tempStore({ now: () => now });
  ctx.store.useSource('sim');
});
afterEach(() => ctx.cleanup());

const structure = (asof: number, data: unknown, overrides: Partial<SnapshotInput> = {}): SnapshotInput => ({
  endpoint: 'market_structure',
  ticker: 'SPY',
  params: {},
  asof,
  data: data as never,
  ...overrides,
});

function keptRows(): number {
  const raw = new Database(ctx.file, { readonly: true });
  try {
    return raw.prepare('SELECT COUNT(*) FROM snapshot_levels').pluck().get() as number;
  } finally {
    raw.close();
  }
}

describe('levels kept beside market-structure snapshots', () => {
  it("keeps each stored snapshot's chart levels, null when its body has none, and reads them in the order asked", () => {
    const body = marketStructurePayload(3, 'SPY');
    const [a, b, c] = ctx.store.snapshots.ingest([
      structure(now - 3 * 60_000, body),
      structure(now - 2 * 60_000, { headline: 'no key levels' }),
      structure(now - 60_000, { key_levels: { spot: -1 } }),
    ]);
    const got = ctx.store.snapshots.levelsOf([c!.id, a!.id, b!.id]);
    expect(got.map((g) => g.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(got[1]).toEqual({ id: a!.id, asof: now - 3 * 60_000, levels: chartLevelsOf(body) });
    expect(chartLevelsOf(body)).not.toBeNull();
    expect(got[0]!.levels).toBeNull();
    expect(got[2]!.levels).toBeNull();
  });

  it('writes nothing for other endpoints or parameters, nor twice for a snapshot stored again', () => {
    const body = marketStructurePayload(4, 'SPY');
    const [signals, dte, first] = ctx.store.snapshots.ingest([
      structure(now - 60_000, body, { endpoint: 'signals' }),
      structure(now - 60_000, body, { params: { dte: 7 } }),
      structure(now, body),
    ]);
    const [again] = ctx.store.snapshots.ingest([structure(now, body)]);
    expect(again).toMatchObject({ id: first!.id, isNew: false });
    expect(keptRows()).toBe(1);
    const got = ctx.store.snapshots.levelsOf([signals!.id, dte!.id, first!.id]);
    expect(got.map((g) => g.levels === undefined)).toEqual([true, true, false]);
  });

  it("says undefined for a snapshot stored before the levels were kept, and leaves another source's out", () => {
    const [old, mine] = ctx.store.snapshots.ingest([
      structure(now - 60_000, marketStructurePayload(5, 'SPY')),
      structure(now, marketStructurePayload(6, 'SPY')),
    ]);
    const [theirs] = ctx.store
      .forSource('folder')
      .snapshots.ingest([structure(now, marketStructurePayload(7, 'SPY'))]);
    const raw = new Database(ctx.file);
    raw.prepare('DELETE FROM snapshot_levels WHERE snapshot_id = ?').run(old!.id);
    raw.close();
    const got = ctx.store.snapshots.levelsOf([old!.id, theirs!.id, mine!.id]);
    expect(got.map((g) => [g.id, g.levels === undefined])).toEqual([
      [old!.id, true],
      [mine!.id, false],
    ]);
  });

  it('go with their snapshots when thinning deletes them', () => {
    ctx.store.snapshots.ingest([
      structure(now - 400 * DAY_MS, marketStructurePayload(8, 'SPY')),
      structure(now - 399 * DAY_MS, marketStructurePayload(9, 'SPY')),
      structure(now - DAY_MS, marketStructurePayload(10, 'SPY')),
    ]);
    expect(keptRows()).toBe(3);
    const run = ctx.store.thinning.run({ fullDays: 30, quarterHourDays: 180, retentionDays: 365 });
    let step = run.next();
    while (!step.done) step = run.next();
    expect(step.value.expired).toBe(2);
    expect(keptRows()).toBe(1);
  });
});
