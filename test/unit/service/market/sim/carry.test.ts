// The simulator prices its options with each ticker's stated carry (src/shared/carry.ts), so its
// chains' put-call parity implies the forward spot × e^((r − q)T), as a real chain's does, and the
// engine, reading the chain at the same carry, recovers it.
import { describe, expect, it } from 'vitest';
import { carryFor } from '../../../../../src/shared/carry.ts';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';
import { expiryYears } from '../../../../../src/service/engine/exposure.ts';
import { impliedForwards } from '../../../../../src/service/engine/forward.ts';
import { manualClock } from '../../../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';
import { SIM_UNIVERSE } from '../../../../../src/service/market/sim/universe.ts';

const NOON = nyToEpoch('2026-11-18', 12 * 60);
const market = createSimulatedMarket({ seed: 1, clock: manualClock(NOON) });

/** The ticker's chain at noon, with the listed expiration nearest `days` out and its forward at the stated rate. */
function forwardNear(ticker: string, days: number): { spot: number; t: number; forward: number } {
  const at = market.latestSnapshotTime(ticker, NOON) as number;
  const chain = market.chain(ticker, at);
  if (chain === null) throw new Error(`no ${ticker} chain`);
  const years = expiryYears(chain);
  let e = 0;
  years.forEach((t, i) => {
    if (Math.abs(t * 365 - days) < Math.abs((years[e] as number) * 365 - days)) e = i;
  });
  const forward = impliedForwards(chain, carryFor(ticker).rate)[e]?.forward;
  if (forward === null || forward === undefined) throw new Error(`no ${ticker} forward`);
  return { spot: chain.spot, t: years[e] as number, forward };
}

describe('the simulator prices with the stated carry', () => {
  it('states a dividend yield for every ticker it simulates (none reads the default)', () => {
    const defaulted = SIM_UNIVERSE.filter((t) => carryFor(t.ticker).source !== 'stated').map((t) => t.ticker);
    expect(defaulted).toEqual([]);
  });

  it.each([
    ['SPX', 90],
    ['SPY', 90],
    ['NDX', 30],
    ['RUT', 180],
    ['KO', 60],
    ['TSLA', 90],
  ])('%s: the ~%d-day forward sits at spot × e^((r − q)T)', (ticker, days) => {
    const { spot, t, forward } = forwardNear(ticker, days);
    const { rate, dividendYield } = carryFor(ticker);
    const expected = spot * Math.exp((rate - dividendYield) * t);
    expect(Math.abs(t * 365 - days)).toBeLessThan(30);
    // Quotes are rounded to ticks and the median of five strikes is taken: within a few cents
    // per thousand points, far under the carry itself.
    expect(Math.abs(forward - expected)).toBeLessThan(0.05 * Math.abs(expected - spot) + 0.02);
  });

  it('SPX three months out: a forward tens of points above spot', () => {
    const { spot, t, forward } = forwardNear('SPX', 90);
    const { rate, dividendYield } = carryFor('SPX');
    const above = spot * (Math.exp((rate - dividendYield) * t) - 1);
    expect(above).toBeGreaterThan(20);
    expect(forward - spot).toBeCloseTo(above, 0);
  });
});
