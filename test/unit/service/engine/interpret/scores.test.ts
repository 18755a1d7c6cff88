import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extensionScore,
  momentum,
  realizedVol,
  trendAlignmentScore,
  trendScore,
} from '../../../../../src/service/engine/interpret/scores.ts';
import { pricePath } from '../../../../support/metrics-factory.ts';

// Reference arithmetic written out longhand, independent of the module's helpers.
function std(xs: number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
}
function rets(p: number[]): number[] {
  return p.slice(1).map((v, i) => Math.log(v / (p[i] as number)));
}
const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('trendScore', () => {
  it('matches the slope and moving-average drift estimates, each over the window noise', () => {
    const closes = pricePath(50, [[80, 0.002, 0.012]], 7);
    const w = closes.slice(-50);
    const y = w.map(Math.log);
    const n = 50;
    const xm = (n - 1) / 2;
    const ym = avg(y);
    let sxy = 0;
    let sxx = 0;
    y.forEach((v, i) => {
      sxy += (i - xm) * (v - ym);
      sxx += (i - xm) ** 2;
    });
    const sd = std(rets(w));
    const slopeZ = ((sxy / sxx) * Math.sqrt(n)) / sd;
    const maZ = ((Math.log(avg(w.slice(-20)) / avg(w)) / 15) * Math.sqrt(n)) / sd;
    expect(trendScore(closes)).toBeCloseTo((slopeZ + maZ) / 2, 3);
  });

  it('needs 50 closes', () => {
    expect(trendScore(pricePath(100, [[48, 0, 0.01]]))).toBeNull();
    expect(trendScore(pricePath(100, [[49, 0, 0.01]]))).not.toBeNull();
  });

  it('clamps a noiseless trend to ±5', () => {
    const up = Array.from({ length: 60 }, (_, i) => 100 * Math.exp(0.01 * i));
    expect(trendScore(up)).toBe(5);
    expect(trendScore(up.slice().reverse())).toBe(-5);
    expect(trendScore(new Array(60).fill(42))).toBe(0);
  });

  // The slope term is exactly invariant to scaling log returns; the moving averages are of prices,
  // so the MA term is invariant only to first order: a few percent at these volatilities.
  it('is unchanged by the price level and nearly unchanged by scaling volatility (σ units)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        (seed, k) => {
          const closes = pricePath(100, [[70, 0.001, 0.015]], seed);
          const scaled = closes.map((c) => c * k);
          const calmer = closes.map((c) => 100 * Math.pow(c / 100, 0.5));
          expect(trendScore(scaled)).toBeCloseTo(trendScore(closes) as number, 2);
          const base = trendScore(closes) as number;
          expect(Math.abs((trendScore(calmer) as number) - base)).toBeLessThanOrEqual(
            0.05 * Math.abs(base) + 0.02,
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('momentum', () => {
  it('averages the 10- and 20-session moves in σ units and reports the 5-session change', () => {
    const closes = pricePath(100, [[40, 0.003, 0.01]], 11);
    const at = (end: number): number => {
      const p = closes.slice(0, end);
      const sd = std(rets(p.slice(-21)));
      const last = p[p.length - 1] as number;
      const z10 = Math.log(last / (p[p.length - 11] as number)) / (sd * Math.sqrt(10));
      const z20 = Math.log(last / (p[p.length - 21] as number)) / (sd * Math.sqrt(20));
      return (z10 + z20) / 2;
    };
    const got = momentum(closes);
    expect(got?.score).toBeCloseTo(at(closes.length), 3);
    expect(got?.change).toBeCloseTo(at(closes.length) - at(closes.length - 5), 2);
  });

  it('needs 26 closes', () => {
    expect(momentum(pricePath(100, [[24, 0, 0.01]]))).toBeNull();
    expect(momentum(pricePath(100, [[25, 0, 0.01]]))).not.toBeNull();
  });
});

describe('extensionScore', () => {
  it('is (price − 20-day mean) / price over the deviation that gap has by chance', () => {
    const closes = pricePath(100, [[30, 0, 0.02]], 5);
    const w = closes.slice(-21);
    const price = w[20] as number;
    // The gap weighs the return k sessions back by (19 − k) / 20: its σ is daily σ × √Σ(j / 20)², j = 1..19.
    let weights = 0;
    for (let j = 1; j <= 19; j++) weights += (j / 20) ** 2;
    const expected = (price - avg(w.slice(1))) / (std(rets(w)) * Math.sqrt(weights) * price);
    expect(extensionScore(closes)).toBeCloseTo(expected, 3);
  });

  // The band a trader reads (|score| ≥ 2, states.ts) must be rare on a market that only wanders:
  // about 4.6 % of closes for a normal deviate. The old scaling (one daily σ) flagged ~42 %.
  it.each([
    ['calm', 0.006, 11],
    ['ordinary', 0.012, 12],
    ['wild', 0.035, 13],
  ] as const)('reads like a normal deviate on a driftless %s random walk', (_name, vol, seed) => {
    const closes = pricePath(100, [[6000, 0, vol]], seed);
    const scores: number[] = [];
    for (let end = 21; end <= closes.length; end += 3)
      scores.push(extensionScore(closes.slice(0, end)) as number);
    const flagged = scores.filter((z) => Math.abs(z) >= 2).length / scores.length;
    expect(flagged).toBeGreaterThan(0.02);
    expect(flagged).toBeLessThan(0.08);
    expect(std(scores)).toBeGreaterThan(0.85);
    expect(std(scores)).toBeLessThan(1.15);
  });

  it('flips sign when the path is mirrored in log space', () => {
    const closes = pricePath(100, [[30, 0.004, 0.01]], 9);
    const mirrored = closes.map((c) => 10_000 / c);
    expect(Math.sign(extensionScore(mirrored) as number)).toBe(-Math.sign(extensionScore(closes) as number));
  });
});

describe('realizedVol', () => {
  it('reads rv20 and rv60 as annualized sample deviations and ranks rv20 in its history', () => {
    const closes = pricePath(
      100,
      [
        [200, 0, 0.01],
        [80, 0, 0.03],
      ],
      3,
    );
    const r = realizedVol(closes);
    expect(r).not.toBeNull();
    const rv = (p: number[]): number => std(rets(p)) * Math.sqrt(252) * 100;
    expect(r?.rv20).toBeCloseTo(rv(closes.slice(-21)), 2);
    expect(r?.rv60).toBeCloseTo(rv(closes.slice(-61)), 2);
    // Volatility tripled 80 sessions ago: today's rv20 sits in the top part of its year.
    expect(r?.percentile).toBeGreaterThan(60);
    expect(r?.score).toBeGreaterThan(0);
  });

  it('scores a calm spell after a stormy one as low', () => {
    const closes = pricePath(
      100,
      [
        [200, 0, 0.03],
        [80, 0, 0.008],
      ],
      3,
    );
    const r = realizedVol(closes);
    expect(r?.percentile).toBeLessThan(40);
    expect(r?.score).toBeLessThan(0);
  });

  it('needs 80 closes (a 60-value distribution of rolling rv20)', () => {
    expect(realizedVol(pricePath(100, [[78, 0, 0.01]]))).toBeNull();
    expect(realizedVol(pricePath(100, [[79, 0, 0.01]]))).not.toBeNull();
  });
});

describe('trendAlignmentScore', () => {
  it.each([
    [[1, 1, 1], 1],
    [[-1, -1, -1], -1],
    [[1, -1, 0], 0],
    [[0.5, 0.25, 0], 0.25],
  ] as const)('mean of %j is %s', (parts, score) => {
    expect(trendAlignmentScore(parts)).toBeCloseTo(score, 3);
  });
});

describe('ranges', () => {
  it('keeps every score finite and inside its clamp for random paths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: -0.02, max: 0.02, noNaN: true }),
        fc.double({ min: 0, max: 0.08, noNaN: true }),
        (seed, drift, vol) => {
          const closes = pricePath(50, [[300, drift, vol]], seed);
          for (const s of [trendScore(closes), momentum(closes)?.score]) {
            expect(Number.isFinite(s)).toBe(true);
            expect(Math.abs(s as number)).toBeLessThanOrEqual(5);
          }
          expect(Math.abs(extensionScore(closes) as number)).toBeLessThanOrEqual(10);
          const rv = realizedVol(closes);
          expect(Math.abs(rv?.score as number)).toBeLessThanOrEqual(1);
          expect(rv?.percentile).toBeGreaterThanOrEqual(0);
          expect(rv?.percentile).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 60 },
    );
  });
});
