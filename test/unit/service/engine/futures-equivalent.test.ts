// Futures equivalents (engine/futures-equivalent.ts): a chain priced with a known rate and dividend
// yield gives back its forward to the future's settlement and the basis F − S, from the settlement
// day's expiration or interpolated between the ones around it; where a side has no usable forward,
// no figure and the reason. Each level's equivalent is on the contract's tick (0.25 for ES and NQ,
// 0.10 for RTY), the basis and the fair value to the cent.
import { describe, expect, it } from 'vitest';
import {
  MS_PER_YEAR,
  packChain,
  type ContractRow,
  type OptionChain,
} from '../../../../src/service/engine/chain.ts';
import { impliedForwards } from '../../../../src/service/engine/forward.ts';
import {
  etfFuturesEquivalent,
  futuresEquivalent,
  interpolateForward,
} from '../../../../src/service/engine/futures-equivalent.ts';
import { bsPrice } from '../../../../src/service/engine/pricing.ts';
import type { KeyLevel } from '../../../../src/shared/api/levels.ts';
import { onTick } from '../../../../src/shared/futures-contract.ts';
import { nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';

// Wednesday 2026-11-18, 11:00 New York: the front quarterly is ESZ6, settling Friday 2026-12-18.
const ASOF = nyToEpoch('2026-11-18', 11 * 60);
const SETTLES = '2026-12-18';
const T_SETTLE = (nyToEpoch(SETTLES, 9 * 60 + 30) - ASOF) / MS_PER_YEAR;
const SPOT = 6000;
const R = 0.04;
const Q = 0.013;

const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

/** A chain priced by Black-Scholes at spot with rate r and yield q; `quoted` limits two-sided strikes. */
function carryChain(
  ticker: string,
  expiries: readonly string[],
  quoted?: (expiry: string) => number,
): OptionChain {
  const rows: ContractRow[] = [];
  for (const expiry of expiries) {
    const t = (optionExpiryEpoch(expiry) - ASOF) / MS_PER_YEAR;
    const strikes = range(5700, 6300, 25);
    const limit = quoted?.(expiry) ?? strikes.length;
    const atm = [...strikes].sort((a, b) => Math.abs(a - SPOT) - Math.abs(b - SPOT)).slice(0, limit);
    for (const strike of strikes) {
      for (const isCall of [false, true]) {
        const mid = bsPrice({ spot: SPOT, strike, t, sigma: 0.16, r: R, q: Q }, isCall);
        const twoSided = atm.includes(strike);
        rows.push({
          expiration: expiry,
          strike,
          isCall,
          iv: 0.16,
          openInterest: 1000,
          volume: 10,
          bid: twoSided ? Math.max(0, mid - 0.1) : 0,
          ask: mid + 0.1,
        });
      }
    }
  }
  return packChain({ ticker, spot: SPOT, asof: ASOF, source: 'simulated' }, rows, optionExpiryEpoch).chain;
}

const LEVELS: KeyLevel[] = [
  { id: 'call_wall', label: 'Call wall', price: 6100, kind: 'call_wall' },
  { id: 'gamma_flip', label: 'Gamma flip', price: 5950.5, kind: 'gamma_flip' },
  { id: 'put_wall', label: 'Put wall', price: 5800, kind: 'put_wall' },
];

function equivalentOf(chain: OptionChain) {
  return futuresEquivalent(chain, impliedForwards(chain, R), LEVELS);
}

describe('futuresEquivalent: a chain priced with a known rate and yield', () => {
  const carried = SPOT * Math.exp((R - Q) * T_SETTLE);

  it.each([
    [
      'interpolated between the expirations around the settlement',
      ['2026-12-11', '2026-12-31'],
      /^forwards 2026-12-11\/2026-12-31 interpolated/,
    ],
    [
      'the settlement day’s own expiration',
      ['2026-12-11', '2026-12-18', '2026-12-31'],
      /^forward 2026-12-18/,
    ],
    [
      'the nearest usable on each side (far ones too)',
      ['2026-11-20', '2027-01-15'],
      /^forwards 2026-11-20\/2027-01-15/,
    ],
  ])('%s gives back F = S·e^((r − q)T) and the basis', (_, expiries, source) => {
    const fe = equivalentOf(carryChain('SPX', expiries));
    expect(fe).toMatchObject({ symbol: 'ES', contract: 'ESZ6', settles: SETTLES, rolls: '2026-12-14' });
    expect(fe?.basis_source).toMatch(source);
    // The settlement day's expiration is read at its 16:00 close, 6.5 h past the 09:30 settlement:
    // 0.12 point more carry at 6000 with r − q = 2.7 %.
    expect(fe?.fair_value).toBeCloseTo(carried, 0);
    const basis = fe?.basis as number;
    expect(Math.abs(basis - (carried - SPOT))).toBeLessThan(0.15);
    expect(fe?.tick).toBe(0.25);
    for (const l of LEVELS) {
      const at = fe?.levels[l.id] as number;
      expect(at).toBe(onTick('ES', l.price + basis));
      expect(Math.abs(at - (l.price + basis))).toBeLessThanOrEqual(0.125);
    }
  });

  it.each([
    ['SPX', 'ES', 0.25],
    ['NDX', 'NQ', 0.25],
    ['RUT', 'RTY', 0.1],
  ])('%s: every %s level on its %s tick, the basis and fair value to the cent', (ticker, symbol, tick) => {
    const levels: KeyLevel[] = [5950.5, 5963.37, 5987.12, 6012.01, 6050.99].map((price, i) => ({
      id: `l${i}`,
      label: `Level ${i}`,
      price,
      kind: 'gamma_flip',
    }));
    const chain = carryChain(ticker, ['2026-12-11', '2026-12-31']);
    const fe = futuresEquivalent(chain, impliedForwards(chain, R), levels);
    expect(fe).toMatchObject({ symbol, tick });
    const basis = fe?.basis as number;
    expect(basis).toBe(Math.round(basis * 100) / 100);
    expect(basis).toBeCloseTo((fe?.fair_value as number) - SPOT, 2);
    for (const l of levels) {
      const at = fe?.levels[l.id] as number;
      const ticks = Math.round(at / tick);
      expect(at, `${l.price} + ${basis}`).toBe((ticks * Math.round(tick * 100)) / 100);
      expect(Math.abs(at - (l.price + basis))).toBeLessThanOrEqual(tick / 2 + 1e-9);
    }
  });

  it.each([
    [
      'no expiration listed after the settlement',
      ['2026-11-20', '2026-12-11'],
      undefined,
      /no expiration listed after ESZ6's settlement on 2026-12-18/,
    ],
    ['no expiration listed before it', ['2026-12-31'], undefined, /no expiration listed before/],
    [
      'too few two-sided quotes after it',
      ['2026-12-11', '2026-12-31'],
      (e: string) => (e === '2026-12-31' ? 2 : 99),
      /no expiration after ESZ6's settlement on 2026-12-18 has 3\+ strikes with two-sided/,
    ],
  ])('%s: no figure, and the reason', (_, expiries, quoted, reason) => {
    const fe = equivalentOf(carryChain('SPX', expiries, quoted));
    expect(fe).toMatchObject({ basis: null, fair_value: null, basis_source: null, levels: {} });
    expect(fe?.reason).toMatch(reason);
  });

  it('NDX and RUT name NQ and RTY; an ETF says it needs its index; a stock has none', () => {
    expect(equivalentOf(carryChain('NDX', ['2026-12-11', '2026-12-31']))?.contract).toBe('NQZ6');
    expect(equivalentOf(carryChain('RUT', ['2026-12-11', '2026-12-31']))?.contract).toBe('RTYZ6');
    const spy = equivalentOf(carryChain('SPY', ['2026-12-11', '2026-12-31']));
    expect(spy).toMatchObject({ symbol: 'ES', basis: null, levels: {} });
    expect(spy?.reason).toMatch(/SPY reaches ES through SPX/);
    expect(equivalentOf(carryChain('KO', ['2026-12-11', '2026-12-31']))).toBeNull();
  });
});

describe('interpolateForward: ln F linear in time', () => {
  const a = { expiry: 'a', t: 0.1, forward: 100 };
  const b = { expiry: 'b', t: 0.3, forward: 102 };
  it.each([
    [0.1, 100],
    [0.3, 102],
    [0.2, Math.sqrt(100 * 102)],
    [0.15, 100 * (102 / 100) ** 0.25],
  ])('at t = %s: %s', (t, expected) => {
    expect(interpolateForward(a, b, t)).toBeCloseTo(expected, 10);
  });
  it('one point on both sides: that forward', () => {
    expect(interpolateForward(a, a, 0.1)).toBe(100);
  });
});

describe('etfFuturesEquivalent: SPY through SPX', () => {
  const spx = equivalentOf(carryChain('SPX', ['2026-12-11', '2026-12-31']));
  const index = { ticker: 'SPX', spot: SPOT, asof: ASOF, equivalent: spx as NonNullable<typeof spx> };
  const spy = { ticker: 'SPY', spot: 598.8, asof: ASOF };
  const spyLevels: KeyLevel[] = [{ id: 'gamma_flip', label: 'Gamma flip', price: 595, kind: 'gamma_flip' }];

  it("each level × SPX/SPY spot + SPX's basis, the ratio stated", () => {
    const fe = etfFuturesEquivalent(spy, spyLevels, index);
    const ratio = SPOT / 598.8;
    expect(fe).toMatchObject({ symbol: 'ES', contract: 'ESZ6', basis: spx?.basis });
    expect(fe?.ratio).toBeCloseTo(ratio, 6);
    const exact = 595 * ratio + (spx?.basis as number);
    expect(fe?.levels['gamma_flip']).toBe(onTick('ES', exact));
    expect(Number.isInteger((fe?.levels['gamma_flip'] as number) / 0.25)).toBe(true);
    expect(Math.abs((fe?.levels['gamma_flip'] as number) - exact)).toBeLessThanOrEqual(0.125);
    expect(fe?.tick).toBe(0.25);
    expect(fe?.basis_source).toMatch(
      /^SPX forwards 2026-12-11\/2026-12-31 interpolated .*; SPY levels × 10\.0200 \(SPX 6000\.00 \/ SPY 598\.80 at the same snapshot\) \+ the basis$/,
    );
  });

  it("SPX's reason where it has no basis; nothing from another instant, index or ticker", () => {
    const none = equivalentOf(carryChain('SPX', ['2026-12-31']));
    const noBasis = etfFuturesEquivalent(spy, spyLevels, {
      ...index,
      equivalent: none as NonNullable<typeof none>,
    });
    expect(noBasis).toMatchObject({ basis: null, levels: {} });
    expect(noBasis?.reason).toMatch(/^SPX: no expiration listed before/);
    expect(etfFuturesEquivalent({ ...spy, asof: ASOF + 3_600_000 }, spyLevels, index)).toBeNull();
    expect(etfFuturesEquivalent({ ...spy, ticker: 'QQQ' }, spyLevels, index)).toBeNull();
    expect(etfFuturesEquivalent({ ...spy, ticker: 'SPX' }, spyLevels, index)).toBeNull();
  });
});
