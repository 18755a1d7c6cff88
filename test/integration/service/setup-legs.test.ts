// Concrete legs over real HTTP: every leg of a served trade setup is a contract of that ticker's
// chain at the snapshot (same strike, expiration, bid and ask, open interest > 0), and the figures
// agree with the legs (net = signed sum of the mids, breakeven = strike ± net, max loss of a debit
// spread = net × 100). Income rows carry their contract the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  incomeResponseSchema,
  topSetupsResponseSchema,
  tradeSetupResponseSchema,
  type StructureLegs,
} from '../../../src/shared/api/index.ts';
import type { OptionChain } from '../../../src/service/engine/chain.ts';
import { isIndexUnderlying } from '../../../src/shared/index-underlyings.ts';
import { epochToNy, nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { analyzeSnapshot } from '../../../src/service/analysis/ticker-analysis.ts';
import { structureLegs } from '../../../src/service/engine/interpret/setup-legs.ts';
import { call, listenService, OPEN_INSTANT, type Running } from '../../support/service-factory.ts';
import { valid } from './schema-assert.ts';

let svc: Running;
const get = (path: string) => call(svc.baseUrl, path);

beforeAll(async () => {
  svc = await listenService();
});
afterAll(() => svc.close());

function chainOf(ticker: string): OptionChain {
  const source = svc.app.gammawatch.source;
  const at = source.latestSnapshotTime(ticker, OPEN_INSTANT) as number;
  return source.chain(ticker, at) as OptionChain;
}

/** The chain's row for a contract, or -1. */
function rowOf(c: OptionChain, expiration: string, strike: number, isCall: boolean): number {
  const e = c.expirations.findIndex((x) => x.date === expiration);
  for (let i = 0; i < c.size; i++)
    if (c.expiryIndex[i] === e && c.strike[i] === strike && c.isCall[i] === (isCall ? 1 : 0)) return i;
  return -1;
}

/**
 * The legs' date lies between half the window's low end and twice its high end, and the note says
 * when it lies outside the window. It is the nearest listed to the window's middle unless that date
 * lacks a leg (an SPX wing beyond the listed strikes), which the unit tests pin.
 */
function checkListedDate(s: StructureLegs): void {
  const window = /(\d+)-(\d+) DTE/.exec(s.structure);
  const [min, max] = [Number(window?.[1]), Number(window?.[2])];
  const dte = s.dte as number;
  expect(dte).toBeGreaterThanOrEqual(Math.ceil(min / 2));
  expect(dte).toBeLessThanOrEqual(2 * max);
  expect(s.expiration_note ?? null).toBe(
    dte < min || dte > max ? `nearest listed to ${min}-${max} DTE is ${dte} DTE (${s.expiration})` : null,
  );
}

function checkAgainstChain(s: StructureLegs, c: OptionChain): void {
  for (const l of s.legs) {
    const i = rowOf(c, l.expiration, l.strike, l.option_type === 'call');
    expect(i, `${l.expiration} ${l.strike} ${l.option_type} listed`).toBeGreaterThanOrEqual(0);
    expect(l.bid).toBe(c.bid[i]);
    expect(l.ask).toBe(c.ask[i]);
    expect(l.open_interest).toBe(c.openInterest[i]);
    expect(l.open_interest).toBeGreaterThan(0);
    expect(l.ask).toBeGreaterThan(l.bid);
    expect(l.mid).toBeCloseTo((l.bid + l.ask) / 2, 3);
  }
  const signed = s.legs.reduce((sum, l) => sum + (l.action === 'buy' ? 1 : -1) * l.quantity * l.mid, 0);
  expect(s.net_price).toBeCloseTo(Math.abs(signed), 9);
  expect(s.net_type).toBe(signed > 0 ? 'debit' : 'credit');
  expect(s.net_per_contract).toBeCloseTo(Math.abs(signed) * 100, 6);
  const net = Math.abs(signed);
  const [a, b] = s.legs;
  switch (s.strategy) {
    case 'call_debit_spread':
      expect(s.breakevens).toEqual([expect.closeTo((a?.strike as number) + net, 6)]);
      expect(s.max_loss).toBeCloseTo(net * 100, 6);
      expect(s.max_gain).toBeCloseTo(((b?.strike as number) - (a?.strike as number) - net) * 100, 6);
      break;
    case 'put_debit_spread':
      expect(s.breakevens).toEqual([expect.closeTo((a?.strike as number) - net, 6)]);
      expect(s.max_loss).toBeCloseTo(net * 100, 6);
      expect(s.max_gain).toBeCloseTo(((a?.strike as number) - (b?.strike as number) - net) * 100, 6);
      break;
    case 'bull_put_credit_spread':
      expect(s.breakevens).toEqual([expect.closeTo((a?.strike as number) - net, 6)]);
      expect(s.max_gain).toBeCloseTo(net * 100, 6);
      expect(s.max_loss).toBeCloseTo(((a?.strike as number) - (b?.strike as number) - net) * 100, 6);
      break;
    case 'bear_call_credit_spread':
      expect(s.breakevens).toEqual([expect.closeTo((a?.strike as number) + net, 6)]);
      expect(s.max_gain).toBeCloseTo(net * 100, 6);
      expect(s.max_loss).toBeCloseTo(((b?.strike as number) - (a?.strike as number) - net) * 100, 6);
      break;
    case 'long_call':
      expect(s.breakevens).toEqual([expect.closeTo((a?.strike as number) + net, 6)]);
      expect(s.max_loss).toBeCloseTo(net * 100, 6);
      expect(s.max_gain_unlimited).toBe(true);
      break;
    case 'long_put':
      expect(s.breakevens).toEqual([expect.closeTo((a?.strike as number) - net, 6)]);
      expect(s.max_loss).toBeCloseTo(net * 100, 6);
      break;
    default:
      if (s.max_loss !== null && s.max_loss_per_share !== null)
        expect(s.max_loss).toBeCloseTo(s.max_loss_per_share * 100, 6);
  }
}

describe('trade setup legs', () => {
  it('every structure of every ranked setup has legs from its own chain, with agreeing figures', async () => {
    const top = valid(topSetupsResponseSchema, (await get('/top-setups?limit=200')).json);
    const withTrade = top.data.items.filter((i) => i.trade_setup.structures.length > 0);
    expect(withTrade.length).toBeGreaterThan(5);
    const strategies = new Set<string>();
    for (const item of withTrade) {
      const r = await get(`/agent/trade-setup/${item.ticker}`);
      const rec = valid(tradeSetupResponseSchema, r.json).data.trade_recommendation;
      const legs = rec.structure_legs ?? [];
      expect(legs.map((s) => s.structure)).toEqual(rec.structures);
      // The ranking's blob and the trade-setup payload are one computation.
      expect(item.trade_setup.structure_legs).toEqual(legs);
      const c = chainOf(item.ticker);
      for (const s of legs) {
        // A simulated chain lists a date within half to twice every window (monthlies are at most
        // five weeks apart) and quotes its strikes: every structure has legs.
        expect(s.legs_unavailable_reason, `${item.ticker}: ${s.structure}`).toBeNull();
        strategies.add(s.strategy);
        checkAgainstChain(s, c);
        if (s.strategy !== 'calendar') checkListedDate(s);
      }
    }
    // The simulator's universe reaches more than one kind of structure.
    expect(strategies.size).toBeGreaterThan(1);
  });

  it("SPY's headline setup has legs, and a 30/60 calendar on the issue's snapshot finds both months", () => {
    const source = svc.app.gammawatch.source;
    const at = source.latestSnapshotTime('SPY', OPEN_INSTANT) as number;
    const spy = analyzeSnapshot(source, 'SPY', at);
    const headline = spy?.setup.structure_legs?.[0];
    if (headline !== undefined) expect(headline.legs.length).toBeGreaterThan(0);
    // With a fixed window, on 2026-11-27 the 30/60 calendar had no back month (Jan 15, then
    // Feb 19): the nearest listed date is used instead.
    const issueAt = nyToEpoch('2026-11-27', 12 * 60);
    const chain = source.chain('SPY', issueAt) as OptionChain;
    const calendar = structureLegs('call or put calendar at the money, 30/60 DTE', { chain, atmIv: null });
    expect(calendar.legs_unavailable_reason).toBeNull();
    expect(calendar.legs.map((l) => [l.action, l.expiration])).toEqual([
      ['sell', '2026-12-24'],
      ['buy', '2027-01-29'],
    ]);
    checkAgainstChain(calendar, chain);
  });
});

describe('0DTE structures', () => {
  it('names listing dailies carry them, with legs from the 0DTE expiration; a stock listing none does not', async () => {
    let withLegs = 0;
    for (const ticker of ['SPY', 'QQQ', 'IWM', 'SPX']) {
      const r = await get(`/agent/trade-setup/${ticker}`);
      const rec = valid(tradeSetupResponseSchema, r.json).data.trade_recommendation;
      const z = rec.zero_dte_setup;
      expect(z, ticker).toBeDefined();
      const c = chainOf(ticker);
      expect(z?.expiration).toBe(epochToNy(c.asof).date);
      expect(z?.structure_legs.length === 0).toBe(z?.stance === 'stand_aside');
      for (const s of z?.structure_legs ?? []) {
        if (s.legs.length === 0) continue;
        withLegs++;
        for (const l of s.legs) expect([l.expiration, l.dte]).toEqual([z?.expiration, 0]);
        checkAgainstChain(s, c);
      }
    }
    expect(withLegs).toBeGreaterThan(0);
    // AAPL lists Friday weeklies: no expiration ends on this Wednesday.
    const aapl = valid(tradeSetupResponseSchema, (await get('/agent/trade-setup/AAPL')).json);
    expect(aapl.data.trade_recommendation.zero_dte_setup).toBeUndefined();
  });
});

describe('income rows carry their contract', () => {
  it('expiration, delta, bid/ask and open interest are the chain contract; yields agree', async () => {
    const body = valid(incomeResponseSchema, (await get('/income-setups?limit=50')).json);
    expect(body.data.items.length).toBeGreaterThan(0);
    for (const item of body.data.items) {
      const c = chainOf(item.ticker);
      const i = rowOf(c, item.expiration as string, item.strike, item.strategy === 'cc');
      expect(i).toBeGreaterThanOrEqual(0);
      if (item.premium_source === 'mid') {
        expect(item.bid).toBe(c.bid[i]);
        expect(item.ask).toBe(c.ask[i]);
        // The premium is the mid rounded to the cent.
        expect(
          Math.abs(item.premium - ((item.bid as number) + (item.ask as number)) / 2),
        ).toBeLessThanOrEqual(0.0051);
      }
      expect(item.open_interest).toBe(c.openInterest[i]);
      expect(Math.sign(item.delta as number)).toBe(item.strategy === 'cc' ? 1 : -1);
      expect(item.period_yield).toBeCloseTo(item.premium / (item.capital_per_share as number), 4);
      expect(item.annualized_yield).toBeCloseTo(
        ((item.premium / (item.capital_per_share as number)) * 365) / item.dte,
        3,
      );
      expect(item.breakeven).toBeCloseTo((item.capital_per_share as number) - item.premium, 6);
      // An index has no shares: never a covered call, and its short put settles in cash.
      const index = isIndexUnderlying(item.ticker);
      expect(item.settlement).toBe(index ? 'cash' : 'physical');
      if (index) expect(item).toMatchObject({ strategy: 'csp', strategy_label: 'cash-settled short put' });
    }
  });
});
