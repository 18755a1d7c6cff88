import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegimeLabel } from '../../../../../src/shared/api/enums.ts';
import { incomeItemSchema } from '../../../../../src/shared/api/income.ts';
import { yearsToExpiry, type OptionChain } from '../../../../../src/service/engine/chain.ts';
import {
  EARNINGS_PENALTY,
  INCOME_RECOMMENDER_VERSION,
  pickExpiration,
  recommendIncome,
  REGIME_FIT,
  VERY_LOW_YIELD_PCT,
} from '../../../../../src/service/engine/interpret/income.ts';
import type { RegimeResult } from '../../../../../src/service/engine/interpret/regime.ts';
import { bsPrice } from '../../../../../src/service/engine/pricing.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { makeChain } from '../../../../support/chain-factory.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';
import { nonFinitePaths } from './no-nan.ts';

// The chain factory's snapshot is 2025-03-12; these dates are 9, 23, 30, 44 and 65 days out.
const EXPIRATIONS = ['2025-03-21', '2025-04-04', '2025-04-11', '2025-04-25', '2025-05-16'];
const chain = makeChain({ expirations: EXPIRATIONS });
const regime = (label: RegimeLabel): RegimeResult => ({ label, confidence: 0.8, reasons: [] });
const metrics = (over: Partial<TickerMetrics> = {}): TickerMetrics =>
  makeTickerMetrics({ atm_iv: 0.25, iv_rank: 60, ...over });
const byStrategy = (items: ReturnType<typeof recommendIncome>) => new Map(items.map((i) => [i.strategy, i]));

function contract(c: OptionChain, expiry: number, strike: number, isCall: boolean): number {
  for (let i = 0; i < c.size; i++) {
    if (c.expiryIndex[i] === expiry && c.strike[i] === strike && c.isCall[i] === (isCall ? 1 : 0)) return i;
  }
  throw new Error('no such contract');
}

describe('pickExpiration', () => {
  it.each([
    [EXPIRATIONS, '2025-04-11', 30],
    [['2025-03-21', '2025-04-04', '2025-04-25'], '2025-04-04', 23],
    [['2025-04-07', '2025-04-17'], '2025-04-07', 26], // a tie at 4 days either way: the shorter
    [['2025-03-31', '2025-05-01'], '2025-05-01', 50], // 19 DTE is out, 50 is in
  ] as const)('%j → %s (%s DTE)', (dates, date, dte) => {
    const c = makeChain({ expirations: dates });
    const p = pickExpiration(c);
    expect(p?.dte).toBe(dte);
    expect(c.expirations[p?.index as number]?.date).toBe(date);
  });

  it('finds none outside 20-50 DTE, and then recommends nothing', () => {
    const c = makeChain({ expirations: ['2025-03-21', '2025-05-16'] });
    expect(pickExpiration(c)).toBeNull();
    expect(recommendIncome(metrics(), c, regime('range_bound'))).toEqual([]);
  });
});

describe('recommendIncome: strikes, premium and yield', () => {
  const items = byStrategy(recommendIncome(metrics(), chain, regime('range_bound')));
  const sigma = 100 * 0.25 * Math.sqrt(30 / 365);
  const listed = [...new Set(chain.strike)].sort((a, b) => a - b);

  it('takes the listed strike just beyond ±1σ for the DTE', () => {
    const cc = items.get('cc');
    const csp = items.get('csp');
    expect(cc?.strike).toBe(listed.find((k) => k >= 100 + sigma));
    expect(csp?.strike).toBe([...listed].reverse().find((k) => k <= 100 - sigma));
    expect(cc?.dte).toBe(30);
    expect(cc?.assignment_or_cap_price).toBe(cc?.strike);
  });

  it('prices at the bid/ask mid and derives yield and breakeven from it', () => {
    for (const [strategy, capital] of [
      ['cc', 100],
      ['csp', items.get('csp')?.strike as number],
    ] as const) {
      const item = items.get(strategy);
      const i = contract(chain, 2, item?.strike as number, strategy === 'cc');
      const mid = ((chain.bid[i] as number) + (chain.ask[i] as number)) / 2;
      expect(item?.premium).toBeCloseTo(mid, 2);
      expect(item?.annualized_yield).toBeCloseTo(((item?.premium as number) / capital) * (365 / 30), 4);
      expect(item?.breakeven).toBeCloseTo((strategy === 'cc' ? 100 : capital) - (item?.premium as number), 6);
    }
  });

  it("falls back to Black-Scholes at the contract's IV without a two-sided quote", () => {
    const noQuotes: OptionChain = {
      ...chain,
      bid: chain.bid.map(() => Number.NaN),
      ask: chain.ask.map(() => Number.NaN),
    };
    const cc = byStrategy(recommendIncome(metrics(), noQuotes, regime('range_bound'))).get('cc');
    const i = contract(noQuotes, 2, cc?.strike as number, true);
    const t = yearsToExpiry(noQuotes.expirations[2] as OptionChain['expirations'][number], noQuotes.asof);
    const model = bsPrice(
      { spot: 100, strike: cc?.strike as number, t, sigma: noQuotes.iv[i] as number, r: 0, q: 0 },
      true,
    );
    expect(cc?.premium).toBeCloseTo(model, 2);
    expect(cc?.reasons.join(' ')).toContain('Black-Scholes');
  });

  it('walks outward past a strike it cannot price', () => {
    const first = items.get('cc')?.strike as number;
    const i = contract(chain, 2, first, true);
    const broken: OptionChain = {
      ...chain,
      bid: chain.bid.map((v, j) => (j === i ? Number.NaN : v)),
      iv: chain.iv.map((v, j) => (j === i ? 0 : v)),
    };
    const cc = byStrategy(recommendIncome(metrics(), broken, regime('range_bound'))).get('cc');
    expect(cc?.strike).toBe(listed.find((k) => k > first));
  });

  it('scores 1 + 0.07 × IV rank + min(yield / 20, 1) + regime fit', () => {
    const cc = items.get('cc');
    const expected = 1 + 0.07 * 60 + Math.min(((cc?.annualized_yield as number) * 100) / 20, 1) + 1;
    expect(cc?.income_score).toBeCloseTo(expected, 1);
    expect(cc?.income_tier).toBe(expected >= 7 ? 'high' : expected >= 5 ? 'moderate' : 'low');
    expect(cc?.manage_take_profit_pct).toBe(50);
    expect(cc?.manage_review_dte).toBe(21);
  });

  it.each([
    [20, true],
    [29.9, true],
    [30, false],
    [null, true],
  ] as const)('IV rank %s → below_ivr_threshold %s', (ivRank, below) => {
    const cc = byStrategy(recommendIncome(metrics({ iv_rank: ivRank }), chain, regime('range_bound'))).get(
      'cc',
    );
    expect(cc?.below_ivr_threshold).toBe(below);
    expect(cc?.iv_rank).toBe(ivRank);
  });

  it('recommends nothing without an ATM IV', () => {
    expect(recommendIncome(metrics({ atm_iv: null }), chain, regime('range_bound'))).toEqual([]);
  });
});

describe('recommendIncome: guards', () => {
  it.each([
    ['flush_panic', {}, ['cc']],
    ['trending_down_high_vol', {}, ['cc']],
    ['trending_low_vol', { momentum_state: 'strong' }, ['csp']],
    ['trending_high_vol', { momentum_state: 'strong' }, ['csp']],
    ['trending_low_vol', { momentum_state: 'fading' }, ['cc', 'csp']],
    ['range_bound', {}, ['cc', 'csp']],
  ] as const)('%s %j → %j', (label, over, strategies) => {
    const items = recommendIncome(metrics(over), chain, regime(label));
    expect(items.map((i) => i.strategy)).toEqual(strategies);
  });

  it('penalizes a csp into a calm down-trend through the regime fit', () => {
    const range = byStrategy(recommendIncome(metrics(), chain, regime('range_bound'))).get('csp');
    const down = byStrategy(recommendIncome(metrics(), chain, regime('trending_down_low_vol'))).get('csp');
    const gap = (REGIME_FIT.range_bound.csp as number) - (REGIME_FIT.trending_down_low_vol.csp as number);
    expect((range?.income_score as number) - (down?.income_score as number)).toBeCloseTo(gap, 5);
  });

  it.each([
    ['inside 30 days', { date: '2025-03-28', time: 'amc' }, true, 'Earnings penalized'],
    ['before the expiration, past 30 days', { date: '2025-04-11', time: 'bmo' }, true, 'Earnings penalized'],
    [
      'after the expiration',
      { date: '2025-04-20', time: 'bmo' },
      false,
      'Earnings checked: next on 2025-04-20',
    ],
  ] as const)('earnings %s', (_name, earnings, penalized, caveat) => {
    const base = byStrategy(recommendIncome(metrics(), chain, regime('range_bound'))).get('cc');
    const cc = byStrategy(recommendIncome(metrics({ earnings }), chain, regime('range_bound'))).get('cc');
    expect(cc?.income_score).toBeCloseTo(
      (base?.income_score as number) - (penalized ? EARNINGS_PENALTY : 0),
      5,
    );
    expect(cc?.caveats[0]).toContain(caveat);
    expect(cc?.earnings_date).toBe(earnings.date);
    expect(cc?.earnings_time).toBe(earnings.time);
  });

  it('treats a past earnings date as stale: no penalty, no date', () => {
    const base = byStrategy(recommendIncome(metrics(), chain, regime('range_bound'))).get('cc');
    const earnings = { date: '2025-03-01', time: 'bmo' } as const;
    const cc = byStrategy(recommendIncome(metrics({ earnings }), chain, regime('range_bound'))).get('cc');
    expect(cc?.income_score).toBe(base?.income_score);
    expect(cc?.earnings_date).toBeNull();
    expect(cc?.earnings_time).toBeNull();
    expect(cc?.caveats[0]).toContain('stale');
  });

  it.each([
    [true, 'Earnings checked: none scheduled'],
    [false, 'Earnings unknown'],
  ] as const)('no earnings event, simulated %s → %s', (simulated, caveat) => {
    const cc = byStrategy(
      recommendIncome(metrics({ earnings: null, simulated }), chain, regime('range_bound')),
    ).get('cc');
    expect(cc?.caveats[0]).toContain(caveat);
    expect(cc?.earnings_date).toBeNull();
  });
});

describe('recommendIncome: properties', () => {
  it('names its version', () => {
    expect(INCOME_RECOMMENDER_VERSION).toMatch(/^income-\d+\.\d+\.\d+$/);
  });

  it('gives at most one valid, finite item per strategy for random chains and snapshots', () => {
    const labels = Object.keys(REGIME_FIT) as RegimeLabel[];
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 2000, noNaN: true }),
        fc.double({ min: 0.05, max: 1.5, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
        fc.constantFrom(...labels),
        fc.constantFrom('strong', 'weak', 'fading', 'improving' as const),
        (spot, iv, ivRank, label, momentum) => {
          const c = makeChain({ spot, expirations: EXPIRATIONS, ivFn: () => iv });
          const m = metrics({ price: spot, atm_iv: iv, iv_rank: ivRank, momentum_state: momentum });
          const items = recommendIncome(m, c, regime(label));
          expect(items.length).toBeLessThanOrEqual(2);
          expect(new Set(items.map((i) => i.strategy)).size).toBe(items.length);
          for (const item of items) {
            incomeItemSchema.parse(item);
            expect(nonFinitePaths(item)).toEqual([]);
            expect(item.income_score).toBeGreaterThanOrEqual(0);
            expect(item.income_score).toBeLessThanOrEqual(10);
            if (item.strategy === 'cc') expect(item.strike).toBeGreaterThan(spot);
            else expect(item.strike).toBeLessThan(spot);
          }
          expect(recommendIncome(m, c, regime(label))).toEqual(items);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('recommendIncome: a very low yield never rates above low (0.9 % a year once rated moderate)', () => {
  it.each([
    // ATM IV of the whole chain, IV rank → whether the yield is under the floor, the tier
    [0.05, 100, true, 'low'],
    [0.06, 90, true, 'low'],
    [0.25, 100, false, 'high'],
    [0.25, 60, false, 'moderate'],
  ] as const)('IV %s, IV rank %s', (iv, ivRank, veryLow, tier) => {
    const c = makeChain({ expirations: EXPIRATIONS, ivFn: () => iv });
    const cc = byStrategy(
      recommendIncome(metrics({ atm_iv: iv, iv_rank: ivRank }), c, regime('range_bound')),
    ).get('cc');
    expect((cc?.annualized_yield as number) * 100 < VERY_LOW_YIELD_PCT).toBe(veryLow);
    expect(cc?.income_tier).toBe(tier);
    if (veryLow) expect(cc?.reasons.join(' ')).toContain('rated no better than low');
  });
});

describe('recommendIncome: the contract behind the row', () => {
  const items = byStrategy(recommendIncome(metrics(), chain, regime('range_bound')));

  it.each(['cc', 'csp'] as const)('%s carries expiration, delta, bid/ask, OI and both yields', (strategy) => {
    const item = items.get(strategy);
    const i = contract(chain, 2, item?.strike as number, strategy === 'cc');
    expect(item).toMatchObject({
      expiration: '2025-04-11',
      bid: chain.bid[i],
      ask: chain.ask[i],
      open_interest: chain.openInterest[i],
      premium_source: 'mid',
      settlement: 'physical',
      strategy_label: strategy === 'cc' ? 'covered call' : 'cash-secured put',
    });
    const delta = item?.delta as number;
    expect(strategy === 'cc' ? delta > 0 && delta < 0.5 : delta < 0 && delta > -0.5).toBe(true);
    const capital = strategy === 'cc' ? 100 : (item?.strike as number);
    expect(item?.capital_per_share).toBe(capital);
    expect(item?.period_yield).toBeCloseTo((item?.premium as number) / capital, 4);
    expect(item?.annualized_yield).toBeCloseTo(((item?.period_yield as number) * 365) / 30, 3);
  });
});

describe('recommendIncome: an index has no shares', () => {
  it.each(['SPX', 'NDX', '^RUT'])('%s: no covered call; the short put is cash-settled', (ticker) => {
    const c = makeChain({ ticker, spot: 100, expirations: EXPIRATIONS });
    const items = recommendIncome(metrics({ ticker }), c, regime('range_bound'));
    expect(items.map((i) => i.strategy)).toEqual(['csp']);
    const put = items[0];
    expect(incomeItemSchema.safeParse(put).success).toBe(true);
    expect(put?.settlement).toBe('cash');
    expect(put?.strategy_label).toBe('cash-settled short put');
    expect(put?.reasons.join(' ')).toMatch(/settles in cash/);
    expect(put?.reasons.join(' ')).not.toMatch(/cash-secured/i);
  });

  it('an ETF on an index (SPY) keeps both', () => {
    const c = makeChain({ ticker: 'SPY', spot: 100, expirations: EXPIRATIONS });
    const items = recommendIncome(metrics({ ticker: 'SPY' }), c, regime('range_bound'));
    expect(items.map((i) => i.strategy)).toEqual(['cc', 'csp']);
    expect(items.every((i) => i.settlement === 'physical')).toBe(true);
  });
});
