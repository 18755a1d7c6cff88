import { describe, expect, it } from 'vitest';
import {
  addDays,
  isTradingDay,
  nextTradingDay,
  nyToEpoch,
} from '../../../../../src/shared/market-calendar.ts';
import { earningsSchedule } from '../../../../../src/service/market/sim/earnings.ts';
import { isTradingDayNumber } from '../../../../../src/service/market/sim/listing.ts';
import { SIM_UNIVERSE, simTicker } from '../../../../../src/service/market/sim/universe.ts';

const stocks = SIM_UNIVERSE.filter((t) => t.earnings);
const schedule = (seed: number, ticker: string) =>
  earningsSchedule(
    seed,
    simTicker(ticker) as NonNullable<ReturnType<typeof simTicker>>,
    2024,
    2028,
    isTradingDayNumber,
  );

describe('simulated earnings calendar', () => {
  it('gives ETFs and indexes no earnings and every stock four reports a year', () => {
    const noReports = new Set(['index_etf', 'sector_etf', 'index', 'volatility_index']);
    for (const t of SIM_UNIVERSE) {
      const events = earningsSchedule(1, t, 2024, 2028, isTradingDayNumber);
      expect(events).toHaveLength(noReports.has(t.kind) ? 0 : 20);
    }
  });

  it.each(stocks.map((t) => t.ticker))(
    '%s reports on sessions in the weeks after each quarter ends',
    (ticker) => {
      const events = schedule(3, ticker);
      const times = new Set(events.map((e) => e.time));
      expect(times.size).toBe(1); // a company keeps its habit
      for (const e of events) {
        expect(isTradingDay(e.date)).toBe(true);
        expect(['01', '02', '04', '05', '07', '08', '10', '11']).toContain(e.date.slice(5, 7));
        const minutes = { bmo: 8 * 60, dmh: 12 * 60, amc: 16 * 60 + 30 }[e.time];
        expect(e.instant).toBe(nyToEpoch(e.date, minutes));
        expect(e.reactionDate).toBe(e.time === 'amc' ? nextTradingDay(e.date) : e.date);
        expect(e.moveStd).toBeGreaterThan(0.02);
        expect(e.moveStd).toBeLessThan(0.15);
      }
      for (let i = 1; i < events.length; i++) {
        expect(events[i]!.date > addDays(events[i - 1]!.date, 50)).toBe(true);
      }
    },
  );

  it('depends on the seed only through the per-ticker slot', () => {
    expect(schedule(5, 'AAPL')).toEqual(schedule(5, 'AAPL'));
    const differ = stocks.some((t) => schedule(5, t.ticker)[0]?.date !== schedule(6, t.ticker)[0]?.date);
    expect(differ).toBe(true);
  });

  it('uses all three report times across the universe', () => {
    const times = new Set<string>();
    for (let seed = 1; seed <= 4; seed++)
      for (const t of stocks) times.add(schedule(seed, t.ticker)[0]?.time ?? '');
    expect([...times].sort()).toEqual(['amc', 'bmo', 'dmh']);
  });
});
