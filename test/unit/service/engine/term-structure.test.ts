import { describe, expect, it } from 'vitest';
import { analyzeChainDetailed } from '../../../../src/service/engine/analyze.ts';
import type { ExpirySmile } from '../../../../src/service/engine/surface.ts';
import { termPoint, termStructure } from '../../../../src/service/engine/term-structure.ts';
import { makeChain } from '../../../support/chain-factory.ts';

const smile = (
  days: number,
  atmIv: number | null,
  put25: number | null = null,
  call25: number | null = null,
): ExpirySmile => ({
  date: `d${days}`,
  t: days / 365,
  atmIv,
  put25,
  call25,
});

describe('25-delta risk reversal and butterfly per expiration', () => {
  it.each([
    // RR = (call − put) × 100; BF = ((call + put) / 2 − atm) × 100
    { s: smile(30, 0.2, 0.24, 0.18), rr: -6, bf: 1 },
    { s: smile(30, 0.3, 0.28, 0.34), rr: 6, bf: 1 },
    { s: smile(30, 0.2, 0.2, 0.2), rr: 0, bf: 0 },
    { s: smile(30, null, 0.24, 0.18), rr: -6, bf: null },
    { s: smile(30, 0.2, null, 0.18), rr: null, bf: null },
  ])('put $s.put25, call $s.call25, atm $s.atmIv → RR $rr, BF $bf', ({ s, rr, bf }) => {
    const p = termPoint(s);
    if (rr === null) expect(p.risk_reversal_25d_pts).toBeNull();
    else expect(p.risk_reversal_25d_pts).toBeCloseTo(rr, 9);
    if (bf === null) expect(p.butterfly_25d_pts).toBeNull();
    else expect(p.butterfly_25d_pts).toBeCloseTo(bf, 9);
    expect(p.days).toBe(30);
  });
});

describe('term-structure shape', () => {
  it.each([
    {
      name: 'rising: contango',
      smiles: [smile(2, 0.3), smile(9, 0.18), smile(37, 0.2), smile(93, 0.22)],
      shape: 'contango',
      front: 'd9',
      back: 'd93',
      slope: 4,
    },
    {
      name: 'falling: backwardation',
      smiles: [smile(9, 0.4), smile(30, 0.33), smile(86, 0.28), smile(180, 0.27)],
      shape: 'backwardation',
      front: 'd9',
      back: 'd86',
      slope: -12,
    },
    {
      name: 'within half a point: flat',
      smiles: [smile(8, 0.2), smile(91, 0.204)],
      shape: 'flat',
      front: 'd8',
      back: 'd91',
      slope: 0.4,
    },
    {
      name: 'nothing 7 days out: the first listed is the front',
      smiles: [smile(1, 0.5), smile(4, 0.3)],
      shape: 'backwardation',
      front: 'd1',
      back: 'd4',
      slope: -20,
    },
    {
      name: 'one expiration with an IV: unknown',
      smiles: [smile(9, 0.2), smile(30, null)],
      shape: 'unknown',
      front: null,
      back: null,
      slope: null,
    },
    {
      name: 'nothing beyond the 7-day front: the first listed is the front',
      smiles: [smile(2, 0.2), smile(10, 0.25)],
      shape: 'contango',
      front: 'd2',
      back: 'd10',
      slope: 5,
    },
  ])('$name', ({ smiles, shape, front, back, slope }) => {
    const ts = termStructure(smiles);
    expect(ts.shape).toBe(shape);
    expect(ts.front_expiration).toBe(front);
    expect(ts.back_expiration).toBe(back);
    if (slope === null) expect(ts.slope_pts).toBeNull();
    else expect(ts.slope_pts).toBeCloseTo(slope, 9);
    expect(ts.points).toHaveLength(smiles.length);
  });

  it('reads the chain: a term structure rising with time is contango', () => {
    const chain = makeChain({
      expirations: ['2025-03-21', '2025-04-17', '2025-06-20'],
      ivFn: (c) => 0.15 + 0.1 * c.t + 0.3 * c.logMoneyness ** 2,
    });
    const ts = termStructure(analyzeChainDetailed(chain).iv?.smiles ?? []);
    expect(ts.shape).toBe('contango');
    expect(ts.points.map((p) => p.expiration)).toEqual(['2025-03-21', '2025-04-17', '2025-06-20']);
    // A symmetric smile has no risk reversal to speak of and a positive butterfly.
    for (const p of ts.points) {
      expect(Math.abs(p.risk_reversal_25d_pts ?? 99)).toBeLessThan(0.5);
      expect(p.butterfly_25d_pts).toBeGreaterThan(0);
    }
  });
});
