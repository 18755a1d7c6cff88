import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gammaCurveDataSchema,
  gammaExpirationsDataSchema,
  gexByStrikeDataSchema,
} from '../../../../src/shared/api/curves.ts';
import { optionsVolumeDataSchema } from '../../../../src/shared/api/options-volume.ts';
import { analyzeChain } from '../../../../src/service/engine/analyze.ts';
import {
  gammaByExpiration,
  gammaCurve,
  gexByStrike,
  optionsVolume,
} from '../../../../src/service/engine/curves.ts';
import { ExpirySelectionError, type ExpirySelection } from '../../../../src/service/engine/expirations.ts';
import { makeChain, makeLargeChain } from '../../../support/chain-factory.ts';

const seeds = fc.integer({ min: 1, max: 1_000_000 });
const sizes = fc.integer({ min: 2, max: 1500 });

describe('gammaCurve', () => {
  const chain = makeChain({ ticker: 'tsla' });

  it.each([
    ['combined', 'combined'],
    ['nearest', '2025-03-14'],
    ['first_monthly', '2025-03-21'],
    ['first_weekly', '2025-03-28'],
    ['2025-04-04', '2025-04-04'],
  ] as const)('exp=%s covers %s and matches the schema', (exp, expiry) => {
    const data = gammaCurve(chain, { exp });
    expect(gammaCurveDataSchema.parse(data)).toEqual(data);
    expect(data.expiry).toBe(expiry);
    expect(data.ticker).toBe('TSLA');
    expect(data.asof).toBe(new Date(chain.asof).toISOString());
    expect(data.points.length).toBeGreaterThan(0);
  });

  it('naive is calls + puts, signed is calls − puts, per strike', () => {
    const signed = gammaCurve(chain, { view: 'signed' }).points;
    const naive = gammaCurve(chain, { view: 'naive' }).points;
    const callsOnly = makeChain({ oiFn: (c) => (c.isCall ? 100 : 0) });
    expect(gammaCurve(callsOnly, { view: 'naive' })).toEqual(gammaCurve(callsOnly, { view: 'signed' }));
    signed.forEach((p, j) => expect(naive[j]?.gamma).toBeGreaterThanOrEqual(Math.abs(p.gamma) - 1e-12));
    expect(signed.some((p) => p.gamma < 0)).toBe(true);
  });

  it('a bucket the chain lacks gives zeros, named by the selector', () => {
    const monthlyOnly = makeChain({ expirations: ['2025-03-21', '2025-04-17'] });
    const data = gammaCurve(monthlyOnly, { exp: 'first_weekly' });
    expect(data.expiry).toBe('first_weekly');
    expect(data.points).toEqual([]);
  });

  it('rejects an unlisted date', () => {
    expect(() => gammaCurve(chain, { exp: '2025-05-02' })).toThrow(ExpirySelectionError);
  });
});

describe('gammaByExpiration', () => {
  it('matches the schema and names each bucket', () => {
    const data = gammaByExpiration(
      makeChain({ expirations: ['2025-03-14', '2025-03-21', '2025-03-28', '2025-04-04', '2025-04-17'] }),
    );
    expect(gammaExpirationsDataSchema.parse(data)).toEqual(data);
    expect(data.expiries).toEqual({
      combined: ['2025-03-14', '2025-03-21', '2025-03-28', '2025-04-04', '2025-04-17'],
      nearest: '2025-03-14',
      first_weekly: '2025-03-28',
      first_monthly: '2025-03-21',
      all_other_expiries: ['2025-04-04', '2025-04-17'],
    });
    expect(data.series_order).toEqual(['nearest', 'first_weekly', 'first_monthly', 'all_other_expiries']);
    expect(data.construction.all_other_expiries_formula).toBe(
      'combined - nearest - first_weekly - first_monthly',
    );
  });

  it('all_other_expiries equals the sum over the remaining expirations, and the buckets sum to combined', () => {
    fc.assert(
      fc.property(seeds, sizes, (seed, n) => {
        const chain = makeLargeChain(n, seed);
        const data = gammaByExpiration(chain);
        // The remaining expirations' curves, each computed on its own.
        const rest = new Map<number, number>();
        for (const date of data.expiries.all_other_expiries as string[]) {
          for (const p of gammaCurve(chain, { exp: date as ExpirySelection }).points) {
            rest.set(p.strike, (rest.get(p.strike) ?? 0) + p.gamma);
          }
        }
        const gross = new Map(gammaCurve(chain, { view: 'naive' }).points.map((p) => [p.strike, p.gamma]));
        for (const p of data.points) {
          const scale = Math.max(gross.get(p.strike) ?? 0, 1e-9);
          expect(Math.abs(p.all_other_expiries - (rest.get(p.strike) ?? 0))).toBeLessThan(1e-9 * scale);
          const sum = p.nearest + p.first_weekly + p.first_monthly + p.all_other_expiries;
          expect(Math.abs(sum - p.combined)).toBeLessThan(1e-12 * scale);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('empty buckets are null and contribute 0', () => {
    const data = gammaByExpiration(makeChain({ expirations: ['2025-03-21'] }));
    expect(data.expiries.first_weekly).toBeNull();
    expect(data.expiries.first_monthly).toBeNull();
    for (const p of data.points) {
      expect(p.first_weekly).toBe(0);
      expect(p.first_monthly).toBe(0);
      expect(p.nearest).toBe(p.combined);
      expect(p.all_other_expiries).toBe(0);
    }
  });
});

describe('gexByStrike', () => {
  it('combined: schema, call + put = net, totals agree with analyzeChain', () => {
    fc.assert(
      fc.property(seeds, sizes, (seed, n) => {
        const chain = makeLargeChain(n, seed);
        const data = gexByStrike(chain);
        gexByStrikeDataSchema.parse(data);
        const m = analyzeChain(chain);
        let net = 0;
        for (const p of data.points) {
          expect(p.call).toBeGreaterThanOrEqual(0);
          expect(p.put).toBeLessThanOrEqual(0);
          expect(p.net).toBeCloseTo((p.call as number) + (p.put as number), 6);
          net += p.net;
        }
        const scale = Math.max(data.totals.abs_gex as number, 1);
        expect(Math.abs(net - data.totals.gex_value_per_1pct)).toBeLessThan(1e-9 * scale);
        expect(Math.abs(data.totals.gex_value_per_1pct - m.gex_usd_per_1_pct_move)).toBeLessThan(
          1e-9 * scale,
        );
        expect(data.totals.gex_flip_price).toBe(m.gex_flip);
        expect(data.totals.put_call_oi).toBe(m.pcr_oi);
      }),
      { numRuns: 25 },
    );
  });

  it.each(['nearest', 'first_monthly'] as const)('%s: net only, totals of that expiration', (exp) => {
    const chain = makeChain();
    const data = gexByStrike(chain, { exp });
    gexByStrikeDataSchema.parse(data);
    for (const p of data.points) {
      expect(p).not.toHaveProperty('call');
      expect(p).not.toHaveProperty('put');
    }
    expect(data.totals.expirations).toHaveLength(1);
    if (exp === 'nearest') {
      expect(data.totals.gex_value_per_1pct).toBeCloseTo(
        analyzeChain(chain).nearest_gex_usd_per_1_pct_move,
        6,
      );
    }
  });

  it('is dealer gamma in shares × spot² × 0.01, strike by strike', () => {
    const chain = makeChain({ spot: 218.8, strikes: [200, 210, 217.5, 220, 222.5, 230] });
    const gamma = gammaCurve(chain).points;
    gexByStrike(chain).points.forEach((p, j) => {
      expect(p.net).toBeCloseTo((gamma[j]?.gamma as number) * 218.8 * 218.8 * 0.01, 6);
    });
  });

  it('walls are the strikes of the largest call and put GEX', () => {
    const chain = makeChain({
      oiFn: (c) => (c.isCall ? (c.strike === 110 ? 9_000 : 100) : c.strike === 92 ? 9_000 : 100),
    });
    const totals = gexByStrike(chain).totals;
    expect(totals.max_call_gex_strike).toBe(110);
    expect(totals.max_put_gex_strike).toBe(92);
  });
});

describe('optionsVolume', () => {
  const chain = makeChain({
    expirations: ['2025-03-14', '2025-03-21'],
    strikes: [172.5, 175],
    spot: 174,
    volumeFn: (c) => (c.isCall ? 3 : 5) + (c.expiration === '2025-03-21' ? 100 : 0),
  });

  it.each([
    ['nearest', '2025-03-14', 3, 5],
    ['2025-03-21', '2025-03-21', 103, 105],
    ['first_monthly', '2025-03-21', 103, 105],
  ] as const)('exp=%s', (exp, expiry, call, put) => {
    const data = optionsVolume(chain, exp);
    expect(optionsVolumeDataSchema.parse(data)).toEqual(data);
    expect(data.expiry).toBe(expiry);
    expect(data.points).toEqual([
      { strike: 172.5, call_volume: call, put_volume: put, total: call + put },
      { strike: 175, call_volume: call, put_volume: put, total: call + put },
    ]);
    expect(data.totals).toEqual({ call_volume: 2 * call, put_volume: 2 * put, total: 2 * (call + put) });
  });

  it.each([
    ['combined', 'invalid_expiry'],
    ['first_weekly', 'unknown_expiry'],
    ['2025-04-17', 'unknown_expiry'],
  ] as const)('exp=%s is an error (%s)', (exp, code) => {
    let error: unknown = null;
    try {
      optionsVolume(chain, exp);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExpirySelectionError);
    expect(error).toMatchObject({ code });
  });
});
