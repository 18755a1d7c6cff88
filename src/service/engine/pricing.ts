// Black-Scholes-Merton with continuous dividend yield q. Everything the engine prices (gamma for
// GEX, delta for the 25-delta IVs, premiums for income setups) goes through these functions.

const INV_SQRT_2PI = 0.3989422804014327;

/** Standard normal density. */
export function normPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/**
 * Standard normal CDF: Hart's (1968) double-precision rational approximation as set out by G. West,
 * "Better approximations to cumulative normal functions" (2005); absolute error near 1e-15, so finite
 * differences of deltas and put-call parity hold to machine precision.
 */
export function normCdf(x: number): number {
  const a = Math.abs(x);
  let tail: number;
  if (a > 37) tail = 0;
  else {
    const e = Math.exp(-0.5 * a * a);
    if (a < 7.07106781186547) {
      let n = 3.52624965998911e-2 * a + 0.700383064443688;
      n = n * a + 6.37396220353165;
      n = n * a + 33.912866078383;
      n = n * a + 112.079291497871;
      n = n * a + 221.213596169931;
      n = n * a + 220.206867912376;
      let d = 8.83883476483184e-2 * a + 1.75566716318264;
      d = d * a + 16.064177579207;
      d = d * a + 86.7807322029461;
      d = d * a + 296.564248779674;
      d = d * a + 637.333633378831;
      d = d * a + 793.826512519948;
      d = d * a + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let b = a + 0.65;
      b = a + 4 / b;
      b = a + 3 / b;
      b = a + 2 / b;
      b = a + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

export interface BsInputs {
  spot: number;
  strike: number;
  /** Years to expiry (365-day years). */
  t: number;
  /** Implied volatility, decimal. */
  sigma: number;
  /** Risk-free rate, continuous, decimal. */
  r: number;
  /** Dividend yield, continuous, decimal. */
  q: number;
}

function d1d2({ spot, strike, t, sigma, r, q }: BsInputs): [number, number] {
  const vt = sigma * Math.sqrt(t);
  const d1 = (Math.log(spot / strike) + (r - q + 0.5 * sigma * sigma) * t) / vt;
  return [d1, d1 - vt];
}

/** Gamma: d²V/dS², per $1 of underlying, per share. Identical for calls and puts. */
export function bsGamma(p: BsInputs): number {
  if (!(p.sigma > 0) || !(p.t > 0) || !(p.spot > 0) || !(p.strike > 0)) return 0;
  const [d1] = d1d2(p);
  return (Math.exp(-p.q * p.t) * normPdf(d1)) / (p.spot * p.sigma * Math.sqrt(p.t));
}

/** Delta per share: in (0, 1) for calls, (-1, 0) for puts. */
export function bsDelta(p: BsInputs, isCall: boolean): number {
  if (!(p.sigma > 0) || !(p.t > 0)) {
    const itm = isCall ? p.spot > p.strike : p.spot < p.strike;
    return itm ? (isCall ? 1 : -1) : 0;
  }
  const [d1] = d1d2(p);
  const dq = Math.exp(-p.q * p.t);
  return isCall ? dq * normCdf(d1) : dq * (normCdf(d1) - 1);
}

/** Option value per share. */
export function bsPrice(p: BsInputs, isCall: boolean): number {
  const intrinsic = Math.max(isCall ? p.spot - p.strike : p.strike - p.spot, 0);
  if (!(p.sigma > 0) || !(p.t > 0)) return intrinsic;
  const [d1, d2] = d1d2(p);
  const df = Math.exp(-p.r * p.t);
  const dq = Math.exp(-p.q * p.t);
  return isCall
    ? p.spot * dq * normCdf(d1) - p.strike * df * normCdf(d2)
    : p.strike * df * normCdf(-d2) - p.spot * dq * normCdf(-d1);
}

/** Vega per share for a 1.00 (100 vol point) change in sigma. */
export function bsVega(p: BsInputs): number {
  if (!(p.sigma > 0) || !(p.t > 0)) return 0;
  const [d1] = d1d2(p);
  return p.spot * Math.exp(-p.q * p.t) * normPdf(d1) * Math.sqrt(p.t);
}

/**
 * Vanna per share: d(delta)/d(sigma) for a 1.00 (100 vol point) change in sigma. Identical for calls
 * and puts (their deltas differ by the constant e^(−qt)).
 */
export function bsVanna(p: BsInputs): number {
  if (!(p.sigma > 0) || !(p.t > 0) || !(p.spot > 0) || !(p.strike > 0)) return 0;
  const [d1, d2] = d1d2(p);
  return (-Math.exp(-p.q * p.t) * normPdf(d1) * d2) / p.sigma;
}

/**
 * Charm per share: the change of delta as one year passes, d(delta)/d(calendar time) = −d(delta)/d(t to
 * expiry). Divide by 365 for a day. Calls and puts differ by q·e^(−qt).
 */
export function bsCharm(p: BsInputs, isCall: boolean): number {
  if (!(p.sigma > 0) || !(p.t > 0) || !(p.spot > 0) || !(p.strike > 0)) return 0;
  const [d1, d2] = d1d2(p);
  const dq = Math.exp(-p.q * p.t);
  const vt = p.sigma * Math.sqrt(p.t);
  const common = (dq * normPdf(d1) * (2 * (p.r - p.q) * p.t - d2 * vt)) / (2 * p.t * vt);
  return isCall ? p.q * dq * normCdf(d1) - common : -p.q * dq * normCdf(-d1) - common;
}
