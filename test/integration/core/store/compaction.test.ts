// Ingest stores bodies uncompressed; compactPayloads() compresses them later. Whatever state a
// body is in, reads give back the same content, hashes and ids, and compaction is safe to repeat,
// bounded by rows and by time, and gives the space back.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { Codec, PENDING_CODEC } from '../../../../src/core/store/payload-codec.ts';
import { createPayloadCompactor } from '../../../../src/core/store/repositories/payload-compaction.ts';
import {
  createSnapshotRepository,
  type Snapshot,
} from '../../../../src/core/store/repositories/snapshots.ts';
import { sourceScope } from '../../../../src/core/store/source-scope.ts';
import {
  marketStructurePayload,
  rng,
  snapshotInput,
  tempDir,
  tempStore,
} from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore({ now: () => Date.UTC(2025, 5, 1) });
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

/** Every snapshot with its body, in id order: what a reader can observe. */
function everything(): Snapshot[] {
  return [...store.snapshots.iterate({ order: 'asc' })].sort((a, b) => a.id - b.id);
}

function codecsInFile(file: string): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT DISTINCT codec FROM payloads ORDER BY codec').pluck().all() as number[];
  } finally {
    db.close();
  }
}

describe('ingest before compaction', () => {
  it('stores new bodies pending and tiny bodies final', () => {
    store.snapshots.ingest([snapshotInput(1), snapshotInput(2), snapshotInput(3, { data: { v: 1 } })]);
    expect(store.snapshots.count()).toMatchObject({ payloads: 3, pendingPayloads: 2 });
    expect(codecsInFile(ctx.file)).toEqual([Codec.raw, PENDING_CODEC]);
  });

  it('with Codec.raw, bodies are final at once and compaction has nothing to do', () => {
    const tmp = tempDir();
    const raw = openDatabase(tmp.file('raw.db'), { codec: Codec.raw });
    try {
      raw.snapshots.ingest([snapshotInput(1), snapshotInput(2)]);
      expect(raw.snapshots.count().pendingPayloads).toBe(0);
      expect(raw.compactPayloads()).toMatchObject({ rows: 0, remaining: false });
    } finally {
      raw.close();
      tmp.cleanup();
    }
  });
});

describe('compactPayloads', () => {
  it.each([
    ['brotli', Codec.brotli],
    ['deflate-raw', Codec.deflateRaw],
  ])('compresses with %s and every snapshot reads back the same', (_name, codec) => {
    const tmp = tempDir();
    const s = openDatabase(tmp.file('c.db'), { codec });
    try {
      const inputs = Array.from({ length: 60 }, (_, i) => snapshotInput(i));
      const results = s.snapshots.ingest(inputs);
      const before = [...s.snapshots.iterate({ order: 'asc' })];
      const report = s.compactPayloads({ maxRows: 1000, maxMs: 60_000 });
      expect(report).toMatchObject({ rows: 60, remaining: false });
      expect(report.bytesAfter).toBeLessThan(report.bytesBefore * 0.7);
      const after = [...s.snapshots.iterate({ order: 'asc' })];
      expect(after).toEqual(before);
      expect(after.map((x) => x.contentHash)).toEqual(results.map((r) => r.contentHash));
      expect(after.map((x) => x.data)).toEqual(inputs.map((x) => x.data));
      expect(codecsInFile(tmp.file('c.db'))).toEqual([codec]);
    } finally {
      s.close();
      tmp.cleanup();
    }
  });

  it('keeps snapshots that share a body pointing at it, and later ingests still find it', () => {
    const data = marketStructurePayload(5);
    store.snapshots.ingest([0, 1, 2].map((i) => snapshotInput(i, { data })));
    store.snapshots.ingest([snapshotInput(3, { ticker: 'MSFT', data })]);
    const before = everything();
    store.compactPayloads();
    expect(everything()).toEqual(before);
    const [again] = store.snapshots.ingest([snapshotInput(9, { data })]);
    expect(again).toMatchObject({ isNew: true, payloadIsNew: false, contentHash: before[0]?.contentHash });
    // Re-ingesting an already stored snapshot is still a no-op that answers its id.
    const [repeat] = store.snapshots.ingest([snapshotInput(1, { data })]);
    expect(repeat).toMatchObject({ id: before[1]?.id, isNew: false });
    expect(store.snapshots.count()).toMatchObject({ snapshots: 5, payloads: 1, pendingPayloads: 0 });
  });

  it('is idempotent: a second run does nothing and changes nothing', () => {
    store.snapshots.ingest(Array.from({ length: 30 }, (_, i) => snapshotInput(i)));
    const first = store.compactPayloads();
    expect(first).toMatchObject({ rows: 30, remaining: false });
    const state = everything();
    const counts = store.snapshots.count();
    expect(store.compactPayloads()).toMatchObject({
      rows: 0,
      bytesBefore: 0,
      bytesAfter: 0,
      remaining: false,
    });
    expect(everything()).toEqual(state);
    expect(store.snapshots.count()).toEqual(counts);
  });

  it('marks bodies that do not shrink as final instead of retrying them', () => {
    // 140 random base64 characters: above the size worth compressing, but brotli cannot shrink them.
    const r = rng(3);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let text = '';
    for (let i = 0; i < 140; i++) text += alphabet[Math.floor(r() * alphabet.length)];
    store.snapshots.ingest([snapshotInput(1, { data: { text } })]);
    expect(store.snapshots.count().pendingPayloads).toBe(1);
    expect(store.compactPayloads()).toMatchObject({ rows: 1, remaining: false });
    expect(codecsInFile(ctx.file)).toEqual([Codec.raw]);
    expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'AAPL' })?.data).toEqual({ text });
  });

  it.each([
    [250, 100, 40, 100],
    [250, 1000, 40, 250],
    [250, 7, 3, 7],
    [250, 0, 40, 0],
  ])(
    'of %i pending bodies with maxRows %i (batches of %i) compacts %i',
    (pending, maxRows, batchRows, done) => {
      store.snapshots.ingest(Array.from({ length: pending }, (_, i) => snapshotInput(i)));
      const report = store.compactPayloads({ maxRows, batchRows, maxMs: 60_000 });
      expect(report.rows).toBe(done);
      expect(report.remaining).toBe(done < pending);
      expect(store.snapshots.count().pendingPayloads).toBe(pending - done);
    },
  );

  it('works through the backlog oldest first, call after call', () => {
    const results = store.snapshots.ingest(Array.from({ length: 25 }, (_, i) => snapshotInput(i)));
    let calls = 0;
    while (store.compactPayloads({ maxRows: 10 }).remaining) calls++;
    expect(calls).toBe(2);
    expect(everything().map((s) => s.contentHash)).toEqual(results.map((r) => r.contentHash));
  });

  it('gives the space back: the pages the uncompressed bodies took are freed for reuse', () => {
    store.snapshots.ingest(Array.from({ length: 300 }, (_, i) => snapshotInput(i)));
    const inUse = (): number => {
      const s = store.stats();
      return s.pageCount - s.freePages;
    };
    const before = inUse();
    store.compactPayloads({ maxRows: 1000, maxMs: 60_000 });
    expect(inUse()).toBeLessThan(before * 0.7);
    // New bodies go into the freed pages rather than growing the file.
    const pages = store.stats().pageCount;
    store.snapshots.ingest(Array.from({ length: 50 }, (_, i) => snapshotInput(1000 + i)));
    expect(store.stats().pageCount).toBe(pages);
  });

  it('refuses bad options with invalid_input', () => {
    for (const options of [{ maxRows: -1 }, { maxMs: Number.NaN }, { batchRows: 0 }, { maxRows: 1.5 }]) {
      expect(() => store.compactPayloads(options)).toThrow(
        expect.objectContaining({ kind: 'invalid_input' }) as Error,
      );
    }
  });

  it('a read-only store refuses with read_only', () => {
    store.snapshots.ingest([snapshotInput(1)]);
    store.close();
    const reader = openDatabase(ctx.file, { readonly: true });
    try {
      let error: unknown;
      try {
        reader.compactPayloads();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).kind).toBe('read_only');
      expect(reader.snapshots.latest({ endpoint: 'market-structure', ticker: 'AAPL' })?.data).toEqual(
        snapshotInput(1).data,
      );
    } finally {
      reader.close();
    }
  });
});

describe('the time bound', () => {
  let db: Database.Database;
  beforeEach(() => {
    store.close();
    db = new Database(ctx.file);
    db.pragma('foreign_keys = ON');
  });
  afterEach(() => db.close());

  it.each([
    [0, 0],
    [1, 1],
    [5, 5],
    [12, 12],
  ])('with maxMs %i and a clock that moves 1 ms per body, compacts %i', (maxMs, done) => {
    createSnapshotRepository(db, Date.now, sourceScope()).ingest(
      Array.from({ length: 20 }, (_, i) => snapshotInput(i)),
    );
    // The compactor reads the clock once when it starts and once before each body.
    let now = 0;
    const compactor = createPayloadCompactor(db, Codec.brotli, () => now++);
    const report = compactor.compact({ maxMs, maxRows: 1000, batchRows: 4 });
    expect(report.rows).toBe(done);
    expect(report.remaining).toBe(true);
  });

  it('finds pending bodies through the partial index, not by reading the payloads table', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM payloads WHERE codec = ${PENDING_CODEC} ORDER BY id LIMIT 10`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX payloads_pending/);
  });

  it('a batch that fails leaves every body as it was', () => {
    createSnapshotRepository(db, Date.now, sourceScope()).ingest(
      Array.from({ length: 6 }, (_, i) => snapshotInput(i)),
    );
    const before = db.prepare('SELECT id, codec, body FROM payloads ORDER BY id').all();
    const compactor = createPayloadCompactor(db, Codec.brotli);
    // A trigger standing in for a write that fails half-way through a batch (a full disk, say).
    db.exec(`CREATE TEMP TRIGGER fail_fourth AFTER DELETE ON payloads WHEN old.id = 4
             BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`);
    expect(() => compactor.compact({ batchRows: 10 })).toThrow(/disk trouble/);
    expect(db.prepare('SELECT id, codec, body FROM payloads ORDER BY id').all()).toEqual(before);
  });
});
