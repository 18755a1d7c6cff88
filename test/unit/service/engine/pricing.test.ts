import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bsDelta,
  bsGamma,
  bsPrice,
  bsVega,
  normCdf,
  normPdf,
  type BsInputs,
} from '../../../../src/service/engine/pricing.ts';

// Reference values computed independently with mpmath at 30 significant digits. The (42, 40) row
// is Hull's textbook example (call 4.76, put 0.81); the (100, 95, q = 0.05) row is Haug's
// generalized Black-Scholes example (put 2.4648).
const CASES: {
  p: BsInputs;
  call: number;
  put: number;
  gamma: number;
  callDelta: number;
  putDelta: number;
  vega: number;
}[] = [
  {
    p: { spot: 100, strike: 100, t: 1, sigma: 0.2, r: 0, q: 0 },
    call: 7.965567455405797,
    put: 7.965567455405797,
    gamma: 0.019847627373850586,
    callDelta: 0.539827837277029,
    putDelta: -0.460172162722971,
    vega: 39.69525474770118,
  },
  {
    p: { spot: 100, strike: 100, t: 1, sigma: 0.2, r: 0.05, q: 0 },
    call: 10.450583572185568,
    put: 5.573526022256968,
    gamma: 0.01876201734584689,
    callDelta: 0.6368306511756191,
    putDelta: -0.3631693488243809,
    vega: 37.524034691693785,
  },
  {
    p: { spot: 42, strike: 40, t: 0.5, sigma: 0.2, r: 0.1, q: 0 },
    call: 4.759422392871533,
    put: 0.8085993729000936,
    gamma: 0.04996267040591185,
    callDelta: 0.779131290942669,
    putDelta: -0.22086870905733105,
    vega: 8.813415059602852,
  },
  {
    p: { spot: 100, strike: 95, t: 0.5, sigma: 0.2, r: 0.1, q: 0.05 },
    call: 9.628983522021258,
    put: 2.464787646755821,
    gamma: 0.02283957429626999,
    callDelta: 0.7111283123922603,
    putDelta: -0.2641815996360724,
    vega: 22.83957429626999,
  },
  {
    p: { spot: 218.8, strike: 250, t: 5 / 365, sigma: 0.55, r: 0.05, q: 0 },
    call: 0.10855755893357795,
    put: 31.13738331023122,
    gamma: 0.0036233060299182313,
    callDelta: 0.021281469775210136,
    putDelta: -0.9787185302247898,
    vega: 1.306891343886449,
  },
  {
    p: { spot: 50, strike: 80, t: 0.25, sigma: 0.6, r: 0.02, q: 0.01 },
    call: 0.4803734360624057,
    put: 30.206215651603983,
    gamma: 0.009840909330402194,
    callDelta: 0.07931586688960822,
    putDelta: -0.918187255507852,
    vega: 3.6903409989008225,
  },
];

// normCdf has a relative error below 1.2e-7: prices are good to about (S + K)·1e-7, deltas to 1e-7.
describe('Black-Scholes against closed-form references', () => {
  it.each(CASES)('S=$p.spot K=$p.strike t=$p.t σ=$p.sigma r=$p.r q=$p.q', (c) => {
    expect(bsGamma(c.p)).toBeCloseTo(c.gamma, 12);
    expect(bsVega(c.p)).toBeCloseTo(c.vega, 10);
    expect(Math.abs(bsDelta(c.p, true) - c.callDelta)).toBeLessThan(2e-7);
    expect(Math.abs(bsDelta(c.p, false) - c.putDelta)).toBeLessThan(2e-7);
    expect(Math.abs(bsPrice(c.p, true) - c.call)).toBeLessThan(5e-5);
    expect(Math.abs(bsPrice(c.p, false) - c.put)).toBeLessThan(5e-5);
  });
});

const inputs = fc.record({
  spot: fc.double({ min: 1, max: 2000, noNaN: true }),
  moneyness: fc.double({ min: 0.5, max: 2, noNaN: true }),
  t: fc.double({ min: 1 / 8760, max: 3, noNaN: true }),
  sigma: fc.double({ min: 0.02, max: 3, noNaN: true }),
  r: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  q: fc.double({ min: 0, max: 0.08, noNaN: true }),
});
const toBs = (x: {
  spot: number;
  moneyness: number;
  t: number;
  sigma: number;
  r: number;
  q: number;
}): BsInputs => ({
  spot: x.spot,
  strike: x.spot * x.moneyness,
  t: x.t,
  sigma: x.sigma,
  r: x.r,
  q: x.q,
});

describe('Black-Scholes identities', () => {
  it('put-call parity: C − P = S·e^{−qt} − K·e^{−rt}', () => {
    fc.assert(
      fc.property(inputs, (x) => {
        const p = toBs(x);
        const parity = p.spot * Math.exp(-p.q * p.t) - p.strike * Math.exp(-p.r * p.t);
        expect(Math.abs(bsPrice(p, true) - bsPrice(p, false) - parity)).toBeLessThan(
          1e-6 * (p.spot + p.strike),
        );
      }),
    );
  });

  it('delta parity: Δcall − Δput = e^{−qt}; gamma positive', () => {
    fc.assert(
      fc.property(inputs, (x) => {
        const p = toBs(x);
        expect(bsDelta(p, true) - bsDelta(p, false)).toBeCloseTo(Math.exp(-p.q * p.t), 12);
        expect(bsGamma(p)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('gamma is the derivative of delta in spot (central difference)', () => {
    fc.assert(
      fc.property(inputs, (x) => {
        const p = toBs({
          ...x,
          moneyness: Math.min(Math.max(x.moneyness, 0.8), 1.25),
          t: Math.max(x.t, 0.02),
        });
        // The step scales with the width of the lognormal (S·σ·√t): a fixed step is far too coarse for a
        // short-dated, low-vol option whose gamma spikes over a fraction of a cent.
        const width = p.spot * p.sigma * Math.sqrt(p.t);
        const h = width * 1e-3;
        const fd =
          (bsDelta({ ...p, spot: p.spot + h }, true) - bsDelta({ ...p, spot: p.spot - h }, true)) / (2 * h);
        // Gamma's scale is 1/width. Truncation (h² times the third derivative of delta, over 6) is ~1e-7
        // of it; normCdf's rounding (~1e-16) over 2h is ~1e-13 of it; 1e-5 of the scale bounds both.
        expect(Math.abs(fd - bsGamma(p))).toBeLessThan(1e-5 / width);
      }),
    );
  });

  it.each([
    ['no volatility', { sigma: 0 }],
    ['NaN volatility', { sigma: Number.NaN }],
    ['no time', { t: 0 }],
    ['no spot', { spot: 0 }],
  ])('gamma is 0 with %s', (_, patch) => {
    expect(bsGamma({ spot: 100, strike: 100, t: 1, sigma: 0.2, r: 0, q: 0, ...patch })).toBe(0);
  });

  it.each([
    [0, 0.5],
    [1.96, 0.9750021048517795],
    [-1, 0.15865525393145707],
    [3, 0.9986501019683699],
  ])('normCdf(%d) = %d', (x, expected) => {
    expect(Math.abs(normCdf(x) - expected)).toBeLessThan(1.2e-7);
  });

  it('normPdf(0) = 1/√(2π)', () => {
    expect(normPdf(0)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 15);
  });
});
