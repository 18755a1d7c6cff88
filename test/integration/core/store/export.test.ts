import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import {
  SNAPSHOT_EXPORT_FORMAT,
  exportSeriesCsv,
  exportSnapshots,
  exportToString,
  writeExportFile,
} from '../../../../src/core/store/export.ts';
import { snapshotInput, tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
const base = Date.UTC(2025, 0, 2, 15);
beforeEach(() => {
  ctx = tempStore();
  store = ctx.store;
  store.snapshots.ingest([
    snapshotInput(0, { data: { note: 'plain' } }),
    snapshotInput(1, { data: { note: 'has "quotes", commas\nand a newline' } }),
    snapshotInput(2, { ticker: 'MSFT', data: { note: 'other ticker' } }),
    {
      endpoint: 'top-setups',
      params: { limit: 20 },
      asof: base + 3 * 60_000,
      data: { items: [] },
      meta: { count: 0 },
    },
  ]);
});
afterEach(() => ctx.cleanup());

/** RFC 4180 reader for a whole document (quoted fields may hold CR/LF). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  return rows;
}

describe('snapshot export', () => {
  it('JSON: a document with the query and each snapshot, oldest first', () => {
    const doc = JSON.parse(exportToString(exportSnapshots(store, { ticker: 'AAPL' }, 'json'))) as {
      format: string;
      query: unknown;
      snapshots: { ticker: string; asof: string; data: { note: string }; content_hash: string }[];
    };
    expect(doc.format).toBe(SNAPSHOT_EXPORT_FORMAT);
    expect(doc.query).toEqual({ ticker: 'AAPL' });
    expect(doc.snapshots.map((s) => s.data.note)).toEqual(['plain', 'has "quotes", commas\nand a newline']);
    expect(doc.snapshots[0]?.asof).toBe('2025-01-02T15:00:00.000Z');
    expect(doc.snapshots[0]?.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('JSON with nothing to export is still a valid document', () => {
    const doc = JSON.parse(exportToString(exportSnapshots(store, { ticker: 'TSLA' }, 'json'))) as {
      snapshots: unknown[];
    };
    expect(doc.snapshots).toEqual([]);
  });

  it('CSV: a header, one row per snapshot, JSON cells quoted so they read back', () => {
    const rows = readCsv(exportToString(exportSnapshots(store, { endpoint: 'market-structure' }, 'csv')));
    expect(rows[0]).toEqual([
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
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['AAPL', 'AAPL', 'MSFT']);
    expect(JSON.parse(rows[2]?.[8] as string)).toEqual({ note: 'has "quotes", commas\nand a newline' });
  });

  it('CSV of a cross-ticker snapshot leaves the ticker empty and keeps the params', () => {
    const rows = readCsv(exportToString(exportSnapshots(store, { endpoint: 'top-setups' }, 'csv')));
    expect(rows[1]?.slice(1, 4)).toEqual(['top-setups', '', 'limit=20']);
    expect(JSON.parse(rows[1]?.[7] as string)).toEqual({ count: 0 });
  });

  it('a time range narrows the export', () => {
    const rows = readCsv(
      exportToString(exportSnapshots(store, { from: base + 60_000, to: base + 2 * 60_000 }, 'csv')),
    );
    expect(rows.slice(1).map((r) => r[4])).toEqual(['2025-01-02T15:01:00.000Z', '2025-01-02T15:02:00.000Z']);
  });

  it('refuses an unknown format', () => {
    expect(() => exportToString(exportSnapshots(store, {}, 'xml' as never))).toThrow(StoreError);
  });
});

describe('series export', () => {
  it('CSV with a date,<metric> header, a row per New York date, empty cells for gaps', () => {
    store.metrics.put([
      { ticker: 'AAPL', metric: 'price', ts: nyToEpoch('2025-03-03', 600), value: 241.5 },
      { ticker: 'AAPL', metric: 'iv_rank', ts: nyToEpoch('2025-03-04', 600), value: 37 },
      { ticker: 'AAPL', metric: 'call_regime', ts: nyToEpoch('2025-03-04', 600), value: 'balanced, mostly' },
    ]);
    const text = exportToString(exportSeriesCsv(store, 'AAPL', ['price', 'iv_rank', 'call_regime']));
    expect(text).toBe(
      'date,price,iv_rank,call_regime\r\n2025-03-03,241.5,,\r\n2025-03-04,,37,"balanced, mostly"\r\n',
    );
  });

  it('raw resolution labels rows with timestamps', () => {
    store.metrics.put([{ ticker: 'AAPL', metric: 'price', ts: Date.UTC(2025, 2, 3, 15), value: 1 }]);
    expect(exportToString(exportSeriesCsv(store, 'AAPL', ['price'], { resolution: 'raw' }))).toBe(
      'date,price\r\n2025-03-03T15:00:00.000Z,1\r\n',
    );
  });
});

describe('writing an export file', () => {
  it('writes the whole export, through a scratch file', async () => {
    const target = `${ctx.dir}/aapl.json`;
    const result = await writeExportFile(target, exportSnapshots(store, { ticker: 'AAPL' }, 'json'));
    expect(result.bytes).toBe(fs.statSync(target).size);
    expect(JSON.parse(fs.readFileSync(target, 'utf8'))).toMatchObject({ format: SNAPSHOT_EXPORT_FORMAT });
    expect(fs.readdirSync(ctx.dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('leaves nothing behind when the export fails half-way', async () => {
    const target = `${ctx.dir}/broken.csv`;
    function* failing(): Generator<string> {
      yield 'date,price\r\n';
      throw new StoreError('corrupt', 'the database file is damaged');
    }
    await expect(writeExportFile(target, failing())).rejects.toMatchObject({ kind: 'corrupt' });
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(ctx.dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('a missing folder fails with cannot_open', async () => {
    await expect(writeExportFile(`${ctx.dir}/no/such/x.csv`, ['a'])).rejects.toMatchObject({
      kind: 'cannot_open',
    });
  });
});
