// `gammawatch service --chains DIR --tradier-token T --tickers TSLA --sandbox`: the collector fetches
// from the Tradier stand-in over real HTTP, writes the chain into the folder, the live folder serves
// it, and the service's GEX and flip for TSLA equal what `analyze` computes on the same chain as a
// file (the Cboe fixture the stand-in serves).
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
import { TradierStandIn } from '../../support/tradier-stand-in.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
const KEY = 'tradier-service-key-0123456789';

let fixture: ChainImport;
let standIn: TradierStandIn;
let dir: string;
let out: string[];

beforeEach(async () => {
  fixture = await importChainFile(FIXTURE);
  standIn = await TradierStandIn.start();
  standIn.addChain(fixture.chain);
  dir = await mkdtemp(join(tmpdir(), 'gw-tradier-service-'));
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

function start(extra: string[], signals: EventEmitter): Promise<number> {
  return runService(
    ['--chains', dir, '--port', '0', '--api-key', KEY, '--quiet', '--warm-series', 'off', ...extra],
    signals,
  );
}

async function baseUrl(): Promise<string> {
  await vi.waitFor(() => expect(out.join('')).toContain('Stop with Ctrl-C'), {
    timeout: 30_000,
    interval: 20,
  });
  const match = /service at (http:\/\/\S+)/.exec(out.join(''));
  if (!match?.[1]) throw new Error(`no base URL in ${out.join('')}`);
  return match[1];
}

async function getJson(url: string): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

describe('the service collecting from Tradier', () => {
  it('serves TSLA with the GEX and flip that analyze gives on the same chain as a file', async () => {
    const signals = new EventEmitter();
    const running = start(
      [
        '--tradier-token',
        standIn.token,
        '--sandbox',
        '--tickers',
        'tsla',
        '--tradier-base-url',
        standIn.origin,
      ],
      signals,
    );
    const base = await baseUrl();
    expect(out.join('')).toContain('Collecting TSLA from Tradier sandbox (15 min delayed)');
    // The collector writes the file, the folder's watcher serves it: wait for the ticker to appear.
    let curve = await getJson(`${base}/tickers/TSLA/curves/gex_by_strike?exp=combined`);
    await vi.waitFor(
      async () => {
        curve = await getJson(`${base}/tickers/TSLA/curves/gex_by_strike?exp=combined`);
        expect(curve.status).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
    const expected = gexByStrike(fixture.chain, {
      exp: 'combined',
      pricing: carryPricing(fixture.chain.ticker),
    });
    expect(curve.body.data).toEqual(JSON.parse(JSON.stringify(expected)));

    const signalsReply = await getJson(`${base}/tickers/TSLA/signals`);
    expect(signalsReply.status).toBe(200);
    const metrics = buildTickerMetrics({
      chain: fixture.chain,
      history: EMPTY_HISTORY,
      earnings: null,
      simulated: false,
      pricing: carryPricing(fixture.chain.ticker),
    });
    expect(metrics.gex_flip).not.toBeNull();
    expect(signalsReply.body.data?.['gex_flip']).toBe(metrics.gex_flip);
    expect(signalsReply.body.data?.['price']).toBe(fixture.chain.spot);
    expect(out.join('')).not.toContain(standIn.token);

    signals.emit('SIGTERM');
    await expect(running).resolves.toBe(0);
  });

  it.each([
    [['--tradier-token', 'T', '--tickers', 'SPY'], '--chains DIR'],
    [['--tickers', 'SPY'], 'give --tradier-token T'],
    [['--sandbox'], 'give --tradier-token T'],
    [['--tradier-token', 'T'], '--tickers A,B is required'],
    [['--tradier-token', 'T', '--tickers', 'SPY,B@D'], "'B@D' is not a ticker"],
  ])('%j is refused with a clear message', async (argv, message) => {
    const args =
      argv.includes('--tickers') && argv.includes('--tradier-token') && !message.includes('--chains')
        ? ['--chains', dir, ...argv]
        : argv;
    await expect(runService(args)).rejects.toThrow(message);
  });
});
