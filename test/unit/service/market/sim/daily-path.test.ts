// Regime statistics and latent-state features over a two-year run of the whole universe: the
// simulator must produce every regime with plausible durations, and paths on which trend,
// momentum, extension, realized vol and IV rank take every combination the screener presets need.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../../../src/service/market/clock.ts';
import { trendSessionDrift } from '../../../../../src/service/market/sim/daily-path.ts';
import { IV_RANGE } from '../../../../../src/service/market/sim/plausible-ranges.ts';
import { REGIME_PARAMS, SIM_REGIMES, type SimRegime } from '../../../../../src/service/market/sim/regimes.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';
import { SIM_UNIVERSE } from '../../../../../src/service/market/sim/universe.ts';

const market = createSimulatedMarket({ seed: 2024, clock: manualClock(0) });
const TWO_YEARS = 504;
const paths = SIM_UNIVERSE.map((t) => ({ spec: t, path: market.dailyPath(t.ticker)! }));

/** Complete runs of each regime (not cut by the ends of the window). */
function runs(): Map<SimRegime, number[]> {
  const out = new Map<SimRegime, number[]>(SIM_REGIMES.map((r) => [r, []]));
  for (const { path } of paths) {
    let start = 0;
    for (let i = 1; i <= TWO_YEARS; i++) {
      if (i === TWO_YEARS || path.regime[i] !== path.regime[start]) {
        if (start > 0 && i < TWO_YEARS) out.get(SIM_REGIMES[path.regime[start]!]!)!.push(i - start);
        start = i;
      }
    }
  }
  return out;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

function logReturns(close: Float64Array, n: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < n; i++) out.push(Math.log(close[i]! / close[i - 1]!));
  return out;
}

describe('latent regimes over two years', () => {
  const byRegime = runs();

  it.each(SIM_REGIMES)('%s occurs, with plausible durations', (regime) => {
    const lengths = byRegime.get(regime)!;
    const p = REGIME_PARAMS[regime];
    expect(lengths.length).toBeGreaterThan(0);
    for (const n of lengths) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(p.maxDays);
    }
    // Followers can be dragged into a market panic early, so runs may be shorter than minDays;
    // their average stays near the regime's typical length.
    expect(mean(lengths)).toBeGreaterThan(p.meanDays * 0.35);
    expect(mean(lengths)).toBeLessThan(p.meanDays * 1.6);
  });

  it('spends most time in calm or ranging markets and little in panics', () => {
    const share = new Map<SimRegime, number>();
    for (const { path } of paths)
      for (let i = 0; i < TWO_YEARS; i++) {
        const r = SIM_REGIMES[path.regime[i]!]!;
        share.set(r, (share.get(r) ?? 0) + 1 / (TWO_YEARS * paths.length));
      }
    expect(share.get('trending_up_low_vol')!).toBeGreaterThan(0.2);
    expect(share.get('panic_flush')!).toBeGreaterThan(0.003);
    expect(share.get('panic_flush')!).toBeLessThan(0.05);
  });

  it('follows a panic with a recovery more often than not', () => {
    let panics = 0;
    let recoveries = 0;
    for (const { path } of paths)
      for (let i = 1; i < TWO_YEARS; i++) {
        if (
          SIM_REGIMES[path.regime[i - 1]!] === 'panic_flush' &&
          SIM_REGIMES[path.regime[i]!] !== 'panic_flush'
        ) {
          panics++;
          if (SIM_REGIMES[path.regime[i]!] === 'recovery') recoveries++;
        }
      }
    expect(panics).toBeGreaterThan(0);
    expect(recoveries / panics).toBeGreaterThan(0.5);
  });
});

describe('regime drift', () => {
  // Each regime's drift is its mean over the regime, counter-moves included: a trend that its
  // pullbacks take back (as counter-moves at 0.8 once did, leaving 0.03 of 0.16) cannot be read.
  // Measured as the mean daily log return (earnings gaps removed) in units of base daily vol.
  const sums = new Map<SimRegime, { sum: number; n: number }>();
  for (const { spec, path } of paths) {
    const baseDaily = spec.baseVol / Math.sqrt(252);
    for (let i = 1; i < TWO_YEARS; i++) {
      const regime = SIM_REGIMES[path.regime[i]!]!;
      const acc = sums.get(regime) ?? { sum: 0, n: 0 };
      acc.sum += (Math.log(path.close[i]! / path.close[i - 1]!) - path.gap[i]!) / baseDaily;
      acc.n++;
      sums.set(regime, acc);
    }
  }
  const trending = SIM_REGIMES.filter((r) => REGIME_PARAMS[r].drift !== 0);

  it.each(trending)('%s drifts at its stated rate, within ±40 %', (regime) => {
    const acc = sums.get(regime)!;
    const drift = REGIME_PARAMS[regime].drift;
    expect(acc.n).toBeGreaterThan(300);
    expect(acc.sum / acc.n / drift).toBeGreaterThan(0.6);
    expect(acc.sum / acc.n / drift).toBeLessThan(1.4);
  });

  it.each(trending.filter((r) => REGIME_PARAMS[r].counterMoveChance > 0))(
    '%s drifts harder between counter-moves, so that its mean is the stated drift',
    (regime) => {
      const p = REGIME_PARAMS[regime];
      expect(Math.abs(trendSessionDrift(p))).toBeGreaterThan(Math.abs(p.drift));
      expect(Math.sign(trendSessionDrift(p))).toBe(Math.sign(p.drift));
    },
  );
});

describe('latent state', () => {
  it('keeps prices, vols and ratios finite and in range', () => {
    const range = (a: Float64Array): [number, number] => [Math.min(...a), Math.max(...a)];
    for (const { spec, path } of paths) {
      const [closeLo, closeHi] = range(path.close);
      expect(closeLo, spec.ticker).toBeGreaterThan(0);
      expect(closeHi / spec.basePrice, spec.ticker).toBeLessThan(20);
      const [ivLo, ivHi] = range(path.atmIv);
      expect(ivLo / spec.baseVol, spec.ticker).toBeGreaterThan(0.3);
      expect(ivHi / spec.baseVol, spec.ticker).toBeLessThan(6);
      const [pcrLo, pcrHi] = range(path.pcrOi);
      expect(pcrLo, spec.ticker).toBeGreaterThan(0.1);
      expect(pcrHi, spec.ticker).toBeLessThan(5);
      const [specLo, specHi] = range(path.speculation);
      expect(specLo, spec.ticker).toBeGreaterThan(0);
      expect(specHi, spec.ticker).toBeLessThan(1);
    }
  });

  it('spikes IV in panics and keeps it low in calm uptrends', () => {
    for (const { spec, path } of paths) {
      const calm: number[] = [];
      const panic: number[] = [];
      for (let i = 0; i < path.close.length; i++) {
        const r = SIM_REGIMES[path.regime[i]!];
        if (r === 'trending_up_low_vol') calm.push(path.iv30[i]!);
        if (r === 'panic_flush') panic.push(path.iv30[i]!);
      }
      if (panic.length === 0) continue;
      // 1.35 × calm IV, not more: panic IV is capped at the kind's plausible ceiling (plausible-ranges.ts),
      // so a megacap's panic IV tops out near 60 % against ~35 % when calm, COIN's near 80 % against ~55 %.
      // Names whose calm IV is already near the cap (MARA) can only reach the cap.
      const spike = Math.min(1.35 * mean(calm), 0.9 * IV_RANGE[spec.kind].max);
      expect(mean(panic), spec.ticker).toBeGreaterThan(spike);
    }
  });

  it('moves IV rank over the whole 0-100 range', () => {
    let full = 0;
    for (const { path } of paths) {
      let low = false;
      let high = false;
      for (let i = 252; i < 252 + TWO_YEARS; i++) {
        let lo = Infinity;
        let hi = -Infinity;
        for (let j = i - 251; j <= i; j++) {
          lo = Math.min(lo, path.atmIv[j]!);
          hi = Math.max(hi, path.atmIv[j]!);
        }
        const rank = ((path.atmIv[i]! - lo) / (hi - lo)) * 100;
        low ||= rank <= 5;
        high ||= rank >= 95;
      }
      if (low && high) full++;
    }
    expect(full / paths.length).toBeGreaterThan(0.9);
  });

  it('correlates index ETFs through the market factor', () => {
    const spy = logReturns(market.dailyPath('SPY')!.close, TWO_YEARS);
    expect(correlation(spy, logReturns(market.dailyPath('QQQ')!.close, TWO_YEARS))).toBeGreaterThan(0.75);
    expect(correlation(spy, logReturns(market.dailyPath('DIA')!.close, TWO_YEARS))).toBeGreaterThan(0.75);
    expect(correlation(spy, logReturns(market.dailyPath('KO')!.close, TWO_YEARS))).toBeLessThan(0.6);
  });

  it('bumps 30-day IV into earnings and drops it after', () => {
    let checked = 0;
    for (const { spec, path } of paths) {
      if (!spec.earnings) continue;
      for (const e of path.earnings) {
        const i = market.sessions.indexOf(e.reactionDate);
        if (i < 2 || i >= path.close.length - 1) continue;
        const before = i - 1; // the session before the reaction: the event is still ahead at its close
        // The event's variance is in the 30-day total variance (give or take the curve's bend).
        const extra = (path.atmIv[before]! ** 2 - path.iv30[before]! ** 2) * (30 / 365);
        // Monthly-only names with no expiration inside 30 days extrapolate flat from a later one.
        expect(extra / e.moveStd ** 2).toBeGreaterThan(spec.listing === 'monthly' ? 0.3 : 0.8);
        // Monthly-only names read 30 days off expirations weeks apart, so the curve's bend shows more.
        expect(Math.abs(path.atmIv[i]! / path.iv30[i]! - 1)).toBeLessThan(
          spec.listing === 'monthly' ? 0.05 : 0.01,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('preset-shaped conditions occur across the universe within two years', () => {
  // Simple stand-ins for the interpreter's states: trend from the 20/50-session averages and the
  // 50-session slope, extension as a z-score against the 20-session average, realized vol 20 vs 60
  // sessions, IV rank over 52 weeks.
  const hits: Record<string, number> = { breakout: 0, capitulation: 0, range: 0, pullback: 0, breakdown: 0 };
  for (const { path } of paths) {
    const c = path.close;
    const iv = path.atmIv;
    const avg = (a: Float64Array, n: number, k: number): number => {
      let s = 0;
      for (let j = k - n + 1; j <= k; j++) s += a[j]!;
      return s / n;
    };
    const rv = (n: number, k: number): number => {
      let s = 0;
      for (let j = k - n + 1; j <= k; j++) s += Math.log(c[j]! / c[j - 1]!) ** 2;
      return Math.sqrt((s / n) * 252);
    };
    for (let i = 252; i < 252 + TWO_YEARS; i++) {
      const sma20 = avg(c, 20, i);
      const sma50 = avg(c, 50, i);
      const sma50Before = avg(c, 50, i - 10);
      let sd = 0;
      for (let j = i - 19; j <= i; j++) sd += (c[j]! - sma20) ** 2;
      const z = (c[i]! - sma20) / Math.sqrt(sd / 20);
      let lo = Infinity;
      let hi = -Infinity;
      for (let j = i - 251; j <= i; j++) {
        lo = Math.min(lo, iv[j]!);
        hi = Math.max(hi, iv[j]!);
      }
      const rank = ((iv[i]! - lo) / (hi - lo)) * 100;
      const rv20 = rv(20, i);
      const rv60 = rv(60, i);
      const up = c[i]! > sma50 && sma50 > sma50Before && sma20 > sma50;
      const down = c[i]! < sma50 && sma50 < sma50Before && sma20 < sma50;
      const sideways = Math.abs(sma50 / sma50Before - 1) < 0.005 && Math.abs(c[i]! / sma50 - 1) < 0.03;
      const roc5 = c[i]! / c[i - 5]! - 1;
      const roc5Before = c[i - 5]! / c[i - 10]! - 1;
      if (up && Math.abs(z) < 1.5 && rv20 < rv60 && rank <= 40 && roc5 > 0) hits.breakout!++;
      if (z < -1.5 && rv20 > rv60 && rank >= 60 && roc5 > roc5Before) hits.capitulation!++;
      if (sideways && Math.abs(z) < 1 && rank >= 50) hits.range!++;
      if (up && z < -1.5 && rv20 <= rv60 * 1.05 && rank >= 30) hits.pullback!++;
      if (down && Math.abs(z) < 1 && rank >= 30 && roc5 < roc5Before) hits.breakdown!++;
    }
  }

  it.each(Object.keys(hits))('%s', (name) => {
    expect(hits[name]).toBeGreaterThan(5);
  });
});
