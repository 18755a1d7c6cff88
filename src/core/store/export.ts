// Exports for people and other tools: snapshots as JSON or CSV (for a ticker, an endpoint, a time
// range) and metric series as CSV with a `date,<metric>,...` header. Exports are produced as a
// sequence of text chunks, read from the store page by page, so a large export neither holds the
// whole result in memory nor keeps the database busy; writeExportFile() writes them to a file
// that appears only once complete.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { csvLine } from './csv.ts';
import type { Store } from './database.ts';
import { toStoreError } from './errors.ts';
import type { SeriesQuery } from './repositories/metric-points.ts';
import type { Snapshot, SnapshotRangeQuery } from './repositories/snapshots.ts';
import { parseInput } from './validate.ts';

export type ExportFormat = 'json' | 'csv';

export interface SnapshotExportQuery {
  ticker?: string | null;
  endpoint?: string;
  from?: number | string;
  to?: number | string;
  /** At most this many snapshots (default: all). */
  limit?: number;
}

const formatSchema = z.enum(['json', 'csv']);

/** Identifies the JSON export format, so a future import can tell what it reads. */
export const SNAPSHOT_EXPORT_FORMAT = 'gammawatch.snapshots.v1';

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function* snapshotsOf(store: Store<unknown>, query: SnapshotExportQuery): Generator<Snapshot> {
  const range: SnapshotRangeQuery = { ...query, order: 'asc' };
  yield* store.snapshots.iterate(range);
}

/** Snapshots in time order, oldest first, as JSON or CSV text chunks. */
export function* exportSnapshots(
  store: Store<unknown>,
  query: SnapshotExportQuery,
  format: ExportFormat,
): Generator<string> {
  const f = parseInput(formatSchema, format, 'export format');
  if (f === 'csv') {
    yield csvLine([
      'id',
      'endpoint',
      'ticker',
      'params',
      'asof',
      'fetched_at',
      'content_hash',
      'meta',
      'data',
    ]);
    for (const s of snapshotsOf(store, query)) {
      yield csvLine([
        s.id,
        s.endpoint,
        s.ticker,
        s.paramsKey,
        iso(s.asof),
        iso(s.fetchedAt),
        s.contentHash,
        s.meta === null ? null : JSON.stringify(s.meta),
        JSON.stringify(s.data),
      ]);
    }
    return;
  }
  const header = { format: SNAPSHOT_EXPORT_FORMAT, query };
  yield `${JSON.stringify(header).slice(0, -1)},"snapshots":[`;
  let first = true;
  for (const s of snapshotsOf(store, query)) {
    const item = {
      id: s.id,
      endpoint: s.endpoint,
      ticker: s.ticker,
      params: s.paramsKey,
      asof: iso(s.asof),
      fetched_at: iso(s.fetchedAt),
      content_hash: s.contentHash,
      meta: s.meta,
      data: s.data,
    };
    yield (first ? '\n' : ',\n') + JSON.stringify(item);
    first = false;
  }
  yield '\n]}\n';
}

/**
 * A metric series as CSV: `date,<metric>,...` then one row per date (daily, the default) or per
 * point time (raw, where `date` is an ISO timestamp). Empty cells where a metric has no value.
 */
export function* exportSeriesCsv(
  store: Store<unknown>,
  ticker: string,
  metrics: readonly string[],
  query: SeriesQuery = {},
): Generator<string> {
  const table = store.metrics.series(ticker, metrics, query);
  yield csvLine(['date', ...table.metrics]);
  for (let i = 0; i < table.ts.length; i++) {
    const label = table.resolution === 'daily' ? table.dates[i] : iso(table.ts[i] as number);
    yield csvLine([label, ...table.metrics.map((m) => table.columns[m]?.[i] ?? null)]);
  }
}

/** Concatenates chunks into one string (small exports, tests). */
export function exportToString(chunks: Iterable<string>): string {
  let out = '';
  for (const chunk of chunks) out += chunk;
  return out;
}

/**
 * Writes chunks to `destination` through a scratch file renamed into place, so the file is
 * either the complete export or absent.
 */
export async function writeExportFile(
  destination: string,
  chunks: Iterable<string>,
): Promise<{ path: string; bytes: number }> {
  const target = path.resolve(destination);
  const scratch = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  let bytes = 0;
  try {
    const out = fs.createWriteStream(scratch, { flags: 'wx' });
    // Held here so a write error between awaits is reported, not an unhandled 'error' event.
    let failure: unknown;
    out.on('error', (error) => {
      failure = error;
    });
    try {
      for (const chunk of chunks) {
        if (failure !== undefined) throw failure;
        bytes += Buffer.byteLength(chunk);
        // once() rejects if the stream fails while we wait, so a full disk ends the export.
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await finished(out);
    } catch (error) {
      // Wait for the file to be closed (it may still be opening) so the scratch file can go.
      out.destroy();
      await finished(out).catch(() => undefined);
      throw error;
    }
    fs.renameSync(scratch, target);
    return { path: target, bytes };
  } catch (error) {
    fs.rmSync(scratch, { force: true });
    throw toStoreError(error, `writing ${target}`);
  }
}
