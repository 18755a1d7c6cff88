import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearsToExpiry, type Expiration, type OptionChain } from '../../../../src/service/engine/chain.ts';
import { findGammaFlip } from '../../../../src/service/engine/flip.ts';
import { buildGammaKernel, kernelGex } from '../../../../src/service/engine/profile.ts';
import { makeChain, makeLargeChain, mapContracts } from '../../../support/chain-factory.ts';

/** A put at kPut and a call at kCall, same IV and open interest, one expiration. */
function pair(spot: number, kPut: number, kCall: number, iv: number, expiration = '2025-04-17', oi = 1000) {
  return makeChain({
    spot,
    expirations: [expiration],
    strikes: [kPut, kCall],
    ivFn: () => iv,
    oiFn: (c) => ((c.isCall && c.strike === kCall) || (!c.isCall && c.strike === kPut) ? oi : 0),
  });
}

/** The flip is within `tol` of a true root: the exact GEX changes sign across [flip − tol, flip + tol]. */
function expectRootWithin(chain: OptionChain, flip: number, tol: number) {
  const kernel = buildGammaKernel(chain);
  const below = kernelGex(kernel, flip - tol);
  const above = kernelGex(kernel, flip + tol);
  expect(Math.sign(below) * Math.sign(above)).toBeLessThanOrEqual(0);
}

describe('findGammaFlip', () => {
  // With one put and one call of equal IV σ and open interest, total GEX ∝ φ(d1_call) − φ(d1_put),
  // zero where d1_call = −d1_put: S* = √(K_put · K_call) · e^{−σ²t/2} (r = q = 0).
  it.each([
    { spot: 100, kPut: 95, kCall: 105, iv: 0.3, expiration: '2025-04-17' },
    { spot: 100, kPut: 90, kCall: 100, iv: 0.5, expiration: '2025-03-21' },
    { spot: 218.8, kPut: 210, kCall: 232.5, iv: 0.47, expiration: '2025-03-14' },
    { spot: 50, kPut: 45, kCall: 58, iv: 0.8, expiration: '2025-06-20' },
  ])(
    'finds the closed-form root for put $kPut / call $kCall at σ=$iv',
    ({ spot, kPut, kCall, iv, expiration }) => {
      const chain = pair(spot, kPut, kCall, iv, expiration);
      const t = yearsToExpiry(chain.expirations[0] as Expiration, chain.asof);
      const exact = Math.sqrt(kPut * kCall) * Math.exp((-iv * iv * t) / 2);
      const flip = findGammaFlip(chain);
      expect(flip.reason).toBeNull();
      expect(Math.abs((flip.price as number) - exact)).toBeLessThan(1e-4 * spot);
      const [lo, hi] = flip.bracket as [number, number];
      expect(lo).toBeLessThanOrEqual(exact);
      expect(hi).toBeGreaterThanOrEqual(exact);
      // one grid step: even in ln S, 100 steps from −20 % to spot and 100 from spot to +20 %
      const step = Math.log(hi / lo);
      const steps = [-Math.log1p(-0.2) / 100, Math.log1p(0.2) / 100];
      expect(steps.some((h) => Math.abs(step - h) < 1e-9)).toBe(true);
    },
  );

  it('returns the profile it read the flip from', () => {
    const flip = findGammaFlip(pair(100, 95, 105, 0.3));
    expect(flip.profile.spots.length).toBe(201);
    expect(flip.profile.gex.length).toBe(201);
    expect(flip.profile.gex[0]).toBeLessThan(0);
    expect(flip.profile.gex[200]).toBeGreaterThan(0);
  });

  it.each([
    [
      'only calls',
      (c: { isCall: boolean }) => (c.isCall ? 100 : 0),
      'total GEX positive across ±20 % of spot',
    ],
    [
      'only puts',
      (c: { isCall: boolean }) => (c.isCall ? 0 : 100),
      'total GEX negative across ±20 % of spot',
    ],
    ['no open interest', () => 0, 'no contract has both open interest and a valid IV'],
  ])('no flip with %s: null and a reason', (_, oiFn, reason) => {
    const flip = findGammaFlip(makeChain({ oiFn }));
    expect(flip.price).toBeNull();
    expect(flip.bracket).toBeNull();
    expect(flip.reason).toBe(reason);
  });

  it('no flip when no contract has a valid IV', () => {
    const flip = findGammaFlip(makeChain({ ivFn: () => Number.NaN }));
    expect(flip.price).toBeNull();
    expect(flip.reason).toBe('no contract has both open interest and a valid IV');
  });

  it('no flip when every term underflows away from a 0-DTE cluster of calls', () => {
    const asof = Date.parse('2025-03-14T19:30:00Z'); // 15:30 New York, half an hour before expiry
    const chain = makeChain({
      asof,
      expirations: ['2025-03-14'],
      strikes: [99, 100, 101],
      oiFn: (c) => (c.isCall ? 10 : 0),
    });
    const flip = findGammaFlip(chain);
    expect(flip.profile.gex[0]).toBe(0);
    expect(flip.price).toBeNull();
    expect(flip.reason).toBe('total GEX positive across ±20 % of spot');
  });

  it('picks the sign change nearest spot', () => {
    // Puts at 80, calls at 90, puts at 110, calls at 120: sign changes near 85, 100 and 115.
    const oi: Record<number, [number, number]> = {
      80: [3000, 0],
      90: [0, 3000],
      110: [3000, 0],
      120: [0, 3000],
    };
    const chain = makeChain({
      spot: 100,
      expirations: ['2025-03-21'],
      strikes: [80, 90, 110, 120],
      ivFn: () => 0.2,
      oiFn: (c) => (oi[c.strike] as [number, number])[c.isCall ? 1 : 0],
    });
    const flip = findGammaFlip(chain);
    expect(flip.price).toBeGreaterThan(95);
    expect(flip.price).toBeLessThan(105);
    expectRootWithin(chain, flip.price as number, 1e-4 * chain.spot);
  });

  it('on random chains, any flip sits within 0.01 % of a real sign change and none is nearer spot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 50, max: 800 }), (seed, n) => {
        const chain = makeLargeChain(n, seed);
        const flip = findGammaFlip(chain);
        if (flip.price === null) {
          expect(flip.reason).toMatch(/across ±20 % of spot|no contract/);
          const signs = new Set(Array.from(flip.profile.gex, (v) => Math.sign(v)).filter((s) => s !== 0));
          expect(signs.size).toBeLessThanOrEqual(1);
          return;
        }
        const tol = 1e-4 * chain.spot;
        expectRootWithin(chain, flip.price, tol);
        const distance = Math.abs(flip.price - chain.spot);
        const kernel = buildGammaKernel(chain);
        const { spots, gex } = flip.profile;
        for (let j = 1; j < gex.length; j++) {
          if (Math.sign(gex[j - 1] as number) * Math.sign(gex[j] as number) < 0) {
            // An independent bisection of this grid interval to 1e-7 of spot.
            let lo = spots[j - 1] as number;
            let hi = spots[j] as number;
            const loSign = Math.sign(gex[j - 1] as number);
            while (hi - lo > 1e-7 * chain.spot) {
              const mid = (lo + hi) / 2;
              if (Math.sign(kernelGex(kernel, mid)) === loSign) lo = mid;
              else hi = mid;
            }
            expect(Math.abs((lo + hi) / 2 - chain.spot)).toBeGreaterThanOrEqual(distance - tol);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('is deterministic', () => {
    const a = findGammaFlip(makeLargeChain(3000, 42));
    const b = findGammaFlip(makeLargeChain(3000, 42));
    expect(b.price).toBe(a.price);
    expect(Array.from(b.profile.gex)).toEqual(Array.from(a.profile.gex));
  });

  it('a tighter tolerance moves the flip by less than the default tolerance', () => {
    const chain = pair(100, 93, 104, 0.35);
    const coarse = findGammaFlip(chain).price as number;
    const fine = findGammaFlip(chain, { tolerancePct: 1e-9 }).price as number;
    expect(Math.abs(coarse - fine)).toBeLessThan(1e-4 * chain.spot);
    expectRootWithin(chain, fine, 1e-8 * chain.spot);
  });

  it('moves with the chain: doubling put open interest moves the flip up', () => {
    const chain = pair(100, 95, 105, 0.3);
    const heavier = mapContracts(chain, (row) =>
      row.isCall ? null : { openInterest: row.openInterest * 2 },
    );
    expect(findGammaFlip(heavier).price as number).toBeGreaterThan(findGammaFlip(chain).price as number);
  });
});
