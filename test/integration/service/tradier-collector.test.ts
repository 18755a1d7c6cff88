// The Tradier collector against the local stand-in of Tradier's API, over real HTTP, writing real
// files into a temp chain folder. The stand-in serves the Cboe TSLA fixture in Tradier's shapes,
// so the snapshot the collector writes must analyse exactly like the fixture file itself.
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importChainFile, type ChainImport } from '../../../src/service/market/import/index.ts';
import {
  createTradierCollector,
  type TradierCollectorOptions,
} from '../../../src/service/market/tradier/index.ts';
import { expectSameGex, metricsOf } from '../../support/same-gex.ts';
import { TradierStandIn } from '../../support/tradier-stand-in.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
/** The fixture's snapshot: Sunday, August 20, 2023, 10:38 PM EDT. */
const SAMPLE_ASOF = Date.parse('2023-08-21T02:38:00Z');
const FETCHED_AT = SAMPLE_ASOF + 60_000;

let fixture: ChainImport;
let standIn: TradierStandIn;
let dir: string;
let lines: string[];

beforeAll(async () => {
  fixture = await importChainFile(FIXTURE);
});

beforeEach(async () => {
  standIn = await TradierStandIn.start();
  standIn.addChain(fixture.chain);
  dir = await mkdtemp(join(tmpdir(), 'gw-tradier-'));
  lines = [];
});

afterEach(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

function collector(extra: Partial<TradierCollectorOptions> = {}) {
  return createTradierCollector({
    token: standIn.token,
    environment: 'sandbox',
    baseUrl: standIn.origin,
    tickers: ['TSLA'],
    chainsDir: dir,
    now: () => FETCHED_AT,
    log: (line) => lines.push(line),
    random: () => 0,
    ...extra,
  });
}

async function chainFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
}

describe('the collector over the Tradier stand-in', () => {
  it('writes a snapshot that analyses exactly like the fixture file (same GEX and flip)', async () => {
    const result = await collector().refresh();
    expect(result.ok).toBe(true);
    const [outcome] = result.tickers;
    expect(outcome?.error).toBeNull();
    expect(outcome?.contracts).toBe(fixture.chain.size);
    expect(basename(outcome?.file ?? '')).toBe('TSLA_2023-08-21T02-38-00Z.tradier.json');
    expect(await chainFiles()).toEqual(['TSLA_2023-08-21T02-38-00Z.tradier.json']);

    const written = JSON.parse(await readFile(outcome?.file as string, 'utf8')) as Record<string, unknown>;
    expect(written.source).toBe('tradier');
    const imported = await importChainFile(outcome?.file as string);
    expect(imported.format).toBe('cboe_json');
    expect(imported.chain.ticker).toBe('TSLA');
    expect(imported.chain.asof).toBe(fixture.chain.asof);
    expect(imported.chain.spot).toBe(fixture.chain.spot);
    expect(imported.chain.size).toBe(fixture.chain.size);

    expect(metricsOf(fixture.chain).gex_flip).not.toBeNull();
    expectSameGex(imported.chain, fixture.chain);
  });

  it('asks each endpoint as documented: bearer token, JSON, greeks, all roots, one chain per expiration', async () => {
    await collector().refresh();
    const paths = standIn.requests.map((r) => r.path);
    expect(paths).toEqual([
      '/v1/markets/quotes',
      '/v1/markets/options/expirations',
      '/v1/markets/options/chains',
      '/v1/markets/history',
    ]);
    for (const r of standIn.requests) {
      expect(r.authorization).toBe(`Bearer ${standIn.token}`);
      expect(r.accept).toBe('application/json');
      expect(r.status).toBe(200);
    }
    expect(standIn.requests[1]?.query).toEqual({ symbol: 'TSLA', includeAllRoots: 'true' });
    expect(standIn.requests[2]?.query).toEqual({ symbol: 'TSLA', expiration: '2023-08-25', greeks: 'true' });
    expect(standIn.requests[3]?.query).toMatchObject({
      symbol: 'TSLA',
      interval: 'daily',
      end: '2023-08-20',
    });
  });

  it('writes history/<TICKER>.csv as date,close up to the last closed session, and only once', async () => {
    const c = collector();
    const first = await c.refresh();
    const file = join(dir, 'history', 'TSLA.csv');
    expect(first.tickers[0]?.historyFile).toBe(file);
    const rows = (await readFile(file, 'utf8')).trim().split('\n');
    expect(rows[0]).toBe('date,close');
    expect(rows.length).toBeGreaterThan(400);
    expect(rows.at(-1)).toMatch(/^2023-08-18,\d+(\.\d+)?$/); // Friday: the last session before Sunday
    const dates = rows.slice(1).map((r) => r.split(',')[0] as string);
    expect([...dates].sort()).toEqual(dates);

    const second = await c.refresh();
    expect(second.tickers[0]?.historyFile).toBeNull();
    expect(standIn.count('/v1/markets/history')).toBe(1);
  });

  it('never replaces a history file it did not write', async () => {
    await mkdir(join(dir, 'history'));
    const mine = 'Date,Open,High,Low,Close,Adj Close,Volume\n2023-08-18,1,1,1,215.49,215.49,100\n';
    await writeFile(join(dir, 'history', 'TSLA.csv'), mine);
    const result = await collector().refresh();
    expect(result.ok).toBe(true);
    expect(result.tickers[0]?.notes.join(' ')).toMatch(/not written by the collector/);
    expect(await readFile(join(dir, 'history', 'TSLA.csv'), 'utf8')).toBe(mine);
    expect(standIn.count('/v1/markets/history')).toBe(0);
  });

  it('a rejected token (401) gives the clear message, asks nothing more and writes nothing', async () => {
    const result = await collector({ token: 'wrong-token-0123456789' }).refresh();
    expect(result.ok).toBe(false);
    expect(result.tickers[0]?.error).toBe(
      'Tradier rejected the token (401): check it in Settings → Data source',
    );
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.status).toBe(401);
    expect(await readdir(dir)).toEqual([]);
    const everything = JSON.stringify(result) + lines.join('\n');
    expect(everything).not.toContain('wrong-token-0123456789');
  });

  it('a 429 is waited out until the window resets, then the file is written', async () => {
    standIn.failNext(1, { kind: 'rate_limited', resetInMs: 300 }, '/v1/markets/options/chains');
    const result = await collector().refresh();
    expect(result.ok).toBe(true);
    expect(await chainFiles()).toHaveLength(1);
    const chains = standIn.requests.filter((r) => r.path === '/v1/markets/options/chains');
    expect(chains.map((r) => r.status)).toEqual([429, 200]);
    expect((chains[1]?.at ?? 0) - (chains[0]?.at ?? 0)).toBeGreaterThanOrEqual(280);
    expect(lines.join('\n')).toMatch(/rate limit is reached \(429\).*retrying in \d+ ms/);
  });

  it('5xx is retried with backoff, then reported clearly when it persists', async () => {
    standIn.failNext(1, { kind: 'server_error', status: 503 }, '/v1/markets/options/expirations');
    expect((await collector().refresh()).ok).toBe(true);

    standIn.failNext(2, { kind: 'server_error', status: 500 }, '/v1/markets/options/expirations');
    const result = await collector({ maxAttempts: 2 }).refresh();
    expect(result.tickers[0]?.error).toBe(
      'Tradier is unavailable (HTTP 500) for /v1/markets/options/expirations TSLA (gave up after 2 attempts)',
    );
  });

  it('a request that hangs times out with a clear message', async () => {
    standIn.failNext(1, { kind: 'hang' }, '/v1/markets/options/chains');
    const result = await collector({ requestTimeoutMs: 300, maxAttempts: 1 }).refresh();
    expect(result.tickers[0]?.error).toBe(
      'Tradier did not answer /v1/markets/options/chains TSLA 2023-08-25 within 0.3 s',
    );
    expect(await chainFiles()).toEqual([]);
  });

  it('an answer that is not JSON is reported, not retried, and nothing is written', async () => {
    standIn.failNext(1, { kind: 'bad_json' }, '/v1/markets/options/chains');
    const result = await collector().refresh();
    expect(result.tickers[0]?.error).toMatch(
      /^Tradier's answer to \/v1\/markets\/options\/chains TSLA 2023-08-25 is not JSON: '\{"options"/,
    );
    expect(standIn.count('/v1/markets/options/chains')).toBe(1);
    expect(await chainFiles()).toEqual([]);
  });

  it('a redirect is not followed', async () => {
    standIn.failNext(1, { kind: 'redirect' }, '/v1/markets/quotes');
    const result = await collector().refresh();
    expect(result.tickers[0]?.error).toMatch(/redirect \(HTTP 302\); redirects are not followed/);
    expect(standIn.requests).toHaveLength(1);
  });

  it.each(['json', 'string'] as const)(
    'a ticker without options (%s null) is reported and the others are still written',
    async (nullStyle) => {
      standIn.nullStyle = nullStyle;
      standIn.addTickerWithoutOptions('NOPT', 12.5, SAMPLE_ASOF);
      const result = await collector({ tickers: ['NOPT', 'TSLA', 'ZZZZ'] }).refresh();
      const byTicker = Object.fromEntries(result.tickers.map((t) => [t.ticker, t]));
      expect(byTicker.NOPT?.error).toBe('Tradier lists no option expirations for NOPT');
      expect(byTicker.ZZZZ?.error).toBe('Tradier does not know the symbol ZZZZ');
      expect(byTicker.TSLA?.error).toBeNull();
      expect(result.ok).toBe(false);
      expect(await chainFiles()).toEqual(['TSLA_2023-08-21T02-38-00Z.tradier.json']);
      // One quotes request for all tickers.
      expect(standIn.count('/v1/markets/quotes')).toBe(1);
    },
  );

  it('expirations without greeks are written without IV and said so', async () => {
    standIn.noGreeksFor.add('2023-08-25');
    const result = await collector().refresh();
    const notes = result.tickers[0]?.notes.join(' | ') ?? '';
    expect(notes).toMatch(/no greeks \(so no IV, no gamma\) for 2023-08-25/);
    const imported = await importChainFile(result.tickers[0]?.file as string);
    expect(Array.from(imported.chain.iv).every((v) => v === 0)).toBe(true);
  });

  it('a reader never sees a half-written chain under a chain name, and no .tmp is left behind', async () => {
    const seen: string[] = [];
    const checks: Promise<void>[] = [];
    const watcher = watch(dir, (_event, name) => {
      if (typeof name !== 'string' || !name.endsWith('.tradier.json')) return;
      checks.push(
        readFile(join(dir, name), 'utf8').then(
          (text) => {
            JSON.parse(text); // throws on a partial file
            seen.push(name);
          },
          (error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          },
        ),
      );
    });
    try {
      await collector().refresh();
      await collector({ now: () => FETCHED_AT + 1 }).refresh(); // same name again: replaced in one step
    } finally {
      watcher.close();
    }
    await Promise.all(checks);
    expect(seen.length).toBeGreaterThan(0);
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a file that cannot be written is reported for its ticker and leaves no .tmp', async () => {
    await mkdir(join(dir, 'TSLA_2023-08-21T02-38-00Z.tradier.json')); // a folder squats the name
    const result = await collector().refresh();
    expect(result.tickers[0]?.error).toMatch(/EISDIR|EEXIST|ENOTEMPTY|EPERM|directory/i);
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('status() tells the environment, the delay, the files, the errors and the rate budget', async () => {
    const c = collector({ tickers: ['TSLA', 'ZZZZ'] });
    expect(c.status()).toMatchObject({ environment: 'sandbox', delayed: true, lastRunAt: null });
    await c.refresh();
    const s = c.status();
    expect(s.lastRunAt).toBe(FETCHED_AT);
    expect(s.lastSuccessAt).toBe(FETCHED_AT);
    expect(s.lastError).toBe('ZZZZ: Tradier does not know the symbol ZZZZ');
    expect(s.tickers).toEqual([
      { ticker: 'TSLA', lastFile: join(dir, 'TSLA_2023-08-21T02-38-00Z.tradier.json'), error: null },
      { ticker: 'ZZZZ', lastFile: null, error: 'Tradier does not know the symbol ZZZZ' },
    ]);
    // 120 allowed, 4 used by the stand-in's count (quotes, TSLA expirations/chain/history, ZZZZ history).
    expect(s.rate.available).toBe(120 - standIn.requests.length);
    expect(s.rate.resetsAt).toBeGreaterThan(Date.now());
  });
});
