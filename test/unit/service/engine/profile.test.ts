import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearsToExpiry, type Expiration } from '../../../../src/service/engine/chain.ts';
import { resolveSelection } from '../../../../src/service/engine/expirations.ts';
import { contractGammas, exposureByStrike, gexTotals } from '../../../../src/service/engine/exposure.ts';
import {
  buildGammaKernel,
  gammaProfile,
  gammaProfileReference,
  kernelGex,
  spotGrid,
  type GammaProfile,
} from '../../../../src/service/engine/profile.ts';
import type { PricingParams } from '../../../../src/service/engine/types.ts';
import { makeChain, makeLargeChain } from '../../../support/chain-factory.ts';

describe('spotGrid', () => {
  it('spans ±20 % of spot in 201 points with spot in the middle', () => {
    const g = spotGrid(218.8);
    expect(g.length).toBe(201);
    expect(g[0]).toBeCloseTo(218.8 * 0.8, 10);
    expect(g[200]).toBeCloseTo(218.8 * 1.2, 10);
    expect(g[100]).toBeCloseTo(218.8, 10);
    for (let j = 1; j < g.length; j++) expect((g[j] as number) > (g[j - 1] as number)).toBe(true);
  });

  it.each([
    ['spot 0', 0, 0.2, 201],
    ['spot NaN', Number.NaN, 0.2, 201],
    ['range 0', 100, 0, 201],
    ['range 1', 100, 1, 201],
    ['2 points', 100, 0.2, 2],
    ['fractional points', 100, 0.2, 10.5],
  ])('rejects %s', (_, spot, range, points) => {
    expect(() => spotGrid(spot, range, points)).toThrow(RangeError);
  });
});

/** Largest |fast − reference| relative to the gross (naive) profile at that point. */
function worstRelative(fast: GammaProfile, ref: GammaProfile, gross: GammaProfile): number {
  let worst = 0;
  for (let j = 0; j < fast.gex.length; j++) {
    const scale = Math.abs(gross.gex[j] as number);
    const diff = Math.abs((fast.gex[j] as number) - (ref.gex[j] as number));
    if (scale > 0) worst = Math.max(worst, diff / scale);
    else expect(diff).toBe(0);
  }
  return worst;
}

describe('the fast kernel against the plain per-contract loop', () => {
  const pricings: PricingParams[] = [
    { r: 0, q: 0 },
    { r: 0.05, q: 0 },
    { r: 0.045, q: 0.015 },
  ];

  it.each(pricings)('agree to 1e-9 relative on random chains (r=$r, q=$q)', (pricing) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 400 }), (seed, n) => {
        const chain = makeLargeChain(n, seed);
        for (const view of ['signed', 'naive'] as const) {
          const options = { pricing, view, points: 41 };
          const gross = gammaProfileReference(chain, { ...options, view: 'naive' });
          expect(
            worstRelative(gammaProfile(chain, options), gammaProfileReference(chain, options), gross),
          ).toBeLessThan(1e-9);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('agree with an expiration mask', () => {
    const chain = makeLargeChain(3000, 11);
    const mask = resolveSelection(chain, 'nearest').mask;
    const fast = gammaProfile(chain, { mask });
    const ref = gammaProfileReference(chain, { mask });
    expect(worstRelative(fast, ref, gammaProfileReference(chain, { mask, view: 'naive' }))).toBeLessThan(
      1e-9,
    );
    expect(fast.gex.some((v) => v !== 0)).toBe(true);
  });

  it('at the actual spot equals the net GEX of the chain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const chain = makeLargeChain(500, seed);
        const totals = gexTotals(
          exposureByStrike(chain, contractGammas(chain), resolveSelection(chain, 'combined').mask),
          chain.spot,
        );
        const atSpot = kernelGex(buildGammaKernel(chain), chain.spot);
        expect(Math.abs(atSpot - totals.net)).toBeLessThan(1e-9 * totals.gross);
      }),
      { numRuns: 25 },
    );
  });

  it('re-prices gamma at each hypothetical spot with S² scaling (one call, by hand)', () => {
    const chain = makeChain({
      spot: 100,
      expirations: ['2025-04-17'],
      strikes: [105],
      ivFn: () => 0.3,
      oiFn: (c) => (c.isCall ? 500 : 0),
    });
    const t = yearsToExpiry(chain.expirations[0] as Expiration, chain.asof);
    const p = gammaProfile(chain, { points: 11 });
    for (let j = 0; j < 11; j++) {
      const S = p.spots[j] as number;
      const sd = 0.3 * Math.sqrt(t);
      const d1 = (Math.log(S / 105) + 0.045 * t) / sd;
      const gamma = Math.exp(-0.5 * d1 * d1) / Math.sqrt(2 * Math.PI) / (S * sd);
      expect(p.gex[j]).toBeCloseTo(gamma * 500 * 100 * S * S * 0.01, 6);
    }
  });

  it('leaves out contracts without open interest or IV, and merges a put and call quoted at one IV', () => {
    const chain = makeLargeChain(2001, 5);
    expect(chain.size).toBe(2001);
    const terms = new Set<string>();
    let usable = 0;
    for (let i = 0; i < chain.size; i++) {
      if ((chain.openInterest[i] as number) > 0 && (chain.iv[i] as number) > 0) {
        usable++;
        terms.add(`${chain.expiryIndex[i]}|${chain.strike[i]}|${chain.iv[i]}`);
      }
    }
    expect(buildGammaKernel(chain, { view: 'naive' }).size).toBe(terms.size);
    expect(usable).toBeLessThan(chain.size);
    // makeChain quotes a strike's put and call at one IV, as the simulator does: one term per strike.
    const oneIv = makeChain();
    expect(buildGammaKernel(oneIv).size).toBe(oneIv.size / 2);
  });

  it.each([
    { r: 0, q: 0 },
    { r: 0.05, q: 0.02 },
  ])('merged terms agree with the plain loop to 1e-9 (r=$r, q=$q)', (pricing) => {
    const chain = makeChain({ spot: 101.3, strikes: Array.from({ length: 81 }, (_, i) => 80 + i * 0.5) });
    const gross = gammaProfileReference(chain, { pricing, view: 'naive' });
    for (const view of ['signed', 'naive'] as const) {
      const fast = gammaProfile(chain, { pricing, view });
      expect(worstRelative(fast, gammaProfileReference(chain, { pricing, view }), gross)).toBeLessThan(1e-9);
    }
  });
});
