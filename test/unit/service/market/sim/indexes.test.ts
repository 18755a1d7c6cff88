// The simulated indexes: SPX, NDX and RUT walk their ETF's path at the usual ratio, list p.m.
// dailies on index-sized strike grids; VIX is the S&P 500's 30-day implied vol in points, moves
// against the market, lists Wednesday expirations settled at the open, and prices each expiration
// off its future (above spot in contango, below in backwardation), never off spot.
import { describe, expect, it } from 'vitest';
import { impliedForwards } from '../../../../../src/service/engine/forward.ts';
import { MS_PER_YEAR } from '../../../../../src/service/engine/chain.ts';
import { vixMonthlyExpiration } from '../../../../../src/service/engine/vix-expirations.ts';
import { carryFor } from '../../../../../src/shared/carry.ts';
import { epochToNy, nyToEpoch, weekday } from '../../../../../src/shared/market-calendar.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';
import { simTicker } from '../../../../../src/service/market/sim/universe.ts';
import { VIX_LONG_RUN, vixFuture } from '../../../../../src/service/market/sim/volatility-index.ts';

const market = createSimulatedMarket({ seed: 7, clock: { now: () => 0 } });
const noon = (date: string) => nyToEpoch(date, 12 * 60);
const sample = market.sessions.filter((_, i) => i % 97 === 5);

describe('SPX, NDX, RUT walk their ETF', () => {
  it.each([
    ['SPX', 'SPY', 10],
    ['NDX', 'QQQ', 40],
    ['RUT', 'IWM', 10],
  ])('%s = %s × %d at every close and intraday', (index, etf, ratio) => {
    const a = market.dailyPath(index)!;
    const b = market.dailyPath(etf)!;
    a.close.forEach((c, i) => expect(Math.abs(c - ratio * b.close[i]!)).toBeLessThanOrEqual(0.006 * ratio));
    for (const date of sample) {
      const t = market.latestSnapshotTime(index, noon(date))!;
      const spot = market.chain(index, t)!.spot;
      const etfSpot = market.chain(etf, t)!.spot;
      expect(Math.abs(spot / etfSpot - ratio)).toBeLessThan(0.001 * ratio);
    }
  });

  it.each([
    ['SPX', 5],
    ['NDX', 25],
    ['RUT', 5],
  ])('%s lists dailies on %d-point strikes near the money', (index, step) => {
    const date = '2026-11-18';
    const chain = market.chain(index, market.latestSnapshotTime(index, noon(date))!)!;
    const dates = chain.expirations.map((e) => e.date);
    expect(dates.slice(0, 5)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24']);
    const near = [...chain.strike].filter(
      (k, i) => chain.expiryIndex[i] === 0 && Math.abs(k / chain.spot - 1) < 0.01,
    );
    expect(near.length).toBeGreaterThan(4);
    for (const k of near) expect(k % step).toBe(0);
    expect(simTicker(index)?.earnings).toBe(false);
  });
});

describe('VIX', () => {
  const vix = market.dailyPath('VIX')!;
  const spy = market.dailyPath('SPY')!;

  it('moves against the market and stays where VIX trades', () => {
    const dv: number[] = [];
    const ds: number[] = [];
    for (let i = 1; i < vix.close.length; i++) {
      dv.push(Math.log(vix.close[i]! / vix.close[i - 1]!));
      ds.push(Math.log(spy.close[i]! / spy.close[i - 1]!));
    }
    const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
    const [mv, ms] = [mean(dv), mean(ds)];
    let num = 0;
    let av = 0;
    let as = 0;
    dv.forEach((v, i) => {
      num += (v - mv) * (ds[i]! - ms);
      av += (v - mv) ** 2;
      as += (ds[i]! - ms) ** 2;
    });
    expect(num / Math.sqrt(av * as)).toBeLessThan(-0.4);
    const sorted = [...vix.close].sort((a, b) => a - b);
    expect(sorted[0]).toBeGreaterThan(9);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThan(12);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(22);
    // A daily σ of VIX's own moves, as VVIX says: several percent a day.
    expect(Math.sqrt(av / dv.length)).toBeGreaterThan(0.03);
  });

  it('moves against SPY within the day too', () => {
    for (const date of sample.slice(0, 4)) {
      const times = market.snapshotTimes('VIX', noon(date) - 3 * 3600_000, noon(date) + 3 * 3600_000);
      const dv: number[] = [];
      const ds: number[] = [];
      for (let k = 1; k < times.length; k++) {
        const v = (t: number) => market.chain('VIX', t)!.spot;
        const s = (t: number) => market.chain('SPY', t)!.spot;
        dv.push(Math.log(v(times[k]!) / v(times[k - 1]!)));
        ds.push(Math.log(s(times[k]!) / s(times[k - 1]!)));
      }
      let num = 0;
      let av = 0;
      let as = 0;
      dv.forEach((x, i) => {
        num += x * ds[i]!;
        av += x * x;
        as += ds[i]! ** 2;
      });
      expect(num / Math.sqrt(av * as), date).toBeLessThan(-0.8);
    }
  });

  it.each([
    // month → VIX monthly expiration (Cboe's: 30 days before the next month's third Friday)
    [2024, 12, '2024-12-18'],
    [2025, 1, '2025-01-22'],
    [2025, 3, '2025-03-18'], // April 18 2025 is Good Friday: 30 days before Thursday April 17
    [2025, 6, '2025-06-18'],
    [2026, 11, '2026-11-18'],
  ])('%d-%d monthly expires on %s', (year, month, date) => {
    expect(vixMonthlyExpiration(year, month)).toBe(date);
  });

  it('lists Wednesdays settled at the open, each priced off its future', () => {
    for (const date of sample) {
      const t = market.latestSnapshotTime('VIX', noon(date))!;
      const chain = market.chain('VIX', t)!;
      // Parity read at the stated rate: the simulator discounts VIX's options at it (Black-76).
      const forwards = impliedForwards(chain, carryFor('VIX').rate);
      chain.expirations.forEach((e, j) => {
        const ny = epochToNy(e.expiresAt);
        expect(ny.minutes).toBe(9 * 60 + 30);
        expect([3, 2]).toContain(weekday(e.date)); // a holiday Wednesday moves to Tuesday
        const years = (e.expiresAt - chain.asof) / MS_PER_YEAR;
        const f = forwards[j]?.forward as number;
        expect(Math.abs(f - vixFuture(chain.spot, years))).toBeLessThan(0.06);
      });
      // Contango below the long-run level, backwardation above it.
      const first = forwards[0]?.forward as number;
      const last = forwards[forwards.length - 1]?.forward as number;
      if (chain.spot < VIX_LONG_RUN - 1) expect(last).toBeGreaterThan(first);
      if (chain.spot > VIX_LONG_RUN + 1) expect(last).toBeLessThan(first);
    }
  });

  it('has call skew: upside VIX calls are richer than downside puts', () => {
    for (const date of sample) {
      const chain = market.chain('VIX', market.latestSnapshotTime('VIX', noon(date))!)!;
      const f = impliedForwards(chain, carryFor('VIX').rate)[1]?.forward as number;
      const ivAt = (k: number, call: boolean) => {
        for (let i = 0; i < chain.size; i++) {
          if (chain.expiryIndex[i] === 1 && chain.strike[i] === k && chain.isCall[i] === (call ? 1 : 0))
            return chain.iv[i]!;
        }
        return Number.NaN;
      };
      const up = Math.round(f * 1.3);
      const down = Math.round(f * 0.8);
      expect(ivAt(up, true)).toBeGreaterThan(ivAt(down, false));
    }
  });
});
