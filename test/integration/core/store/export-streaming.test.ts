// A large snapshot export must neither hold the whole export in memory nor stall the app: it is
// produced page by page with turns of the event loop between slices (other bridge calls are
// answered meanwhile), kept as text only while small, and otherwise streamed to a file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import {
  exportSnapshots,
  exportToString,
  paceExport,
  settleExport,
  type ExportCounter,
} from '../../../../src/core/store/export.ts';
import { snapshotInput, tempStore } from '../../../support/store-factory.ts';

const SNAPSHOTS = 600;
let ctx: ReturnType<typeof tempStore>;
let store: Store;

beforeAll(() => {
  ctx = tempStore();
  store = ctx.store;
  for (let i = 0; i < SNAPSHOTS; i += 200)
    store.snapshots.ingest(Array.from({ length: 200 }, (_, k) => snapshotInput(i + k)));
});
afterAll(() => ctx.cleanup());

describe.each(['csv', 'json'] as const)('a %s snapshot export', (format) => {
  const whole = () => exportToString(exportSnapshots(store, { ticker: 'AAPL' }, format));

  it('stays inline while under the limit', async () => {
    const settled = await settleExport(
      paceExport(exportSnapshots(store, { ticker: 'AAPL' }, format)),
      path.join(ctx.dir, 'exports', `small.${format}`),
      1024 * 1024 * 1024,
    );
    expect(settled).toEqual({ content: whole() });
    expect(fs.existsSync(path.join(ctx.dir, 'exports', `small.${format}`))).toBe(false);
  });

  it('past the limit is written to a file, the same bytes, and answers with its path and size', async () => {
    const target = path.join(ctx.dir, 'exports', `large.${format}`);
    const settled = await settleExport(
      paceExport(exportSnapshots(store, { ticker: 'AAPL' }, format)),
      target,
      64 * 1024,
    );
    expect(settled).toEqual({ path: target, bytes: fs.statSync(target).size });
    expect(fs.readFileSync(target, 'utf8')).toBe(whole());
    expect(fs.readdirSync(path.dirname(target)).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('gives the event loop a turn during the export (the CSV column pass included)', async () => {
    const counter: ExportCounter = { scanned: 0, written: 0 };
    let turns = 0;
    const seenMidway: number[] = [];
    const ticker = setInterval(() => {
      turns++;
      seenMidway.push(counter.scanned + counter.written);
    }, 0);
    try {
      await settleExport(
        paceExport(exportSnapshots(store, { ticker: 'AAPL' }, format, counter), { sliceMs: 1 }),
        path.join(ctx.dir, 'exports', `paced.${format}`),
        64 * 1024,
      );
    } finally {
      clearInterval(ticker);
    }
    expect(counter.written).toBe(SNAPSHOTS);
    if (format === 'csv') expect(counter.scanned).toBe(SNAPSHOTS);
    // Timers ran while snapshots were still being read, not only after the export.
    expect(turns).toBeGreaterThan(1);
    expect(seenMidway.some((n) => n > 0 && n < (format === 'csv' ? 2 : 1) * SNAPSHOTS)).toBe(true);
  });
});

it('progress is reported with the bytes produced so far', async () => {
  const seen: number[] = [];
  const content = exportToString(exportSnapshots(store, { ticker: 'AAPL' }, 'json'));
  for await (const chunk of paceExport(exportSnapshots(store, { ticker: 'AAPL' }, 'json'), {
    onChunk: (bytes) => seen.push(bytes),
  }))
    void chunk;
  expect(seen.at(-1)).toBe(Buffer.byteLength(content));
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
});
