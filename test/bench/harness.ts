// Shared shape of a benchmark: each test/bench/*.bench.ts exports a default function returning
// named measurements with their targets, and run.ts writes them all to results/ with the machine.

export interface Measurement {
  /** What was measured, e.g. "flip: 10,000 contracts, 201-point grid". */
  name: string;
  value: number;
  unit: string;
  /** The target from the issue, if any, and which way is better. */
  target?: { value: number; better: 'lower' | 'higher' };
  /** Free-form context: a baseline, a ratio, sample counts. */
  note?: string;
}

export interface BenchSuite {
  name: string;
  run(): Promise<Measurement[]>;
}

/** Median wall time of `fn` over `runs` runs after `warmup` untimed runs, in milliseconds. */
export async function medianMs(fn: () => unknown, runs = 20, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

export function meets(m: Measurement): boolean | null {
  if (!m.target) return null;
  return m.target.better === 'lower' ? m.value <= m.target.value : m.value >= m.target.value;
}
