"""The numpy reference for the engine benchmark: the gamma profile + flip of engine/profile.ts and
engine/flip.ts, vectorised the way a Python GEX tool is written, on the chain and grid the benchmark
hands over in a JSON file.

Two forms, both over one contracts x grid matrix: "textbook" (the default) evaluates Black-Scholes
gamma as Python GEX tools write it (d1 from log(S/K), the normal density, S² scaling); "kernel" uses
the engine's own algebra (per-contract constants, one exp per contract and grid point) with in-place
ufuncs and a BLAS mat-vec for the sum, the fastest numpy form we know. The flip:
sign changes of the profile, bisection to `tolerancePct` of spot with the same vectorised sum at one
spot, one secant step, the sign change nearest spot wins (the lower one on a tie).

Usage: python3 gamma_flip_numpy.py CHAIN.json [WARM_RUNS] [textbook|kernel]
Prints one JSON line: {"first_ms", "warm_ms", "price", "ours", "agree"}. Exits 2 when the flip differs
from the engine's (`ours` in the file) by more than 1e-6 of spot.
"""

import json
import sys
import time

import numpy as np

INV_SQRT_2PI = 0.3989422804014327


def kernel(d):
    t = np.asarray(d["years"], dtype=np.float64)
    k = np.asarray(d["strike"], dtype=np.float64)
    iv = np.asarray(d["iv"], dtype=np.float64)
    oi = np.asarray(d["openInterest"], dtype=np.float64)
    call = np.asarray(d["isCall"], dtype=np.bool_)
    keep = (oi > 0) & np.isfinite(oi) & (iv > 0) & np.isfinite(iv) & (k > 0) & (t > 0)
    t, k, iv, oi, call = t[keep], k[keep], iv[keep], oi[keep], call[keep]
    r, q = d["r"], d["q"]
    sd = iv * np.sqrt(t)
    a = (r - q + 0.5 * iv * iv) * t - np.log(k)
    b = 1.0 / sd
    c = np.where(call, 1.0, -1.0) * oi * 100 * 0.01 * np.exp(-q * t) / sd * INV_SQRT_2PI
    return a, b, c


def profile(a, b, c, spots):
    x = np.log(spots)[None, :] + a[:, None]
    x *= b[:, None]
    np.square(x, out=x)
    x *= -0.5
    np.exp(x, out=x)
    return spots * (c @ x)


def contracts(d):
    """The columns a Python GEX tool holds: contracts with open interest and a valid IV."""
    t = np.asarray(d["years"], dtype=np.float64)
    k = np.asarray(d["strike"], dtype=np.float64)
    iv = np.asarray(d["iv"], dtype=np.float64)
    oi = np.asarray(d["openInterest"], dtype=np.float64)
    call = np.asarray(d["isCall"], dtype=np.bool_)
    keep = (oi > 0) & np.isfinite(oi) & (iv > 0) & np.isfinite(iv) & (k > 0) & (t > 0)
    return t[keep], k[keep], iv[keep], oi[keep], np.where(call[keep], 1.0, -1.0)


def bs_gex(cols, spots, r, q):
    """Black-Scholes gamma exposure, textbook form, contracts x spots (USD per 1 % move)."""
    t, k, iv, oi, sign = (v[:, None] for v in cols)
    s = spots[None, :]
    sd = iv * np.sqrt(t)
    d1 = (np.log(s / k) + (r - q + 0.5 * iv**2) * t) / sd
    gamma = np.exp(-q * t) * np.exp(-0.5 * d1**2) * INV_SQRT_2PI / (s * sd)
    return (sign * oi * 100 * gamma * s**2 * 0.01).sum(axis=0)


def gex_at(a, b, c, s):
    x = (np.log(s) + a) * b
    return s * float(c @ np.exp(-0.5 * x * x))


def flip(d, mode="textbook"):
    spot = d["spot"]
    # the engine's grid, as handed over (even steps in ln S from -20 % to spot and from spot to +20 %)
    spots = np.asarray(d["spots"], dtype=np.float64)
    if mode == "kernel":
        a, b, c = kernel(d)
        gex = profile(a, b, c, spots)

        def at(x):
            return gex_at(a, b, c, x)

    else:
        cols = contracts(d)
        gex = bs_gex(cols, spots, d["r"], d["q"])

        def at(x):
            return float(bs_gex(cols, np.array([x]), d["r"], d["q"])[0])

    nz = np.flatnonzero((gex != 0) & ~np.isnan(gex))
    sg = np.sign(gex[nz])
    ch = np.flatnonzero(sg[1:] != sg[:-1])
    brackets = []
    for i in ch:
        lo_j, hi_j = nz[i], nz[i + 1]
        lo, hi = spots[lo_j], spots[hi_j]
        near = lo - spot if spot < lo else spot - hi if spot > hi else 0.0
        brackets.append((near, lo, hi, gex[lo_j], gex[hi_j]))
    brackets.sort(key=lambda x: (x[0], x[1]))
    tol = d["tolerancePct"] * spot
    best = None
    for near, lo, hi, flo, fhi in brackets:
        if best is not None and near > abs(best - spot):
            break
        price = None
        while hi - lo > tol:
            mid = 0.5 * (lo + hi)
            f = at(mid)
            if f == 0:
                price = mid
                break
            if np.sign(f) == np.sign(flo):
                lo, flo = mid, f
            else:
                hi, fhi = mid, f
        if price is None:
            price = lo - flo * (hi - lo) / (fhi - flo)
        dist = abs(price - spot)
        if best is None or dist < abs(best - spot) or (dist == abs(best - spot) and price < best):
            best = price
    return best, gex


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        d = json.load(f)
    warm_runs = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    mode = sys.argv[3] if len(sys.argv) > 3 else "textbook"
    t0 = time.perf_counter()
    price, _ = flip(d, mode)
    first = (time.perf_counter() - t0) * 1000
    warm = []
    for _ in range(warm_runs):
        t0 = time.perf_counter()
        flip(d, mode)
        warm.append((time.perf_counter() - t0) * 1000)
    warm.sort()
    ours = d.get("ours")
    agree = bool((price is None and ours is None) or (
        price is not None and ours is not None and abs(price - ours) <= 1e-6 * d["spot"])
    )
    out = {
        "first_ms": first,
        "warm_ms": warm[len(warm) // 2] if warm else None,
        "price": price,
        "ours": ours,
        "agree": agree,
    }
    print(json.dumps(out))
    sys.exit(0 if agree else 2)


if __name__ == "__main__":
    main()
