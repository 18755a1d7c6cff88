import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearsToExpiry, type Expiration } from '../../../../src/service/engine/chain.ts';
import { resolveSelection } from '../../../../src/service/engine/expirations.ts';
import {
  contractGammas,
  contractGex,
  exposureByStrike,
  gexTotals,
  sharesToGex,
  strikeShares,
  usableCount,
} from '../../../../src/service/engine/exposure.ts';
import { makeChain, makeLargeChain, mapContracts } from '../../../support/chain-factory.ts';

/** Black-Scholes gamma written out independently of pricing.ts. */
function gammaByHand(S: number, K: number, t: number, sigma: number, r = 0, q = 0): number {
  const sd = sigma * Math.sqrt(t);
  const d1 = (Math.log(S / K) + (r - q + (sigma * sigma) / 2) * t) / sd;
  return (Math.exp(-q * t) * Math.exp((-d1 * d1) / 2)) / Math.sqrt(2 * Math.PI) / (S * sd);
}

const all = (chain: ReturnType<typeof makeChain>) => resolveSelection(chain, 'combined').mask;

describe('GEX per contract, by hand', () => {
  it.each([
    // gamma × OI × 100 × spot² × 0.01, calls +, puts −
    {
      gamma: 0.019848,
      oi: 1000,
      spot: 100,
      isCall: true,
      expected: 0.019848 * 1000 * 100 * 100 * 100 * 0.01,
    },
    { gamma: 0.019848, oi: 1000, spot: 100, isCall: false, expected: -198480 },
    {
      gamma: 0.0331,
      oi: 11494,
      spot: 218.8,
      isCall: true,
      expected: 0.0331 * 11494 * 100 * 218.8 * 218.8 * 0.01,
    },
    { gamma: 0.05, oi: Number.NaN, spot: 100, isCall: true, expected: 0 },
    { gamma: 0.05, oi: -10, spot: 100, isCall: false, expected: -0 },
  ])(
    'gamma $gamma × OI $oi at $spot (call: $isCall) = $expected',
    ({ gamma, oi, spot, isCall, expected }) => {
      expect(contractGex(gamma, oi, spot, isCall)).toBeCloseTo(expected, 6);
    },
  );

  it.each([
    [5, 5],
    [0, 0],
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('usableCount(%d) = %d', (x, expected) => {
    expect(usableCount(x)).toBe(expected);
  });

  it.each([
    { strike: 100, iv: 0.2, oi: 1000, isCall: true },
    { strike: 95, iv: 0.35, oi: 250, isCall: false },
    { strike: 120, iv: 0.6, oi: 40, isCall: true },
  ])('a one-contract chain: K=$strike σ=$iv OI=$oi call=$isCall', ({ strike, iv, oi, isCall }) => {
    const chain = makeChain({
      spot: 101.5,
      expirations: ['2025-04-17'],
      strikes: [strike],
      ivFn: () => iv,
      oiFn: (c) => (c.isCall === isCall ? oi : 0),
    });
    const t = yearsToExpiry(chain.expirations[0] as Expiration, chain.asof);
    const gamma = gammaByHand(101.5, strike, t, iv);
    const e = exposureByStrike(chain, contractGammas(chain), all(chain));
    const totals = gexTotals(e, chain.spot);
    const expected = (isCall ? 1 : -1) * gamma * oi * 100 * 101.5 ** 2 * 0.01;
    expect(totals.net).toBeCloseTo(expected, 6);
    expect(strikeShares(e, 0, 'signed')).toBeCloseTo((isCall ? 1 : -1) * gamma * oi * 100, 9);
    expect(strikeShares(e, 0, 'naive')).toBeCloseTo(gamma * oi * 100, 9);
  });
});

describe('conventions on random chains', () => {
  const seeds = fc.integer({ min: 1, max: 1_000_000 });
  const sizes = fc.integer({ min: 2, max: 600 });

  it('calls ≥ 0, puts ≤ 0, net = call + put, gross = call − put, naive ≥ |signed| per strike', () => {
    fc.assert(
      fc.property(seeds, sizes, (seed, n) => {
        const chain = makeLargeChain(n, seed);
        const e = exposureByStrike(chain, contractGammas(chain), all(chain));
        const t = gexTotals(e, chain.spot);
        expect(t.call).toBeGreaterThanOrEqual(0);
        expect(t.put).toBeLessThanOrEqual(0);
        expect(t.net).toBeCloseTo(t.call + t.put, 6);
        expect(t.gross).toBeCloseTo(t.call - t.put, 6);
        for (let j = 0; j < e.strikes.length; j++) {
          expect(strikeShares(e, j, 'naive')).toBeGreaterThanOrEqual(
            Math.abs(strikeShares(e, j, 'signed')) - 1e-9,
          );
        }
      }),
      { numRuns: 40 },
    );
  });

  it('swapping every call for a put negates the net GEX and keeps the gross', () => {
    fc.assert(
      fc.property(seeds, sizes, (seed, n) => {
        const chain = makeLargeChain(n, seed);
        const swapped = mapContracts(chain, (row) => ({ isCall: !row.isCall }));
        const a = gexTotals(exposureByStrike(chain, contractGammas(chain), all(chain)), chain.spot);
        const b = gexTotals(exposureByStrike(swapped, contractGammas(swapped), all(swapped)), swapped.spot);
        const scale = Math.max(a.gross, 1);
        expect(Math.abs(a.net + b.net)).toBeLessThan(1e-9 * scale);
        expect(Math.abs(a.gross - b.gross)).toBeLessThan(1e-9 * scale);
      }),
      { numRuns: 30 },
    );
  });

  it('contracts with IV 0 or NaN contribute no gamma, whatever their open interest', () => {
    fc.assert(
      fc.property(seeds, sizes, (seed, n) => {
        const chain = makeLargeChain(n, seed);
        const gammas = contractGammas(chain);
        for (let i = 0; i < chain.size; i++) {
          const iv = chain.iv[i] as number;
          if (!(iv > 0)) expect(gammas[i]).toBe(0);
          else expect(gammas[i]).toBeGreaterThanOrEqual(0);
        }
        const zeroed = mapContracts(chain, (row) => (row.iv > 0 ? null : { openInterest: 0 }));
        const a = gexTotals(exposureByStrike(chain, gammas, all(chain)), chain.spot);
        const b = gexTotals(exposureByStrike(zeroed, contractGammas(zeroed), all(zeroed)), zeroed.spot);
        expect(a.net).toBe(b.net);
      }),
      { numRuns: 30 },
    );
  });

  it('GEX is dealer shares × spot² × 0.01', () => {
    expect(sharesToGex(1980, 100)).toBeCloseTo(198000, 9);
  });
});

describe('exposureByStrike', () => {
  it('groups decimal strikes exactly and sums across expirations', () => {
    const chain = makeChain({
      spot: 218.8,
      expirations: ['2025-03-14', '2025-03-21'],
      strikes: (date) => (date === '2025-03-14' ? [172.5, 175] : [172.5, 177.5]),
      oiFn: () => 10,
      volumeFn: (c) => (c.isCall ? 3 : 4),
    });
    const e = exposureByStrike(chain, contractGammas(chain), all(chain));
    expect(Array.from(e.strikes)).toEqual([172.5, 175, 177.5]);
    expect(Array.from(e.callOi)).toEqual([20, 10, 10]);
    expect(Array.from(e.putVolume)).toEqual([8, 4, 4]);
    expect(e.contracts).toBe(8);
  });
});
