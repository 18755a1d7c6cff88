// `npm run bench`: runs every test/bench/*.bench.ts (or those named on the command line), prints
// a table and writes test/bench/results/latest.{json,md} with the machine it ran on.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { meets, type BenchSuite, type Measurement } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const all = (await readdir(here)).filter((f) => f.endsWith('.bench.ts')).sort();
// A name that is exactly a suite's ("chain-import") runs that suite alone, not every suite whose
// file name contains it ("chain-import-limits"); any other name matches by substring.
// Suites that take many minutes run only when named: a plain `npm run bench` leaves them out.
const ONLY_WHEN_NAMED = new Set(['year.bench.ts']);
const files = all.filter((f) =>
  only.length === 0
    ? !ONLY_WHEN_NAMED.has(f)
    : only.some((o) => (all.includes(`${o}.bench.ts`) ? f === `${o}.bench.ts` : f.includes(o))),
);

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memory_gib: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  date: new Date().toISOString(),
};

type Machine = typeof machine;
interface SuiteResult {
  suite: string;
  file: string;
  machine: Machine;
  measurements: Measurement[];
}
const results: SuiteResult[] = [];
for (const file of files) {
  const suite = (await import(pathToFileURL(join(here, file)).href)).default as BenchSuite;
  process.stdout.write(`\n== ${suite.name}\n`);
  const measurements = await suite.run();
  for (const m of measurements) {
    const ok = meets(m);
    const target = m.target
      ? ` (target ${m.target.better === 'lower' ? '≤' : '≥'} ${m.target.value} ${m.unit})`
      : '';
    const verdict = ok === null ? '' : ok ? '  ok' : '  MISSED';
    process.stdout.write(
      `  ${m.name}: ${fmt(m.value)} ${m.unit}${target}${verdict}${m.note ? `  — ${m.note}` : ''}\n`,
    );
  }
  results.push({ suite: suite.name, file, machine, measurements });
}

function fmt(v: number): string {
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const out = join(here, 'results');
await mkdir(out, { recursive: true });
// A run of some suites replaces just those suites: the file always holds the latest figure of each.
const previous = await readPrevious(join(out, 'latest.json'));
const ran = new Set(results.map((r) => r.file));
const merged = [...previous.filter((r) => !ran.has(r.file) && files.length !== 0), ...results].sort((a, b) =>
  a.file.localeCompare(b.file),
);
await writeFile(join(out, 'latest.json'), JSON.stringify({ results: merged }, null, 2) + '\n');
const md = merged.flatMap(({ suite, machine: m, measurements }) => [
  `### ${suite}`,
  '',
  `${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB, Node ${m.node}, ${m.platform}; ${m.date}`,
  '',
  '| measurement | value | target | met |',
  '|---|---|---|---|',
  ...measurements.map((x) => {
    const ok = meets(x);
    const target = x.target ? `${x.target.better === 'lower' ? '≤' : '≥'} ${x.target.value}` : '';
    return `| ${x.name}${x.note ? ` (${x.note})` : ''} | ${fmt(x.value)} ${x.unit} | ${target} | ${ok === null ? '' : ok ? 'yes' : 'no'} |`;
  }),
  '',
]);
await writeFile(join(out, 'latest.md'), md.join('\n'));
process.stdout.write(`\nwrote ${join('test/bench/results', 'latest.md')}\n`);

async function readPrevious(file: string): Promise<SuiteResult[]> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { results?: SuiteResult[] };
    return Array.isArray(parsed.results)
      ? parsed.results.filter((r) => typeof r.file === 'string' && Array.isArray(r.measurements))
      : [];
  } catch {
    return [];
  }
}
