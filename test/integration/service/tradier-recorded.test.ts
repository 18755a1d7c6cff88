// Tradier as it really answers, through the collector over real HTTP: the stand-in serves PLTR in
// the shapes the sandbox was recorded answering on 2024-06-28 (a zero bid IV with mid_iv = ask_iv,
// a quote as one object, `close: null`, exponent notation), and the failures a run meets after a
// chain is written (a 401 on the history request), each checked in the file, the outcome and the
// log levels.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importChainFile, type ChainImport } from '../../../src/service/market/import/index.ts';
import {
  createTradierCollector,
  type TradierCollectorOptions,
  type TradierLogLevel,
} from '../../../src/service/market/tradier/index.ts';
import { ivChoice } from '../../../src/service/market/tradier/convert.ts';
import { readChain } from '../../../src/service/market/tradier/schemas.ts';
import { PLTR_TRADE_DATE, TradierStandIn } from '../../support/tradier-stand-in.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
/** The wall clock of a run long after the recorded session (sandbox data served late). */
const WALL_CLOCK = Date.parse('2026-11-27T12:00:00Z');

let fixture: ChainImport;
let standIn: TradierStandIn;
let dir: string;
let logged: [string, TradierLogLevel][];

beforeAll(async () => {
  fixture = await importChainFile(FIXTURE);
});

beforeEach(async () => {
  standIn = await TradierStandIn.start();
  standIn.addRecordedPltr();
  dir = await mkdtemp(join(tmpdir(), 'gw-tradier-recorded-'));
  logged = [];
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
    tickers: ['PLTR'],
    chainsDir: dir,
    now: () => WALL_CLOCK,
    log: (line, level) => logged.push([line, level]),
    random: () => 0,
    maxDte: 800, // the recorded LEAPS (2026-06-18) are 720 days out
    ...extra,
  });
}

interface WrittenOption {
  option: string;
  bid: number | null;
  ask: number | null;
  iv: number | null;
}

async function writtenOptions(file: string): Promise<Map<string, WrittenOption>> {
  const doc = JSON.parse(await readFile(file, 'utf8')) as { data: { options: WrittenOption[] } };
  return new Map(doc.data.options.map((o) => [o.option, o]));
}

function levelsOf(pattern: RegExp): TradierLogLevel[] {
  return logged.filter(([line]) => pattern.test(line)).map(([, level]) => level);
}

describe('the collector over the recorded PLTR shapes', () => {
  it('a zero bid IV takes smv_vol, not mid_iv (= ask IV), and each fallback is counted in a note', async () => {
    const result = await collector().refresh();
    const [pltr] = result.tickers;
    expect(pltr?.error).toBeNull();
    const written = await writtenOptions(pltr?.file as string);
    // Two-sided quote, bid below intrinsic: bid_iv 0, mid_iv = ask_iv 1.131 → smv_vol 0.622.
    expect(written.get('PLTR240712C00017500')).toMatchObject({ bid: 7.95, ask: 8.05, iv: 0.622 });
    // No bid at all: mid_iv = ask_iv 0.590685 → smv_vol 0.57.
    expect(written.get('PLTR260618P00013000')?.iv).toBe(0.57);
    // No IV on either side: smv_vol.
    expect(written.get('PLTR240712P00017500')?.iv).toBe(0.622);
    // Both sides: mid_iv as Tradier gives it.
    expect(written.get('PLTR240712C00025000')?.iv).toBe(0.5215);
    expect(written.get('PLTR260618C00013000')?.iv).toBe(0.609209);
    expect(pltr?.notes).toEqual(
      expect.arrayContaining([
        '2 contracts: bid IV 0, used smv_vol (ORATS smoothed IV), not mid_iv (= ask IV)',
        '1 contract: no bid or ask IV, used smv_vol (ORATS smoothed IV)',
      ]),
    );
    // The notes travel in the file: the import (so `analyze` and the app) shows them.
    const imported = await importChainFile(pltr?.file as string);
    expect(imported.notes).toContain(
      'tradier: 2 contracts: bid IV 0, used smv_vol (ORATS smoothed IV), not mid_iv (= ask IV)',
    );
    // Every IV written is the rule applied to what the stand-in sent, contract by contract.
    const sent = standIn.requests.filter((r) => r.path === '/v1/markets/options/chains');
    for (const option of sent.flatMap((r) => readChain(JSON.parse(r.body)))) {
      expect(written.get(option.symbol)?.iv).toBe(ivChoice(option)?.iv ?? null);
    }
  });

  it('reads a quote sent as one object with close: null, and takes the last trade as the price', async () => {
    const result = await collector().refresh();
    const quotes = standIn.requests.find((r) => r.path === '/v1/markets/quotes');
    expect(quotes?.body).toMatch(/^\{"quotes":\{"quote":\{"symbol":"PLTR"/);
    expect(quotes?.body).toContain('"close":null');
    const imported = await importChainFile(result.tickers[0]?.file as string);
    expect(imported.chain.spot).toBe(25.5);
    expect(imported.chain.asof).toBe(PLTR_TRADE_DATE);
  });

  it('reads figures in exponent notation (1.2E-4) as the numbers they are', async () => {
    standIn.exponentNotation = true;
    const result = await collector().refresh();
    expect(result.tickers[0]?.error).toBeNull();
    const chains = standIn.requests.filter((r) => r.path === '/v1/markets/options/chains');
    const bodies = chains.map((r) => r.body).join('\n');
    expect(bodies).toContain('"gamma":1.2E-4');
    expect(bodies).toContain('"ask":5E-2');
    const written = await writtenOptions(result.tickers[0]?.file as string);
    expect(written.get('PLTR240712P00017500')).toMatchObject({ bid: 0, ask: 0.05, iv: 0.622 });
  });

  it('asks the history of the two years that end at the snapshot date, not at the wall clock', async () => {
    const result = await collector().refresh();
    const history = standIn.requests.find((r) => r.path === '/v1/markets/history');
    expect(history?.query).toMatchObject({ symbol: 'PLTR', start: '2022-06-29', end: '2024-06-28' });
    const rows = (await readFile(result.tickers[0]?.historyFile as string, 'utf8')).trim().split('\n');
    // The snapshot is 11:51 ET on 2024-06-28: that session had not closed, so its bar is no close.
    expect(rows.at(-1)).toMatch(/^2024-06-27,/);
    expect(rows.length).toBeGreaterThan(400);
  });

  it('leaves out a history day sent with close: null and writes the others', async () => {
    standIn.nullCloseOn.add('2024-06-26');
    const result = await collector().refresh();
    expect(result.tickers[0]?.historyError).toBeNull();
    const text = await readFile(result.tickers[0]?.historyFile as string, 'utf8');
    expect(text).not.toContain('2024-06-26,');
    expect(text).toContain('\n2024-06-25,');
    expect(text).toContain('\n2024-06-27,');
  });
});

describe('failures after a chain is written, and the log levels', () => {
  beforeEach(() => {
    standIn.addChain(fixture.chain); // TSLA, asked first
  });

  it('a 401 on the history request keeps the written chain: "chain written, history failed"', async () => {
    standIn.failNext(1, { kind: 'unauthorized' }, '/v1/markets/history');
    const c = collector({ tickers: ['TSLA', 'PLTR'], tokenFrom: 'cli' });
    const result = await c.refresh();
    const message = 'Tradier rejected the token (401): check --tradier-token (or $GAMMAWATCH_TRADIER_TOKEN)';
    const [tsla, pltr] = result.tickers;
    expect(tsla?.error).toBeNull();
    expect(tsla?.file).toBe(join(dir, 'TSLA_2023-08-21T02-38-00Z.tradier.json'));
    expect(tsla?.contracts).toBe(fixture.chain.size);
    expect(tsla?.historyError).toBe(message);
    expect(await readdir(dir)).toEqual(['TSLA_2023-08-21T02-38-00Z.tradier.json']);
    // The token is refused: PLTR is not asked, and fails with the same words.
    expect(pltr?.error).toBe(message);
    expect(standIn.requests.some((r) => r.query.symbol === 'PLTR')).toBe(false);
    const status = c.status();
    expect(status.tickers.find((t) => t.ticker === 'TSLA')).toMatchObject({
      lastFile: tsla?.file,
      error: null,
    });
    expect(status.lastError).toBe(`TSLA: chain written, history failed: ${message}; PLTR: ${message}`);
    expect(logged).toContainEqual([
      `tradier: TSLA: chain written to ${tsla?.file ?? ''} (${fixture.chain.size} contracts), history failed: ${message}`,
      'warn',
    ]);
    expect(logged).toContainEqual([`tradier: PLTR: ${message}`, 'error']);
  });

  it.each([
    ['the app', 'app', 'Tradier rejected the token (401): check it in Settings → Data source'],
    [
      'the command line',
      'cli',
      'Tradier rejected the token (401): check --tradier-token (or $GAMMAWATCH_TRADIER_TOKEN)',
    ],
  ] as const)('a refused token in %s says where to fix it', async (_name, tokenFrom, message) => {
    const result = await collector({ token: 'wrong-token-0123456789', tokenFrom }).refresh();
    expect(result.tickers[0]?.error).toBe(message);
    expect(logged).toEqual([[`tradier: PLTR: ${message}`, 'error']]);
  });

  it('a success logs at info, a 404 on a chain at error, a history failure and a retry at warn', async () => {
    standIn.failNext(1, { kind: 'server_error', status: 404 }, '/v1/markets/options/chains');
    standIn.failNext(1, { kind: 'server_error', status: 503 }, '/v1/markets/history');
    standIn.failNext(1, { kind: 'server_error', status: 500 }, '/v1/markets/history');
    const result = await collector({ tickers: ['TSLA', 'PLTR'], maxAttempts: 2 }).refresh();
    const [tsla, pltr] = result.tickers;
    expect(tsla?.error).toMatch(/404/);
    expect(pltr?.error).toBeNull();
    expect(levelsOf(/^tradier: TSLA: .*404/)).toEqual(['error']);
    expect(levelsOf(/retrying in/)).toEqual(['warn']);
    // TSLA's history failed after two attempts: its chain had failed too, so it is told apart.
    expect(levelsOf(/^tradier: TSLA: daily history not refreshed/)).toEqual(['warn']);
    expect(levelsOf(/^tradier: PLTR: wrote /)).toEqual(['info']);
    expect(levelsOf(/^tradier: PLTR: \d+ contracts?: /)).toEqual(['info', 'info']);
  });
});
