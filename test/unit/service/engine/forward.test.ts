// The implied forward (engine/forward.ts): put-call parity at the strikes nearest the money, the
// median of several, recovered from synthetic chains priced off a known forward; and the pricing
// that uses it only where options settle on a future (VIX), so that the gammas, GEX and flip of such
// a chain are those of Black-76 on each expiration's forward.
import { describe, expect, it } from 'vitest';
import { analyzeChainDetailed } from '../../../../src/service/engine/analyze.ts';
import {
  MS_PER_YEAR,
  packChain,
  type ContractRow,
  type OptionChain,
} from '../../../../src/service/engine/chain.ts';
import { gexByStrike } from '../../../../src/service/engine/curves.ts';
import { contractGammas, gexTotals, exposureByStrike } from '../../../../src/service/engine/exposure.ts';
import { findGammaFlip } from '../../../../src/service/engine/flip.ts';
import { gammaProfile, gammaProfileReference } from '../../../../src/service/engine/profile.ts';
import {
  FORWARD_STRIKES,
  forwardFromPairs,
  impliedForwards,
  pricingFor,
} from '../../../../src/service/engine/forward.ts';
import { bsPrice } from '../../../../src/service/engine/pricing.ts';
import { DEFAULT_PRICING } from '../../../../src/service/engine/types.ts';
import { nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';

const ASOF = nyToEpoch('2026-11-18', 11 * 60);

interface Leg {
  expiry: string;
  forward: number;
  /** Strikes listed for the expiration. */
  strikes: readonly number[];
  /** IV by strike (a smile of one's own), default 0.9 flat. */
  iv?: (strike: number) => number;
  /** Half the bid-ask spread, in dollars. */
  half?: number;
  /** Quotes to spoil: strike → override mid of the call. */
  stale?: ReadonlyMap<number, number>;
  /** Open interest by strike and side. */
  oi?: (strike: number, isCall: boolean) => number;
}

/** A chain whose every option is priced off its expiration's forward (Black-76 with rate r). */
function forwardChain(ticker: string, spot: number, legs: readonly Leg[], r = 0): OptionChain {
  const rows: ContractRow[] = [];
  for (const leg of legs) {
    const t = (optionExpiryEpoch(leg.expiry) - ASOF) / MS_PER_YEAR;
    const half = leg.half ?? 0.02;
    for (const strike of leg.strikes) {
      const sigma = leg.iv?.(strike) ?? 0.9;
      for (const isCall of [false, true]) {
        // Black-76 with discounting: e^{−rt} × Black-Scholes on F with no carry.
        const undiscounted = bsPrice({ spot: leg.forward, strike, t, sigma, r: 0, q: 0 }, isCall);
        let mid = Math.exp(-r * t) * undiscounted;
        if (isCall && leg.stale?.has(strike)) mid = leg.stale.get(strike) as number;
        rows.push({
          expiration: leg.expiry,
          strike,
          isCall,
          iv: sigma,
          openInterest: leg.oi?.(strike, isCall) ?? 1000,
          volume: 10,
          bid: Math.max(0, mid - half),
          ask: mid + half,
        });
      }
    }
  }
  return packChain({ ticker, spot, asof: ASOF, source: 'simulated' }, rows, optionExpiryEpoch).chain;
}

const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('impliedForwards: a chain priced off a known forward gives it back', () => {
  it.each([
    ['VIX contango, 1-point strikes', 'VIX', 16.2, 17.85, range(10, 40, 1), 0, 0.02],
    ['VIX backwardation', 'VIX', 34, 29.4, range(15, 60, 1), 0, 0.02],
    ['SPX with a 4 % rate', 'SPX', 6000, 6031.5, range(5500, 6500, 5), 0.04, 0.5],
    ['an ETF below spot (dividends)', 'SPY', 600, 597.2, range(560, 640, 1), 0, 0.01],
    ['a forward between two strikes', 'QQQ', 520, 523.4, range(480, 560, 5), 0, 0.02],
  ])('%s', (_name, ticker, spot, forward, strikes, r, half) => {
    const chain = forwardChain(ticker, spot, [{ expiry: '2026-12-16', forward, strikes, half }], r);
    const [f] = impliedForwards(chain, r);
    expect(f?.expiry).toBe('2026-12-16');
    expect(f?.strikesUsed).toBe(FORWARD_STRIKES);
    // Mid prices are exact here (symmetric spreads), so parity holds to rounding.
    expect(f?.forward).toBeCloseTo(forward, 6);
  });

  it('one stale quote among the strikes near the money does not move the median', () => {
    const stale = forwardChain('VIX', 16.2, [
      {
        expiry: '2026-12-16',
        forward: 17.85,
        strikes: range(10, 40, 1),
        stale: new Map([[18, 5]]),
      },
    ]);
    expect(impliedForwards(stale)[0]?.forward).toBeCloseTo(17.85, 6);
  });

  it.each([
    ['no bid on either side', 0],
    ['a one-sided put', 1],
  ])('no forward when %s', (_name, putBid) => {
    const rows: ContractRow[] = [
      {
        expiration: '2026-12-16',
        strike: 18,
        isCall: true,
        iv: 0.9,
        openInterest: 1,
        volume: 0,
        bid: 0,
        ask: 0.5,
      },
      {
        expiration: '2026-12-16',
        strike: 18,
        isCall: false,
        iv: 0.9,
        openInterest: 1,
        volume: 0,
        bid: putBid,
        ask: putBid === 0 ? 0.4 : Number.NaN,
      },
    ];
    const chain = packChain(
      { ticker: 'VIX', spot: 16, asof: ASOF, source: 'cboe_csv' },
      rows,
      optionExpiryEpoch,
    ).chain;
    expect(impliedForwards(chain)).toEqual([{ expiry: '2026-12-16', forward: null, strikesUsed: 0 }]);
  });
});

describe('forwardFromPairs', () => {
  it.each([
    // strikes and C − P → forward (r = 0): the median of the FORWARD_STRIKES nearest the anchor
    [
      'exact parity',
      [
        [95, 5],
        [100, 0],
        [105, -5],
      ],
      100,
    ],
    [
      'the median of five',
      [
        [90, 10.4],
        [95, 5.1],
        [100, 0.2],
        [105, -4.9],
        [110, -9.7],
        [200, -50],
      ],
      100.2,
    ],
    ['a single strike', [[20, -2.15]], 17.85],
  ] as const)('%s', (_name, pairs, expected) => {
    const out = forwardFromPairs(
      pairs.map(([strike, diff]) => ({ strike, diff })),
      0.1,
      0,
    );
    expect(out?.forward).toBeCloseTo(expected, 9);
  });

  it('no forward when the quotes put it at or below zero', () => {
    expect(forwardFromPairs([{ strike: 5, diff: -7 }], 0.1, 0)).toBeNull();
  });

  it('grows C − P by e^{rT}', () => {
    expect(forwardFromPairs([{ strike: 100, diff: 1 }], 0.5, 0.04)?.forward).toBeCloseTo(
      100 + Math.exp(0.02),
      12,
    );
  });
});

describe('pricingFor: forwards price only the options that settle on a future', () => {
  const legs = (forward1: number, forward2: number): Leg[] => [
    { expiry: '2026-11-25', forward: forward1, strikes: range(10, 40, 1) },
    { expiry: '2026-12-16', forward: forward2, strikes: range(10, 40, 1) },
  ];

  it.each([
    ['VIX', true],
    ['^VIX', true],
    ['SPX', false],
    ['SPY', false],
  ])('%s priced off its forwards: %s', (ticker, expected) => {
    const pricing = pricingFor(forwardChain(ticker, 16.2, legs(16.9, 17.85)), DEFAULT_PRICING);
    expect(pricing.qByExpiry !== undefined).toBe(expected);
  });

  it('q per expiration puts each forward where parity implies it: spot · e^{(r − q)t} = F', () => {
    const chain = forwardChain('VIX', 16.2, legs(16.9, 17.85));
    const pricing = pricingFor(chain, DEFAULT_PRICING);
    chain.expirations.forEach((e, i) => {
      const t = (e.expiresAt - chain.asof) / MS_PER_YEAR;
      const q = pricing.qByExpiry?.[i] as number;
      expect(chain.spot * Math.exp(-q * t)).toBeCloseTo(i === 0 ? 16.9 : 17.85, 6);
    });
  });

  it('an expiration without quotes takes its forward interpolated in time between its neighbours', () => {
    const chain = forwardChain('VIX', 16, [
      { expiry: '2026-11-25', forward: 16.5, strikes: range(10, 30, 1) },
      { expiry: '2026-12-02', forward: 17, strikes: range(10, 30, 1), half: 100 },
      { expiry: '2026-12-16', forward: 18, strikes: range(10, 30, 1) },
    ]);
    expect(impliedForwards(chain)[1]?.forward).toBeNull();
    const pricing = pricingFor(chain, DEFAULT_PRICING);
    const t = chain.expirations.map((e) => (e.expiresAt - chain.asof) / MS_PER_YEAR);
    const basis = (i: number) => -(pricing.qByExpiry?.[i] as number) * (t[i] as number);
    const w = ((t[1] as number) - (t[0] as number)) / ((t[2] as number) - (t[0] as number));
    expect(basis(1)).toBeCloseTo(basis(0) + w * (basis(2) - basis(0)), 9);
  });
});

describe('VIX: exposure and flip against each expiration’s forward', () => {
  // Calls above, puts below the forward: a flip exists between them.
  const oi = (strike: number, isCall: boolean) =>
    isCall ? (strike >= 18 ? 3000 : 300) : strike <= 17 ? 2500 : 200;
  const legs: Leg[] = [{ expiry: '2026-12-16', forward: 18.4, strikes: range(10, 40, 1), oi }];
  const vix = forwardChain('VIX', 16, legs);
  // The same options with the index itself at the forward: no basis, priced off spot.
  const atForward = forwardChain('VIX', 18.4, legs);

  it('GEX at spot is Black-76 GEX on the forward: F² Γ_F per 1 % move, the spot-priced figure at spot = F', () => {
    const analysed = analyzeChainDetailed(vix);
    const reference = analyzeChainDetailed(atForward);
    expect(analysed.metrics.gex_usd_per_1_pct_move).toBeCloseTo(reference.metrics.gex_usd_per_1_pct_move, 3);
    // Priced off spot (what an equity chain gets), the figure is a different one.
    const spotPriced = gexTotals(
      exposureByStrike(vix, contractGammas(vix, DEFAULT_PRICING), new Uint8Array([1])),
      vix.spot,
    ).net;
    expect(Math.abs(spotPriced - analysed.metrics.gex_usd_per_1_pct_move)).toBeGreaterThan(
      0.05 * Math.abs(analysed.metrics.gex_usd_per_1_pct_move),
    );
  });

  it('the flip in index points is the forward-priced flip scaled back by spot / forward', () => {
    const flip = analyzeChainDetailed(vix).metrics.gex_flip as number;
    const atF = findGammaFlip(atForward).price as number;
    const spotPriced = findGammaFlip(vix).price as number;
    expect(flip).toBeCloseTo((atF * vix.spot) / 18.4, 2);
    // Reading the strikes against spot instead puts the flip about one basis higher.
    expect(spotPriced - flip).toBeGreaterThan(1);
  });

  it('the profile kernel with a q per expiration matches the plain Black-Scholes loop', () => {
    const two = forwardChain('VIX', 16, [
      { expiry: '2026-11-25', forward: 16.8, strikes: range(10, 40, 1), oi },
      { expiry: '2026-12-16', forward: 18.4, strikes: range(10, 40, 1), oi },
    ]);
    const pricing = pricingFor(two, DEFAULT_PRICING);
    const fast = gammaProfile(two, { pricing });
    const slow = gammaProfileReference(two, { pricing });
    const scale = Math.max(...slow.gex.map(Math.abs));
    fast.gex.forEach((g, j) => expect(Math.abs(g - (slow.gex[j] as number))).toBeLessThan(1e-9 * scale));
  });

  it('the curves agree with the analysis and carry the forwards', () => {
    const curve = gexByStrike(vix);
    expect(curve.totals.gex_flip_price).toBeCloseTo(analyzeChainDetailed(vix).metrics.gex_flip as number, 6);
    expect(curve.priced_off).toBe('forward');
    expect(curve.forwards).toEqual([{ expiry: '2026-12-16', forward: 18.4, strikes_used: FORWARD_STRIKES }]);
    expect(gexByStrike(forwardChain('SPY', 16, legs)).priced_off).toBe('spot');
  });

  it('the ATM IV is read at the forward, not at spot', () => {
    const smile = (k: number) => 0.7 + 0.02 * (k - 10);
    const skewed = forwardChain('VIX', 16, [
      { expiry: '2026-12-16', forward: 18.4, strikes: range(10, 40, 1), iv: smile },
    ]);
    const atm = analyzeChainDetailed(skewed).iv?.smiles[0]?.atmIv as number;
    expect(atm).toBeCloseTo(smile(18.4), 6);
  });
});
