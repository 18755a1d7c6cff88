import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OptionChain } from '../../../../../src/service/engine/chain.ts';
import { impliedForwards } from '../../../../../src/service/engine/forward.ts';
import { carryFor } from '../../../../../src/shared/carry.ts';
import { settlesOnFuture } from '../../../../../src/shared/index-underlyings.ts';
import { epochToNy, isTradingDay, nyToEpoch, sessionOf } from '../../../../../src/shared/market-calendar.ts';
import { manualClock } from '../../../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';
import { baseStrikeStep } from '../../../../../src/service/market/sim/strikes.ts';
import { SIM_UNIVERSE, simTicker } from '../../../../../src/service/market/sim/universe.ts';
import { fingerprint } from './fingerprint.ts';

const market = createSimulatedMarket({ seed: 42, clock: manualClock(Date.parse('2025-06-10T18:00:00Z')) });
const at = (iso: string): number => Date.parse(iso);
const MIN = 60_000;

/**
 * 30-day ATM IV read off a chain: IV at the money per expiration, total variance interpolated at 30
 * days. The money is the forward: spot carried at the ticker's stated rate and yield, or for VIX
 * each expiration's future (its options are priced off it) as parity at the stated rate implies it.
 */
function atm30(chain: OptionChain): number {
  const points: [number, number][] = [];
  const { rate, dividendYield } = carryFor(chain.ticker);
  const forwards = settlesOnFuture(chain.ticker) ? impliedForwards(chain, rate) : null;
  chain.expirations.forEach((e, j) => {
    const years = (e.expiresAt - chain.asof) / (365 * 86_400_000);
    const money = forwards?.[j]?.forward ?? chain.spot * Math.exp((rate - dividendYield) * years);
    let lo = -1;
    let hi = -1;
    for (let i = 0; i < chain.size; i++) {
      if (chain.expiryIndex[i] !== j || chain.isCall[i] !== 1) continue;
      if (chain.strike[i]! <= money) lo = i;
      else if (hi < 0) hi = i;
    }
    if (lo < 0 || hi < 0) return;
    const f = (money - chain.strike[lo]!) / (chain.strike[hi]! - chain.strike[lo]!);
    const iv = chain.iv[lo]! + f * (chain.iv[hi]! - chain.iv[lo]!);
    const t = Math.max((e.expiresAt - chain.asof) / (365 * 86_400_000), 1 / (365 * 24));
    points.push([t, iv * iv * t]);
  });
  const T = 30 / 365;
  const below = points.findLastIndex(([t]) => t <= T);
  const [t1, w1] = points[below]!;
  const [t2, w2] = points[below + 1]!;
  return Math.sqrt((w1 + ((w2 - w1) * (T - t1)) / (t2 - t1)) / T);
}

function closeOf(date: string): number {
  return sessionOf(date)!.close;
}

describe('determinism', () => {
  it('gives the same bytes for the same seed, in this process and another', () => {
    const here = fingerprint(7);
    expect(fingerprint(7)).toBe(here);
    const script = fileURLToPath(new URL('./fingerprint.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
    const there = execFileSync(process.execPath, ['--import', 'tsx', script, '7'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(there.trim()).toBe(here);
  });

  it('differs for a different seed', () => {
    expect(fingerprint(8)).not.toBe(fingerprint(7));
  });

  it('rebuilds a chain identically whatever was asked before', () => {
    const t = at('2026-02-11T16:35:00Z');
    const fresh = createSimulatedMarket({ seed: 42, clock: manualClock(0) });
    expect(fresh.chain('NVDA', t)).toEqual(market.chain('NVDA', t));
  });
});

describe('snapshot times', () => {
  it('covers a full session every five minutes plus the close', () => {
    const times = market.snapshotTimes('SPY', at('2024-03-05T00:00:00Z'), at('2024-03-05T23:59:00Z'));
    expect(times).toHaveLength(79);
    expect(times[0]).toBe(nyToEpoch('2024-03-05', 9 * 60 + 30));
    expect(times.at(-1)).toBe(nyToEpoch('2024-03-05', 16 * 60));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(5 * MIN);
  });

  it('ends early closes at 13:00', () => {
    const times = market.snapshotTimes('AAPL', at('2024-11-29T00:00:00Z'), at('2024-11-29T23:59:00Z'));
    expect(times).toHaveLength(43);
    expect(epochToNy(times.at(-1)!)).toEqual({ date: '2024-11-29', minutes: 13 * 60 });
  });

  it('has none on weekends and holidays', () => {
    const times = market.snapshotTimes('QQQ', at('2024-03-27T00:00:00Z'), at('2024-04-03T00:00:00Z'));
    const days = [...new Set(times.map((t) => epochToNy(t).date))];
    expect(days).toEqual(['2024-03-27', '2024-03-28', '2024-04-01', '2024-04-02']);
    for (const d of days) expect(isTradingDay(d)).toBe(true);
  });

  it('respects since and at, inclusive', () => {
    const open = nyToEpoch('2024-05-06', 9 * 60 + 30);
    expect(market.snapshotTimes('KO', open, open + 10 * MIN)).toEqual([
      open,
      open + 5 * MIN,
      open + 10 * MIN,
    ]);
    expect(market.snapshotTimes('KO', open + 1, open + 9 * MIN)).toEqual([open + 5 * MIN]);
    expect(market.snapshotTimes('KO', open + 1, open)).toEqual([]);
    expect(market.snapshotTimes('NOPE', 0, open)).toEqual([]);
  });

  it.each([
    ['pre-market', '2024-05-06T12:00:00Z', '2024-05-03T20:00:00Z'],
    ['at the open', '2024-05-06T13:30:00Z', '2024-05-06T13:30:00Z'],
    ['mid-session', '2024-05-06T15:07:59Z', '2024-05-06T15:05:00Z'],
    ['after the close', '2024-05-06T23:00:00Z', '2024-05-06T20:00:00Z'],
    ['on a Sunday', '2024-05-05T18:00:00Z', '2024-05-03T20:00:00Z'],
    ['after an early close', '2024-07-03T19:00:00Z', '2024-07-03T17:00:00Z'],
    ['after the last session', '2030-01-01T00:00:00Z', '2028-12-29T21:00:00Z'],
  ])('latest snapshot %s', (_name, now, expected) => {
    expect(market.latestSnapshotTime('MSFT', at(now))).toBe(at(expected));
  });

  it('has no snapshot before the first session or for an unknown ticker', () => {
    expect(market.latestSnapshotTime('MSFT', at('2024-01-02T14:29:00Z'))).toBeNull();
    expect(market.latestSnapshotTime('ZZZZ', at('2025-01-02T20:00:00Z'))).toBeNull();
  });
});

describe('chains', () => {
  const instants = [at('2024-01-02T14:30:00Z'), at('2025-06-10T18:00:00Z'), at('2027-12-23T21:00:00Z')];
  const tickers = ['SPY', 'QQQ', 'AAPL', 'TSLA', 'KO', 'XLU', 'PLTR', 'AVGO'];
  const cases = tickers.flatMap((ticker) =>
    instants.map((t) => ({ ticker, t, chain: market.chain(ticker, t)! })),
  );

  it.each(cases)('$ticker at $t: sane contracts', ({ ticker, t, chain }) => {
    expect(chain.ticker).toBe(ticker);
    expect(chain.asof).toBe(t);
    expect(chain.source).toBe('simulated');
    expect(chain.spot).toBeGreaterThan(0);
    expect(chain.size).toBeGreaterThan(500);
    expect(chain.size).toBeLessThan(10_000);
    for (const e of chain.expirations) expect(e.expiresAt).toBeGreaterThan(t);
    // Strikes sit on the base increment of the previous close, which is near the spot.
    const step = baseStrikeStep(chain.spot * 0.8, simTicker(ticker)!.fineStrikes) / 2;
    const bad: string[] = [];
    for (let i = 0; i < chain.size; i++) {
      const k = chain.strike[i]!;
      if (!(chain.iv[i]! > 0)) bad.push(`iv ${i}`);
      if (!(chain.openInterest[i]! >= 0) || !Number.isInteger(chain.openInterest[i])) bad.push(`oi ${i}`);
      if (!(chain.ask[i]! > chain.bid[i]!) || !(chain.bid[i]! >= 0)) bad.push(`quote ${i}`);
      if (i > 0 && chain.expiryIndex[i] === chain.expiryIndex[i - 1] && k < chain.strike[i - 1]!)
        bad.push(`order ${i}`);
      if (Math.abs(k / step - Math.round(k / step)) > 1e-6) bad.push(`strike ${k}`);
    }
    expect(bad).toEqual([]);
  });

  // SPY lists dailies, weeklies, month-ends, quarter-ends, monthlies and LEAPS with strikes out to
  // 5σ (about 10,000 contracts in a real full chain); a monthly-only stock far fewer.
  it('has typical sizes of 1,500-12,000 contracts for liquid names', () => {
    for (const ticker of ['SPY', 'QQQ', 'TSLA', 'AVGO', 'AAPL']) {
      const chain = market.chain(ticker, instants[1]!)!;
      expect(chain.size, ticker).toBeGreaterThanOrEqual(1500);
      expect(chain.size, ticker).toBeLessThanOrEqual(12_000);
    }
  });

  it.each(cases)('$ticker at $t: put skew, or a convex smile for speculative names', ({ ticker, chain }) => {
    const j = chain.expirations.findIndex((e) => e.expiresAt - chain.asof > 25 * 86_400_000);
    const ivAt = (strike: number): number => {
      let best = -1;
      for (let i = 0; i < chain.size; i++) {
        if (chain.expiryIndex[i] !== j || chain.isCall[i] !== 0) continue;
        if (best < 0 || Math.abs(chain.strike[i]! - strike) < Math.abs(chain.strike[best]! - strike))
          best = i;
      }
      return chain.iv[best]!;
    };
    const down = ivAt(chain.spot * 0.85);
    const atm = ivAt(chain.spot);
    const up = ivAt(chain.spot * 1.15);
    if (simTicker(ticker)!.kind === 'high_vol') {
      // Call speculation can tilt these names' smiles upward; the wings still sit above the money.
      expect(Math.max(down, up)).toBeGreaterThan(atm);
    } else {
      expect(down).toBeGreaterThan(atm);
      expect(down).toBeGreaterThan(up);
    }
  });

  it.each(cases)('$ticker at $t: open interest peaks near the money', ({ chain }) => {
    const byStrike = new Map<number, number>();
    for (let i = 0; i < chain.size; i++)
      byStrike.set(chain.strike[i]!, (byStrike.get(chain.strike[i]!) ?? 0) + chain.openInterest[i]!);
    const [peak] = [...byStrike].reduce((a, b) => (b[1] > a[1] ? b : a));
    // Within 20 % (or 0.65 × the 30-day IV): the biggest strike is often a big round one out of the
    // money, as on a real chain, but never a far wing. Since the gamma-regime calibration
    // (docs/engine-conventions.md, "Gamma regimes") a fund's puts are hedges 5-20 % under spot
    // (QQQ's 400 puts at 490, XLU's 70 at 84) and a speculative name's round calls can lead 40 %
    // over it (PLTR's 200 calls at 134), so the far wing starts at 45 %.
    expect(Math.abs(Math.log(peak / chain.spot))).toBeLessThan(Math.max(0.2, 0.65 * atm30(chain)));
    const far = [...byStrike].filter(([k]) => Math.abs(Math.log(k / chain.spot)) > 0.45).map(([, oi]) => oi);
    if (far.length > 0) expect(Math.max(...far)).toBeLessThan(byStrike.get(peak)!);
  });

  it('reads the latent 30-day ATM IV back off every close chain', () => {
    let checked = 0;
    for (const t of SIM_UNIVERSE) {
      const path = market.dailyPath(t.ticker)!;
      for (let i = 40; i < market.sessions.length; i += 151) {
        const chain = market.chain(t.ticker, closeOf(market.sessions[i]!))!;
        expect(Math.abs(atm30(chain) / path.atmIv[i]! - 1), `${t.ticker} ${market.sessions[i]}`).toBeLessThan(
          0.01,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('has the latent put/call OI ratio and the daily close at the close', () => {
    for (const ticker of ['SPY', 'TSLA', 'KO']) {
      const path = market.dailyPath(ticker)!;
      const i = market.sessions.indexOf('2026-03-17');
      const chain = market.chain(ticker, closeOf('2026-03-17'))!;
      let put = 0;
      let call = 0;
      for (let k = 0; k < chain.size; k++) {
        if (chain.isCall[k]) call += chain.openInterest[k]!;
        else put += chain.openInterest[k]!;
      }
      expect(put / call).toBeCloseTo(path.pcrOi[i]!, 2);
      expect(chain.spot).toBe(path.close[i]);
    }
  });

  it('keeps strikes and open interest through a session while prices and volume move', () => {
    const times = market
      .snapshotTimes('AMD', at('2025-09-16T00:00:00Z'), at('2025-09-16T23:00:00Z'))
      .filter((_, i, all) => i % 6 === 0 || i === all.length - 1);
    const chains = times.map((t) => market.chain('AMD', t)!);
    const first = chains[0]!;
    let totalVolume = -1;
    let spotMoves = 0;
    for (const c of chains) {
      if (c.expirations.length === first.expirations.length) {
        expect(c.strike).toEqual(first.strike);
        expect(c.openInterest).toEqual(first.openInterest);
      }
      const v = c.volume.reduce((a, b) => a + b, 0);
      expect(v).toBeGreaterThanOrEqual(totalVolume);
      totalVolume = v;
      if (c.spot !== first.spot) spotMoves++;
    }
    expect(spotMoves).toBeGreaterThan(chains.length / 2);
    const path = market.dailyPath('AMD')!;
    const i = market.sessions.indexOf('2025-09-16');
    expect(first.spot).toBeCloseTo(path.close[i - 1]! * Math.exp(path.gap[i]!), 1);
    expect(chains.at(-1)!.spot).toBe(path.close[i]);
  });

  it('drops expirations that have expired by the snapshot', () => {
    const expiryDay = '2025-06-20'; // a monthly
    const before = market.chain('SPY', nyToEpoch(expiryDay, 15 * 60))!;
    const after = market.chain('SPY', closeOf(expiryDay))!;
    expect(before.expirations[0]?.date).toBe(expiryDay);
    expect(after.expirations.map((e) => e.date)).not.toContain(expiryDay);
  });

  it('returns null outside sessions and for unknown tickers', () => {
    expect(market.chain('SPY', at('2025-06-07T15:00:00Z'))).toBeNull(); // Saturday
    expect(market.chain('SPY', at('2025-06-10T12:00:00Z'))).toBeNull(); // pre-market
    expect(market.chain('SPY', at('2023-06-09T15:00:00Z'))).toBeNull(); // before the simulation
    expect(market.chain('ZZZZ', at('2025-06-10T15:00:00Z'))).toBeNull();
    expect(market.chain('SPY', Number.NaN)).toBeNull();
  });

  it('keeps built chains in a bounded cache', () => {
    const small = createSimulatedMarket({ seed: 42, clock: manualClock(0), cacheSize: 2 });
    const t = [at('2025-06-10T14:00:00Z'), at('2025-06-10T14:05:00Z'), at('2025-06-10T14:10:00Z')];
    const a = small.chain('KO', t[0]!);
    expect(small.chain('KO', t[0]!)).toBe(a);
    small.chain('KO', t[1]!);
    small.chain('KO', t[2]!);
    const again = small.chain('KO', t[0]!);
    expect(again).not.toBe(a);
    expect(again).toEqual(a);
  });
});

describe('history and earnings', () => {
  it('returns the daily latent series strictly before the snapshot session', () => {
    const t = at('2025-06-10T18:00:00Z');
    const h = market.history('AAPL', t);
    const path = market.dailyPath('AAPL')!;
    const k = market.sessions.indexOf('2025-06-10');
    expect(h.dates).toHaveLength(k);
    expect(h.dates.at(-1)).toBe('2025-06-09');
    expect([...h.close]).toEqual([...path.close.slice(0, k)]);
    expect([...h.atmIv]).toEqual([...path.atmIv.slice(0, k)]);
    expect([...h.pcrOi]).toEqual([...path.pcrOi.slice(0, k)]);
    expect(market.history('AAPL', closeOf('2025-06-10')).dates.at(-1)).toBe('2025-06-09');
    expect(market.history('AAPL', at('2025-06-14T12:00:00Z')).dates.at(-1)).toBe('2025-06-13'); // Saturday
    expect(market.history('AAPL', at('2024-01-02T15:00:00Z')).dates).toEqual([]);
    expect(market.history('NOPE', t).dates).toEqual([]);
  });

  it('gives the next earnings on or after the snapshot date, none for ETFs', () => {
    const path = market.dailyPath('MSFT')!;
    const e = path.earnings.find((x) => x.date >= '2025-06-10')!;
    expect(market.earnings('MSFT', at('2025-06-10T18:00:00Z'))).toEqual({ date: e.date, time: e.time });
    expect(market.earnings('MSFT', nyToEpoch(e.date, 15 * 60))).toEqual({ date: e.date, time: e.time });
    expect(market.earnings('SPY', at('2025-06-10T18:00:00Z'))).toBeNull();
  });
});

describe('universe', () => {
  it('lists at least 40 simulated tickers with the eight demo symbols', () => {
    const u = market.universe();
    expect(u.length).toBeGreaterThanOrEqual(40);
    expect(
      u
        .filter((t) => t.demo)
        .map((t) => t.ticker)
        .sort(),
      // The public service's demo set, as its official client (tv-mcp) lists it.
    ).toEqual(['AAPL', 'AMZN', 'GM', 'KO', 'MCD', 'META', 'VIX', 'XOM']);
    for (const t of u) expect(t.name).toMatch(/\(simulated\)$/);
    expect(new Set(u.map((t) => t.kind))).toEqual(
      new Set(['index_etf', 'sector_etf', 'mega_cap', 'high_vol', 'defensive', 'index', 'volatility_index']),
    );
    expect(market.simulated).toBe(true);
  });

  it('refuses bad options', () => {
    expect(() => createSimulatedMarket({ seed: 1.5, clock: manualClock(0) })).toThrow(
      'createSimulatedMarket',
    );
    expect(() => createSimulatedMarket({ seed: 1, clock: {} as never })).toThrow(
      'clock must have a now() method',
    );
    expect(() => createSimulatedMarket({ seed: 1, clock: manualClock(0), cacheSize: 0 })).toThrow(
      'createSimulatedMarket',
    );
  });
});
