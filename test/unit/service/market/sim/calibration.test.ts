// The simulator teaches the right base rates: run through the engine's own flip, index ETFs and
// indexes close above their gamma flip on most sessions and cross it a few times a month; single
// names spend more sessions below it. Before the calibration SPY closed below its flip on 486 of
// 500 sessions and a year's flip-cross backtest found nothing. The bands are
// docs/engine-conventions.md's (sim/calibration.ts REGIME_TARGETS), checked on each group pooled.
// Regimes last weeks, so many seeds of a few sessions each make a fairer sample than one long run;
// a single ticker's share still swings with its seeds' regimes, so alone it only has to stay off
// the extremes.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crossingsPerMonth,
  measureRegimes,
  pooled,
  positiveShare,
  REGIME_TARGETS,
  type RegimeCount,
  type RegimeGroup,
} from '../../../../../src/service/market/sim/calibration.ts';

const RUN = { seeds: [1, 2, 3, 4, 5, 6], from: 250, count: 45 };
const TICKERS: Readonly<Record<RegimeGroup, readonly string[]>> = {
  index: ['SPY', 'QQQ', 'SPX'],
  sector: ['XLF'],
  single: ['AAPL', 'NVDA', 'TSLA', 'KO', 'PG'],
};
const GROUPS = Object.keys(TICKERS) as RegimeGroup[];
const ALL = GROUPS.flatMap((group) => TICKERS[group].map((ticker) => ({ group, ticker })));

let counts = new Map<string, RegimeCount>();
const of = (ticker: string): RegimeCount => counts.get(ticker) as RegimeCount;
const group = (g: RegimeGroup): RegimeCount => pooled(TICKERS[g].map(of), g);

describe('simulated gamma regimes (calibration)', () => {
  beforeAll(() => {
    const measured = measureRegimes(
      ALL.map((t) => t.ticker),
      RUN,
    );
    counts = new Map(measured.map((c) => [c.ticker, c]));
  }, 180_000);

  it.each(GROUPS)('%s: share of closes above the flip and crossings a month in the band', (g) => {
    const all = group(g);
    const { positive, crossingsPerMonth: crossings } = REGIME_TARGETS[g];
    expect(all.sessions).toBe(RUN.seeds.length * RUN.count * TICKERS[g].length);
    expect(positiveShare(all)).toBeGreaterThanOrEqual(positive[0]);
    expect(positiveShare(all)).toBeLessThanOrEqual(positive[1]);
    expect(crossingsPerMonth(all)).toBeGreaterThanOrEqual(crossings[0]);
    expect(crossingsPerMonth(all)).toBeLessThanOrEqual(crossings[1]);
  });

  it.each(ALL)(
    '$ticker ($group): on both sides of its flip, crossing it, a flip on almost every close',
    ({ ticker }) => {
      const c = of(ticker);
      expect(positiveShare(c)).toBeGreaterThan(0.15);
      expect(positiveShare(c)).toBeLessThan(0.97);
      expect(crossingsPerMonth(c)).toBeGreaterThanOrEqual(1);
      expect(c.unknown / c.sessions).toBeLessThan(0.1);
    },
  );

  it('single names spend more sessions below their flip than the index funds', () => {
    expect(positiveShare(group('single'))).toBeLessThan(positiveShare(group('index')) - 0.1);
  });
});
