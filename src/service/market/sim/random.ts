// Seeded randomness for the simulator. Every stream is derived from a key such as
// (seed, ticker, date, purpose) by hashing, so any one day's chain can be rebuilt on its own
// without replaying the days before it, and the same seed gives the same bytes in every process.

/** splitmix32 step: a good 32-bit mixer, used to hash keys and to expand a seed into a state. */
function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A 32-bit hash of a key made of strings and numbers (numbers are taken as text, so 1 ≠ 1.5). */
export function hashKey(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? `#${part}` : `$${part}`;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = mix32(h ^ text.length);
  }
  return h >>> 0;
}

/** xoshiro128** (Blackman & Vigna): fast, 128-bit state, passes BigCrush for float use. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  constructor(seed: number) {
    let s = seed >>> 0;
    this.a = s = mix32(s);
    this.b = s = mix32(s);
    this.c = s = mix32(s);
    this.d = mix32(s);
    if ((this.a | this.b | this.c | this.d) === 0) this.d = 1;
  }

  /** A stream for a key, e.g. `Rng.for(seed, 'AAPL', '2024-03-01', 'chain')`. */
  static for(...parts: readonly (string | number)[]): Rng {
    return new Rng(hashKey(...parts));
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  /** Standard normal (Box-Muller, both values used). */
  normal(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.float();
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * this.float();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /** Picks an index with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i] as number;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
