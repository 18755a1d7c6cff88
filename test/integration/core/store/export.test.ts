import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
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

/** The CSV read back by a real parser (RFC 4180, quoted CR/LF), as a spreadsheet would. */
function readCsv(text: string): string[][] {
  return parse(text) as string[][];
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

  it('CSV: readable headers, one column per field, no JSON in any cell', () => {
    const rows = readCsv(exportToString(exportSnapshots(store, { endpoint: 'market-structure' }, 'csv')));
    const [header, ...body] = rows as [string[], ...string[][]];
    expect(header).toEqual([
      'Snapshot time (UTC)',
      'Fetched at (UTC)',
      'View',
      'Ticker',
      'Parameters',
      'Note',
    ]);
    expect(body).toHaveLength(3);
    expect(body.map((r) => r[3])).toEqual(['AAPL', 'AAPL', 'MSFT']);
    expect(body.map((r) => r[2])).toEqual(['Market structure', 'Market structure', 'Market structure']);
    // A text with quotes, commas and a newline survives the round trip.
    expect(body[1]?.[5]).toBe('has "quotes", commas\nand a newline');
    for (const row of body) for (const cell of row) expect(cell).not.toMatch(/^[[{]/);
  });

  it.each<[string, unknown, string, string]>([
    [
      'a level, keyed by kind',
      { levels: [{ label: 'Call wall', kind: 'call_wall', price: 610.004 }] },
      'Levels: Call wall price ($)',
      '610',
    ],
    ['an IV, in percent', { atm_iv: 0.13040000000000002 }, 'ATM IV (30d) (%)', '13.04'],
    ['IV rank, whole', { iv_rank: 82.96 }, 'IV rank', '83'],
    [
      'a nested percent',
      { drivers: { flip_context: { distance_pct: -1.78912 } } },
      'Drivers: Distance to flip (%)',
      '-1.79',
    ],
    ['tags in one cell', { tags: ['near_flip', 'pin_risk'] }, 'Tags', 'near_flip; pin_risk'],
  ])('CSV of %s', (_name, data, header, value) => {
    store.snapshots.ingest([snapshotInput(9, { ticker: 'TSLA', data: data as never })]);
    const [head, row] = readCsv(exportToString(exportSnapshots(store, { ticker: 'TSLA' }, 'csv'))) as [
      string[],
      string[],
    ];
    expect(row[head.indexOf(header)]).toBe(value);
  });

  it('CSV columns are the union over all rows; a field a row lacks is an empty cell', () => {
    store.snapshots.ingest([
      snapshotInput(10, { ticker: 'AMD', data: { price: 150 } }),
      snapshotInput(11, { ticker: 'AMD', data: { price: 151.5, iv_rank: 40 } }),
    ]);
    const rows = readCsv(exportToString(exportSnapshots(store, { ticker: 'AMD' }, 'csv')));
    expect(rows[0]?.slice(5)).toEqual(['Price ($)', 'IV rank']);
    expect(rows.slice(1).map((r) => r.slice(5))).toEqual([
      ['150', ''],
      ['151.5', '40'],
    ]);
  });

  it('CSV of a cross-ticker snapshot leaves the ticker empty and keeps the params', () => {
    const rows = readCsv(exportToString(exportSnapshots(store, { endpoint: 'top-setups' }, 'csv')));
    expect(rows[1]?.slice(2, 5)).toEqual(['Top setups', '', 'limit=20']);
  });

  it('a time range narrows the export', () => {
    const rows = readCsv(
      exportToString(exportSnapshots(store, { from: base + 60_000, to: base + 2 * 60_000 }, 'csv')),
    );
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2025-01-02T15:01:00.000Z', '2025-01-02T15:02:00.000Z']);
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

  // IVs are written in percent, as every screen shows them, and their column says so.
  it.each<[string, number, string, string]>([
    ['atm_iv', 0.13040000000000002, 'atm_iv_pct', '13.04'],
    ['atm_iv', 0.1001, 'atm_iv_pct', '10.01'],
    ['price', 241.50000000000003, 'price', '241.5'],
    ['iv_rank', 37.4, 'iv_rank', '37'],
    ['opportunity_score', 6.449, 'opportunity_score', '6.4'],
    ['dist_to_gex_flip_pct', -1.78912, 'dist_to_gex_flip_pct', '-1.79'],
    ['dist_to_gex_flip_pct', 0.725, 'dist_to_gex_flip_pct', '0.73'],
  ])('CSV writes %s (%d) as %s = %s', (metric, value, column, want) => {
    store.metrics.put([{ ticker: 'AAPL', metric, ts: nyToEpoch('2025-03-03', 600), value }]);
    const rows = readCsv(exportToString(exportSeriesCsv(store, 'AAPL', [metric])));
    expect(rows).toEqual([
      ['date', column],
      ['2025-03-03', want],
    ]);
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
