// The forward of each expiration, implied from the chain by put-call parity, and the pricing that
// uses it where options settle on a future.
//
// Convention: at a strike K with two-sided quotes on both the call and the put (bid > 0, ask ≥ bid),
// C − P = e^{−rT}(F − K), so F = K + e^{rT}(C − P) with C and P the mid prices. The strike whose
// |C − P| is smallest anchors the money; the estimates of the FORWARD_STRIKES strikes nearest that
// anchor (ties: the lower strike) are sorted and their median is the forward, so one stale quote
// cannot move it. An expiration without such a strike has no forward (null).
//
// Where it is used (docs/engine-conventions.md, "Implied forward"): for every underlying the
// forward is computed and reported (curves and levels payloads, per expiration) as a data-quality
// figure: on an equity or an ETF it differs from spot by the stated rate and dividend yield (the
// ticker's carry, engine/carry.ts: F ≈ S·e^((r − q)T)), and a forward far from that flags a stale
// spot. It is used for PRICING only where the options settle on a future (`settlesOnFuture`: VIX),
// whose options are priced off each expiration's futures level, not off the index: there the
// gammas, GEX, the gamma profile and the flip, the ATM IV and the 25-delta deltas all read each
// expiration's forward (Black-76: Black-Scholes on F with q = r). Everywhere else the engine's r
// and q stay as they are, so no figure of an equity or an ETF changes because of this file.
import { settlesOnFuture } from '../../shared/index-underlyings.ts';
import type { OptionChain } from './chain.ts';
import { expiryYears } from './exposure.ts';
import { yieldAt, type PricingParams } from './types.ts';

/** Strikes nearest the money whose parity estimates are pooled (median). */
export const FORWARD_STRIKES = 5;

export interface ExpirationForward {
  /** YYYY-MM-DD. */
  readonly expiry: string;
  /** Implied forward, or null when no strike has two-sided call and put quotes. */
  readonly forward: number | null;
  /** How many strikes' estimates the median was taken over (0 without a forward). */
  readonly strikesUsed: number;
}

function mid(bid: number, ask: number): number | null {
  return bid > 0 && ask >= bid && Number.isFinite(bid) && Number.isFinite(ask) ? (bid + ask) / 2 : null;
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  const h = Math.floor(n / 2);
  return n % 2 === 1 ? (sorted[h] as number) : ((sorted[h - 1] as number) + (sorted[h] as number)) / 2;
}

interface Pair {
  strike: number;
  /** C − P, mid prices. */
  diff: number;
}

/** Parity pairs of one expiration's contracts [from, to) (chain order: strike, put before call). */
function pairsOf(chain: OptionChain, from: number, to: number): Pair[] {
  const out: Pair[] = [];
  let putStrike = Number.NaN;
  let putMid: number | null = null;
  for (let i = from; i < to; i++) {
    const strike = chain.strike[i] as number;
    const m = mid(chain.bid[i] as number, chain.ask[i] as number);
    if (chain.isCall[i] === 0) {
      putStrike = strike;
      putMid = m;
    } else if (strike === putStrike && putMid !== null && m !== null && strike > 0) {
      out.push({ strike, diff: m - putMid });
    }
  }
  return out;
}

/** The forward of one expiration from its parity pairs, or null without any. */
export function forwardFromPairs(
  pairs: readonly Pair[],
  t: number,
  r: number,
): { forward: number; strikesUsed: number } | null {
  if (pairs.length === 0) return null;
  const growth = Math.exp(r * t);
  let anchor = pairs[0] as Pair;
  for (const p of pairs) if (Math.abs(p.diff) < Math.abs(anchor.diff)) anchor = p;
  const rough = anchor.strike + growth * anchor.diff;
  const nearest = [...pairs]
    .sort((a, b) => Math.abs(a.strike - rough) - Math.abs(b.strike - rough) || a.strike - b.strike)
    .slice(0, FORWARD_STRIKES);
  const estimates = nearest.map((p) => p.strike + growth * p.diff).sort((a, b) => a - b);
  const forward = median(estimates);
  // Quotes that put the forward at or below zero are not a forward (crossed or stale prices).
  return forward > 0 && Number.isFinite(forward) ? { forward, strikesUsed: estimates.length } : null;
}

const memo = new WeakMap<OptionChain, Map<number, readonly ExpirationForward[]>>();

/** The implied forward of every listed expiration, in the chain's order (memoized per chain and r). */
export function impliedForwards(chain: OptionChain, r = 0): readonly ExpirationForward[] {
  let byRate = memo.get(chain);
  if (!byRate) memo.set(chain, (byRate = new Map()));
  const hit = byRate.get(r);
  if (hit) return hit;
  const years = expiryYears(chain);
  const out: ExpirationForward[] = [];
  let from = 0;
  for (const [e, expiration] of chain.expirations.entries()) {
    let to = from;
    while (to < chain.size && chain.expiryIndex[to] === e) to++;
    const f = forwardFromPairs(pairsOf(chain, from, to), years[e] as number, r);
    out.push({ expiry: expiration.date, forward: f?.forward ?? null, strikesUsed: f?.strikesUsed ?? 0 });
    from = to;
  }
  byRate.set(r, out);
  return out;
}

/**
 * ln(F / spot) of every expiration: the implied one where the chain gives it, else interpolated
 * linearly in time between the nearest expirations that have one (flat beyond them); null when no
 * expiration has a forward at all.
 */
export function logBasis(chain: OptionChain, forwards: readonly ExpirationForward[]): Float64Array | null {
  const years = expiryYears(chain);
  const known: { t: number; basis: number }[] = [];
  forwards.forEach((f, e) => {
    if (f.forward !== null && f.forward > 0) {
      known.push({ t: years[e] as number, basis: Math.log(f.forward / chain.spot) });
    }
  });
  if (known.length === 0) return null;
  return Float64Array.from(years, (t) => {
    const hi = known.findIndex((k) => k.t >= t);
    if (hi === 0) return (known[0] as { basis: number }).basis;
    if (hi < 0) return (known[known.length - 1] as { basis: number }).basis;
    const a = known[hi - 1] as { t: number; basis: number };
    const b = known[hi] as { t: number; basis: number };
    return b.t === a.t ? a.basis : a.basis + ((b.basis - a.basis) * (t - a.t)) / (b.t - a.t);
  });
}

/** Whether the chain's options are priced off each expiration's forward (they settle on a future). */
export function pricesOffForward(chain: Pick<OptionChain, 'ticker'>): boolean {
  return settlesOnFuture(chain.ticker);
}

/**
 * The pricing to use for this chain: unchanged, except for options that settle on a future, whose
 * expirations each get the yield that puts their forward where the chain implies it (q_e = r −
 * ln(F_e / spot) / t_e). A spot move then moves every forward in proportion, which is what the gamma
 * profile and the flip assume. Without a valid spot or any forward, the pricing is unchanged.
 */
export function pricingFor(chain: OptionChain, pricing: PricingParams): PricingParams {
  if (pricing.qByExpiry !== undefined || !pricesOffForward(chain)) return pricing;
  if (!(chain.spot > 0) || !Number.isFinite(chain.spot)) return pricing;
  const basis = logBasis(chain, impliedForwards(chain, pricing.r));
  if (basis === null) return pricing;
  const years = expiryYears(chain);
  const qByExpiry = Float64Array.from(basis, (b, e) => pricing.r - b / (years[e] as number));
  return { ...pricing, qByExpiry };
}

/**
 * What an option of expiration `e` is priced and its delta quoted against: the spot at the
 * expiration's yield, or where the pricing carries one yield per expiration (options that settle on
 * a future: VIX) that expiration's forward, as Black-76 (Black-Scholes on F with q = r). The price
 * is the same either way (S·e^(−q_e·t) = F·e^(−r·t)); the delta is the future's, e^(−rt)·N(d1), as
 * VIX deltas are quoted, where the spot's would exceed 1 in contango.
 */
export function quotedUnderlying(
  chain: Pick<OptionChain, 'spot'>,
  pricing: PricingParams,
  e: number,
  t: number,
): { spot: number; r: number; q: number } {
  const q = yieldAt(pricing, e);
  if (pricing.qByExpiry === undefined) return { spot: chain.spot, r: pricing.r, q };
  return { spot: chain.spot * Math.exp((pricing.r - q) * t), r: pricing.r, q: pricing.r };
}

/** The forwards as the curves and levels payloads show them (additive fields). */
export interface ForwardsPayload {
  /** What the options are priced off: each expiration's forward (VIX) or the spot. */
  priced_off: 'forward' | 'spot';
  /** The risk-free rate every figure read, continuous, decimal (also the forwards' F = K + e^(rT)(C − P)). */
  rate: number;
  /** The dividend yield, continuous, decimal; null where each expiration's forward sets its own (VIX). */
  dividend_yield: number | null;
  /** Where rate and yield came from: the stated table, its default for an unknown ticker, or the caller. */
  carry_source: 'stated' | 'default' | 'given';
  forwards: { expiry: string; forward: number | null; strikes_used: number }[];
}

/** To the cent, as prices are shown; a forward under half a cent keeps its digits (it is still positive). */
function cents(x: number): number {
  const r = Math.round(x * 100) / 100;
  return r > 0 ? r : x;
}

export function forwardsPayload(
  chain: OptionChain,
  pricing: PricingParams,
  selected?: Uint8Array,
): ForwardsPayload {
  const rows = impliedForwards(chain, pricing.r).filter(
    (_, e) => selected === undefined || selected[e] === 1,
  );
  const offForward = pricesOffForward(chain) && pricingFor(chain, pricing).qByExpiry !== undefined;
  return {
    priced_off: offForward ? 'forward' : 'spot',
    rate: pricing.r,
    dividend_yield: offForward ? null : pricing.q,
    carry_source: pricing.carrySource ?? 'given',
    forwards: rows.map((f) => ({
      expiry: f.expiry,
      forward: f.forward === null ? null : cents(f.forward),
      strikes_used: f.strikesUsed,
    })),
  };
}
