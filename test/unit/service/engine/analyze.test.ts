import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packChain, type ContractRow } from '../../../../src/service/engine/chain.ts';
import { analyzeChain } from '../../../../src/service/engine/analyze.ts';
import { gexByStrike } from '../../../../src/service/engine/curves.ts';
import { buildGammaKernel, kernelGex } from '../../../../src/service/engine/profile.ts';
import type { ChainMetrics } from '../../../../src/service/engine/types.ts';
import { nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';
import { makeChain, makeLargeChain, mapContracts } from '../../../support/chain-factory.ts';

const KEYS: (keyof ChainMetrics)[] = [
  'price',
  'atm_iv',
  'put_25d_iv',
  'call_25d_iv',
  'put_call_25d_iv_ratio',
  'put_call_iv_spread',
  'put_call_25d_iv_premium_pct',
  'ivAtMaxDelta',
  'pcr_oi',
  'pcr_volume',
  'gex_flip',
  'gex_flip_reason',
  'gex_usd_per_1_pct_move',
  'nearest_gex_usd_per_1_pct_move',
  'gex_volume_ratio',
  'pct_gamma_expiring',
  'speculative_interest_score',
  'call_regime',
  'expected_move_pct_1d',
  'expected_move_pct_1w',
  'expected_move_pct_1m',
  'call_wall',
  'put_wall',
  'max_pain',
  'vanna_usd_per_1_vol_pt',
  'charm_usd_per_day',
  'zero_dte_gex_usd_per_1_pct_move',
  'zero_dte_gamma_share_pct',
  'notes',
];

describe('analyzeChain', () => {
  it('every figure is a finite number, a string or null on random chains, and ranges hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 1200 }), (seed, n) => {
        const m = analyzeChain(makeLargeChain(n, seed));
        expect(Object.keys(m).sort()).toEqual([...KEYS].sort());
        for (const key of KEYS) {
          const v = m[key];
          if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
        }
        if (m.pct_gamma_expiring !== null) {
          expect(m.pct_gamma_expiring).toBeGreaterThanOrEqual(0);
          expect(m.pct_gamma_expiring).toBeLessThanOrEqual(100 + 1e-9);
        }
        expect((m.gex_flip === null) !== (m.gex_flip_reason === null)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('is deterministic', () => {
    expect(analyzeChain(makeLargeChain(4000, 9))).toEqual(analyzeChain(makeLargeChain(4000, 9)));
  });

  it.each([
    ['1d', 1],
    ['1w', 5],
    ['1m', 21],
  ] as const)(
    'expected_move_pct_%s = atm_iv × √(%d/252) × 100, from the move in cents, to 2 decimals',
    (h, days) => {
      const m = analyzeChain(makeChain({ ivFn: () => 0.32 }));
      const cents = Math.round(m.price * 0.32 * Math.sqrt(days / 252) * 100) / 100;
      expect(m[`expected_move_pct_${h}`]).toBe(Math.round((cents / m.price) * 10000) / 100);
    },
  );

  it('pct_gamma_expiring is the nearest expiration’s share of absolute GEX', () => {
    const chain = makeChain();
    const m = analyzeChain(chain);
    const combinedAbs = gexByStrike(chain).points.reduce(
      (s, p) => s + (p.call as number) - (p.put as number),
      0,
    );
    const nearestAbs = gexByStrike(chain, { exp: 'nearest' }).totals.abs_gex as number;
    expect(m.pct_gamma_expiring).toBeCloseTo((100 * nearestAbs) / combinedAbs, 9);
    expect(analyzeChain(makeChain({ expirations: ['2025-03-21'] })).pct_gamma_expiring).toBeCloseTo(100, 12);
  });

  it.each([Number.NaN, 0, -5, Number.POSITIVE_INFINITY])(
    'a spot of %d gives nulls and a note, no throw',
    (spot) => {
      const m = analyzeChain(mapContracts(makeChain(), () => null, { spot }));
      expect(m.gex_flip).toBeNull();
      expect(m.atm_iv).toBeNull();
      expect(m.gex_usd_per_1_pct_move).toBe(0);
      expect(m.notes.join(' ')).toMatch(/not a positive number/);
    },
  );

  it('an empty chain gives nulls and says so', () => {
    const asof = Date.parse('2025-04-30T00:00:00Z'); // after every default expiration
    const m = analyzeChain(makeChain({ asof }));
    expect(m.gex_usd_per_1_pct_move).toBe(0);
    expect(m.atm_iv).toBeNull();
    expect(m.pcr_oi).toBeNull();
    expect(m.call_regime).toBe('unknown');
    expect(m.notes[0]).toBe('chain has no live contracts');
  });

  it.each([
    {
      name: 'contracts without IV',
      patch: (r: ContractRow) => (r.strike === 100 ? { iv: 0 } : null),
      note: /^8 of 328 contracts have no valid IV; 8 of them carry open interest and contribute no gamma$/,
    },
    {
      name: 'missing open interest',
      patch: (r: ContractRow) => (r.strike === 90 && r.isCall ? { openInterest: Number.NaN } : null),
      note: /^4 contracts with missing or negative open interest counted as 0$/,
    },
    {
      name: 'negative volume',
      patch: (r: ContractRow) => (r.strike === 91 ? { volume: -1 } : null),
      note: /^8 contracts with missing or negative volume counted as 0$/,
    },
  ])('notes $name', ({ patch, note }) => {
    const m = analyzeChain(mapContracts(makeChain(), patch));
    expect(m.notes.some((n) => note.test(n))).toBe(true);
  });

  it('notes a 0-DTE expiration floored at one hour, an empty bucket and a flat 30-day IV', () => {
    const asof = Date.parse('2025-03-14T19:30:00Z'); // 15:30 New York
    const m = analyzeChain(makeChain({ asof, expirations: ['2025-03-14', '2025-03-21'] }));
    expect(m.notes).toContain(
      'expiration 2025-03-14 is less than an hour away: its time to expiry is floored at one hour',
    );
    expect(m.notes).toContain('no first_weekly expiration listed: that bucket is empty');
    expect(m.notes.some((n) => n.startsWith('30-day ATM IV taken flat from 2025-03-21'))).toBe(true);
  });

  it('nearest GEX is the nearest expiration alone', () => {
    const chain = makeChain();
    const m = analyzeChain(chain);
    const nearestOnly = mapContracts(chain, (r) =>
      r.expiration === '2025-03-14' ? null : { openInterest: 0 },
    );
    expect(m.nearest_gex_usd_per_1_pct_move).toBeCloseTo(analyzeChain(nearestOnly).gex_usd_per_1_pct_move, 6);
    expect(m.nearest_gex_usd_per_1_pct_move).not.toBeCloseTo(m.gex_usd_per_1_pct_move, 0);
  });
});

// ---- The real Cboe sample (TSLA, one expiration, decimal strikes) ------------------------------

const CSV = new URL('../../../../../shared/fixtures/cboe/tsla_quotedata.csv', import.meta.url);
const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/** Just enough of quotedata.csv for this test: one row per strike, calls left, puts right. */
function readSample(): ContractRow[] {
  const rows: ContractRow[] = [];
  for (const line of readFileSync(CSV, 'utf8').split(/\r?\n/).slice(4)) {
    const f = line.split(',');
    if (f.length !== 22) continue;
    const [, mon, day, year] = (f[0] as string).split(' ');
    const expiration = `${year}-${MONTHS[mon as string]}-${(day as string).padStart(2, '0')}`;
    const strike = Number(f[11]);
    const side = (o: number, isCall: boolean): ContractRow => ({
      expiration,
      strike,
      isCall,
      bid: Number(f[o + 3]),
      ask: Number(f[o + 4]),
      volume: Number(f[o + 5]),
      iv: Number(f[o + 6]),
      openInterest: Number(f[o + 9]),
    });
    rows.push(side(1, true), side(12, false));
  }
  return rows;
}

describe('the Cboe TSLA sample', () => {
  const rows = readSample();
  const asof = nyToEpoch('2023-08-20', 22 * 60 + 38); // "August 20, 2023 at 10:38 PM EDT"
  const spot = 218.8;
  const { chain } = packChain({ ticker: 'TSLA', spot, asof, source: 'cboe_csv' }, rows, optionExpiryEpoch);
  const m = analyzeChain(chain);
  const sum = (pick: (r: ContractRow) => number, isCall: boolean) =>
    rows.filter((r) => r.isCall === isCall).reduce((s, r) => s + pick(r), 0);

  it('reads 118 strikes of one expiration', () => {
    expect(rows).toHaveLength(236);
    expect(chain.size).toBe(236);
    expect(chain.expirations.map((e) => e.date)).toEqual(['2023-08-25']);
    expect(Array.from(chain.strike)).toContain(172.5);
  });

  it('net GEX is the sum over contracts of ±gamma × OI × 100 × spot² × 0.01, gamma from each IV', () => {
    const t = (optionExpiryEpoch('2023-08-25') - asof) / (365 * 86_400_000);
    let expected = 0;
    let gross = 0;
    for (const r of rows) {
      if (!(r.iv > 0)) continue;
      const sd = r.iv * Math.sqrt(t);
      const d1 = (Math.log(spot / r.strike) + 0.5 * r.iv * r.iv * t) / sd;
      const gamma = Math.exp(-0.5 * d1 * d1) / Math.sqrt(2 * Math.PI) / (spot * sd);
      const gex = gamma * r.openInterest * 100 * spot * spot * 0.01;
      expected += r.isCall ? gex : -gex;
      gross += gex;
    }
    expect(Math.abs(m.gex_usd_per_1_pct_move - expected)).toBeLessThan(1e-9 * gross);
    expect(m.nearest_gex_usd_per_1_pct_move).toBe(m.gex_usd_per_1_pct_move);
    expect(m.pct_gamma_expiring).toBeCloseTo(100, 12);
  });

  it('put/call ratios are the raw sums', () => {
    expect(m.pcr_oi).toBeCloseTo(sum((r) => r.openInterest, false) / sum((r) => r.openInterest, true), 12);
    expect(m.pcr_volume).toBeCloseTo(sum((r) => r.volume, false) / sum((r) => r.volume, true), 12);
  });

  it('ATM IV interpolates the call/put mean between the strikes around spot', () => {
    const mean = (k: number) => {
      const ivs = rows.filter((r) => r.strike === k).map((r) => r.iv);
      return ivs.reduce((s, x) => s + x, 0) / ivs.length;
    };
    const expected = mean(217.5) + ((mean(220) - mean(217.5)) * (spot - 217.5)) / 2.5;
    expect(m.atm_iv).toBeCloseTo(expected, 12);
  });

  it('has a gamma flip at a real sign change within ±20 % of spot', () => {
    const flip = m.gex_flip as number;
    expect(flip).toBeGreaterThan(spot * 0.8);
    expect(flip).toBeLessThan(spot * 1.2);
    const kernel = buildGammaKernel(chain);
    const tol = 1e-4 * spot;
    expect(
      Math.sign(kernelGex(kernel, flip - tol)) * Math.sign(kernelGex(kernel, flip + tol)),
    ).toBeLessThanOrEqual(0);
  });

  it('counts the contracts without IV in its notes', () => {
    const noIv = rows.filter((r) => !(r.iv > 0));
    const withOi = noIv.filter((r) => r.openInterest > 0);
    expect(m.notes).toContain(
      `${noIv.length} of 236 contracts have no valid IV; ${withOi.length} of them carry open interest and contribute no gamma`,
    );
    expect(m.put_call_25d_iv_ratio).toBeGreaterThan(1); // TSLA's put skew that week
  });
});
