import { describe, expect, it } from 'vitest';
import { analyzeChainDetailed } from '../../../../src/service/engine/analyze.ts';
import { resolveSelection } from '../../../../src/service/engine/expirations.ts';
import {
  contractGammas,
  exposureByStrike,
  gexTotals,
  type StrikeExposure,
} from '../../../../src/service/engine/exposure.ts';
import { findGammaFlip } from '../../../../src/service/engine/flip.ts';
import { gexStrikeRanks, zeroDteIndex } from '../../../../src/service/engine/more-levels.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { makeChain } from '../../../support/chain-factory.ts';

/** A per-strike exposure with the given call and put shares (net GEX follows their difference). */
function exposure(rows: [strike: number, call: number, put: number][]): StrikeExposure {
  const col = (i: 1 | 2) => Float64Array.from(rows, (r) => r[i]);
  const zeros = new Float64Array(rows.length);
  return {
    strikes: Float64Array.from(rows, (r) => r[0]),
    callShares: col(1),
    putShares: col(2),
    callOi: zeros,
    putOi: zeros,
    callVolume: zeros,
    putVolume: zeros,
    contracts: rows.length * 2,
  };
}

describe('absolute-gamma strike and top net-GEX strikes', () => {
  it.each([
    {
      name: 'three of each sign, largest magnitude first',
      rows: [
        [90, 10, 80],
        [95, 20, 50],
        [100, 110, 30],
        [105, 60, 10],
        [110, 40, 0],
        [115, 5, 0],
        [85, 0, 5],
      ] as [number, number, number][],
      abs: 100,
      pos: [100, 105, 110],
      neg: [90, 95, 85],
    },
    {
      name: 'a negative strike can be the absolute-gamma strike',
      rows: [
        [95, 0, 300],
        [100, 100, 0],
      ] as [number, number, number][],
      abs: 95,
      pos: [100],
      neg: [95],
    },
    {
      name: 'a tie keeps the lower strike; zero net is neither sign',
      rows: [
        [95, 50, 0],
        [100, 30, 30],
        [105, 50, 0],
      ] as [number, number, number][],
      abs: 95,
      pos: [95, 105],
      neg: [],
    },
    {
      name: 'no gamma at all',
      rows: [[100, 0, 0]] as [number, number, number][],
      abs: null,
      pos: [],
      neg: [],
    },
  ])('$name', ({ rows, abs, pos, neg }) => {
    const sorted = [...rows].sort((a, b) => a[0] - b[0]);
    const ranks = gexStrikeRanks(exposure(sorted), 100);
    expect(ranks.abs_gamma_strike).toBe(abs);
    expect(ranks.top_positive_gex_strikes).toEqual(pos);
    expect(ranks.top_negative_gex_strikes).toEqual(neg);
  });
});

describe('0DTE: the expiration ending on the snapshot date', () => {
  const expirations = [
    { date: '2025-03-14', expiresAt: nyToEpoch('2025-03-14', 16 * 60) },
    { date: '2025-03-21', expiresAt: nyToEpoch('2025-03-21', 16 * 60) },
  ];
  it.each([
    { when: 'Friday 10:00, the Friday expiration', asof: nyToEpoch('2025-03-14', 10 * 60), index: 0 },
    { when: 'Friday 15:59', asof: nyToEpoch('2025-03-14', 15 * 60 + 59), index: 0 },
    { when: 'Friday 16:00, expired', asof: nyToEpoch('2025-03-14', 16 * 60), index: null },
    { when: 'Thursday: no expiration that day', asof: nyToEpoch('2025-03-13', 12 * 60), index: null },
    { when: 'the next Friday', asof: nyToEpoch('2025-03-21', 9 * 60 + 31), index: 1 },
  ])('$when → $index', ({ asof, index }) => {
    expect(zeroDteIndex({ expirations, asof })).toBe(index);
  });

  it('a chain on expiration day reads that expiration alone: GEX, share of gross gamma, walls, flip', () => {
    const chain = makeChain({ asof: nyToEpoch('2025-03-14', 11 * 60) });
    const a = analyzeChainDetailed(chain);
    const zero = a.more.zero_dte;
    expect(zero?.expiration).toBe('2025-03-14');
    const mask = resolveSelection(chain, '2025-03-14').mask;
    const e = exposureByStrike(chain, contractGammas(chain), mask);
    const totals = gexTotals(e, chain.spot);
    expect(zero?.gex_usd_per_1_pct_move).toBeCloseTo(totals.net, 6);
    expect(a.metrics.zero_dte_gex_usd_per_1_pct_move).toBe(zero?.gex_usd_per_1_pct_move);
    expect(zero?.gamma_share_pct).toBeCloseTo((100 * totals.gross) / a.totals.gross, 9);
    expect(zero?.gamma_share_pct).toBeGreaterThan(0);
    expect(zero?.gamma_share_pct).toBeLessThan(100);
    expect(zero?.call_wall).toBeGreaterThanOrEqual(chain.spot);
    expect(zero?.put_wall).toBeLessThanOrEqual(chain.spot);
    expect(zero?.flip ?? null).toBe(findGammaFlip(chain, { mask }).price);
  });

  it('no 0DTE expiration: null figures', () => {
    const a = analyzeChainDetailed(makeChain());
    expect(a.more.zero_dte).toBeNull();
    expect(a.metrics.zero_dte_gex_usd_per_1_pct_move).toBeNull();
    expect(a.metrics.zero_dte_gamma_share_pct).toBeNull();
  });
});

describe('flip of the nearest expiration alone', () => {
  it('equals the whole flip when one expiration is listed, and differs from it otherwise', () => {
    const one = makeChain({ expirations: ['2025-03-21'] });
    const a = analyzeChainDetailed(one);
    expect(a.more.nearest_expiry_flip).not.toBeNull();
    expect(a.more.nearest_expiry_flip).toBe(a.metrics.gex_flip);
    const many = makeChain({
      expirations: ['2025-03-14', '2025-03-21', '2025-04-17'],
      // Dealers' gamma changes sign near 97 in the front expiration and near 103 in the others.
      oiFn: (c) => {
        const pivot = c.expiration === '2025-03-14' ? 97 : 103;
        return c.isCall ? (c.strike >= pivot ? 1000 : 100) : c.strike < pivot ? 1000 : 100;
      },
    });
    const b = analyzeChainDetailed(many);
    expect(b.more.nearest_expiry_flip).toBeGreaterThan(95);
    expect(b.more.nearest_expiry_flip).toBeLessThan(99);
    expect(b.metrics.gex_flip).toBeGreaterThan(99);
  });
});
