// The `include=iv` columns of /options/volume (service/http/options-volume-iv.ts): each strike's call
// and put IV are the chain's own contracts' IVs, null where a contract is missing or has no usable
// IV; the ATM IV is the engine's for that expiration; volumes are untouched; `include` is a closed set.
import { describe, expect, it } from 'vitest';
import {
  MS_PER_YEAR,
  packChain,
  type ContractRow,
  type OptionChain,
} from '../../../../src/service/engine/chain.ts';
import { bsPrice } from '../../../../src/service/engine/pricing.ts';
import { optionsVolume } from '../../../../src/service/engine/curves.ts';
import { pricingFor } from '../../../../src/service/engine/forward.ts';
import { expirySmiles } from '../../../../src/service/engine/surface.ts';
import { DEFAULT_PRICING } from '../../../../src/service/engine/types.ts';
import { includeParam, withStrikeIvs } from '../../../../src/service/http/options-volume-iv.ts';
import { ServiceError } from '../../../../src/service/http/errors.ts';
import { readQuery } from '../../../../src/shared/api/query.ts';
import { nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';

const ASOF = nyToEpoch('2026-11-18', 11 * 60);
const NEAR = '2026-11-20';
const FAR = '2026-12-18';

function row(expiration: string, strike: number, isCall: boolean, iv: number, volume = 7): ContractRow {
  return { expiration, strike, isCall, iv, openInterest: 100, volume, bid: 1, ask: 1.1 };
}

/** A small chain: the near expiration has a smile with holes (no quote, NaN, a missing contract). */
function chain(ticker = 'SPY', spot = 100): OptionChain {
  const rows: ContractRow[] = [
    row(NEAR, 90, false, 0.31),
    row(NEAR, 90, true, 0), // no valid quote
    row(NEAR, 95, false, 0.27),
    row(NEAR, 95, true, 0.26, 40),
    row(NEAR, 100, false, 0.22),
    row(NEAR, 100, true, 0.2),
    row(NEAR, 105, false, Number.NaN),
    row(NEAR, 105, true, 0.18),
    row(NEAR, 110, true, 0.19), // no put listed at 110
    row(FAR, 100, false, 0.4),
    row(FAR, 100, true, 0.39),
  ];
  return packChain({ ticker, spot, asof: ASOF, source: 'simulated' }, rows, optionExpiryEpoch).chain;
}

describe('withStrikeIvs', () => {
  const c = chain();
  const plain = optionsVolume(c, NEAR);
  const served = withStrikeIvs({ chain: c, pricing: DEFAULT_PRICING }, plain);

  it.each([
    [90, null, 0.31],
    [95, 0.26, 0.27],
    [100, 0.2, 0.22],
    [105, 0.18, null],
    [110, 0.19, null],
  ])(
    'strike %d: call_iv %s, put_iv %s (the chain contracts, null without a usable IV)',
    (strike, call, put) => {
      const point = served.points.find((p) => p.strike === strike);
      expect(point?.call_iv ?? null).toBe(call);
      expect(point?.put_iv ?? null).toBe(put);
    },
  );

  it('serves only the chosen expiration’s strikes and keeps every volume and total', () => {
    expect(served.points.map((p) => p.strike)).toEqual([90, 95, 100, 105, 110]);
    const strip = served.points.map(({ call_iv: _c, put_iv: _p, ...rest }) => rest);
    expect(strip).toEqual(plain.points);
    expect(served.totals).toEqual(plain.totals);
    expect('atm_iv' in plain).toBe(false);
  });

  it('atm_iv is the engine’s ATM IV of that expiration (mean of sides at the forward)', () => {
    const smile = expirySmiles(c, pricingFor(c, DEFAULT_PRICING))[0];
    expect(smile?.atmIv).not.toBeNull();
    expect(served.atm_iv).toBe(smile?.atmIv);
    // At spot 100 with no carry the ATM strike's sides (0.2, 0.22) are averaged, within the slope.
    expect(served.atm_iv).toBeGreaterThan(0.2);
    expect(served.atm_iv).toBeLessThan(0.22);
  });

  it('the far expiration reads its own contracts', () => {
    const far = withStrikeIvs({ chain: c, pricing: DEFAULT_PRICING }, optionsVolume(c, FAR));
    expect(far.points).toEqual([expect.objectContaining({ strike: 100, call_iv: 0.39, put_iv: 0.4 })]);
    expect(far.atm_iv).toBeCloseTo(0.395, 12);
  });

  it('an expiration without any usable IV has a null ATM IV', () => {
    const empty = packChain(
      { ticker: 'SPY', spot: 100, asof: ASOF, source: 'simulated' },
      [row(NEAR, 100, true, 0), row(NEAR, 100, false, Number.NaN)],
      optionExpiryEpoch,
    ).chain;
    const out = withStrikeIvs({ chain: empty, pricing: DEFAULT_PRICING }, optionsVolume(empty, NEAR));
    expect(out.atm_iv).toBeNull();
    expect(out.points).toEqual([expect.objectContaining({ call_iv: null, put_iv: null })]);
  });
});

/** One expiration priced off `forward` (Black-76, r = 0) with a linear smile in strike. */
function forwardChain(ticker: string, spot: number, forward: number): OptionChain {
  const t = (optionExpiryEpoch(FAR) - ASOF) / MS_PER_YEAR;
  const rows: ContractRow[] = [];
  for (let strike = 10; strike <= 30; strike++) {
    const iv = 0.8 + 0.01 * (strike - 16);
    for (const isCall of [false, true]) {
      const mid = bsPrice({ spot: forward, strike, t, sigma: iv, r: 0, q: 0 }, isCall);
      rows.push({ ...row(FAR, strike, isCall, iv), bid: Math.max(0, mid - 0.02), ask: mid + 0.02 });
    }
  }
  return packChain({ ticker, spot, asof: ASOF, source: 'simulated' }, rows, optionExpiryEpoch).chain;
}

describe('atm_iv where options settle on a future (VIX): read at the expiration’s forward', () => {
  it.each([
    ['VIX', 0.82],
    ['SPY', 0.8],
  ])('%s with spot 16 and a parity forward of 18 reads ATM IV %s', (ticker, expected) => {
    const c = forwardChain(ticker, 16, 18);
    const out = withStrikeIvs({ chain: c, pricing: DEFAULT_PRICING }, optionsVolume(c, FAR));
    // VIX: the IV at the forward (strike 18); an equity: at spot carried at the engine's r and q.
    expect(out.atm_iv).toBeCloseTo(expected, 4);
    expect(out.points.find((p) => p.strike === 18)?.call_iv).toBeCloseTo(0.82, 12);
  });
});

describe('includeParam', () => {
  it.each([
    ['', {}],
    ['include=iv', { include: 'iv' }],
    ['include=IV', { include: 'iv' }],
    ['include=iv,iv', { include: 'iv' }],
    ['include=', {}],
  ])('%s → %j', (query, expected) => {
    expect(includeParam(readQuery(Object.fromEntries(new URLSearchParams(query))))).toEqual(expected);
  });

  it.each(['include=greeks', 'include=iv,oi'])('%s is a 400 listing the allowed values', (query) => {
    const read = (): unknown => includeParam(readQuery(Object.fromEntries(new URLSearchParams(query))));
    expect(read).toThrow(ServiceError);
    try {
      read();
    } catch (error) {
      expect(error).toMatchObject({ status: 400, details: { param: 'include', allowed: ['iv'] } });
    }
  });
});
