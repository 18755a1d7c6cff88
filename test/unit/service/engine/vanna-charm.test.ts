import { describe, expect, it } from 'vitest';
import { yearsToExpiry } from '../../../../src/service/engine/chain.ts';
import { resolveSelection } from '../../../../src/service/engine/expirations.ts';
import { bsCharm, bsDelta, bsVanna, type BsInputs } from '../../../../src/service/engine/pricing.ts';
import {
  contractVannaCharm,
  vannaCharmByStrike,
  vannaCharmTotals,
} from '../../../../src/service/engine/vanna-charm.ts';
import { makeChain } from '../../../support/chain-factory.ts';

/** Central finite differences of Black-Scholes delta: the definitions vanna and charm must match. */
function fdVanna(p: BsInputs, isCall: boolean): number {
  const h = 1e-5;
  return (
    (bsDelta({ ...p, sigma: p.sigma + h }, isCall) - bsDelta({ ...p, sigma: p.sigma - h }, isCall)) / (2 * h)
  );
}
function fdCharm(p: BsInputs, isCall: boolean): number {
  const h = p.t * 1e-5;
  // Time passing shortens time to expiry: charm = −d(delta)/dt.
  return -(bsDelta({ ...p, t: p.t + h }, isCall) - bsDelta({ ...p, t: p.t - h }, isCall)) / (2 * h);
}

const CASES: { name: string; p: BsInputs }[] = [
  { name: 'at the money, one year, r = q = 0', p: { spot: 100, strike: 100, t: 1, sigma: 0.2, r: 0, q: 0 } },
  { name: 'in the money call, carry', p: { spot: 100, strike: 95, t: 0.5, sigma: 0.25, r: 0.05, q: 0.03 } },
  {
    name: 'two days, out of the money call',
    p: { spot: 600, strike: 620, t: 2 / 365, sigma: 0.15, r: 0.045, q: 0.012 },
  },
  { name: "Hull's (42, 40)", p: { spot: 42, strike: 40, t: 0.5, sigma: 0.2, r: 0.1, q: 0 } },
  { name: 'deep out of the money put', p: { spot: 100, strike: 60, t: 0.25, sigma: 0.45, r: 0.02, q: 0 } },
  {
    name: 'one hour, near the money',
    p: { spot: 5000, strike: 5005, t: 1 / (365 * 24), sigma: 0.12, r: 0.04, q: 0.013 },
  },
];

describe('vanna and charm against finite differences of delta', () => {
  for (const isCall of [true, false]) {
    it.each(CASES)(`%s (${isCall ? 'call' : 'put'})`, ({ p }) => {
      const vanna = bsVanna(p);
      const charm = bsCharm(p, isCall);
      expect(Math.abs(vanna - fdVanna(p, isCall))).toBeLessThan(1e-6 * Math.max(1, Math.abs(vanna)));
      expect(Math.abs(charm - fdCharm(p, isCall))).toBeLessThan(1e-5 * Math.max(1, Math.abs(charm)));
    });
  }

  it.each([
    { sigma: 0, t: 1 },
    { sigma: Number.NaN, t: 1 },
    { sigma: 0.2, t: 0 },
  ])('no usable IV or no time left gives 0 (sigma $sigma, t $t)', ({ sigma, t }) => {
    const p = { spot: 100, strike: 100, t, sigma, r: 0, q: 0 };
    expect(bsVanna(p)).toBe(0);
    expect(bsCharm(p, true)).toBe(0);
  });
});

describe('dealer vanna and charm exposure per contract', () => {
  it.each([
    // vanna × 0.01 × OI × 100 × spot; charm / 365 × OI × 100 × spot; calls +, puts −
    {
      vanna: 0.2,
      charm: -0.02,
      oi: 1000,
      spot: 100,
      isCall: true,
      v: 0.2 * 0.01 * 1e5 * 100,
      c: (-0.02 / 365) * 1e5 * 100,
    },
    { vanna: 0.2, charm: -0.02, oi: 1000, spot: 100, isCall: false, v: -20000, c: (0.02 / 365) * 1e7 },
    { vanna: -0.9, charm: 0.07, oi: Number.NaN, spot: 100, isCall: true, v: 0, c: 0 },
    { vanna: -0.9, charm: 0.07, oi: -5, spot: 100, isCall: false, v: 0, c: 0 },
  ])('vanna $vanna, charm $charm × OI $oi (call: $isCall)', ({ vanna, charm, oi, spot, isCall, v, c }) => {
    const x = contractVannaCharm({ vanna, charm }, oi, spot, isCall);
    expect(x.vanna).toBeCloseTo(v, 6);
    expect(x.charm).toBeCloseTo(c, 6);
  });
});

describe('dealer vanna and charm by strike', () => {
  const chain = makeChain({
    spot: 100,
    strikes: [95, 100, 105],
    ivFn: (c) => (c.strike === 105 && !c.isCall ? Number.NaN : 0.2 + 0.1 * c.logMoneyness ** 2),
    oiFn: (c) => (c.isCall ? 1000 : 700),
  });
  const all = resolveSelection(chain, 'combined').mask;

  it('sums each contract by hand, puts negative, no IV contributes nothing', () => {
    const byStrike = vannaCharmByStrike(chain, all);
    const expected = new Map<number, { vanna: number; charm: number }>();
    for (let i = 0; i < chain.size; i++) {
      const sigma = chain.iv[i] as number;
      if (!(sigma > 0)) continue;
      const e = chain.expiryIndex[i] as number;
      const isCall = chain.isCall[i] === 1;
      const p = {
        spot: chain.spot,
        strike: chain.strike[i] as number,
        t: yearsToExpiry(chain.expirations[e]!, chain.asof),
        sigma,
        r: 0,
        q: 0,
      };
      const sign = isCall ? 1 : -1;
      const oi = chain.openInterest[i] as number;
      const row = expected.get(p.strike) ?? { vanna: 0, charm: 0 };
      row.vanna += sign * fdVanna(p, isCall) * 0.01 * oi * 100 * chain.spot;
      row.charm += (sign * fdCharm(p, isCall) * oi * 100 * chain.spot) / 365;
      expected.set(p.strike, row);
    }
    expect([...byStrike.strikes]).toEqual([95, 100, 105]);
    byStrike.strikes.forEach((k, j) => {
      const want = expected.get(k)!;
      expect(byStrike.vanna[j]).toBeCloseTo(want.vanna, 0);
      expect(byStrike.charm[j]).toBeCloseTo(want.charm, 0);
    });
    const totals = vannaCharmTotals(byStrike);
    expect(totals.vanna).toBeCloseTo(
      [...byStrike.vanna].reduce((a, b) => a + b, 0),
      6,
    );
    expect(totals.charm).toBeCloseTo(
      [...byStrike.charm].reduce((a, b) => a + b, 0),
      6,
    );
  });

  it('a selection of expirations counts only those', () => {
    const mask = new Uint8Array(chain.expirations.length);
    mask[0] = 1;
    const front = vannaCharmTotals(vannaCharmByStrike(chain, mask));
    const rest = mask.map((m) => 1 - m);
    const back = vannaCharmTotals(vannaCharmByStrike(chain, rest));
    const total = vannaCharmTotals(vannaCharmByStrike(chain, all));
    expect(front.vanna).not.toBe(0);
    expect(front.vanna + back.vanna).toBeCloseTo(total.vanna, 4);
    expect(front.charm + back.charm).toBeCloseTo(total.charm, 4);
    expect(Math.abs(front.charm)).not.toBeCloseTo(Math.abs(total.charm), 0);
  });
});
