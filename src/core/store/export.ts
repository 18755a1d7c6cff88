// Exports for people and other tools: snapshots as JSON (raw payloads) or CSV (one column per
// field, for a ticker, an endpoint, a time range) and metric series as CSV with a
// `date,<metric>,...` header, numbers rounded to the precision each metric is read with. Exports are produced as a
// sequence of text chunks, read from the store page by page, so a large export neither holds the
// whole result in memory nor keeps the database busy; writeExportFile() writes them to a file
// that appears only once complete.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { humanizeKey, roundForExport } from '../../shared/snapshot-fields.ts';
import { csvLine } from './csv.ts';
import type { Store } from './database.ts';
import { toStoreError } from './errors.ts';
import type { SeriesQuery } from './repositories/metric-points.ts';
import type { Snapshot, SnapshotRangeQuery } from './repositories/snapshots.ts';
import { payloadCells } from './snapshot-columns.ts';
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
    yield* snapshotsCsv(store, query);
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

/** The columns every snapshot row starts with, before its payload's fields. */
const SNAPSHOT_COLUMNS = ['Snapshot time (UTC)', 'Fetched at (UTC)', 'View', 'Ticker', 'Parameters'];

/**
 * Snapshots as a spreadsheet: one column per scalar field of the payloads (readable headers,
 * rounded numbers), not JSON in cells; the JSON export keeps the raw payloads. The store is read
 * twice, page by page: once for the columns (the union over all rows, in first-seen order), once
 * for the rows, so memory stays bounded by one snapshot.
 */
function* snapshotsCsv(store: Store<unknown>, query: SnapshotExportQuery): Generator<string> {
  const columns = new Map<string, string>();
  for (const s of snapshotsOf(store, query))
    for (const cell of payloadCells(s.data)) if (!columns.has(cell.path)) columns.set(cell.path, cell.header);
  yield csvLine([...SNAPSHOT_COLUMNS, ...uniqueHeaders(columns)]);
  const paths = [...columns.keys()];
  for (const s of snapshotsOf(store, query)) {
    const values = new Map(payloadCells(s.data).map((c) => [c.path, c.value]));
    yield csvLine([
      iso(s.asof),
      iso(s.fetchedAt),
      humanizeKey(s.endpoint.replaceAll('-', '_')),
      s.ticker,
      s.paramsKey,
      ...paths.map((p) => values.get(p) ?? null),
    ]);
  }
}

/** Headers as given, with the API path added where two fields would read the same. */
function uniqueHeaders(columns: ReadonlyMap<string, string>): string[] {
  const count = new Map<string, number>();
  for (const header of columns.values()) count.set(header, (count.get(header) ?? 0) + 1);
  return [...columns].map(([path, header]) =>
    (count.get(header) ?? 0) > 1 ? `${header} [${path}]` : header,
  );
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
    yield csvLine([label, ...table.metrics.map((m) => rounded(m, table.columns[m]?.[i] ?? null))]);
  }
}

/** A metric's value at the precision it is read with (atm_iv 0.1304, not 0.13040000000000002). */
function rounded<T>(metric: string, value: T): T | number {
  return typeof value === 'number' && Number.isFinite(value) ? roundForExport(metric, value) : value;
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
