import { describe, expect, it } from 'vitest';
import {
  AnalysisCache,
  EPOCH_RECHECK_MS,
  RECENCY_WINDOW_MS,
} from '../../../../src/service/analysis/analysis-cache.ts';
import type { TickerHistory } from '../../../../src/service/engine/types.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import type { MarketDataSource } from '../../../../src/service/market/source.ts';
import { DEFAULT_ASOF, makeChain } from '../../../support/chain-factory.ts';

const HOUR = 3600_000;
const EMPTY: TickerHistory = {
  dates: [],
  close: new Float64Array(0),
  atmIv: new Float64Array(0),
  pcrOi: new Float64Array(0),
};

/** Three tickers snapshotting every hour; OLD stopped two days before DEFAULT_ASOF. Counts chain builds. */
function fakeMarket(start: number) {
  const clock = manualClock(start);
  const builds: string[] = [];
  const lastOf = (ticker: string) => (ticker === 'OLD' ? DEFAULT_ASOF - 48 * HOUR : Number.POSITIVE_INFINITY);
  const latest = (ticker: string, at: number) => {
    const t = Math.min(Math.floor((at - DEFAULT_ASOF) / HOUR) * HOUR + DEFAULT_ASOF, lastOf(ticker));
    return t <= at ? t : null;
  };
  const source: MarketDataSource = {
    simulated: true,
    clock,
    universe: () =>
      ['AAA', 'BBB', 'OLD'].map((ticker) => ({
        ticker,
        name: ticker,
        kind: 'imported' as const,
        demo: false,
      })),
    snapshotTimes: (ticker, since, at) => {
      const out: number[] = [];
      for (let t = latest(ticker, at); t !== null && t >= since; t -= HOUR) out.unshift(t);
      return out;
    },
    latestSnapshotTime: latest,
    chain: (ticker, time) => {
      builds.push(`${ticker}@${time}`);
      return makeChain({ ticker, asof: time, spot: ticker === 'AAA' ? 100 : 50 });
    },
    history: () => EMPTY,
    earnings: () => null,
  };
  return { source, clock, builds };
}

describe('AnalysisCache', () => {
  it('analyses a snapshot once however often it is read', () => {
    const { source, builds } = fakeMarket(DEFAULT_ASOF + 10 * 60_000);
    const cache = new AnalysisCache({ source });
    const a = cache.latest('AAA');
    expect(a?.asof).toBe(DEFAULT_ASOF);
    expect(cache.latest('AAA')).toBe(a);
    expect(cache.at('AAA', DEFAULT_ASOF)).toBe(a);
    expect(builds).toEqual([`AAA@${DEFAULT_ASOF}`]);
    expect(cache.latest('NOPE')).toBeNull();
    expect(cache.knows('NOPE')).toBe(false);
  });

  it('builds the universe once per snapshot epoch, within the recency window', () => {
    const { source, clock, builds } = fakeMarket(DEFAULT_ASOF + 10 * 60_000);
    const cache = new AnalysisCache({ source });
    const first = cache.universe();
    expect(first.rows.map((r) => r.ticker)).toEqual(['AAA', 'BBB']); // OLD is 48 h old
    expect(first.asof).toBe(DEFAULT_ASOF);
    clock.advance(20 * 60_000); // same snapshot hour
    expect(cache.universe()).toBe(first);
    clock.advance(40 * 60_000); // a new snapshot for every live ticker
    const second = cache.universe();
    expect(second).not.toBe(first);
    expect(second.id).toBe(first.id + 1);
    expect(second.asof).toBe(DEFAULT_ASOF + HOUR);
    expect(builds.filter((b) => b.startsWith('AAA'))).toHaveLength(2);
  });

  it('trusts a checked epoch for a market second, then asks the source again', () => {
    const { source, clock } = fakeMarket(DEFAULT_ASOF + HOUR - 500);
    const cache = new AnalysisCache({ source });
    const before = cache.universe();
    clock.advance(EPOCH_RECHECK_MS - 600); // crosses the hour, but within the recheck interval
    expect(cache.universe()).toBe(before);
    clock.advance(700);
    expect(cache.universe().asof).toBe(DEFAULT_ASOF + HOUR);
  });

  it.each([
    [35, true],
    [36, true],
    [37, false],
  ])('a latest snapshot %d hours old is in the rankings: %s', (hours, included) => {
    const oldLatest = DEFAULT_ASOF - 48 * HOUR;
    const { source } = fakeMarket(oldLatest + hours * HOUR);
    const cache = new AnalysisCache({ source });
    expect(cache.universe().rows.some((r) => r.ticker === 'OLD')).toBe(included);
    expect(hours * HOUR <= RECENCY_WINDOW_MS).toBe(included);
  });

  it('warms the universe a ticker per turn and stops when aborted', async () => {
    const { source, builds } = fakeMarket(DEFAULT_ASOF);
    const cache = new AnalysisCache({ source });
    const stop = new AbortController();
    stop.abort();
    await cache.warmUniverse(stop.signal);
    expect(builds).toEqual([]);
    await cache.warmUniverse();
    expect(builds).toHaveLength(2);
    const u = cache.universe();
    expect(u.rows).toHaveLength(2);
    expect(builds).toHaveLength(2); // the universe came from the warm cache
  });
});
