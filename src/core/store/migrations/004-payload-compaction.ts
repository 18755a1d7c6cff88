// Ingest stores new payload bodies uncompressed (codec 3, "pending") and compactPayloads()
// compresses them later in idle time. This partial index holds only the pending rows, so
// compaction finds its next batch without reading the payloads table, and it costs ingest one
// append at the right edge of a small b-tree. Older builds cannot read pending bodies; the
// version bump makes them refuse this file (too_new) instead of failing on some reads.
import { PENDING_CODEC } from '../payload-codec.ts';
import type { Migration } from './migration.ts';

export const payloadCompaction: Migration = {
  version: 4,
  name: 'payload-compaction',
  up(db) {
    // The codec is a literal, not a parameter: SQLite uses a partial index only for queries whose
    // WHERE clause implies the index's, which a bound parameter cannot.
    db.exec(`CREATE INDEX payloads_pending ON payloads (id) WHERE codec = ${PENDING_CODEC};`);
  },
};
