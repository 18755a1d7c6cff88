// Black-Scholes-Merton with continuous dividend yield q. Everything the engine prices (gamma for
// GEX, delta for the 25-delta IVs, premiums for income setups) goes through these functions.

const INV_SQRT_2PI = 0.3989422804014327;

/** Standard normal density. */
export function normPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/**
 * Standard normal CDF, via the complementary error function (W. J. Cody's rational approximations
 * as popularised by Numerical Recipes' erfc, relative error below 1.2e-7 everywhere).
 */
export function normCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - 0.5 * erfc : 0.5 * erfc;
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
