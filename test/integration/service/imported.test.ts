// The service over imported chain files (the real Cboe sample), exactly as over the simulator.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessResponseSchema,
  gammaExpirationsResponseSchema,
  gexByStrikeResponseSchema,
  marketStructureResponseSchema,
  tickerStateResponseSchema,
  topSetupsResponseSchema,
  tradeSetupResponseSchema,
  checkBucketSums,
} from '../../../src/shared/api/index.ts';
import { startService, type RunningService } from '../../../src/service/index.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import { call, TEST_KEY } from '../../support/service-factory.ts';
import { expectError, valid } from './schema-assert.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURES = resolve(repoRoot, '../shared/fixtures/cboe');
/** The sample's snapshot: August 20, 2023, 10:38 PM EDT. */
const SAMPLE_ASOF = Date.parse('2023-08-21T02:38:00Z');

describe('imported chain files', () => {
  let svc: RunningService;
  // A temp copy: the live folder writes its index beside the files (and root could write into ../shared).
  const dir = mkdtempSync(join(tmpdir(), 'gw-imported-'));
  beforeAll(async () => {
    copyFileSync(join(FIXTURES, 'tsla_quotedata.csv'), join(dir, 'tsla_quotedata.csv'));
    svc = await startService({
      port: 0,
      chainsDir: dir,
      apiKeys: [TEST_KEY],
      clock: manualClock(SAMPLE_ASOF + 3600_000),
      log: { level: 'silent' },
      warm: false,
    });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the imported ticker with the file snapshot as asof', async () => {
    const body = valid(tickerStateResponseSchema, (await call(svc.baseUrl, '/tickers/tsla')).json);
    expect(body.meta.ticker).toBe('TSLA');
    expect(Math.abs(Date.parse(body.meta.asof as string) - SAMPLE_ASOF)).toBeLessThan(60_000);
    expect(body.data.price).toBe(218.8);
    expect(body.data).toMatchObject({ simulated: false, iv_rank: null });
  });

  it('computes every curve and interpretation from the file', async () => {
    const buckets = valid(
      gammaExpirationsResponseSchema,
      (await call(svc.baseUrl, '/tickers/TSLA/curves/gamma/expirations')).json,
    );
    expect(checkBucketSums(buckets.data.points, { relTol: 1e-9 })).toEqual([]);
    expect(buckets.data.points.some((p) => p.strike === 172.5)).toBe(true);
    valid(gexByStrikeResponseSchema, (await call(svc.baseUrl, '/tickers/TSLA/curves/gex_by_strike')).json);
    valid(marketStructureResponseSchema, (await call(svc.baseUrl, '/tickers/TSLA/market-structure')).json);
    valid(tradeSetupResponseSchema, (await call(svc.baseUrl, '/agent/trade-setup/TSLA')).json);
  });

  it('ranks the imported snapshot while it is inside the 36-hour window', async () => {
    const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
    expect(top.data.items.map((i) => i.ticker)).toEqual(['TSLA']);
  });

  // The fixed eight are the official client's demo set, which TSLA is not in: demo access to it is
  // refused as the client expects (401), the key still reads it.
  it('knows only the imported symbols, and keeps the fixed demo set of eight', async () => {
    expectError(await call(svc.baseUrl, '/tickers/SPY'), 404, 'unknown_ticker');
    const access = valid(accessResponseSchema, (await call(svc.baseUrl, '/access', { auth: 'none' })).json);
    expect(access.data.demo.symbols).toEqual(['AAPL', 'AMZN', 'GM', 'KO', 'MCD', 'META', 'VIX', 'XOM']);
    expectError(
      await call(svc.baseUrl, '/tickers/TSLA/signals', { auth: 'demo' }),
      401,
      'demo_symbol_not_allowed',
    );
    expect((await call(svc.baseUrl, '/tickers/TSLA/signals')).status).toBe(200);
  });

  it('refuses a folder that does not exist', async () => {
    await expect(
      startService({
        port: 0,
        chainsDir: resolve(repoRoot, 'no-such-folder'),
        apiKeys: [TEST_KEY],
        log: { level: 'silent' },
      }),
    ).rejects.toThrow(/cannot read the chain folder .*no-such-folder: folder not found/);
  });

  it('serves a folder without chain files as an empty market (files may arrive later)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-empty-'));
    writeFileSync(join(dir, 'notes.txt'), 'not a chain');
    const empty = await startService({
      port: 0,
      chainsDir: dir,
      chainsWatch: false,
      apiKeys: [TEST_KEY],
      log: { level: 'silent' },
      warm: false,
    });
    try {
      expect(empty.folder?.status()).toMatchObject({ files: 0, tickers: [], newestSnapshot: null });
      const top = valid(topSetupsResponseSchema, (await call(empty.baseUrl, '/top-setups')).json);
      expect(top.data.items).toEqual([]);
    } finally {
      await empty.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
