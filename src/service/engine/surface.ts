// Implied-volatility figures read off the chain's smile, per expiration and at 30 days.
//
// Conventions:
// - ATM IV of an expiration: at each strike, the mean of the call and put IV (the one valid side
//   when only one has a usable IV); then linear interpolation in strike at the forward
//   F = spot·e^{(r−q)t}, flat beyond the first or last strike (q per expiration where the options are
//   priced off each expiration's forward: forward.ts, VIX).
// - 25-delta IVs of an expiration: each contract's Black-Scholes delta at spot from its own IV; the
//   IV is interpolated linearly in delta at Δ = +0.25 (calls) and Δ = −0.25 (puts), between the
//   adjacent strikes whose deltas bracket it, taking the bracket nearest the money (calls: lowest
//   strikes first; puts: highest strikes first). No bracket, no value for that expiration.
// - 30-day constant maturity (T = 30/365): linear interpolation in total variance σ²t between the
//   two expirations with a value that bracket 30 days, σ = √(w/T); flat (the nearer expiration's
//   IV) outside the listed range.
// - ivAtMaxDelta: in the expiration nearest 30 days (the earlier on a tie), the IV of the single
//   contract (call or put) with the largest delta exposure |Δ| × OI; null without open interest.
// - Skew: ratio = put25 / call25; spread = (put25 − call25) × 100 (IV points); premium
//   = (ratio − 1) × 100 (percent).
import { hasValidIv, type OptionChain } from './chain.ts';
import { expiryYears, usableCount } from './exposure.ts';
import { bsDelta } from './pricing.ts';
import { DEFAULT_PRICING, yieldAt, type PricingParams } from './types.ts';

export const CONSTANT_MATURITY_YEARS = 30 / 365;

export interface ExpirySmile {
  date: string;
  /** Years to expiry. */
  t: number;
  atmIv: number | null;
  put25: number | null;
  call25: number | null;
}

interface Quote {
  strike: number;
  iv: number;
  delta: number;
}

/** Contracts of one expiration with a valid IV, by side, sorted by strike (chain order). */
function quotesOf(
  chain: OptionChain,
  from: number,
  to: number,
  t: number,
  r: number,
  q: number,
): { calls: Quote[]; puts: Quote[] } {
  const calls: Quote[] = [];
  const puts: Quote[] = [];
  for (let i = from; i < to; i++) {
    const iv = chain.iv[i] as number;
    const strike = chain.strike[i] as number;
    if (!hasValidIv(iv) || !(strike > 0)) continue;
    const isCall = chain.isCall[i] === 1;
    const delta = bsDelta({ spot: chain.spot, strike, t, sigma: iv, r, q }, isCall);
    (isCall ? calls : puts).push({ strike, iv, delta });
  }
  return { calls, puts };
}

/** Linear interpolation of y at x over points sorted by x; flat outside. */
export function interpolateFlat(xs: readonly number[], ys: readonly number[], x: number): number | null {
  const n = xs.length;
  if (n === 0) return null;
  if (x <= (xs[0] as number)) return ys[0] as number;
  if (x >= (xs[n - 1] as number)) return ys[n - 1] as number;
  let hi = 1;
  while ((xs[hi] as number) < x) hi++;
  const x0 = xs[hi - 1] as number;
  const x1 = xs[hi] as number;
  const y0 = ys[hi - 1] as number;
  const y1 = ys[hi] as number;
  return x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

function atmIvOf(calls: Quote[], puts: Quote[], forward: number): number | null {
  const byStrike = new Map<number, number[]>();
  for (const q of [...calls, ...puts]) {
    const ivs = byStrike.get(q.strike);
    if (ivs) ivs.push(q.iv);
    else byStrike.set(q.strike, [q.iv]);
  }
  const strikes = [...byStrike.keys()].sort((x, y) => x - y);
  const ivs = strikes.map((k) => {
    const v = byStrike.get(k) as number[];
    return v.reduce((s, x) => s + x, 0) / v.length;
  });
  return interpolateFlat(strikes, ivs, forward);
}

/** IV at `target` delta, between the first adjacent pair of quotes whose deltas bracket it. */
function ivAtDelta(quotes: Quote[], target: number, fromHighStrikes: boolean): number | null {
  for (let s = 0; s + 1 < quotes.length; s++) {
    const i = fromHighStrikes ? quotes.length - 2 - s : s;
    const p = quotes[i] as Quote;
    const n = quotes[i + 1] as Quote;
    const brackets = (p.delta - target) * (n.delta - target) <= 0 && p.delta !== n.delta;
    if (brackets) return p.iv + ((n.iv - p.iv) * (target - p.delta)) / (n.delta - p.delta);
  }
  return null;
}

export function expirySmiles(chain: OptionChain, pricing: PricingParams = DEFAULT_PRICING): ExpirySmile[] {
  const years = expiryYears(chain);
  const out: ExpirySmile[] = [];
  let from = 0;
  for (const [e, expiration] of chain.expirations.entries()) {
    let to = from;
    while (to < chain.size && chain.expiryIndex[to] === e) to++;
    const t = years[e] as number;
    const q = yieldAt(pricing, e);
    const { calls, puts } = quotesOf(chain, from, to, t, pricing.r, q);
    out.push({
      date: expiration.date,
      t,
      atmIv: atmIvOf(calls, puts, chain.spot * Math.exp((pricing.r - q) * t)),
      put25: ivAtDelta(puts, -0.25, true),
      call25: ivAtDelta(calls, 0.25, false),
    });
    from = to;
  }
  return out;
}

/** Which expirations a 30-day figure was read from, for the notes. */
export interface ConstantMaturity {
  iv: number | null;
  /** 'interpolated' between two expirations, or 'flat' from the only usable side. */
  method: 'interpolated' | 'flat' | null;
  from: string[];
}

export function constantMaturityIv(
  points: readonly { date: string; t: number; iv: number | null }[],
  target = CONSTANT_MATURITY_YEARS,
): ConstantMaturity {
  const usable = points.filter(
    (p): p is { date: string; t: number; iv: number } => p.iv !== null && p.iv > 0,
  );
  const first = usable[0];
  const last = usable[usable.length - 1];
  if (!first || !last) return { iv: null, method: null, from: [] };
  if (target <= first.t) return { iv: first.iv, method: 'flat', from: [first.date] };
  if (target >= last.t) return { iv: last.iv, method: 'flat', from: [last.date] };
  const hi = usable.findIndex((p) => p.t >= target);
  const b = usable[hi] as { date: string; t: number; iv: number };
  const a = usable[hi - 1] as { date: string; t: number; iv: number };
  const wa = a.iv * a.iv * a.t;
  const wb = b.iv * b.iv * b.t;
  const w = wa + ((wb - wa) * (target - a.t)) / (b.t - a.t);
  return { iv: Math.sqrt(w / target), method: 'interpolated', from: [a.date, b.date] };
}

/** The IV of the contract with the largest |Δ| × OI in the expiration nearest 30 days. */
export function ivAtMaxDelta(chain: OptionChain, pricing: PricingParams = DEFAULT_PRICING): number | null {
  const years = expiryYears(chain);
  let nearest = -1;
  for (let e = 0; e < years.length; e++) {
    const gap = Math.abs((years[e] as number) - CONSTANT_MATURITY_YEARS);
    if (nearest < 0 || gap < Math.abs((years[nearest] as number) - CONSTANT_MATURITY_YEARS)) nearest = e;
  }
  let bestExposure = 0;
  let bestIv: number | null = null;
  for (let i = 0; i < chain.size; i++) {
    if (chain.expiryIndex[i] !== nearest) continue;
    const iv = chain.iv[i] as number;
    const oi = usableCount(chain.openInterest[i] as number);
    if (oi === 0 || !hasValidIv(iv)) continue;
    const delta = bsDelta(
      {
        spot: chain.spot,
        strike: chain.strike[i] as number,
        t: years[nearest] as number,
        sigma: iv,
        r: pricing.r,
        q: yieldAt(pricing, nearest),
      },
      chain.isCall[i] === 1,
    );
    const exposure = Math.abs(delta) * oi;
    if (exposure > bestExposure) {
      bestExposure = exposure;
      bestIv = iv;
    }
  }
  return bestIv;
}

export interface IvMetrics {
  atmIv: ConstantMaturity;
  put25: ConstantMaturity;
  call25: ConstantMaturity;
  ratio: number | null;
  spreadPts: number | null;
  premiumPct: number | null;
  ivAtMaxDelta: number | null;
  smiles: ExpirySmile[];
}

export function ivMetrics(chain: OptionChain, pricing: PricingParams = DEFAULT_PRICING): IvMetrics {
  const smiles = expirySmiles(chain, pricing);
  const pick = (key: 'atmIv' | 'put25' | 'call25') =>
    constantMaturityIv(smiles.map((s) => ({ date: s.date, t: s.t, iv: s[key] })));
  const atmIv = pick('atmIv');
  const put25 = pick('put25');
  const call25 = pick('call25');
  const ratio = put25.iv !== null && call25.iv !== null ? put25.iv / call25.iv : null;
  return {
    atmIv,
    put25,
    call25,
    ratio,
    spreadPts: put25.iv !== null && call25.iv !== null ? (put25.iv - call25.iv) * 100 : null,
    premiumPct: ratio === null ? null : (ratio - 1) * 100,
    ivAtMaxDelta: ivAtMaxDelta(chain, pricing),
    smiles,
  };
}
