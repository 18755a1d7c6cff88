// `gammawatch service --chains DIR --cboe-tickers TSLA --cboe-base-url ORIGIN`: the collector fetches
// from the stand-in of Cboe's CDN over real HTTP, keeps the chain in the folder, the live folder
// serves it, and the service's GEX and flip for TSLA equal what `analyze` computes on the same chain
// read from its CSV (the Cboe fixture the stand-in serves as Cboe's JSON).
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runService } from '../../../src/host/commands/service.ts';
import { gexByStrike } from '../../../src/service/engine/curves.ts';
import { carryPricing } from '../../../src/service/engine/carry.ts';
import { EMPTY_HISTORY } from '../../../src/service/engine/interpret/history-metrics.ts';
import { buildTickerMetrics } from '../../../src/service/engine/snapshot.ts';
import { importChainFile, type ChainImport } from '../../../src/service/market/import/index.ts';
import { CboeStandIn, cboeBodyFromChain } from '../../support/cboe-stand-in.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
const KEY = 'cboe-service-key-0123456789abc';

let fixture: ChainImport;
let standIn: CboeStandIn;
let dir: string;
let out: string[];

beforeEach(async () => {
  fixture = await importChainFile(FIXTURE);
  standIn = await CboeStandIn.start();
  standIn.setBody('TSLA', cboeBodyFromChain(fixture.chain));
  dir = await mkdtemp(join(tmpdir(), 'gw-cboe-service-'));
  out = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

async function getJson(url: string): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

describe('the service fetching Cboe delayed quotes', () => {
  it('serves TSLA with the GEX and flip that analyze gives on the same chain as a CSV file', async () => {
    const signals = new EventEmitter();
    const running = runService(
      [
        '--chains',
        dir,
        '--port',
        '0',
        '--api-key',
        KEY,
        '--quiet',
        '--warm-series',
        'off',
        '--cboe-tickers',
        'tsla',
        '--cboe-base-url',
        standIn.origin,
      ],
      signals,
    );
    await vi.waitFor(() => expect(out.join('')).toContain('Stop with Ctrl-C'), {
      timeout: 30_000,
      interval: 20,
    });
    const base = /service at (http:\/\/\S+)/.exec(out.join(''))?.[1] as string;
    expect(out.join('')).toContain("Fetching TSLA from Cboe's delayed quotes (15 min delayed, personal use)");
    let curve = await getJson(`${base}/tickers/TSLA/curves/gex_by_strike?exp=combined`);
    await vi.waitFor(
      async () => {
        curve = await getJson(`${base}/tickers/TSLA/curves/gex_by_strike?exp=combined`);
        expect(curve.status).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
    const pricing = carryPricing(fixture.chain.ticker);
    expect(curve.body.data).toEqual(
      JSON.parse(JSON.stringify(gexByStrike(fixture.chain, { exp: 'combined', pricing }))),
    );
    const metrics = buildTickerMetrics({
      chain: fixture.chain,
      history: EMPTY_HISTORY,
      earnings: null,
      simulated: false,
      pricing,
    });
    const signalsReply = await getJson(`${base}/tickers/TSLA/signals`);
    expect(metrics.gex_flip).not.toBeNull();
    expect(signalsReply.body.data?.['gex_flip']).toBe(metrics.gex_flip);
    expect(standIn.requests[0]?.userAgent).toMatch(/^Gammawatch\/\d+\.\d+\.\d+ \(\+personal use\)$/);

    signals.emit('SIGTERM');
    await expect(running).resolves.toBe(0);
  });

  it.each([
    [['--cboe-tickers', 'SPY'], 'Cboe needs --chains DIR'],
    [['--cboe-base-url', 'http://127.0.0.1:1'], '--cboe-base-url goes with --cboe-tickers'],
    [['--cboe-tickers', ' , '], 'name at least one ticker'],
    [['--cboe-tickers', 'SPY,B@D'], "--cboe-tickers: 'B@D' is not a ticker"],
    [
      ['--cboe-tickers', 'SPY', '--tradier-token', 'gwtest-token-0123456789', '--tickers', 'QQQ'],
      'collect from one of them per folder',
    ],
  ])('%j is refused with a clear message', async (argv, message) => {
    const args = message.includes('--chains') ? argv : ['--chains', dir, ...argv];
    await expect(runService(args)).rejects.toThrow(message);
  });
});
