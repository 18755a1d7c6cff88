import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractGammas } from '../../../../src/service/engine/exposure.ts';
import {
  callRegime,
  flowTotals,
  gexVolumeRatio,
  ratioOrNull,
  speculativeInterestScore,
  squash,
  type FlowTotals,
} from '../../../../src/service/engine/flow.ts';
import { analyzeChain } from '../../../../src/service/engine/analyze.ts';
import { makeChain, makeLargeChain } from '../../../support/chain-factory.ts';

const flow = (patch: Partial<FlowTotals>): FlowTotals => ({
  callOi: 10_000,
  putOi: 10_000,
  callVolume: 2_000,
  putVolume: 2_000,
  shortOtmCallVolume: 600,
  volumeGammaShares: 1,
  ...patch,
});

describe('put/call ratios', () => {
  it.each([
    [50, 100, 0.5],
    [0, 100, 0],
    [100, 0, null],
    [0, 0, null],
  ])('%d / %d = %s', (put, call, expected) => {
    expect(ratioOrNull(put, call)).toBe(expected);
  });

  it('pcr_oi and pcr_volume count every expiration', () => {
    const chain = makeChain({
      expirations: ['2025-03-14', '2025-03-21'],
      strikes: [95, 100, 105],
      oiFn: (c) => (c.isCall ? 100 : 150),
      volumeFn: (c) => (c.isCall ? 40 : 10),
    });
    const m = analyzeChain(chain);
    expect(m.pcr_oi).toBeCloseTo(1.5, 12);
    expect(m.pcr_volume).toBeCloseTo(0.25, 12);
  });

  it('pcr_volume is null without call volume', () => {
    expect(analyzeChain(makeChain({ volumeFn: (c) => (c.isCall ? 0 : 5) })).pcr_volume).toBeNull();
  });
});

describe('gex_volume_ratio', () => {
  it('is 1 for a single call whose volume equals its open interest', () => {
    const chain = makeChain({
      expirations: ['2025-04-17'],
      strikes: [100],
      oiFn: (c) => (c.isCall ? 300 : 0),
      volumeFn: (c) => (c.isCall ? 300 : 0),
    });
    const f = flowTotals(chain, contractGammas(chain));
    const m = analyzeChain(chain);
    expect(gexVolumeRatio(m.gex_usd_per_1_pct_move, f, chain.spot)).toBeCloseTo(1, 12);
    expect(m.gex_volume_ratio).toBeCloseTo(1, 12);
  });

  it.each([
    ['volume a tenth of OI', 0.1, 10],
    ['volume twice OI', 2, 0.5],
  ])('scales inversely with volume: %s', (_, turnover, expected) => {
    const chain = makeChain({
      expirations: ['2025-04-17'],
      strikes: [100],
      oiFn: (c) => (c.isCall ? 1000 : 0),
      volumeFn: (c) => (c.isCall ? 1000 * turnover : 0),
    });
    expect(analyzeChain(chain).gex_volume_ratio).toBeCloseTo(expected, 10);
  });

  it('is null when nothing traded', () => {
    expect(analyzeChain(makeChain({ volumeFn: () => 0 })).gex_volume_ratio).toBeNull();
  });
});

describe('speculative interest', () => {
  it('squash is 0.5 at its midpoint and increasing', () => {
    expect(squash(0.35, 0.35, 0.12)).toBe(0.5);
    expect(squash(0.5, 0.35, 0.12)).toBeGreaterThan(squash(0.4, 0.35, 0.12));
  });

  it.each([
    {
      name: 'quiet, put-heavy',
      f: flow({ callVolume: 200, putVolume: 800, shortOtmCallVolume: 20 }),
      below: 0.2,
    },
    { name: 'balanced', f: flow({}), above: 0.2, below: 0.6 },
    {
      name: 'frenzy of short-dated OTM calls',
      f: flow({ callVolume: 12_000, putVolume: 2_000, shortOtmCallVolume: 10_000 }),
      above: 0.9,
    },
  ])('$name', ({ f, above, below }) => {
    const s = speculativeInterestScore(f) as number;
    if (above !== undefined) expect(s).toBeGreaterThan(above);
    if (below !== undefined) expect(s).toBeLessThan(below);
  });

  it('rises with call volume, all else equal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 50_000 }), (a, b) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const s = (callVolume: number) =>
          speculativeInterestScore(flow({ callVolume, shortOtmCallVolume: callVolume / 2 })) as number;
        expect(s(hi)).toBeGreaterThanOrEqual(s(lo));
      }),
    );
  });

  it('stays in [0, 1] on random chains, null when nothing traded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 500 }), (seed, n) => {
        const s = analyzeChain(makeLargeChain(n, seed)).speculative_interest_score;
        if (s !== null) {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 30 },
    );
    expect(speculativeInterestScore(flow({ callVolume: 0, putVolume: 0 }))).toBeNull();
  });
});

describe('call_regime', () => {
  it.each([
    ['unknown', flow({ callOi: 0, putOi: 0, callVolume: 0, putVolume: 0, shortOtmCallVolume: 0 })],
    ['quiet', flow({ callVolume: 100, putVolume: 200, shortOtmCallVolume: 10 })],
    ['quiet', flow({ callVolume: 0, putVolume: 0, shortOtmCallVolume: 0 })],
    ['put_dominant', flow({ callVolume: 1_000, putVolume: 2_000 })],
    ['call_chasing', flow({ callVolume: 6_000, putVolume: 2_000, shortOtmCallVolume: 4_000 })],
    ['call_accumulation', flow({ callVolume: 6_000, putVolume: 2_000, shortOtmCallVolume: 1_000 })],
    ['call_accumulation', flow({ callVolume: 2_400, putVolume: 1_800, shortOtmCallVolume: 2_000 })],
    ['balanced', flow({})],
    ['balanced', flow({ callVolume: 1_500, putVolume: 1_000 })],
  ])('%s', (expected, f) => {
    expect(callRegime(f)).toBe(expected);
  });

  it('short-dated OTM call volume counts only calls above spot expiring within 14 days', () => {
    const chain = makeChain({
      spot: 100,
      expirations: ['2025-03-14', '2025-03-21', '2025-04-17'],
      strikes: [95, 105],
      volumeFn: () => 10,
    });
    // Calls struck 105 in the two expirations within 14 days of 2025-03-12.
    expect(flowTotals(chain, contractGammas(chain)).shortOtmCallVolume).toBe(20);
  });
});
