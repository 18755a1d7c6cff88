import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptionChain } from '../../../../src/service/engine/chain.ts';
import { expiryYears } from '../../../../src/service/engine/exposure.ts';
import { findGammaFlip } from '../../../../src/service/engine/flip.ts';
import {
  gaussianSum,
  gaussianSumJs,
  kernelBackend,
  logGridSums,
  useKernelBackend,
  wasmLn,
  wasmSimdAvailable,
} from '../../../../src/service/engine/gamma-kernel-wasm.ts';
import {
  buildGammaKernel,
  buildGammaKernelJs,
  type GammaKernel,
  type ProfileOptions,
} from '../../../../src/service/engine/profile.ts';
import { makeChain, makeLargeChain, mapContracts } from '../../../support/chain-factory.ts';

function kernelOf(terms: readonly (readonly [a: number, b: number, c: number])[]): GammaKernel {
  return {
    size: terms.length,
    a: Float64Array.from(terms, (t) => t[0]),
    b: Float64Array.from(terms, (t) => t[1]),
    c: Float64Array.from(terms, (t) => t[2]),
  };
}

/**
 * The rounding either backend may carry: each term's e^−s inherits the rounding of s itself (a few
 * ulp of s, times s), plus the summation's own, so Σ|term_i| · (1e−14 + 1e−15 · s_i).
 */
function roundingBound(kernel: GammaKernel, lnS: number): number {
  let bound = 0;
  for (let i = 0; i < kernel.size; i++) {
    const x = (lnS + (kernel.a[i] as number)) * (kernel.b[i] as number);
    const s = 0.5 * x * x;
    bound += Math.abs((kernel.c[i] as number) * Math.exp(-s)) * (1e-14 + 1e-15 * s);
  }
  return bound;
}

afterEach(() => useKernelBackend(wasmSimdAvailable() ? 'wasm-simd' : 'js'));

describe('the WebAssembly SIMD backend', () => {
  it('is available on Node 20 and is the default', () => {
    expect(wasmSimdAvailable()).toBe(true);
    expect(kernelBackend()).toBe('wasm-simd');
  });

  // One term with a = 0, b = 1, c = 1: the sum at ln S = x is exp(−x²/2), against Math.exp. Both
  // round x²/2 first, and e^−s carries that rounding times s, so the bound grows with x².
  it.each([0, 1e-9, 0.1, 0.5, 1, Math.SQRT2, 2, 3.7, 5, 10, 20, 30, 37, 37.6])(
    'exp(−x²/2) at x = %s within a few ulp (times x²) of Math.exp',
    (x) => {
      const kernel = kernelOf([[0, 1, 1]]);
      const expected = Math.exp(-0.5 * x * x);
      const bound = 2e-15 * Math.max(1, x * x) * expected;
      expect(Math.abs(gaussianSum(kernel, x) - expected)).toBeLessThanOrEqual(bound);
      expect(Math.abs(gaussianSum(kernel, -x) - expected)).toBeLessThanOrEqual(bound);
    },
  );

  // Below the smallest normal double the lane is exactly 0 (the flip steps over exact zeros).
  it.each([37.7, 40, 1e3, 1e6, 1e150])('is exactly 0 far in the tail (x = %s)', (x) => {
    expect(gaussianSum(kernelOf([[0, 1, 5e6]]), x)).toBe(0);
  });

  // The module works on eight terms per step; any count must give the plain loop's sum.
  it.each([1, 2, 3, 7, 8, 9, 15, 16, 17, 31])('pads %s terms without changing the sum', (n) => {
    const kernel = kernelOf(
      Array.from({ length: n }, (_, i) => [0.01 * i - 0.05, 3 + i, (-1) ** i * (i + 1)] as const),
    );
    for (const lnS of [-0.2, 0, 0.13]) {
      const expected = gaussianSumJs(kernel, lnS);
      expect(Math.abs(gaussianSum(kernel, lnS) - expected)).toBeLessThanOrEqual(roundingBound(kernel, lnS));
    }
  });

  it('agrees with the plain loop within rounding on random kernels', () => {
    const term = fc.tuple(
      fc.double({ min: -9, max: 9, noNaN: true }), // a = (r − q + σ²/2) t − ln K
      fc.double({ min: 0.05, max: 500, noNaN: true }), // b = 1 / (σ√t)
      fc.double({ min: -1e7, max: 1e7, noNaN: true }), // c, signed weight
    );
    fc.assert(
      fc.property(
        fc.array(term, { minLength: 1, maxLength: 300 }),
        fc.double({ min: -4.5, max: 4.5, noNaN: true }),
        (terms, lnS) => {
          const kernel = kernelOf(terms);
          const diff = Math.abs(gaussianSum(kernel, lnS) - gaussianSumJs(kernel, lnS));
          // 1e−300: products in the subnormal range round differently and mean nothing here.
          expect(diff).toBeLessThanOrEqual(roundingBound(kernel, lnS) + 1e-300);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reloads when another kernel comes, and grows its memory for a large one', () => {
    const small = kernelOf([[0, 1, 1]]);
    const big = kernelOf(Array.from({ length: 150_000 }, (_, i) => [0, 1, i % 2 === 0 ? 1 : -1] as const));
    expect(gaussianSum(small, 0)).toBe(1);
    // 150,000 terms (3.6 MB of arrays, past the module's first 64 KiB page) that cancel in pairs.
    expect(gaussianSum(big, 0)).toBe(0);
    expect(gaussianSum(small, 0)).toBe(1);
    expect(gaussianSum(kernelOf([]), 0)).toBe(0);
  });

  it('gives the same flip and profile as the Math.exp loop on a 10,000-contract chain', () => {
    const chain = makeLargeChain(10_000, 3);
    expect(buildGammaKernel(chain).size).toBeGreaterThan(5_000);
    const simd = findGammaFlip(chain);
    useKernelBackend('js');
    const js = findGammaFlip(chain);
    expect(simd.price).not.toBeNull();
    expect(Math.abs((simd.price as number) - (js.price as number))).toBeLessThanOrEqual(1e-9 * chain.spot);
    const scale = Math.max(...Array.from(js.profile.gex, Math.abs));
    for (let j = 0; j < js.profile.gex.length; j++) {
      expect(Math.abs((simd.profile.gex[j] as number) - (js.profile.gex[j] as number))).toBeLessThanOrEqual(
        1e-11 * scale,
      );
    }
  });
});

describe('choosing a backend', () => {
  it('runs the plain loop when asked', () => {
    useKernelBackend('js');
    expect(kernelBackend()).toBe('js');
    const kernel = kernelOf([
      [0.1, 2, 3],
      [-0.2, 4, -1],
    ]);
    expect(gaussianSum(kernel, 0.05)).toBe(gaussianSumJs(kernel, 0.05));
  });
});

describe("the module's ln", () => {
  // Within one ulp of Math.log (both are correctly rounded or nearly so).
  it.each([
    1,
    2,
    0.5,
    Math.SQRT2,
    Math.SQRT1_2,
    0.7071067811865476,
    1.4142135623730951,
    2.5,
    5,
    7.5,
    100,
    612.5,
    5712.35,
    8000,
    1e-300,
    2.2250738585072014e-308,
    1e300,
    Number.MAX_VALUE,
  ])('ln(%s)', (x) => {
    const expected = Math.log(x);
    expect(Math.abs(wasmLn(x) - expected)).toBeLessThanOrEqual(
      Math.max(Math.abs(expected), 1e-300) * 2.3e-16,
    );
  });

  it('is within one ulp of Math.log on random strikes and spots', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), (x) => {
        const expected = Math.log(x);
        expect(Math.abs(wasmLn(x) - expected)).toBeLessThanOrEqual(Math.abs(expected) * 2.3e-16 + 1e-300);
      }),
      { numRuns: 2000 },
    );
  });
});

/** The kernel built by the module and by the JavaScript loop, for the same chain and options. */
function bothBuilds(
  chain: OptionChain,
  options: ProfileOptions = {},
): { wasm: GammaKernel; js: GammaKernel } {
  const wasm = buildGammaKernel(chain, options);
  const q = options.pricing?.q ?? 0;
  const years = expiryYears(chain);
  const js = buildGammaKernelJs(chain, {
    r: options.pricing?.r ?? 0,
    q,
    naive: options.view === 'naive',
    mask: options.mask,
    years,
    rootT: years.map(Math.sqrt),
    carry: years.map((t) => Math.exp(-q * t)),
  });
  return { wasm, js };
}

function expectSameKernel(wasm: GammaKernel, js: GammaKernel): void {
  expect(wasm.size).toBe(js.size);
  expect(Array.from(wasm.b)).toEqual(Array.from(js.b));
  expect(Array.from(wasm.c)).toEqual(Array.from(js.c));
  // a = (r − q + σ²/2) t − ln K: the same but for ln K's last bit.
  for (let i = 0; i < js.size; i++) {
    const tolerance = 4.5e-16 * Math.max(Math.abs(js.a[i] as number), 1);
    expect(Math.abs((wasm.a[i] as number) - (js.a[i] as number))).toBeLessThanOrEqual(tolerance);
  }
}

describe("the module's kernel build", () => {
  const pricing = { r: 0.045, q: 0.015 };
  const large = makeLargeChain(6_000, 7);
  // One IV per strike (as simulated chains quote): puts and calls merge into one term.
  const oneIv = mapContracts(large, (row, i) =>
    !row.isCall && large.isCall[i + 1] === 1 && large.strike[i + 1] === row.strike
      ? { iv: large.iv[i + 1] as number }
      : null,
  );
  // Contracts the build must skip: no OI, NaN or infinite OI or IV, zero IV, a zero strike.
  const holes = mapContracts(large, (_row, i) =>
    i % 7 === 0
      ? { openInterest: 0 }
      : i % 11 === 0
        ? { openInterest: Number.NaN }
        : i % 13 === 0
          ? { iv: Number.NaN }
          : i % 17 === 0
            ? { iv: 0 }
            : i % 19 === 0
              ? { iv: Number.POSITIVE_INFINITY }
              : i % 23 === 0
                ? { openInterest: Number.POSITIVE_INFINITY }
                : null,
  );
  const everyOther = Uint8Array.from(large.expirations, (_, e) => (e % 2 === 0 ? 1 : 0));
  const short = Uint8Array.of(1, 1);

  it.each([
    ['a 6,000-contract chain', large, {}],
    ['with r and q', large, { pricing }],
    ['naive view (every contract long)', large, { pricing, view: 'naive' as const }],
    ['one IV per strike (merged terms)', oneIv, { pricing }],
    ['skipped contracts', holes, { pricing }],
    ['every other expiration masked out', large, { pricing, mask: everyOther }],
    ['a mask shorter than the expirations', large, { mask: short }],
    ['a small chain', makeChain(), {}],
  ] as const)("gives the JavaScript loop's kernel: %s", (_name, chain, options) => {
    const { wasm, js } = bothBuilds(chain, options);
    expect(js.size).toBeGreaterThan(0);
    expectSameKernel(wasm, js);
  });

  it('builds nothing from an empty chain', () => {
    const empty = mapContracts(makeChain(), () => ({ openInterest: 0 }));
    expect(buildGammaKernel(empty).size).toBe(0);
  });

  it('leaves the built kernel loaded: the sum needs no copy and matches the JavaScript sum', () => {
    const { wasm, js } = bothBuilds(large, { pricing });
    for (const lnS of [Math.log(large.spot * 0.9), Math.log(large.spot), Math.log(large.spot * 1.1)]) {
      expect(Math.abs(gaussianSum(wasm, lnS) - gaussianSumJs(js, lnS))).toBeLessThanOrEqual(
        roundingBound(js, lnS) * 10,
      );
    }
  });

  it('keeps a kernel valid after another took the module: its sum and terms are its own', () => {
    const other = makeLargeChain(3_000, 11);
    const first = buildGammaKernel(large, { pricing });
    const lnS = Math.log(large.spot);
    const before = gaussianSum(first, lnS);
    const second = buildGammaKernel(other, { pricing });
    expect(gaussianSum(second, lnS)).not.toBe(before);
    // `first` was written over by `second`: it is built again, not read from stale memory
    expect(gaussianSum(first, lnS)).toBe(before);
    buildGammaKernel(other);
    const { js } = bothBuilds(large, { pricing });
    expectSameKernel(first, js);
    expect(gaussianSum(first, lnS)).toBe(before);
  });

  it('builds with the JavaScript loop on the js backend', () => {
    useKernelBackend('js');
    const { wasm, js } = bothBuilds(large, { pricing });
    expect(Array.from(wasm.a)).toEqual(Array.from(js.a));
  });
});

describe("the module's profile: each term walked along an even grid in ln S", () => {
  /**
   * What the walk may differ by at one point: each term's ratios carry the rounding of their
   * exponents (relative to x², as for any exp) and compound it over up to 200 steps, so per term
   * |term| · (2e−12 + 2e−14 · x²); and x itself, (ln S + a) · b, carries ln S's and a's rounding
   * times b (both ways of summing do), which moves the term by that times |x|.
   */
  function walkBound(kernel: GammaKernel, lnS: number): number {
    let bound = 0;
    for (let i = 0; i < kernel.size; i++) {
      const a = kernel.a[i] as number;
      const b = kernel.b[i] as number;
      const x = (lnS + a) * b;
      const conditioning = 4e-16 * Math.abs(x) * b * (Math.abs(lnS) + Math.abs(a));
      bound +=
        Math.abs((kernel.c[i] as number) * Math.exp(-0.5 * x * x)) * (2e-12 + 2e-14 * x * x + conditioning);
    }
    return bound;
  }

  function expectWalkMatchesSums(kernel: GammaKernel, start: number, step: number, count: number): void {
    const walked = logGridSums(kernel, start, step, count);
    expect(walked.length).toBe(count);
    for (let j = 0; j < count; j++) {
      const lnS = start + j * step;
      const exact = gaussianSumJs(kernel, lnS);
      // plus the subnormal range, where digits mean nothing
      expect(Math.abs((walked[j] as number) - exact)).toBeLessThanOrEqual(walkBound(kernel, lnS) + 1e-300);
    }
  }

  // ln S from ln 80 to ln 120 in 100 steps; terms centred at ln K = −a with widths 1/b.
  const start = Math.log(80);
  const step = Math.log(1.5) / 100;
  it.each([
    ['a peak on the grid', [[-Math.log(100), 5, 1]]],
    ['a peak between points', [[-Math.log(100.37), 12, -3]]],
    ['a peak below the grid (walks up only)', [[-Math.log(60), 8, 2]]],
    ['a peak above the grid (walks down only)', [[-Math.log(150), 8, 2]]],
    ['a wide term (long-dated)', [[-Math.log(95), 0.8, 7]]],
    ['a narrow term that underflows within a few steps (0DTE)', [[-Math.log(101), 900, 4]]],
    ['a peak exactly at the first point', [[-start, 20, 1]]],
    ['a peak exactly at the last point', [[-(start + 100 * step), 20, 1]]],
    [
      'many signed terms',
      Array.from(
        { length: 60 },
        (_, i) => [-Math.log(70 + i), 2 + (i % 9) * 7, (-1) ** i * (1 + (i % 5))] as const,
      ),
    ],
  ] as const)('matches the sums at each point: %s', (_name, terms) => {
    const kernel = kernelOf(terms);
    for (const count of [101, 100, 3, 2, 1]) expectWalkMatchesSums(kernel, start, step, count);
  });

  it('matches the sums on random kernels and grids', () => {
    const term = fc.tuple(
      fc.double({ min: -6, max: -2, noNaN: true }),
      fc.double({ min: 0.05, max: 400, noNaN: true }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(term, { minLength: 1, maxLength: 80 }),
        fc.double({ min: 2, max: 6, noNaN: true }),
        fc.double({ min: 1e-4, max: 0.01, noNaN: true }),
        fc.integer({ min: 1, max: 201 }),
        (terms, lnStart, h, count) => expectWalkMatchesSums(kernelOf(terms), lnStart, h, count),
      ),
      { numRuns: 200 },
    );
  });

  it('sums at each point on the js backend', () => {
    useKernelBackend('js');
    const kernel = kernelOf([[-Math.log(100), 5, 1]]);
    const sums = logGridSums(kernel, start, step, 5);
    for (let j = 0; j < 5; j++) expect(sums[j]).toBe(gaussianSumJs(kernel, start + j * step));
  });
});
