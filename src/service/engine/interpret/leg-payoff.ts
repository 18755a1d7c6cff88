// Expiration payoff of a set of option legs that share one expiration: net debit or credit,
// breakevens, maximum gain and maximum loss, per share. One generic rule serves every structure
// (a single option, a vertical spread, a condor, a strangle): the payoff at expiration is piecewise
// linear in the underlying price with kinks only at the strikes, so its extremes lie at S = 0, at a
// strike, or at S → ∞ (where it grows without bound when the calls' net quantity is not zero), and
// its zeros are found segment by segment. Structures whose legs expire on different dates (a
// calendar) have no such closed form and are not given to this function.
import { round } from './series-math.ts';

export interface PayoffLeg {
  action: 'buy' | 'sell';
  type: 'call' | 'put';
  strike: number;
  /** Price paid or received per share (the leg's mid). */
  price: number;
  quantity: number;
}

export interface Payoff {
  /** Per share: positive is a debit paid, negative a credit received. */
  net: number;
  netType: 'debit' | 'credit' | 'even';
  /** Underlying prices at expiration where the position neither gains nor loses, ascending. */
  breakevens: number[];
  /** Per share; null when unlimited. */
  maxGain: number | null;
  /** Per share, as a positive amount; null when unlimited. */
  maxLoss: number | null;
}

/** Cents and a tenth: mids of two-cent quotes are exact at three decimals. */
const DIGITS = 3;
const EPS = 1e-9;

const sign = (l: PayoffLeg): number => (l.action === 'buy' ? 1 : -1) * l.quantity;
const intrinsic = (l: PayoffLeg, s: number): number =>
  l.type === 'call' ? Math.max(s - l.strike, 0) : Math.max(l.strike - s, 0);

/** Net premium per share: what the buys cost less what the sells bring. */
export function netPremium(legs: readonly PayoffLeg[]): number {
  return round(
    legs.reduce((sum, l) => sum + sign(l) * l.price, 0),
    DIGITS,
  );
}

/** Profit per share at expiration for an underlying price `s`. */
export function payoffAt(legs: readonly PayoffLeg[], s: number): number {
  return legs.reduce((sum, l) => sum + sign(l) * intrinsic(l, s), 0) - netPremium(legs);
}

export function payoff(legs: readonly PayoffLeg[]): Payoff {
  const net = netPremium(legs);
  const xs = [0, ...new Set(legs.map((l) => l.strike))].sort((a, b) => a - b);
  const ys = xs.map((x) => payoffAt(legs, x));
  // Beyond the highest strike only the calls move, each by its signed quantity.
  const slope = legs.reduce((sum, l) => sum + (l.type === 'call' ? sign(l) : 0), 0);
  const breakevens: number[] = [];
  for (let i = 1; i < xs.length; i++) {
    const [x0, x1, y0, y1] = [xs[i - 1], xs[i], ys[i - 1], ys[i]] as [number, number, number, number];
    if (Math.abs(y1) < EPS && Math.abs(y0) >= EPS) breakevens.push(x1);
    else if (y0 * y1 < 0 && Math.abs(y0) >= EPS) breakevens.push(x0 + ((x1 - x0) * -y0) / (y1 - y0));
  }
  const last = xs[xs.length - 1] as number;
  const yLast = ys[ys.length - 1] as number;
  if (slope !== 0 && yLast * slope < 0) breakevens.push(last - yLast / slope);
  const maxGain = slope > 0 ? null : Math.max(...ys);
  const maxLoss = slope < 0 ? null : Math.max(0, -Math.min(...ys));
  return {
    net,
    netType: net > 0 ? 'debit' : net < 0 ? 'credit' : 'even',
    breakevens: [...new Set(breakevens.map((b) => round(b, DIGITS)))],
    maxGain: maxGain === null ? null : round(maxGain, DIGITS),
    maxLoss: maxLoss === null ? null : round(maxLoss, DIGITS),
  };
}
