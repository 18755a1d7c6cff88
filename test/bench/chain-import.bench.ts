// How close `importChainText` comes to the cost of merely reading a Cboe chain file. The floor is a
// plain tight loop that splits the text into lines and fields and parses every numeric field with
// Number(); the import does that and every check, the OCC symbols, the expiration dates, the
// duplicate check and the packing into columns. Both are timed in the same process, alternating run
// by run (so a neighbour's load falls on both alike), after a warm-up; the medians and their ratio
// are reported for the real Cboe sample and for generated files of the sizes of real NVDA, SPY and
// SPX downloads and a larger one.
import { readFileSync } from 'node:fs';
import { importChainText } from '../../src/service/market/import/index.ts';
import { sizedChains } from '../unit/service/market/import/equivalence-cases.ts';
import type { BenchSuite, Measurement } from './harness.ts';

const SAMPLE = new URL('../../../shared/fixtures/cboe/tsla_quotedata.csv', import.meta.url);
const TARGET_RATIO = 1.5;
/** Each file's floor and import run alternately for at least this long before timing. */
const WARMUP_MS = 400;

/** The numeric columns of the Cboe layout: both sides' prices, greeks and counts, and the strike. */
const NUMERIC_COLUMNS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21];

/** Split into lines and fields, parse every numeric field: what any reader of the file must do. */
function floor(text: string): number {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => l.startsWith('Expiration Date,'));
  let sum = 0;
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.length === 0) continue;
    const fields = line.split(',');
    for (const c of NUMERIC_COLUMNS) sum += Number(fields[c]);
  }
  return sum;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Medians of the floor and the import over `runs` alternating runs after a warm-up of both. */
function sideBySide(
  text: string,
  runs: number,
  warmup: number,
): { floorMs: number; importMs: number; size: number } {
  let sink = 0;
  let size = 0;
  // Warm-up by count and by time: a small file needs hundreds of runs before the optimizing
  // compiler has seen enough of the importer, as it has of the floor's one loop.
  const warmUntil = performance.now() + WARMUP_MS;
  for (let i = 0; i < warmup || performance.now() < warmUntil; i++) {
    sink += floor(text);
    size = importChainText(text, 'bench.csv').chain.size;
  }
  const floorTimes: number[] = [];
  const importTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    sink += floor(text);
    floorTimes.push(performance.now() - t0);
    t0 = performance.now();
    importChainText(text, 'bench.csv');
    importTimes.push(performance.now() - t0);
  }
  if (Number.isNaN(sink)) size = -1; // keeps the floor's result alive
  return { floorMs: median(floorTimes), importMs: median(importTimes), size };
}

const suite: BenchSuite = {
  name: 'chain import: importChainText against splitting and parsing the file',
  async run(): Promise<Measurement[]> {
    const files = [
      { name: 'TSLA sample (real, 118 rows)', text: readFileSync(SAMPLE, 'utf8') },
      ...sizedChains().map((c) => ({ name: `${c.name}, generated`, text: c.text })),
    ];
    const out: Measurement[] = [];
    for (const { name, text } of files) {
      const mb = text.length / 1e6;
      const runs = mb < 0.2 ? 61 : mb < 2 ? 25 : 9;
      const { floorMs, importMs, size } = sideBySide(text, runs, Math.min(10, runs));
      const label = `${name}, ${mb >= 1 ? `${mb.toFixed(2)} MB` : `${Math.round(mb * 1000)} KB`}`;
      out.push(
        { name: `${label}: floor (split and parse)`, value: floorMs, unit: 'ms', note: `median of ${runs}` },
        {
          name: `${label}: importChainText`,
          value: importMs,
          unit: 'ms',
          note: `${size} contracts; median of ${runs}`,
        },
        {
          name: `${label}: import / floor`,
          value: importMs / floorMs,
          unit: '×',
          target: { value: TARGET_RATIO, better: 'lower' },
        },
      );
    }
    return out;
  },
};
export default suite;
