// Compaction: ingest stores new payload bodies uncompressed (PENDING_CODEC) so that it keeps its
// throughput target; this compresses them afterwards with the store's codec. It is meant for idle
// time (the watcher is to run it after a poll cycle). It works oldest first in small batches: bodies
// are compressed outside any transaction, then each batch is written in one short transaction,
// so the write lock is held for a few milliseconds at a time. It stops at whichever of maxRows
// and maxMs comes first, and can be called as often as wanted: it only ever touches pending rows.
//
// A compressed body is written as a new row, not over the old one. SQLite keeps a shrunken row
// where it was, and a page that held one 2.7 KB body would stay two-thirds empty for good (new
// rows always go after the largest id). Moving rows empties the old pages instead; SQLite puts
// them on its free list and ingest reuses them. The snapshots that point at a moved body are
// repointed in the same transaction, so readers never see the move.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { Codec, PENDING_CODEC, encodeBody, type CodecId } from '../payload-codec.ts';
import { parseInput } from '../validate.ts';

export interface CompactOptions {
  /** At most this many bodies (default 1000). */
  maxRows?: number;
  /**
   * No new body is started once more than this many milliseconds have passed (default 50); the
   * body under way and the commit of its batch still finish (a few milliseconds for 100 bodies).
   */
  maxMs?: number;
  /** Bodies per transaction (default 100). */
  batchRows?: number;
}

export interface CompactReport {
  /** Bodies given their final codec by this call. */
  rows: number;
  /** Those bodies' stored size before and after, bytes. */
  bytesBefore: number;
  bytesAfter: number;
  /** Whether pending bodies remain (call again at the next idle moment). */
  remaining: boolean;
  durationMs: number;
}

export interface PayloadCompactor {
  compact(options?: CompactOptions): CompactReport;
}

const optionsSchema = z.object({
  maxRows: z.number().int().min(0).max(10_000_000).default(1000),
  maxMs: z.number().min(0).max(3_600_000).default(50),
  batchRows: z.number().int().min(1).max(10_000).default(100),
});

interface PendingRow {
  id: number;
  hash: Buffer;
  raw_size: number;
  body: Buffer;
}

interface Compressed {
  row: PendingRow;
  codec: CodecId;
  body: Buffer;
}

/** `clock` is in milliseconds; tests pass a fake one to check the time bound without waiting. */
export function createPayloadCompactor(
  db: Database.Database,
  codec: CodecId,
  clock: () => number = () => performance.now(),
): PayloadCompactor {
  // The codec is a literal in each statement so that SQLite uses the partial index (migration 004).
  const q = {
    pending: db.prepare(
      `SELECT id, hash, raw_size, body FROM payloads WHERE codec = ${PENDING_CODEC} ORDER BY id LIMIT ?`,
    ),
    // Each write is guarded by the codec: a row another connection compacted (or retention
    // deleted) meanwhile is left alone.
    remove: db.prepare(`DELETE FROM payloads WHERE id = ? AND codec = ${PENDING_CODEC}`),
    insert: db.prepare('INSERT INTO payloads (hash, codec, raw_size, body) VALUES (?, ?, ?, ?)'),
    repoint: db.prepare('UPDATE snapshots SET payload_id = ? WHERE payload_id = ?'),
    markFinal: db.prepare(`UPDATE payloads SET codec = ? WHERE id = ? AND codec = ${PENDING_CODEC}`),
    anyPending: db.prepare(`SELECT EXISTS (SELECT 1 FROM payloads WHERE codec = ${PENDING_CODEC})`).pluck(),
  };

  const writeBatch = db.transaction((items: readonly Compressed[]) => {
    // Between deleting a body and repointing its snapshots the references dangle; checking them
    // at commit (this transaction only) is what lets the body keep its content hash throughout.
    db.pragma('defer_foreign_keys = ON');
    let rowsWritten = 0;
    let before = 0;
    let after = 0;
    for (const { row, codec: rowCodec, body } of items) {
      if (rowCodec === Codec.raw) {
        // Not worth compressing: the same bytes, now final, stay where they are.
        if (q.markFinal.run(rowCodec, row.id).changes === 0) continue;
      } else {
        if (q.remove.run(row.id).changes === 0) continue;
        const moved = Number(q.insert.run(row.hash, rowCodec, row.raw_size, body).lastInsertRowid);
        q.repoint.run(moved, row.id);
      }
      rowsWritten++;
      before += row.body.length;
      after += body.length;
    }
    return { rowsWritten, before, after };
  });

  return {
    compact(options = {}) {
      const o = parseInput(optionsSchema, options, 'compaction options');
      const started = clock();
      const report: CompactReport = {
        rows: 0,
        bytesBefore: 0,
        bytesAfter: 0,
        remaining: false,
        durationMs: 0,
      };
      let outOfTime = false;
      let looked = 0;
      while (!outOfTime && looked < o.maxRows) {
        const want = Math.min(o.batchRows, o.maxRows - looked);
        const rows = q.pending.all(want) as PendingRow[];
        const batch: Compressed[] = [];
        for (const row of rows) {
          if (clock() - started > o.maxMs) {
            outOfTime = true;
            break;
          }
          // encodeBody answers raw (the same bytes) when compressing would not make a body smaller.
          const encoded = encodeBody(row.body, codec);
          batch.push({ row, codec: encoded.codec, body: encoded.body });
        }
        if (batch.length > 0) {
          const written = writeBatch(batch);
          report.rows += written.rowsWritten;
          report.bytesBefore += written.before;
          report.bytesAfter += written.after;
          looked += batch.length;
        }
        if (rows.length < want) break;
      }
      report.remaining = q.anyPending.get() === 1;
      report.durationMs = clock() - started;
      return report;
    },
  };
}
