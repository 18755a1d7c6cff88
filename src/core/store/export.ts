// Exports for people and other tools: snapshots as JSON (raw payloads) or CSV (one column per
// field, for a ticker, an endpoint, a time range) and metric series as CSV with a
// `date,<metric>,...` header (IVs in percent, their column `atm_iv_pct`: the unit every screen
// shows), numbers rounded to the precision each metric is read with. Exports are produced as a
// sequence of text chunks, read from the store page by page, so a large export neither holds the
// whole result in memory nor keeps the database busy; writeExportFile() writes them to a file
// that appears only once complete, paceExport() gives the event loop a turn between slices, and
// settleExport() keeps a small export as text but streams a large one to a file.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { exportColumnName, humanizeKey, roundForExport } from '../../shared/snapshot-fields.ts';
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

/** How far an export has gone: snapshots read for the CSV's columns, and snapshots written. */
export interface ExportCounter {
  scanned: number;
  written: number;
}

/**
 * Snapshots in time order, oldest first, as JSON or CSV text chunks. An empty chunk is yielded
 * after each snapshot the CSV's column pass reads, so a consumer pacing itself by chunks (see
 * paceExport) gets its turns during that pass too.
 */
export function* exportSnapshots(
  store: Store<unknown>,
  query: SnapshotExportQuery,
  format: ExportFormat,
  counter: ExportCounter = { scanned: 0, written: 0 },
): Generator<string> {
  const f = parseInput(formatSchema, format, 'export format');
  if (f === 'csv') {
    yield* snapshotsCsv(store, query, counter);
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
    counter.written++;
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
function* snapshotsCsv(
  store: Store<unknown>,
  query: SnapshotExportQuery,
  counter: ExportCounter,
): Generator<string> {
  const columns = new Map<string, string>();
  for (const s of snapshotsOf(store, query)) {
    for (const cell of payloadCells(s.data)) if (!columns.has(cell.path)) columns.set(cell.path, cell.header);
    counter.scanned++;
    yield '';
  }
  yield csvLine([...SNAPSHOT_COLUMNS, ...uniqueHeaders(columns)]);
  const paths = [...columns.keys()];
  for (const s of snapshotsOf(store, query)) {
    const values = new Map(payloadCells(s.data).map((c) => [c.path, c.value]));
    counter.written++;
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
  yield csvLine(['date', ...table.metrics.map(exportColumnName)]);
  for (let i = 0; i < table.ts.length; i++) {
    const label = table.resolution === 'daily' ? table.dates[i] : iso(table.ts[i] as number);
    yield csvLine([label, ...table.metrics.map((m) => rounded(m, table.columns[m]?.[i] ?? null))]);
  }
}

/** A metric's value in its screen unit and precision (atm_iv 0.13040000000000002 → 13.04, in `atm_iv_pct`). */
function rounded<T>(metric: string, value: T): T | number {
  return typeof value === 'number' && Number.isFinite(value) ? roundForExport(metric, value) : value;
}

/** Concatenates chunks into one string (small exports, tests). */
export function exportToString(chunks: Iterable<string>): string {
  let out = '';
  for (const chunk of chunks) out += chunk;
  return out;
}

/** The longest stretch an export runs before letting other work (bridge calls, polls) have the event loop. */
const EXPORT_SLICE_MS = 15;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The chunks, with a turn of the event loop whenever producing them has taken `sliceMs`: the
 * store is read synchronously, and a 100,000-snapshot export must not stall the app for minutes.
 * `onChunk` sees the bytes so far after each chunk (for progress reports).
 */
export async function* paceExport(
  chunks: Iterable<string>,
  options: { sliceMs?: number; onChunk?: (bytes: number) => void } = {},
): AsyncGenerator<string> {
  const sliceMs = options.sliceMs ?? EXPORT_SLICE_MS;
  let bytes = 0;
  let sliceStart = performance.now();
  for (const chunk of chunks) {
    if (chunk.length > 0) {
      bytes += Buffer.byteLength(chunk);
      yield chunk;
    }
    options.onChunk?.(bytes);
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

export type SettledExport = { content: string } | { path: string; bytes: number };

/**
 * A small export comes back as text (the renderer saves it as a download); once it passes
 * `maxInlineBytes` it is written to `destination` instead, chunk by chunk, so memory stays
 * bounded by the inline limit whatever the export's size, and the caller gets the file's path.
 */
export async function settleExport(
  chunks: AsyncIterable<string>,
  destination: string,
  maxInlineBytes: number,
): Promise<SettledExport> {
  const iterator = chunks[Symbol.asyncIterator]();
  const held: string[] = [];
  let bytes = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { content: held.join('') };
    held.push(next.value);
    bytes += Buffer.byteLength(next.value);
    if (bytes > maxInlineBytes) break;
  }
  async function* rest(): AsyncGenerator<string> {
    yield* held.splice(0);
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  try {
    fs.mkdirSync(path.dirname(destination), { recursive: true });
  } catch (error) {
    await iterator.return?.();
    throw toStoreError(error, `creating ${path.dirname(destination)}`);
  }
  return writeExportFile(destination, rest());
}

/**
 * Writes chunks to `destination` through a scratch file renamed into place, so the file is
 * either the complete export or absent.
 */
export async function writeExportFile(
  destination: string,
  chunks: Iterable<string> | AsyncIterable<string>,
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
      for await (const chunk of chunks) {
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
