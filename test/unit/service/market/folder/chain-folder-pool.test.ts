// A cold start parsed in the pool of worker threads gives the index and the problems one thread
// gives (malformed files, a half-copied file, a duplicate), a thread that fails only sends its
// files back to the main thread, and the pool's sizing follows the cores, the work and the setting.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ChainFolder } from '../../../../../src/service/market/folder/index.ts';
import type { IndexRow } from '../../../../../src/service/market/folder/chain-index.ts';
import {
  MAX_PARSE_THREADS,
  MIN_FILES_PER_THREAD,
  poolSize,
  threadsFromEnv,
  THREADS_ENV,
} from '../../../../../src/service/market/folder/parse-pool.ts';
import { chainText, sampleText, tempDir, type TempDir } from './folder-fixtures.ts';

const FAILING_WORKER = new URL('./failing-parse-worker.mjs', import.meta.url);

let tmp: TempDir;
const opened: ChainFolder[] = [];

/** Opens a fresh folder over `tmp` with its own data dir (its own index). */
async function open(
  run: string,
  options: Parameters<typeof ChainFolder.open>[1] = {},
): Promise<{ folder: ChainFolder; log: string[] }> {
  const log: string[] = [];
  const folder = await ChainFolder.open(tmp.dir, {
    watch: false,
    dataDir: tmp.path(`data-${run}`),
    log: (message) => log.push(message),
    ...options,
  });
  opened.push(folder);
  return { folder, log };
}

const byName = (a: IndexRow, b: IndexRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const indexOf = (folder: ChainFolder) => folder.index.all().sort(byName);

beforeEach(() => {
  tmp = tempDir('gw-folder-pool-');
  // 12 good files of three tickers, at different times (the sample's expirations still live).
  for (let i = 0; i < 12; i++) {
    const ticker = ['TSLA', 'ABCD', 'WXYZ'][i % 3] as string;
    const when = `August ${21 + (i % 4)}, 2023 at 10:${10 + i} AM EDT`;
    writeFileSync(tmp.path(`${ticker.toLowerCase()}_${i}.csv`), chainText({ when, ticker, spot: 200 + i }));
  }
  const text = sampleText();
  writeFileSync(tmp.path('half_copied.csv'), text.slice(0, Math.floor(text.length / 2)));
  writeFileSync(tmp.path('junk.csv'), 'this is not a chain file\n1,2,3\n');
  writeFileSync(tmp.path('empty.csv'), '');
  // Same ticker and snapshot time as tsla_0.csv: a duplicate, listed and skipped.
  writeFileSync(
    tmp.path('tsla_zz_copy.csv'),
    chainText({ when: 'August 21, 2023 at 10:10 AM EDT', ticker: 'TSLA', spot: 200 }),
  );
});
afterEach(async () => {
  for (const f of opened.splice(0)) await f.close();
  tmp.remove();
});

describe('ChainFolder cold start in worker threads', () => {
  it('builds the same index, problems and universe as one thread', async () => {
    const one = await open('one', { parseThreads: 1 });
    const pool = await open('pool', { parseThreads: 3 });
    expect(one.folder.parses).toBe(16);
    expect(pool.folder.parses).toBe(16);
    // The one thread kept the chains it parsed (the duplicate too); the pool's threads sent back only the rows.
    expect(one.folder.cachedChains).toBe(13);
    expect(pool.folder.cachedChains).toBe(0);

    expect(indexOf(pool.folder)).toEqual(indexOf(one.folder));
    expect(pool.folder.problems).toEqual(one.folder.problems);
    expect(pool.folder.status()).toEqual(one.folder.status());
    const failed = pool.folder.problems.map((p) => p.file);
    expect(failed).toEqual(['empty.csv', 'half_copied.csv', 'junk.csv', 'tsla_zz_copy.csv']);
    expect(pool.log).toEqual([]);
    // A chain not in the cache is read again from its file on demand.
    const [at] = pool.folder.snapshotTimes('WXYZ', 0, Infinity);
    expect(pool.folder.chain('WXYZ', at as number)?.spot).toBe(one.folder.chain('WXYZ', at as number)?.spot);

    // The index written by the pool is reused: a second start parses nothing.
    await pool.folder.close();
    const again = await open('pool', { parseThreads: 3 });
    expect(again.folder.parses).toBe(0);
    expect(indexOf(again.folder)).toEqual(indexOf(one.folder));
  });

  it.each([
    ['a thread that exits', 'crash', /exited with code 3/],
    ['a thread that throws', 'throw', /thrown on purpose/],
  ])('%s: its file is parsed on the main thread, and the log says so', async (_what, word, why) => {
    writeFileSync(
      tmp.path(`abcd_${word}.csv`),
      chainText({ when: 'August 25, 2023 at 3:00 PM EDT', ticker: 'ABCD' }),
    );
    const one = await open('one', { parseThreads: 1 });
    const pool = await open('pool', { parseThreads: 2, parseWorker: FAILING_WORKER });
    expect(indexOf(pool.folder)).toEqual(indexOf(one.folder));
    expect(pool.folder.problems).toEqual(one.folder.problems);
    expect(pool.folder.snapshotTimes('ABCD', 0, Infinity)).toContain(Date.parse('2023-08-25T19:00:00Z'));
    expect(pool.log).toHaveLength(1);
    expect(pool.log[0]).toContain(`parsing abcd_${word}.csv in a worker thread failed`);
    expect(pool.log[0]).toMatch(why);
    expect(pool.log[0]).toContain('parsed on the main thread instead');
  });

  it('parses every file on the main thread when no thread can start', async () => {
    const one = await open('one', { parseThreads: 1 });
    const missing = new URL('./no-such-worker.mjs', import.meta.url);
    const pool = await open('pool', { parseThreads: 2, parseWorker: missing });
    expect(indexOf(pool.folder)).toEqual(indexOf(one.folder));
    expect(pool.folder.problems).toEqual(one.folder.problems);
    // Both threads died at start: the first files are named, then one line says how many in all.
    expect(pool.log).toHaveLength(6);
    for (const line of pool.log.slice(0, 5))
      expect(line).toMatch(/^chain folder: parsing \S+ in a worker thread failed/);
    expect(pool.log[5]).toBe('chain folder: 16 files in all were parsed on the main thread instead');
  });

  it('leaves no thread behind: a process that opened a folder with the pool exits by itself', async () => {
    const folderTs = fileURLToPath(
      new URL('../../../../../src/service/market/folder/index.ts', import.meta.url),
    );
    const script = `
      import { ChainFolder } from ${JSON.stringify(folderTs)};
      const folder = await ChainFolder.open(${JSON.stringify(tmp.dir)}, { watch: false, index: 'memory', parseThreads: 2 });
      process.stdout.write(String(folder.parses) + ' ' + folder.cachedChains);
      await folder.close();
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Failing (timing out) leaves no process either.
    onTestFinished(() => {
      if (child.exitCode === null) child.kill();
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    // A thread left running would keep the child alive: the test would time out here.
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    // Parsed in the pool (nothing cached on the main thread), started with --input-type as the benches do.
    expect(out).toBe('16 0');
  });

  it('runs on one thread when no worker file is found', async () => {
    const one = await open('one', { parseThreads: 1 });
    const pool = await open('pool', { parseThreads: 4, parseWorker: null });
    expect(indexOf(pool.folder)).toEqual(indexOf(one.folder));
    expect(pool.folder.cachedChains).toBe(13);
    expect(pool.log).toEqual([]);
  });
});

describe('poolSize', () => {
  it.each([
    // jobs, threads, cores → threads used (0: the main thread alone)
    [2000, 'auto', 2, 2],
    [2000, 'auto', 64, MAX_PARSE_THREADS],
    [2000, 'auto', 1, 0],
    [MIN_FILES_PER_THREAD * 2, 'auto', 8, 2],
    [MIN_FILES_PER_THREAD * 2 - 1, 'auto', 8, 0],
    [3, 'auto', 8, 0],
    [2000, 1, 8, 0],
    [2000, 3, 2, 3],
    [2, 4, 8, 2],
    [1, 4, 8, 0],
    [0, 4, 8, 0],
  ] as const)('%i jobs, threads %s, %i cores → %i', (jobs, threads, cores, expected) => {
    expect(poolSize(jobs, threads, cores)).toBe(expected);
  });
});

describe('threadsFromEnv', () => {
  it.each([
    [undefined, 'auto'],
    ['', 'auto'],
    ['auto', 'auto'],
    ['1', 1],
    [' 4 ', 4],
    ['0', 'auto'],
    ['-2', 'auto'],
    ['2.5', 'auto'],
    ['many', 'auto'],
  ] as const)('%s → %s', (raw, expected) => {
    expect(threadsFromEnv(raw === undefined ? {} : { [THREADS_ENV]: raw })).toBe(expected);
  });
});
