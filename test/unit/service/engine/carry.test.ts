// The stated carry through the engine: a chain priced with a known rate and dividend yield gives its
// forward back, and the deltas the engine reports (setup-leg candidates, income rows, the legs of a
// served trade setup) are Merton's at that rate and yield, and so are the deltas the skew and
// term-structure charts read their 25-delta IVs at, checked against an independent Black-Scholes
// (test/support/reference-black-scholes.ts), never against the engine's own output.
import { describe, expect, it } from 'vitest';
import { carryFor } from '../../../../src/shared/carry.ts';
import { nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';
import { analyzeSnapshot } from '../../../../src/service/analysis/ticker-analysis.ts';
import { analyzeChainDetailed } from '../../../../src/service/engine/analyze.ts';
import { carryPricing } from '../../../../src/service/engine/carry.ts';
import {
  MS_PER_YEAR,
  packChain,
  yearsToExpiry,
  type ContractRow,
  type OptionChain,
} from '../../../../src/service/engine/chain.ts';
import { gexByStrike } from '../../../../src/service/engine/curves.ts';
import { expiryYears } from '../../../../src/service/engine/exposure.ts';
import { impliedForwards } from '../../../../src/service/engine/forward.ts';
import { recommendIncome } from '../../../../src/service/engine/interpret/income.ts';
import { quotedContracts } from '../../../../src/service/engine/interpret/setup-legs.ts';
import { termStructure } from '../../../../src/service/engine/term-structure.ts';
import { DEFAULT_PRICING, type PricingParams } from '../../../../src/service/engine/types.ts';
import { levelsData } from '../../../../src/service/http/curve-payloads.ts';
import { createSimulatedMarket } from '../../../../src/service/market/sim/simulated-source.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { makeTickerMetrics } from '../../../support/metrics-factory.ts';
import { referenceDelta, referencePrice } from '../../../support/reference-black-scholes.ts';

const ASOF = nyToEpoch('2026-11-18', 11 * 60);
/** 2, 30, 93, 184 and 366 days after ASOF. */
const EXPIRIES = ['2026-11-20', '2026-12-18', '2027-02-19', '2027-05-21', '2027-11-19'];

/** A smile of one's own, so a delta is read at each contract's IV, not one flat vol. */
const smile = (strike: number, spot: number): number => 0.2 - 0.15 * Math.log(strike / spot);

/** Every contract priced by the reference Black-Scholes at rate r and yield q, quoted a cent either side. */
function carriedChain(ticker: string, spot: number, r: number, q: number): OptionChain {
  const rows: ContractRow[] = [];
  for (const expiration of EXPIRIES) {
    const t = (optionExpiryEpoch(expiration) - ASOF) / MS_PER_YEAR;
    for (let k = Math.round(spot * 0.8); k <= spot * 1.2; k += Math.max(1, Math.round(spot / 200))) {
      for (const isCall of [false, true]) {
        const sigma = smile(k, spot);
        const mid = referencePrice({ spot, strike: k, t, sigma, r, q }, isCall);
        rows.push({
          expiration,
          strike: k,
          isCall,
          iv: sigma,
          openInterest: 500,
          volume: 10,
          bid: mid > 0.02 ? mid - 0.01 : 0,
          ask: mid + 0.01,
        });
      }
    }
  }
  return packChain({ ticker, spot, asof: ASOF, source: 'cboe_csv' }, rows, optionExpiryEpoch).chain;
}

const CASES = [
  ['SPX', 6000],
  ['SPY', 600],
  ['QQQ', 520],
  ['KO', 70],
  ['TSLA', 300],
] as const;

describe('a chain priced with a known carry gives its forward back', () => {
  it.each(CASES)('%s at %d: every expiration’s forward is spot × e^((r − q)T)', (ticker, spot) => {
    const { rate: r, dividendYield: q } = carryFor(ticker);
    const chain = carriedChain(ticker, spot, r, q);
    const { forwards } = analyzeChainDetailed(chain, carryPricing(ticker));
    const years = expiryYears(chain);
    expect(forwards.map((f) => f.expiry)).toEqual(EXPIRIES);
    forwards.forEach((f, e) => {
      const t = years[e] as number;
      // Mids are exact (symmetric spreads): parity holds to rounding, a part in 1e9.
      expect(f.forward).toBeCloseTo(spot * Math.exp((r - q) * t), 6);
    });
  });

  it('read at r = 0 the same chain implies a forward off by the discount on C − P', () => {
    const { rate: r, dividendYield: q } = carryFor('SPX');
    const chain = carriedChain('SPX', 6000, r, q);
    const t = expiryYears(chain)[4] as number;
    const stated = analyzeChainDetailed(chain, carryPricing('SPX')).forwards[4]?.forward as number;
    const atZero = analyzeChainDetailed(chain, DEFAULT_PRICING).forwards[4]?.forward as number;
    expect(Math.abs(stated - 6000 * Math.exp((r - q) * t))).toBeLessThan(1e-6);
    expect(Math.abs(atZero - stated)).toBeGreaterThan(0.5);
  });

  it('the curves payload says what rate and yield it was priced with', () => {
    const chain = carriedChain('KO', 70, 0.04, 0.029);
    const stated = gexByStrike(chain, { exp: 'combined', pricing: carryPricing('KO') });
    expect(stated).toMatchObject({ rate: 0.04, dividend_yield: 0.029, carry_source: 'stated' });
    const given = gexByStrike(chain, { exp: 'combined', pricing: { r: 0.05, q: 0.01 } });
    expect(given).toMatchObject({ rate: 0.05, dividend_yield: 0.01, carry_source: 'given' });
    const unknown = gexByStrike(chain, { exp: 'combined', pricing: carryPricing('ZZZZ') });
    expect(unknown).toMatchObject({ rate: 0.04, dividend_yield: 0, carry_source: 'default' });
  });
});

describe('the deltas the engine reports carry the stated rate and yield', () => {
  it.each(CASES)(
    '%s: every setup-leg candidate’s delta is e^(−qT)·N(d1) with (r − q) in d1',
    (ticker, spot) => {
      const pricing = carryPricing(ticker);
      const chain = carriedChain(ticker, spot, pricing.r, pricing.q);
      for (const e of [1, 2, 4]) {
        const t = yearsToExpiry(chain.expirations[e] as OptionChain['expirations'][number], chain.asof);
        const candidates = quotedContracts(chain, e, pricing);
        expect(candidates.length).toBeGreaterThan(20);
        for (const c of candidates) {
          const reference = referenceDelta(
            { spot, strike: c.strike, t, sigma: chain.iv[c.i] as number, r: pricing.r, q: pricing.q },
            c.side === 'call',
          );
          expect(c.delta).toBeCloseTo(reference, 9);
        }
      }
    },
  );

  it('the carry moves a year-out 30-delta call by more than 0.01 (what r = q = 0 misses)', () => {
    const pricing = carryPricing('SPX');
    const chain = carriedChain('SPX', 6000, pricing.r, pricing.q);
    const strike = 6600;
    const [carried] = quotedContracts(chain, 4, pricing).filter(
      (c) => c.strike === strike && c.side === 'call',
    );
    const [flat] = quotedContracts(chain, 4, DEFAULT_PRICING).filter(
      (c) => c.strike === strike && c.side === 'call',
    );
    expect(carried?.delta).toBeGreaterThan(0.25);
    expect(carried?.delta).toBeLessThan(0.45);
    expect((carried?.delta as number) - (flat?.delta as number)).toBeGreaterThan(0.01);
  });

  it.each([
    ['KO', 70],
    ['SPY', 600],
  ] as const)('%s: the income rows’ deltas are the reference delta at their strike', (ticker, spot) => {
    const pricing: PricingParams = carryPricing(ticker);
    const chain = carriedChain(ticker, spot, pricing.r, pricing.q);
    const metrics = makeTickerMetrics({ ticker, price: spot, atm_iv: 0.2, iv_rank: 60 });
    const items = recommendIncome(
      metrics,
      chain,
      { label: 'range_bound', confidence: 0.8, reasons: [] },
      pricing,
    );
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const e = chain.expirations.findIndex((x) => x.date === item.expiration);
      const t = yearsToExpiry(chain.expirations[e] as OptionChain['expirations'][number], chain.asof);
      const isCall = item.strategy === 'cc';
      const sigma = smile(item.strike, spot);
      const reference = referenceDelta(
        { spot, strike: item.strike, t, sigma, r: pricing.r, q: pricing.q },
        isCall,
      );
      expect(Math.abs((item.delta as number) - reference)).toBeLessThanOrEqual(0.0005 + 1e-12);
    }
  });
});

describe('the skew and term-structure charts read their 25-delta IVs at the stated carry', () => {
  /** The strike whose reference delta at its own smile IV is `target` (bisection; delta falls with strike). */
  function strikeAtDelta(
    spot: number,
    t: number,
    r: number,
    q: number,
    target: number,
    isCall: boolean,
  ): number {
    let lo = spot * 0.5;
    let hi = spot * 1.5;
    for (let i = 0; i < 100; i++) {
      const k = (lo + hi) / 2;
      const d = referenceDelta({ spot, strike: k, t, sigma: smile(k, spot), r, q }, isCall);
      if (d > target) lo = k;
      else hi = k;
    }
    return (lo + hi) / 2;
  }

  it.each([
    ['SPX', 6000],
    ['KO', 70],
  ] as const)(
    '%s: each term point’s 25Δ put and call IV is the smile at the carried 25Δ strike',
    (ticker, spot) => {
      const pricing = carryPricing(ticker);
      const chain = carriedChain(ticker, spot, pricing.r, pricing.q);
      const smiles = analyzeChainDetailed(chain, pricing).iv?.smiles ?? [];
      const points = termStructure(smiles).points;
      let carryMatters = false;
      for (const e of [2, 3, 4]) {
        const point = points.find((p) => p.expiration === EXPIRIES[e]);
        const t = yearsToExpiry(chain.expirations[e] as OptionChain['expirations'][number], chain.asof);
        for (const [isCall, got] of [
          [false, point?.put_25d_iv],
          [true, point?.call_25d_iv],
        ] as const) {
          const target = isCall ? 0.25 : -0.25;
          const carried = smile(strikeAtDelta(spot, t, pricing.r, pricing.q, target, isCall), spot);
          const flat = smile(strikeAtDelta(spot, t, 0, 0, target, isCall), spot);
          expect(
            Math.abs((got as number) - carried),
            `${EXPIRIES[e]} ${isCall ? 'call' : 'put'}`,
          ).toBeLessThan(2e-4);
          if (Math.abs(carried - flat) > 1e-3) carryMatters = true;
        }
      }
      // Read at r = q = 0 some 25Δ IV would be off by more than the tolerance.
      expect(carryMatters).toBe(true);
    },
  );
});

describe('the service reads each simulated ticker at its stated carry', () => {
  const noon = nyToEpoch('2026-11-18', 12 * 60);
  const market = createSimulatedMarket({ seed: 1, clock: manualClock(noon) });

  it.each(['SPY', 'KO', 'TSLA'])(
    '%s: the served legs’ deltas and the levels payload read the stated carry',
    (ticker) => {
      const a = analyzeSnapshot(market, ticker, market.latestSnapshotTime(ticker, noon) as number);
      if (a === null) throw new Error(`no ${ticker} snapshot`);
      const { rate: r, dividendYield: q } = carryFor(ticker);
      expect(levelsData(a)).toMatchObject({ rate: r, dividend_yield: q, carry_source: 'stated' });
      const legs = (a.setup.structure_legs ?? []).flatMap((s) => s.legs);
      expect(legs.length).toBeGreaterThan(0);
      let differsAtZero = false;
      for (const leg of legs) {
        const e = a.chain.expirations.findIndex((x) => x.date === leg.expiration);
        const t = yearsToExpiry(a.chain.expirations[e] as OptionChain['expirations'][number], a.chain.asof);
        const o = { spot: a.chain.spot, strike: leg.strike, t, sigma: leg.iv as number };
        const isCall = leg.option_type === 'call';
        // Legs are rounded to 3 places; the contract's IV is the leg's (both 4 places).
        expect(Math.abs((leg.delta as number) - referenceDelta({ ...o, r, q }, isCall))).toBeLessThanOrEqual(
          0.0005 + 1e-12,
        );
        if (Math.round(referenceDelta({ ...o, r: 0, q: 0 }, isCall) * 1000) / 1000 !== leg.delta)
          differsAtZero = true;
      }
      expect(differsAtZero).toBe(true);
    },
  );
});

describe('VIX: the legs’ and income rows’ deltas are quoted against each expiration’s future', () => {
  const market = createSimulatedMarket({ seed: 42, clock: manualClock(0) });

  it.each(['2025-03-10T15:00:00Z', '2026-11-18T17:00:00Z', '2025-09-23T18:42:00Z'])('at %s', (instant) => {
    const a = analyzeSnapshot(market, 'VIX', market.latestSnapshotTime('VIX', Date.parse(instant)) as number);
    if (a === null) throw new Error('no VIX snapshot');
    const { rate: r } = carryFor('VIX');
    const forwards = impliedForwards(a.chain, r);
    const rows = [
      ...(a.setup.structure_legs ?? []).flatMap((s) => s.legs),
      ...a.income.map((i) => ({
        expiration: i.expiration as string,
        strike: i.strike,
        option_type: i.strategy === 'cc' ? 'call' : 'put',
        delta: i.delta,
        iv: null,
      })),
    ];
    expect(rows.length).toBeGreaterThan(0);
    let checked = 0;
    for (const row of rows) {
      const e = a.chain.expirations.findIndex((x) => x.date === row.expiration);
      const future = forwards[e]?.forward;
      const i = [...a.chain.strike.keys()].find(
        (k) =>
          a.chain.expiryIndex[k] === e &&
          a.chain.strike[k] === row.strike &&
          a.chain.isCall[k] === (row.option_type === 'call' ? 1 : 0),
      ) as number;
      expect(Math.abs(row.delta as number)).toBeLessThanOrEqual(1);
      if (future === null || future === undefined) continue;
      const t = yearsToExpiry(a.chain.expirations[e] as OptionChain['expirations'][number], a.chain.asof);
      // Black-76: Black-Scholes on the future with q = r, so the delta is e^(−rT)·N(d1).
      const black76 = referenceDelta(
        { spot: future, strike: row.strike, t, sigma: a.chain.iv[i] as number, r, q: r },
        row.option_type === 'call',
      );
      expect(Math.abs((row.delta as number) - black76)).toBeLessThanOrEqual(0.0005 + 1e-9);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
