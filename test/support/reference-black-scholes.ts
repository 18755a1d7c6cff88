// A second Black-Scholes-Merton, written apart from the engine's (engine/pricing.ts) so that tests
// of the engine's carry check it against something it does not share: the normal CDF here is the
// density integrated by Simpson's rule, not a rational approximation. Slow and plain on purpose.

const STEPS = 4000;

function density(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/** N(x): ½ plus the density integrated from 0 to x (Simpson, error under 1e-12 for |x| < 8). */
export function referenceNormCdf(x: number): number {
  if (x > 8) return 1;
  if (x < -8) return 0;
  const h = x / STEPS;
  let sum = density(0) + density(x);
  for (let i = 1; i < STEPS; i++) sum += (i % 2 === 1 ? 4 : 2) * density(i * h);
  return 0.5 + (sum * h) / 3;
}

export interface ReferenceOption {
  spot: number;
  strike: number;
  /** Years to expiry. */
  t: number;
  sigma: number;
  /** Continuous risk-free rate and dividend yield. */
  r: number;
  q: number;
}

function d1(o: ReferenceOption): number {
  return (
    (Math.log(o.spot / o.strike) + (o.r - o.q + (o.sigma * o.sigma) / 2) * o.t) / (o.sigma * Math.sqrt(o.t))
  );
}

/** Merton's price: S e^(−qT) N(d1) − K e^(−rT) N(d2) for a call; the put by the same terms mirrored. */
export function referencePrice(o: ReferenceOption, isCall: boolean): number {
  const a = d1(o);
  const b = a - o.sigma * Math.sqrt(o.t);
  const s = o.spot * Math.exp(-o.q * o.t);
  const k = o.strike * Math.exp(-o.r * o.t);
  return isCall
    ? s * referenceNormCdf(a) - k * referenceNormCdf(b)
    : k * referenceNormCdf(-b) - s * referenceNormCdf(-a);
}

/** Delta: e^(−qT) N(d1) for a call, e^(−qT) (N(d1) − 1) for a put. */
export function referenceDelta(o: ReferenceOption, isCall: boolean): number {
  const n = referenceNormCdf(d1(o));
  return Math.exp(-o.q * o.t) * (isCall ? n : n - 1);
}

/** Gamma: e^(−qT) φ(d1) / (S σ √T). */
export function referenceGamma(o: ReferenceOption): number {
  return (Math.exp(-o.q * o.t) * density(d1(o))) / (o.spot * o.sigma * Math.sqrt(o.t));
}
