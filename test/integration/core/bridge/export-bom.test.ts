// CSV exports Excel reads as UTF-8: with Settings → Exports → "UTF-8 BOM" on, every CSV export
// (snapshots answered inline or streamed to a file, series, backtests) begins with the bytes
// EF BB BF; with it off (the default), and for JSON whatever the setting, it does not. Real SQLite
// store, the real bridge handlers, and the bytes as they would be saved.
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backtestHandlers } from '../../../../src/core/bridge/handlers/backtest.ts';
import { exportHandlers } from '../../../../src/core/bridge/handlers/export.ts';
import { EventHub } from '../../../../src/core/events/event-hub.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { defaultSettings, type Settings } from '../../../../src/shared/bridge/settings.ts';
import { SAMPLE_BACKTEST_RESULT } from '../../../support/bridge-samples.ts';
import { marketStructurePayload, tempDir } from '../../../support/store-factory.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const NOW = Date.UTC(2026, 10, 29, 3, 40, 12);

let ctx: { store: Store<AlertRuleBody>; dir: string; cleanup: () => void };
beforeEach(() => {
  const tmp = tempDir();
  const store = openDatabase<AlertRuleBody>(tmp.file('gammawatch.db'));
  ctx = {
    store,
    dir: tmp.dir,
    cleanup: () => {
      store.close();
      tmp.cleanup();
    },
  };
  ctx.store.useSource('simulator:42:real');
  for (const i of [0, 1, 2])
    ctx.store.snapshots.ingest([
      {
        endpoint: 'market_structure',
        ticker: 'SPY',
        params: {},
        asof: Date.UTC(2025, 0, 2, 15, i),
        data: marketStructurePayload(i + 1, 'SPY'),
      },
    ]);
});
afterEach(() => ctx.cleanup());

function handlers(csvBom: boolean, inlineBytes?: number) {
  const settings: Settings = { ...defaultSettings, exports: { csvBom } };
  const app = {
    store: ctx.store,
    dataDir: ctx.dir,
    events: new EventHub(),
    marketNow: () => NOW,
    wallNow: () => NOW,
    settings: () => settings,
  };
  return {
    ...exportHandlers(app, inlineBytes === undefined ? {} : { inlineBytes }),
    ...backtestHandlers({ ...app, sourceWork: () => undefined as never, channels: () => undefined as never }),
  };
}

type Handlers = ReturnType<typeof handlers>;

/** The bytes the user gets: the answer's text as the renderer saves it (UTF-8), or the file written. */
async function bytesOf(out: Promise<{ content: string } | { path: string }>): Promise<Buffer> {
  const o = await out;
  return 'content' in o ? Buffer.from(o.content, 'utf8') : fs.readFileSync(o.path);
}

const exports: [string, 'csv' | 'json', (h: Handlers) => Promise<{ content: string } | { path: string }>][] =
  [
    ['snapshots CSV (inline)', 'csv', (h) => h['export:snapshots']({ format: 'csv', ticker: 'SPY' })],
    ['snapshots JSON (inline)', 'json', (h) => h['export:snapshots']({ format: 'json', ticker: 'SPY' })],
    [
      'series CSV',
      'csv',
      (h) =>
        h['export:series']({ ticker: 'SPY', metrics: ['price', 'atm_iv'], window: '30d', format: 'csv' }),
    ],
    [
      'series JSON',
      'json',
      (h) => h['export:series']({ ticker: 'SPY', metrics: ['price'], window: '30d', format: 'json' }),
    ],
    ['backtest CSV', 'csv', (h) => h['backtest:export']({ result: SAMPLE_BACKTEST_RESULT, format: 'csv' })],
    [
      'backtest JSON',
      'json',
      (h) => h['backtest:export']({ result: SAMPLE_BACKTEST_RESULT, format: 'json' }),
    ],
  ];

describe.each(exports)('%s', (_name, format, run) => {
  it.each([
    [true, format === 'csv'],
    [false, false],
  ])('with csvBom %s starts with EF BB BF: %s', async (csvBom, expected) => {
    const bytes = await bytesOf(run(handlers(csvBom)));
    expect(bytes.length).toBeGreaterThan(3);
    expect(bytes.subarray(0, 3).equals(BOM)).toBe(expected);
    // The BOM once, at the start only; the text after it is the export as without it.
    const without = await bytesOf(run(handlers(false)));
    expect(bytes.equals(expected ? Buffer.concat([BOM, without]) : without)).toBe(true);
  });
});

describe('a snapshot CSV streamed to a file', () => {
  it.each([
    [true, true],
    [false, false],
  ])('with csvBom %s starts with EF BB BF: %s', async (csvBom, expected) => {
    const out = await handlers(csvBom, 64)['export:snapshots']({ format: 'csv', ticker: 'SPY' });
    expect('path' in out).toBe(true);
    const bytes = await bytesOf(Promise.resolve(out as { path: string }));
    expect(bytes.subarray(0, 3).equals(BOM)).toBe(expected);
    expect(bytes.subarray(expected ? 3 : 0).toString('utf8')).toMatch(/^[^\uFEFF]+$/);
  });
});

it('is off by default', () => {
  expect(defaultSettings.exports.csvBom).toBe(false);
});
