// One ticker table (test/support/ticker-cases.ts), every layer that takes a ticker in: the bridge's
// input schema, a real SQLite store, the service over real HTTP, the API client, the importers
// (chain file, earnings file, history file name, Tradier settings) and the renderer's routes.
// Each must give the table's verdict: the same canonical symbol, or a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/client/errors.ts';
import { tickerSegment } from '../../../src/client/url-parts.ts';
import { bridgeMethods } from '../../../src/shared/bridge/contract.ts';
import { parseRoute } from '../../../src/renderer/lib/routes.ts';
import { parseEarningsCsv } from '../../../src/service/market/folder/earnings-csv.ts';
import { historyTickerOf } from '../../../src/service/market/folder/file-names.ts';
import { chooseTicker } from '../../../src/service/market/import/chain-import.ts';
import { ChainImportError } from '../../../src/service/market/import/errors.ts';
import { readSettings } from '../../../src/service/market/tradier/options.ts';
import { call, listenService, type Running } from '../../support/service-factory.ts';
import { tempStore } from '../../support/store-factory.ts';
import { TICKER_CASES } from '../../support/ticker-cases.ts';

/** Every byte outside A-Z a-z 0-9 percent-encoded, as a client that encodes everything sends it. */
function segment(raw: string): string {
  return [...new TextEncoder().encode(raw)]
    .map((b) =>
      /[A-Za-z0-9]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

describe('the bridge input schema', () => {
  it.each(TICKER_CASES)('$raw → $want', ({ raw, want }) => {
    const parsed = bridgeMethods['watchlist:addTicker'].input.safeParse({ watchlistId: 1, ticker: raw });
    expect(parsed.success ? parsed.data.ticker : null).toBe(want);
  });
});

describe('the store (real SQLite)', () => {
  const ctx = tempStore();
  afterAll(() => ctx.cleanup());

  it.each(TICKER_CASES.map((c, i) => ({ ...c, i })))('$raw → $want', ({ raw, want, i }) => {
    let stored: string | null;
    try {
      stored = ctx.store.watchlists.create(`case ${i}`, [raw]).tickers[0] ?? null;
    } catch {
      stored = null;
    }
    expect(stored).toBe(want);
  });
});

describe('the service over HTTP', () => {
  let svc: Running;
  beforeAll(async () => {
    svc = await listenService({ limits: { demo: null } });
  });
  afterAll(() => svc.close());

  // An empty segment is no {ticker} at all (another route), and the URL parser resolves '..' (even
  // as %2E%2E) before the request leaves; every other case reaches the rule.
  it.each(TICKER_CASES.filter((c) => c.raw !== '' && c.raw !== '..'))(
    '$raw → $want',
    async ({ raw, want }) => {
      const r = await call(svc.baseUrl, `/tickers/${segment(raw)}`);
      const body = r.json as { meta?: { ticker?: string }; error?: { code?: string; message?: string } };
      if (want === null) {
        expect(r.status).toBe(400);
        expect(body.error?.code).toBe('bad_request');
      } else if (r.status === 200) {
        expect(body.meta?.ticker).toBe(want);
      } else {
        // Well-formed but unlisted: what a client maps to "no such symbol", naming the canonical form.
        expect(r.status).toBe(404);
        expect(body.error?.code).toBe('unknown_ticker');
        expect(body.error?.message).toContain(want);
      }
    },
  );

  it('serves ^VIX as VIX, and answers ES%3DF with 404 unknown_ticker', async () => {
    const [caret, bare] = await Promise.all([
      call(svc.baseUrl, '/tickers/%5EVIX'),
      call(svc.baseUrl, '/tickers/VIX'),
    ]);
    expect(bare.status).toBe(200);
    expect(caret.text).toBe(bare.text);
    const future = await call(svc.baseUrl, '/tickers/ES%3DF');
    expect(future.status).toBe(404);
    expect((future.json as { error?: { code?: string } }).error?.code).toBe('unknown_ticker');
  });
});

describe('the API client', () => {
  it.each(TICKER_CASES)('$raw → $want', ({ raw, want }) => {
    let sent: string | null;
    try {
      sent = decodeURIComponent(tickerSegment(raw));
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      sent = null;
    }
    expect(sent).toBe(want);
  });
});

describe('the importers', () => {
  it.each(TICKER_CASES)('a chain file stating $raw → $want', ({ raw, want }) => {
    // No rows: an accepted symbol fails later, naming the canonical symbol it looked for.
    let message = '';
    try {
      chooseTicker([], raw, []);
    } catch (error) {
      expect(error).toBeInstanceOf(ChainImportError);
      message = (error as Error).message;
    }
    if (want === null) expect(message).toMatch(/is not a ticker|no option rows/);
    else expect(message).toContain(`no option symbol is on ${want} `);
  });

  it.each(TICKER_CASES)('an earnings row for $raw → $want', ({ raw, want }) => {
    const cell = `"${raw.replaceAll('"', '""')}"`;
    const calendar = parseEarningsCsv(`ticker,date,time\n${cell},2025-03-20,amc\n`);
    expect([...calendar.events.keys()]).toEqual(want === null ? [] : [want]);
  });

  // A file name cannot hold '/', and a leading dot is a writer's temporary file (file-names.ts).
  it.each(TICKER_CASES.filter((c) => !c.raw.includes('/') && !c.raw.startsWith('.')))(
    'history/$raw.csv → $want',
    ({ raw, want }) => {
      expect(historyTickerOf(`${raw}.csv`)).toBe(want);
    },
  );

  it.each(TICKER_CASES)('Tradier settings with $raw → $want', ({ raw, want }) => {
    let tickers: readonly string[] | null;
    try {
      tickers = readSettings({
        token: 't0ken',
        environment: 'sandbox',
        tickers: [raw],
        chainsDir: '/tmp/c',
      }).tickers;
    } catch {
      tickers = null;
    }
    expect(tickers?.[0] ?? null).toBe(want);
  });
});

describe("the renderer's routes", () => {
  it.each(TICKER_CASES)('#/ticker/$raw → $want', ({ raw, want }) => {
    const route = parseRoute(`#/ticker/${encodeURIComponent(raw)}`);
    expect(route.name === 'ticker' ? route.ticker : null).toBe(want);
  });
});
