// The Cboe collector against a local stand-in of Cboe's delayed-quotes CDN, over real HTTP,
// writing real files into a temp chain folder. The stand-in serves Cboe-shaped bodies built from
// the Cboe TSLA CSV fixture and from a generated SPX-sized chain (over 20,000 contracts), so what
// the collector keeps must analyse exactly like the same chain read from its CSV. Then every way
// Cboe really answers: a 304, a refusal (403/429), a garbled body, one too large, an unknown
// symbol, contracts with zero IV or OI, and a chain whose timestamp has not moved (no session).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  importChainFile,
  importChainText,
  type ChainImport,
} from '../../../src/service/market/import/index.ts';
import {
  cboeSymbol,
  createCboeCollector,
  type CboeCollectorOptions,
} from '../../../src/service/market/cboe/index.ts';
import { chainFileText } from '../../support/cboe-chain-file.ts';
import { CboeStandIn, cboeBodyFromChain } from '../../support/cboe-stand-in.ts';
import { expectSameGex, metricsOf } from '../../support/same-gex.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
/** The fixture's snapshot: Sunday, August 20, 2023, 10:38 PM EDT. */
const SAMPLE_ASOF = Date.parse('2023-08-21T02:38:00Z');

let fixture: ChainImport;
let spx: ChainImport;
let standIn: CboeStandIn;
let dir: string;
let lines: string[];
let clock: number;

beforeAll(async () => {
  fixture = await importChainFile(FIXTURE);
  // SPX-sized: 40 weekly expirations × 260 strikes × call and put = 20,800 contracts.
  spx = importChainText(
    chainFileText({ ticker: 'SPX', date: '2024-03-08', spot: 5120, expirations: 40, strikes: 260 }),
    'spx_quotedata.csv',
  );
});

beforeEach(async () => {
  standIn = await CboeStandIn.start();
  standIn.setBody('TSLA', cboeBodyFromChain(fixture.chain));
  dir = await mkdtemp(join(tmpdir(), 'gw-cboe-'));
  lines = [];
  clock = SAMPLE_ASOF + 60_000;
});

afterEach(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

function collector(extra: Partial<CboeCollectorOptions> = {}) {
  return createCboeCollector({
    baseUrl: standIn.origin,
    tickers: ['TSLA'],
    chainsDir: dir,
    now: () => clock,
    minGapMs: 5,
    log: (line) => lines.push(line),
    ...extra,
  });
}

async function chainFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
}

describe('the Cboe collector over a stand-in of Cboe’s CDN', () => {
  it('keeps the chain as a file that analyses exactly like the CSV (same GEX and flip), asking politely', async () => {
    const result = await collector().refresh();
    expect(result.ok).toBe(true);
    expect(metricsOf(fixture.chain).gex_flip).not.toBeNull();
    const [outcome] = result.tickers;
    expect(outcome?.error).toBeNull();
    expect(outcome?.contracts).toBe(fixture.chain.size);
    expect(basename(outcome?.file ?? '')).toBe('TSLA_2023-08-21T02-38-00Z.cboe.json');

    const written = JSON.parse(await readFile(outcome?.file as string, 'utf8')) as Record<string, unknown>;
    expect(written['source']).toBe('cboe');
    expect(written['timestamp']).toBe('2023-08-20 22:38:00');
    const imported = await importChainFile(outcome?.file as string);
    expect(imported.chain.ticker).toBe('TSLA');
    expect(imported.chain.asof).toBe(fixture.chain.asof);
    expect(imported.chain.spot).toBe(fixture.chain.spot);
    expect(imported.chain.size).toBe(fixture.chain.size);
    expect(imported.notes).toContain('cboe: Cboe delayed quotes: figures 15 minutes delayed');
    expectSameGex(imported.chain, fixture.chain);

    const [request] = standIn.requests;
    expect(request?.path).toBe('/api/global/delayed_quotes/options/TSLA.json');
    expect(request?.userAgent).toMatch(/^Gammawatch.* \(\+personal use\)$/);
    expect(request?.ifNoneMatch).toBeUndefined();
  });

  it('asks again conditionally: an unchanged chain (304) writes nothing; a new timestamp is a new file beside the first', async () => {
    const c = collector();
    await c.refresh();
    const second = await c.refresh();
    expect(standIn.requests[1]?.status).toBe(304);
    expect(standIn.requests[1]?.ifNoneMatch).toMatch(/^".+"$/);
    expect(second.ok).toBe(true);
    expect(second.tickers[0]?.file).toBeNull();
    expect(second.tickers[0]?.notes[0]).toMatch(/^no new snapshot: Cboe's chain is unchanged/);

    standIn.setBody(
      'TSLA',
      cboeBodyFromChain(fixture.chain, { asof: SAMPLE_ASOF + 15 * 60_000, spot: 219.5 }),
    );
    const third = await c.refresh();
    expect(basename(third.tickers[0]?.file ?? '')).toBe('TSLA_2023-08-21T02-53-00Z.cboe.json');
    expect(await chainFiles()).toEqual([
      'TSLA_2023-08-21T02-38-00Z.cboe.json',
      'TSLA_2023-08-21T02-53-00Z.cboe.json',
    ]);
  });

  it('asks conditionally with If-Modified-Since when Cboe gives a Last-Modified and no ETag: unchanged (304) writes nothing', async () => {
    standIn.setBody('TSLA', cboeBodyFromChain(fixture.chain), { etag: false });
    const c = collector();
    const first = await c.refresh();
    expect(first.tickers[0]?.file).not.toBeNull();
    expect(standIn.requests[0]?.ifModifiedSince).toBeUndefined();
    const second = await c.refresh();
    expect(standIn.requests[1]?.ifNoneMatch).toBeUndefined();
    expect(standIn.requests[1]?.ifModifiedSince).toMatch(/ GMT$/);
    expect(standIn.requests[1]?.status).toBe(304);
    expect(second.ok).toBe(true);
    expect(second.tickers[0]?.file).toBeNull();
    expect(second.tickers[0]?.notes[0]).toMatch(/^no new snapshot: Cboe's chain is unchanged/);
    expect(await chainFiles()).toHaveLength(1);
  });

  it('a day with no session: a chain whose timestamp has not moved is not written again, even after a restart', async () => {
    await collector().refresh();
    // Another body (the CDN rebuilt it), the same snapshot time: Cboe's data is still Friday's.
    standIn.setBody('TSLA', cboeBodyFromChain(fixture.chain, { spot: fixture.chain.spot }) + ' ');
    const again = await collector().refresh(); // a new collector: a restart
    expect(again.ok).toBe(true);
    expect(again.tickers[0]?.file).toBeNull();
    expect(again.tickers[0]?.notes[0]).toBe(
      "no new snapshot: Cboe's chain is still as of 2023-08-20 22:38 ET",
    );
    expect(await chainFiles()).toHaveLength(1);
  });

  it('an SPX-sized chain (over 20,000 contracts, several MB, streamed) under _SPX gives the GEX of its CSV', async () => {
    expect(cboeSymbol('SPX')).toBe('_SPX');
    expect(cboeSymbol('SPY')).toBe('SPY');
    const body = cboeBodyFromChain(spx.chain, {
      symbol: '_SPX',
      rootOf: (_exp, i) => (i % 4 === 2 ? 'SPX' : 'SPXW'),
    });
    expect(body.length).toBeGreaterThan(5_000_000);
    standIn.setBody('_SPX', body);
    standIn.fail({ kind: 'chunked' });
    const started = performance.now();
    const result = await collector({ tickers: ['SPX'] }).refresh();
    const ms = performance.now() - started;
    console.info(
      `Cboe SPX-sized body: ${(body.length / 1e6).toFixed(1)} MB, ${spx.chain.size} contracts: fetch, check and write in ${ms.toFixed(0)} ms`,
    );
    expect(result.tickers[0]?.error).toBeNull();
    expect(result.tickers[0]?.contracts).toBe(spx.chain.size);
    expect(spx.chain.size).toBeGreaterThan(20_000);
    expect(standIn.requests[0]?.path).toBe('/api/global/delayed_quotes/options/_SPX.json');
    const imported = await importChainFile(result.tickers[0]?.file as string);
    expect(imported.chain.ticker).toBe('SPX');
    expectSameGex(imported.chain, spx.chain);
  });

  it.each([
    ['cut off while it streams (chunked, no Content-Length)', true],
    ['refused from its Content-Length before it is read', false],
  ])('a body over the cap is %s: a clear error, no file', async (_how, chunked) => {
    if (chunked) standIn.fail({ kind: 'chunked' });
    const c = collector({ maxBodyBytes: 10_000 });
    const result = await c.refresh();
    expect(result.ok).toBe(false);
    expect(result.tickers[0]?.error).toBe("Cboe's answer for TSLA is larger than 9.8 KiB; it was not read");
    expect(c.status().lastError).toBe("TSLA: Cboe's answer for TSLA is larger than 9.8 KiB; it was not read");
    expect(await chainFiles()).toEqual([]);
  });

  it('a garbled body: a clear error naming what is wrong, no file, and the next fetch works', async () => {
    standIn.fail({ kind: 'garbled' });
    const c = collector();
    const bad = await c.refresh();
    expect(bad.tickers[0]?.error).toMatch(/^Cboe's answer is not a chain \(JSON: not valid JSON/);
    expect(await chainFiles()).toEqual([]);
    const good = await c.refresh();
    expect(good.ok).toBe(true);
    expect(c.status().lastError).toBeNull();
  });

  it('contracts with zero IV or zero open interest are kept as Cboe sent them, and the GEX is their CSV’s', async () => {
    // The fixture's CSV with more zeros: every third row's call IV and every fifth row's put open
    // interest set to 0 (columns 8 and 22 of Cboe's layout; three preamble lines, then the header).
    const csv = (await readFile(FIXTURE, 'utf8'))
      .split('\n')
      .map((line, n) => {
        const row = n - 4;
        if (row < 0 || line.trim() === '') return line;
        const cells = line.split(',');
        if (row % 3 === 0) cells[7] = '0';
        if (row % 5 === 0) cells[21] = '0';
        return cells.join(',');
      })
      .join('\n');
    const zeroed = importChainText(csv, 'tsla_quotedata.csv').chain;
    const zeros = (chain: typeof zeroed) => ({
      iv: chain.iv.filter((v) => v === 0).length,
      oi: chain.openInterest.filter((v) => v === 0).length,
    });
    expect(zeros(zeroed).iv).toBeGreaterThan(zeros(fixture.chain).iv);
    expect(zeros(zeroed).oi).toBeGreaterThan(zeros(fixture.chain).oi);
    standIn.setBody('TSLA', cboeBodyFromChain(zeroed));
    const result = await collector().refresh();
    expect(result.tickers[0]?.error).toBeNull();
    expect(result.tickers[0]?.contracts).toBe(zeroed.size);
    const kept = (await importChainFile(result.tickers[0]?.file as string)).chain;
    expect(zeros(kept)).toEqual(zeros(zeroed));
    expectSameGex(kept, zeroed);
  });

  it.each([429, 403])(
    'a %i backs off: the status says so, no other ticker is asked, nothing is asked until the wait is over',
    async (status) => {
      standIn.setBody('_SPX', cboeBodyFromChain(fixture.chain, { symbol: '_SPX', rootOf: () => 'SPX' }));
      standIn.fail({ kind: 'status', status, ...(status === 429 ? { retryAfterSeconds: 1800 } : {}) });
      const c = collector({ tickers: ['TSLA', 'SPX'] });
      const refused = await c.refresh();
      const wait = status === 429 ? 30 : 15; // Retry-After 30 min; else one interval
      const message = `Cboe refused (${status}): retrying in ${wait} min`;
      expect(refused.tickers.map((t) => t.error)).toEqual([message, message]);
      expect(standIn.requests).toHaveLength(1);
      expect(c.status().lastError).toBe(message);
      expect(lines).toContain(`cboe: TSLA: ${message}`);

      clock += 5 * 60_000;
      const waiting = await c.refresh();
      expect(waiting.tickers[0]?.error).toBe(`Cboe refused (${status}): retrying in ${wait - 5} min`);
      expect(standIn.requests).toHaveLength(1);

      clock += wait * 60_000;
      const after = await c.refresh();
      expect(after.ok).toBe(true);
      expect(standIn.requests).toHaveLength(3);
      expect(c.status().lastError).toBeNull();
      expect(c.status().refusedUntil).toBeNull();
    },
  );

  it('refusals in a row double the wait (15, 30, 60, 120 min), never past two hours; an answer resets it', async () => {
    const c = collector();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      standIn.fail({ kind: 'status', status: 429 });
      const refused = await c.refresh();
      const until = c.status().refusedUntil as number;
      waits.push((until - clock) / 60_000);
      expect(refused.tickers[0]?.error).toBe(`Cboe refused (429): retrying in ${waits[i]} min`);
      clock = until;
    }
    expect(waits).toEqual([15, 30, 60, 120, 120]);
    expect(standIn.requests).toHaveLength(5);

    expect((await c.refresh()).ok).toBe(true);
    standIn.fail({ kind: 'status', status: 429 });
    await c.refresh();
    expect(c.status().lastError).toBe('Cboe refused (429): retrying in 15 min');
  });

  it('a symbol Cboe has no file for (its storage’s 403 AccessDenied) fails that ticker only, without backing off', async () => {
    const c = collector({ tickers: ['NOPE', 'TSLA'] });
    const result = await c.refresh();
    expect(result.tickers[0]?.error).toBe(
      'Cboe has no delayed option quotes for NOPE (HTTP 403): check the symbol',
    );
    expect(result.tickers[1]?.error).toBeNull();
    expect(c.status().refusedUntil).toBeNull();
    expect(await chainFiles()).toHaveLength(1);
  });

  it('a refresh asked during a run joins that run: one request per ticker, not two', async () => {
    standIn.setBody('_SPX', cboeBodyFromChain(fixture.chain, { symbol: '_SPX', rootOf: () => 'SPX' }));
    const c = collector({ tickers: ['TSLA', 'SPX'] });
    const first = c.refresh();
    const second = c.refresh(); // "Refresh now" while the scheduled run is fetching
    expect(await second).toBe(await first);
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/api/global/delayed_quotes/options/TSLA.json',
      '/api/global/delayed_quotes/options/_SPX.json',
    ]);
    expect(await chainFiles()).toHaveLength(2);
  });

  it('stop() during a fetch Cboe does not answer ends it at once: "stopped", no file, no back-off; the next run asks again', async () => {
    standIn.fail({ kind: 'hang' });
    const c = collector({ requestTimeoutMs: 600_000 });
    const running = c.refresh();
    await standIn.answered(1); // the request has reached Cboe, which keeps it waiting
    await c.stop();
    const stopped = await running;
    expect(stopped.ok).toBe(false);
    expect(stopped.tickers[0]?.error).toBe('stopped');
    expect(c.status().refusedUntil).toBeNull();
    expect(await chainFiles()).toEqual([]);

    const next = await c.refresh();
    expect(next.ok).toBe(true);
    expect(standIn.requests).toHaveLength(2);
    expect(await chainFiles()).toHaveLength(1);
  });

  it('requests go one at a time, at least the gap apart', async () => {
    standIn.setBody('_SPX', cboeBodyFromChain(fixture.chain, { symbol: '_SPX', rootOf: () => 'SPX' }));
    standIn.setBody('QQQ', cboeBodyFromChain(fixture.chain, { symbol: 'QQQ', rootOf: () => 'QQQ' }));
    await collector({ tickers: ['TSLA', 'SPX', 'QQQ'], minGapMs: 200 }).refresh();
    const at = standIn.requests.map((r) => r.at);
    expect(at).toHaveLength(3);
    for (let i = 1; i < at.length; i++)
      expect((at[i] as number) - (at[i - 1] as number)).toBeGreaterThanOrEqual(190);
  });
});
