// The service over a live chain folder, through real HTTP: the real TSLA chain plus a daily price
// file light up every history figure; the data's own clock ranks last week's files; files copied,
// half-written and replaced while the service runs; a bad history file; /access names the clock.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessResponseSchema,
  incomeResponseSchema,
  marketStructureResponseSchema,
  screenerResponseSchema,
  tickerStateResponseSchema,
  topSetupsResponseSchema,
  tradeSetupResponseSchema,
} from '../../../src/shared/api/index.ts';
import { startService, type RunningService } from '../../../src/service/index.ts';
import { call, TEST_KEY } from '../../support/service-factory.ts';
import {
  chainText,
  SAMPLE_ASOF,
  SAMPLE_PATH,
  SAMPLE_SPOT,
  tempDir,
  tradingDaysBefore,
  waitForFolder,
  walkCloses,
  yahooCsv,
  type TempDir,
} from '../../unit/service/market/folder/folder-fixtures.ts';
import { valid } from './schema-assert.ts';

const SESSIONS = 120;
const dates = tradingDaysBefore('2023-08-20', SESSIONS);
const closes = walkCloses(SESSIONS, 215.49);

/**
 * The engine's definition (scores.ts VOL_WINDOW, series-math.ts annualizedVolPct): the sample
 * standard deviation of the last 20 daily log returns, over the last 21 closes, today's spot being
 * the last, × √252, in percent. Computed here independently of the engine's helpers. The sample is
 * a Sunday snapshot: it shows Friday's session (sessionDateOf), so its spot is Friday's close and
 * the file's Friday close (the last of `closes`) is not counted a second time.
 */
function expectedRealizedVol20d(): number {
  const prices = [...closes.slice(-21, -1), SAMPLE_SPOT];
  const returns = prices.slice(1).map((p, i) => Math.log(p / (prices[i] as number)));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.round(Math.sqrt(variance) * Math.sqrt(252) * 100 * 100) / 100;
}

async function serve(dir: string, extra: Parameters<typeof startService>[0] = {}): Promise<RunningService> {
  return startService({
    port: 0,
    chainsDir: dir,
    chainsWatch: { stabilityMs: 200, pollMs: 25 },
    apiKeys: [TEST_KEY],
    log: { level: 'silent' },
    warm: false,
    ...extra,
  });
}

describe('a chain folder with the real TSLA chain and its daily history', () => {
  let tmp: TempDir;
  let svc: RunningService;
  beforeAll(async () => {
    tmp = tempDir('gw-live-');
    copyFileSync(SAMPLE_PATH, tmp.path('tsla_quotedata.csv'));
    mkdirSync(tmp.path('history'));
    writeFileSync(tmp.path('history', 'TSLA.csv'), yahooCsv(dates, closes));
    svc = await serve(tmp.dir);
  });
  afterAll(async () => {
    await svc.close();
    tmp.remove();
  });

  it('fills trend, momentum, extension and realized volatility from the history file', async () => {
    const body = valid(tradeSetupResponseSchema, (await call(svc.baseUrl, '/agent/trade-setup/TSLA')).json);
    expect(body.data.trend_state).not.toBeNull();
    expect(body.data.momentum_state).not.toBeNull();
    expect(body.data.extension_state).not.toBeNull();
    expect(body.data.realized_vol_state).not.toBeNull();
    expect(body.data.realized_vol_20d).toBe(expectedRealizedVol20d());
  });

  it('says why IV rank is missing, and how many sessions of ATM IV there are', async () => {
    const body = valid(
      marketStructureResponseSchema,
      (await call(svc.baseUrl, '/tickers/TSLA/market-structure')).json,
    );
    expect(body.data.confidence.notes).toContain('IV rank needs 20 sessions of ATM IV; 1 stored');
    const state = valid(tickerStateResponseSchema, (await call(svc.baseUrl, '/tickers/TSLA')).json);
    expect(state.data.iv_rank).toBeNull();
  });

  it('ranks TSLA on the data clock although its file is years old', async () => {
    const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
    expect(top.data.items.map((i) => i.ticker)).toEqual(['TSLA']);
    expect(Date.parse(top.meta.asof as string)).toBe(SAMPLE_ASOF);
    // The sample lists a single 5-day expiration, too short for an income trade: no items, but the
    // ranking is over TSLA's snapshot (asof), where the wall clock would leave it out (asof null).
    const income = valid(incomeResponseSchema, (await call(svc.baseUrl, '/income-setups')).json);
    expect(Date.parse(income.meta.asof as string)).toBe(SAMPLE_ASOF);
  });

  it('says in /access which source and clock are in force', async () => {
    const access = valid(accessResponseSchema, (await call(svc.baseUrl, '/access', { auth: 'none' })).json);
    expect(access.data.source).toEqual({
      kind: 'chain_folder',
      simulated: false,
      clock: 'data',
      now: new Date(SAMPLE_ASOF).toISOString(),
    });
  });

  it('serves a chain copied in while it runs, in the rankings too (within 30 s)', async () => {
    const folder = svc.folder;
    if (!folder) throw new Error('no folder');
    writeFileSync(
      tmp.path('abcd_quotedata.csv'),
      chainText({ ticker: 'ABCD', when: 'August 21, 2023 at 4:15 PM EDT' }),
    );
    await waitForFolder(
      folder,
      () => folder.universe().some((t) => t.ticker === 'ABCD'),
      'ABCD to be served',
    );
    const state = valid(tickerStateResponseSchema, (await call(svc.baseUrl, '/tickers/ABCD')).json);
    expect(state.meta.ticker).toBe('ABCD');
    const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
    expect(top.data.items.map((i) => i.ticker).sort()).toEqual(['ABCD', 'TSLA']);
    const screener = valid(
      screenerResponseSchema,
      (await call(svc.baseUrl, '/top-setups/screener/momentum_breakout')).json,
    );
    expect(Date.parse(screener.meta.asof as string)).toBe(Date.parse('2023-08-21T20:15:00Z'));
  });

  it('skips a file truncated mid-copy, then serves it once complete', async () => {
    const folder = svc.folder;
    if (!folder) throw new Error('no folder');
    const text = chainText({ ticker: 'EFGH', when: 'August 21, 2023 at 4:20 PM EDT' });
    writeFileSync(tmp.path('efgh_quotedata.csv'), text.slice(0, 3000));
    await waitForFolder(
      folder,
      () => folder.problems.some((p) => p.file === 'efgh_quotedata.csv'),
      'the problem',
    );
    expect((await call(svc.baseUrl, '/tickers/EFGH')).status).toBe(404);
    writeFileSync(tmp.path('efgh_quotedata.csv'), text);
    await waitForFolder(
      folder,
      () => folder.universe().some((t) => t.ticker === 'EFGH'),
      'EFGH to be served',
    );
    expect((await call(svc.baseUrl, '/tickers/EFGH')).status).toBe(200);
    expect(folder.problems).toEqual([]);
  });

  it('serves a replaced file under the same snapshot time: new figures, new ETag', async () => {
    const folder = svc.folder;
    if (!folder) throw new Error('no folder');
    const first = await call(svc.baseUrl, '/tickers/ABCD');
    const etag = first.headers.get('etag') as string;
    expect((await call(svc.baseUrl, '/tickers/ABCD', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const before = folder.revision('ABCD');
    writeFileSync(
      tmp.path('abcd_quotedata.csv'),
      chainText({ ticker: 'ABCD', when: 'August 21, 2023 at 4:15 PM EDT', spot: 225.5 }),
    );
    await waitForFolder(folder, () => folder.revision('ABCD') !== before, 'the replaced file');
    const again = await call(svc.baseUrl, '/tickers/ABCD', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(200);
    expect(valid(tickerStateResponseSchema, again.json).data.price).toBe(225.5);
  });
});

describe('a bad history file', () => {
  it('is a clear problem, and the chain still serves', async () => {
    const tmp = tempDir('gw-badhist-');
    copyFileSync(SAMPLE_PATH, tmp.path('tsla_quotedata.csv'));
    mkdirSync(tmp.path('history'));
    writeFileSync(tmp.path('history', 'TSLA.csv'), 'Datum,Schluss\n2023-08-18,215.49\n');
    const svc = await serve(tmp.dir);
    try {
      expect(svc.folder?.status().problems).toEqual([
        {
          file: 'history/TSLA.csv',
          message:
            "the header has no date column (Date) and no close column (Close): found 'Datum', 'Schluss'; " +
            'expected e.g. Date,Open,High,Low,Close,Adj Close,Volume or date,close; TSLA history comes from its snapshots only',
        },
      ]);
      const state = valid(tickerStateResponseSchema, (await call(svc.baseUrl, '/tickers/TSLA')).json);
      expect(state.data.price).toBe(SAMPLE_SPOT);
    } finally {
      await svc.close();
      tmp.remove();
    }
  });
});

describe('the data clock against the real clock', () => {
  it.each([
    ['data', 1],
    ['real', 0],
  ] as const)('with the %s clock, last week’s files rank %i tickers', async (clock, count) => {
    const tmp = tempDir('gw-clock-');
    copyFileSync(SAMPLE_PATH, tmp.path('tsla_quotedata.csv'));
    const svc = await serve(tmp.dir, { clock, chainsWatch: false });
    try {
      const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
      expect(top.data.items).toHaveLength(count);
      const income = valid(incomeResponseSchema, (await call(svc.baseUrl, '/income-setups')).json);
      expect(income.meta.asof === null ? 0 : 1).toBe(count);
      const access = valid(accessResponseSchema, (await call(svc.baseUrl, '/access', { auth: 'none' })).json);
      expect(access.data.source).toMatchObject({ clock });
      expect(svc.folder?.status().clock).toBe(clock);
    } finally {
      await svc.close();
      tmp.remove();
    }
  });

  it('refuses the data clock without a chain folder', async () => {
    await expect(startService({ port: 0, clock: 'data', log: { level: 'silent' } })).rejects.toThrow(
      "clock 'data' needs a chain folder",
    );
  });
});
