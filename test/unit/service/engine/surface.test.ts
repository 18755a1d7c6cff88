import { describe, expect, it } from 'vitest';
import { yearsToExpiry, type Expiration } from '../../../../src/service/engine/chain.ts';
import { bsDelta } from '../../../../src/service/engine/pricing.ts';
import {
  constantMaturityIv,
  expirySmiles,
  interpolateFlat,
  ivAtMaxDelta,
  ivMetrics,
} from '../../../../src/service/engine/surface.ts';
import { makeChain, type ContractContext } from '../../../support/chain-factory.ts';

const strikesBy = (lo: number, hi: number, step: number) =>
  Array.from({ length: Math.round((hi - lo) / step) + 1 }, (_, i) => lo + i * step);

describe('interpolateFlat', () => {
  it.each([
    [5, 1],
    [10, 1],
    [15, 1.5],
    [20, 2],
    [25, 2],
  ])('at %d', (x, expected) => {
    expect(interpolateFlat([10, 20], [1, 2], x)).toBeCloseTo(expected, 12);
  });
  it('null without points', () => {
    expect(interpolateFlat([], [], 1)).toBeNull();
  });
});

describe('constantMaturityIv (30 days, linear in total variance)', () => {
  const d = (days: number) => days / 365;
  it.each([
    {
      name: 'interpolated: w = 0.9 + (2.4 − 0.9)·0.4 = 1.5 (per 365), σ = √(1.5/30)',
      points: [
        { date: 'a', t: d(10), iv: 0.3 },
        { date: 'b', t: d(60), iv: 0.2 },
      ],
      iv: Math.sqrt(0.05),
      method: 'interpolated',
      from: ['a', 'b'],
    },
    {
      name: 'an expiration at exactly 30 days',
      points: [
        { date: 'a', t: d(7), iv: 0.5 },
        { date: 'b', t: d(30), iv: 0.25 },
        { date: 'c', t: d(90), iv: 0.2 },
      ],
      iv: 0.25,
      method: 'interpolated',
      from: ['a', 'b'],
    },
    {
      name: 'flat below the first expiration',
      points: [
        { date: 'a', t: d(45), iv: 0.3 },
        { date: 'b', t: d(80), iv: 0.2 },
      ],
      iv: 0.3,
      method: 'flat',
      from: ['a'],
    },
    {
      name: 'flat beyond the last expiration',
      points: [{ date: 'a', t: d(5), iv: 0.47 }],
      iv: 0.47,
      method: 'flat',
      from: ['a'],
    },
    {
      name: 'expirations without a value are skipped',
      points: [
        { date: 'a', t: d(10), iv: 0.3 },
        { date: 'x', t: d(25), iv: null },
        { date: 'b', t: d(60), iv: 0.2 },
      ],
      iv: Math.sqrt(0.05),
      method: 'interpolated',
      from: ['a', 'b'],
    },
  ])('$name', ({ points, iv, method, from }) => {
    const cm = constantMaturityIv(points);
    expect(cm.iv).toBeCloseTo(iv, 12);
    expect(cm.method).toBe(method);
    expect(cm.from).toEqual(from);
  });

  it('null when no expiration has a value', () => {
    expect(constantMaturityIv([{ date: 'a', t: 0.1, iv: null }])).toEqual({
      iv: null,
      method: null,
      from: [],
    });
  });
});

describe('per-expiration smile', () => {
  it.each([0.15, 0.3, 0.9])('a flat %d vol gives that vol everywhere and no skew', (vol) => {
    const m = ivMetrics(makeChain({ ivFn: () => vol, strikes: strikesBy(50, 150, 1) }));
    expect(m.atmIv.iv).toBeCloseTo(vol, 12);
    expect(m.put25.iv).toBeCloseTo(vol, 12);
    expect(m.call25.iv).toBeCloseTo(vol, 12);
    expect(m.ratio).toBeCloseTo(1, 12);
    expect(m.spreadPts).toBeCloseTo(0, 10);
    expect(m.premiumPct).toBeCloseTo(0, 10);
  });

  it.each([
    { spot: 100.5, r: 0, expected: 0.2 + 0.001 * 0.5 },
    { spot: 100, r: 0, expected: 0.2 },
    { spot: 100, r: 0.05, expectedFn: (t: number) => 0.2 + 0.001 * (100 * Math.exp(0.05 * t) - 100) },
  ])('ATM IV is read at the forward (spot $spot, r $r)', ({ spot, r, expected, expectedFn }) => {
    const chain = makeChain({
      spot,
      expirations: ['2025-06-20'],
      strikes: strikesBy(80, 120, 1),
      ivFn: (c) => 0.2 + 0.001 * (c.strike - 100),
    });
    const [smile] = expirySmiles(chain, { r, q: 0 });
    const t = yearsToExpiry(chain.expirations[0] as Expiration, chain.asof);
    expect(smile?.atmIv).toBeCloseTo(expectedFn ? expectedFn(t) : (expected as number), 12);
  });

  it.each([
    { name: 'mean of call and put', ivFn: (c: ContractContext) => (c.isCall ? 0.3 : 0.2), expected: 0.25 },
    {
      name: 'puts only where calls have no IV',
      ivFn: (c: ContractContext) => (c.isCall ? 0 : 0.22),
      expected: 0.22,
    },
    {
      name: 'calls only where puts have NaN',
      ivFn: (c: ContractContext) => (c.isCall ? 0.31 : Number.NaN),
      expected: 0.31,
    },
  ])('ATM IV: $name', ({ ivFn, expected }) => {
    const [smile] = expirySmiles(makeChain({ expirations: ['2025-04-17'], ivFn }));
    expect(smile?.atmIv).toBeCloseTo(expected, 12);
  });

  it.each([
    { side: 'call', target: 0.25, isCall: true },
    { side: 'put', target: -0.25, isCall: false },
  ])('the 25-delta $side IV of a skewed smile is the smile at the 25-delta strike', ({ target, isCall }) => {
    const smile = (k: number) => 0.3 - 0.002 * (k - 100) + 0.00004 * (k - 100) ** 2;
    const chain = makeChain({
      expirations: ['2025-04-17'],
      strikes: strikesBy(60, 140, 0.25),
      ivFn: (c) => smile(c.strike),
    });
    const t = yearsToExpiry(chain.expirations[0] as Expiration, chain.asof);
    // Independent: bisect for the strike whose delta, at its own smile IV, is the target.
    const delta = (k: number) => bsDelta({ spot: 100, strike: k, t, sigma: smile(k), r: 0, q: 0 }, isCall);
    let lo = isCall ? 100 : 60;
    let hi = isCall ? 140 : 100;
    for (let i = 0; i < 100; i++) {
      const mid = (lo + hi) / 2;
      if ((delta(mid) - target) * (delta(lo) - target) > 0) lo = mid;
      else hi = mid;
    }
    const [s] = expirySmiles(chain);
    expect((isCall ? s?.call25 : s?.put25) as number).toBeCloseTo(smile(lo), 4);
  });

  it('no 25-delta IV when the strikes do not reach 25 delta', () => {
    const [s] = expirySmiles(makeChain({ expirations: ['2025-04-17'], strikes: [99, 100, 101] }));
    expect(s?.call25).toBeNull();
    expect(s?.put25).toBeNull();
    expect(s?.atmIv).not.toBeNull();
  });

  it('30-day ATM IV interpolates total variance between the expirations around 30 days', () => {
    const vols: Record<string, number> = { '2025-03-21': 0.4, '2025-04-17': 0.3, '2025-05-16': 0.25 };
    const chain = makeChain({
      expirations: Object.keys(vols),
      strikes: strikesBy(70, 130, 1),
      ivFn: (c) => vols[c.expiration] as number,
    });
    const [a, b] = chain.expirations.map((e) => yearsToExpiry(e, chain.asof)) as [number, number, number];
    const T = 30 / 365;
    const w = 0.4 * 0.4 * a + ((0.3 * 0.3 * b - 0.4 * 0.4 * a) * (T - a)) / (b - a);
    expect(a).toBeLessThan(T);
    expect(b).toBeGreaterThan(T);
    const m = ivMetrics(chain);
    expect(m.atmIv.iv).toBeCloseTo(Math.sqrt(w / T), 12);
    expect(m.atmIv.from).toEqual(['2025-03-21', '2025-04-17']);
  });
});

describe('ivAtMaxDelta', () => {
  it('is the IV of the contract with the largest |Δ| × OI in the expiration nearest 30 days', () => {
    // 2025-04-11 is 30 days after the snapshot; 2025-03-14 has a bigger position but is too short.
    const chain = makeChain({
      expirations: ['2025-03-14', '2025-04-11'],
      strikes: [80, 100, 120],
      ivFn: (c) => (c.expiration === '2025-04-11' && c.strike === 80 && c.isCall ? 0.41 : 0.25),
      oiFn: (c) => (c.strike === 80 && c.isCall ? (c.expiration === '2025-03-14' ? 50_000 : 5_000) : 1_000),
    });
    expect(ivAtMaxDelta(chain)).toBe(0.41);
  });

  it('is null without open interest', () => {
    expect(ivAtMaxDelta(makeChain({ oiFn: () => 0 }))).toBeNull();
  });
});
