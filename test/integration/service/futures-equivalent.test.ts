// Futures equivalents over HTTP, the levels as a futures trader reads them: the simulator's SPX,
// NDX and RUT levels carry `futures_equivalent`, each level moved by the basis to the front
// quarterly future (ES, NQ, RTY) and placed on its tick (0.25 for ES and NQ, 0.10 for RTY);
// SPY reaches ES through SPX's snapshot of the same instant; a stock has no such field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelsResponseSchema } from '../../../src/shared/api/index.ts';
import { carryFor } from '../../../src/shared/carry.ts';
import { FUTURE_TICKS, frontQuarterly, onTick } from '../../../src/shared/futures-contract.ts';
import { epochToNy, nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { MS_PER_YEAR } from '../../../src/service/engine/chain.ts';
import { call, listenService, OPEN_INSTANT, type Running } from '../../support/service-factory.ts';
import { valid } from './schema-assert.ts';

let svc: Running;
beforeAll(async () => {
  svc = await listenService();
});
afterAll(() => svc.close());

const levels = async (ticker: string) =>
  valid(levelsResponseSchema, (await call(svc.baseUrl, `/tickers/${ticker}/levels`)).json).data;

describe.each([
  ['SPX', 'ES'],
  ['NDX', 'NQ'],
  ['RUT', 'RTY'],
] as const)('%s → %s', (ticker, symbol) => {
  it('every level plus the basis on the tick, the basis where carry puts it', async () => {
    const l = await levels(ticker);
    const fe = l.futures_equivalent;
    expect(fe, JSON.stringify(fe)).toBeDefined();
    if (fe === undefined) return;
    const front = frontQuarterly(symbol, epochToNy(OPEN_INSTANT).date);
    expect(fe).toMatchObject({ symbol, contract: front.contract, settles: front.settles });
    expect(fe.basis, fe.reason).not.toBeNull();
    const basis = fe.basis as number;
    expect(fe.basis_source).toMatch(/^forwards? \d{4}-\d{2}-\d{2}/);
    const tick = FUTURE_TICKS[symbol];
    expect(fe.tick).toBe(tick);
    for (const level of l.levels) {
      const at = fe.levels[level.id as string] as number;
      expect(at).toBe(onTick(symbol, level.price + basis));
      expect(Math.abs(at - (level.price + basis))).toBeLessThanOrEqual(tick / 2 + 1e-9);
    }
    // The simulator prices with the stated carry: F = S·e^((r − q)T) to settlement.
    const { rate, dividendYield } = carryFor(ticker);
    const t = (nyToEpoch(front.settles, 9 * 60 + 30) - OPEN_INSTANT) / MS_PER_YEAR;
    const predicted = l.price * (Math.exp((rate - dividendYield) * t) - 1);
    expect(Math.abs(basis - predicted)).toBeLessThan(Math.max(0.5, Math.abs(predicted) * 0.1));
  });
});

describe('SPY through SPX', () => {
  it("SPX's basis, each SPY level × SPX/SPY spot + the basis, the ratio stated; KO has no field", async () => {
    const [spy, spx] = await Promise.all([levels('SPY'), levels('SPX')]);
    const fe = spy.futures_equivalent;
    const ratio = spx.price / spy.price;
    expect(fe).toMatchObject({
      symbol: 'ES',
      contract: spx.futures_equivalent?.contract,
      basis: spx.futures_equivalent?.basis,
    });
    expect(fe?.ratio).toBeCloseTo(ratio, 5);
    expect(fe?.basis_source).toContain(`SPY levels × ${ratio.toFixed(4)} (SPX ${spx.price.toFixed(2)} / SPY`);
    for (const level of spy.levels) {
      const exact = level.price * ratio + (fe?.basis as number);
      expect(Math.abs((fe?.levels[level.id as string] as number) - exact)).toBeLessThanOrEqual(0.125 + 0.01);
      expect(Number.isInteger((fe?.levels[level.id as string] as number) / 0.25)).toBe(true);
    }
    // The SPY spot's equivalent is the SPX spot's (a cent apart at most before the tick: one tick).
    const spyAt = fe?.levels['spot'] as number;
    expect(Math.abs(spyAt - (spx.futures_equivalent?.levels['spot'] as number))).toBeLessThanOrEqual(0.25);
    expect((await levels('KO')).futures_equivalent).toBeUndefined();
  });
});

describe('/levels?equivalent=future: the scripts for the future', () => {
  it('SPX on ES1! and /ES: every line at its ES figure, labelled, marked simulated', async () => {
    const l = await levels('SPX');
    const fe = l.futures_equivalent;
    const tv = await call(svc.baseUrl, '/tickers/SPX/levels?format=tradingview&equivalent=future', {
      headers: { accept: 'text/plain' },
    });
    expect(tv.status, tv.text).toBe(200);
    expect(tv.text).toContain('gwSymbols = array.from("ES1!"');
    expect(tv.text).toContain('(simulated)');
    for (const level of l.levels) {
      const es = (fe?.levels[level.id as string] as number).toFixed(2);
      expect(tv.text).toContain(`(SPX ${level.price.toFixed(2)}) ${es}`);
    }
    const tos = await call(svc.baseUrl, '/tickers/SPX/levels?format=tos&equivalent=future', {
      headers: { accept: 'text/plain' },
    });
    expect(tos.text).toContain('GetSymbol() == "/ES"');
    // Its own representation: another ETag than the SPX script's.
    const plain = await call(svc.baseUrl, '/tickers/SPX/levels?format=tos', {
      headers: { accept: 'text/plain' },
    });
    expect(plain.headers.get('etag')).not.toBe(tos.headers.get('etag'));
  });

  it('409 with the reason where there is no basis', async () => {
    const r = await call(svc.baseUrl, '/tickers/KO/levels?format=tos&equivalent=future', {
      headers: { accept: 'text/plain' },
    });
    expect(r.status).toBe(409);
    expect(r.text).toMatch(/no_futures_equivalent.*KO has no futures equivalents/);
  });
});
