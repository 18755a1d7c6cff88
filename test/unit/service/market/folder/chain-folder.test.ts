// The chain folder over real files in a temp folder: the index reused across opens, the bounded
// chain cache, duplicates, problems, revisions, the data clock and where the index lives.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChainFolder } from '../../../../../src/service/market/folder/index.ts';
import { manualClock } from '../../../../../src/service/market/clock.ts';
import { indexPath } from '../../../../../src/service/market/folder/chain-index.ts';
import { chainText, SAMPLE_ASOF, SAMPLE_DIR, tempDir, type TempDir } from './folder-fixtures.ts';

const TUESDAY = Date.parse('2023-08-22T14:00:00Z');
const WEDNESDAY = Date.parse('2023-08-23T14:00:00Z');

let tmp: TempDir;
const opened: ChainFolder[] = [];
async function open(
  options: Parameters<typeof ChainFolder.open>[1] = {},
  dir = tmp.dir,
): Promise<ChainFolder> {
  const folder = await ChainFolder.open(dir, { watch: false, ...options });
  opened.push(folder);
  return folder;
}

beforeEach(() => {
  tmp = tempDir();
  writeFileSync(tmp.path('a_tsla.csv'), chainText());
  writeFileSync(tmp.path('b_tsla.csv'), chainText({ when: 'August 22, 2023 at 10:00 AM EDT', spot: 231.4 }));
  writeFileSync(
    tmp.path('c_abcd.csv'),
    chainText({ when: 'August 23, 2023 at 10:00 AM EDT', ticker: 'ABCD' }),
  );
});
afterEach(async () => {
  for (const f of opened.splice(0)) await f.close();
  tmp.remove();
});

describe('ChainFolder: serving', () => {
  it('serves one snapshot per file, tickers sorted, the newest snapshot as the data clock', async () => {
    const folder = await open();
    expect(folder.universe().map((t) => t.ticker)).toEqual(['ABCD', 'TSLA']);
    expect(folder.snapshotTimes('tsla', 0, Infinity)).toEqual([SAMPLE_ASOF, TUESDAY]);
    expect(folder.latestSnapshotTime('TSLA', TUESDAY - 1)).toBe(SAMPLE_ASOF);
    expect(folder.chain('TSLA', TUESDAY)?.spot).toBe(231.4);
    expect(folder.chain('TSLA', TUESDAY + 1)).toBeNull();
    expect(folder.clock.now()).toBe(WEDNESDAY);
    expect(folder.clock.kind).toBe('data');
    expect(folder.status()).toEqual({
      dir: tmp.dir,
      files: 3,
      tickers: ['ABCD', 'TSLA'],
      newestSnapshot: WEDNESDAY,
      problems: [],
      clock: 'data',
    });
  });

  it('uses a clock it is given instead of the data clock', async () => {
    const folder = await open({ clock: manualClock(5) });
    expect(folder.clock.now()).toBe(5);
    expect(folder.status().clock).toBe('real');
  });

  it('builds daily history from the snapshots, and earnings from earnings.csv', async () => {
    writeFileSync(tmp.path('earnings.csv'), 'ticker,date,time\nTSLA,2023-10-18,amc\n');
    const folder = await open();
    const h = folder.history('TSLA', TUESDAY);
    expect([...h.dates]).toEqual(['2023-08-18']);
    expect([...h.close]).toEqual([218.8]);
    expect(folder.earnings('tsla', TUESDAY)).toEqual({ date: '2023-10-18', time: 'amc' });
    expect(folder.earnings('ABCD', TUESDAY)).toBeNull();
  });

  it('keeps the first file by name of a ticker and snapshot time, whatever the arrival order', async () => {
    writeFileSync(tmp.path('0_tsla_copy.csv'), chainText({ spot: 300 }));
    const folder = await open();
    expect(folder.chain('TSLA', SAMPLE_ASOF)?.spot).toBe(300);
    expect(folder.problems).toEqual([
      { file: 'a_tsla.csv', message: 'same ticker and snapshot time as 0_tsla_copy.csv; skipped' },
    ]);
    expect(folder.skippedFiles).toBe(1);
  });

  it('lists unreadable files as problems and serves the rest', async () => {
    writeFileSync(tmp.path('d_broken.csv'), chainText().slice(0, 400));
    writeFileSync(tmp.path('e_broken.json'), '{"timestamp": "2023-08-20 22:38:00"}');
    writeFileSync(tmp.path('f_empty.csv'), '');
    writeFileSync(tmp.path('.hidden.csv'), 'ignored');
    writeFileSync(tmp.path('g.csv.part'), 'ignored');
    mkdirSync(tmp.path('history'));
    writeFileSync(tmp.path('history', 'TSLA.csv'), 'When,Value\n2023-08-18,1\n');
    const folder = await open();
    expect(folder.problems.map((p) => p.file)).toEqual([
      'd_broken.csv',
      'e_broken.json',
      'f_empty.csv',
      'history/TSLA.csv',
    ]);
    expect(folder.problems[0]?.message).toMatch(/^line \d+: expected 22 fields/);
    expect(folder.problems[2]?.message).toBe('file: the file is empty');
    expect(folder.problems[3]?.message).toMatch(
      /^the header has no date column \(Date\) and no close column \(Close\): found 'When', 'Value'.*; TSLA history comes from its snapshots only$/,
    );
    expect(folder.status().files).toBe(3);
  });

  it('refuses a folder that does not exist, or a file given as the folder', async () => {
    await expect(ChainFolder.open(tmp.path('nope'))).rejects.toThrow(
      /cannot read the chain folder .*nope: folder not found/,
    );
    await expect(ChainFolder.open(tmp.path('a_tsla.csv'))).rejects.toThrow(/not a folder/);
  });
});

describe('ChainFolder: the on-disk index', () => {
  let data: TempDir;
  beforeEach(() => {
    data = tempDir('gw-data-');
  });
  afterEach(() => data.remove());

  it('is kept in the data dir, keyed by the folder; a second open parses nothing unchanged', async () => {
    const first = await open({ dataDir: data.dir });
    expect(first.parses).toBe(3);
    const id = createHash('sha256').update(resolve(tmp.dir)).digest('hex').slice(0, 16);
    expect(first.index.location).toEqual({
      kind: 'data_dir',
      path: data.path('chain-index', `${id}.db`),
    });
    await first.close();

    const second = await open({ dataDir: data.dir });
    expect(second.parses).toBe(0);
    expect(second.snapshotTimes('TSLA', 0, Infinity)).toEqual([SAMPLE_ASOF, TUESDAY]);
    expect(second.history('TSLA', TUESDAY).atmIv[0]).toBeGreaterThan(0);
    await second.close();

    writeFileSync(tmp.path('b_tsla.csv'), chainText({ when: 'August 22, 2023 at 11:00 AM EDT' }));
    utimesSync(tmp.path('b_tsla.csv'), new Date(), new Date(Date.now() + 5000));
    writeFileSync(tmp.path('z_new.csv'), chainText({ ticker: 'NEWT' }));
    const third = await open({ dataDir: data.dir });
    expect(third.parses).toBe(2);
    expect(third.snapshotTimes('TSLA', 0, Infinity)).toEqual([SAMPLE_ASOF, TUESDAY + 3600_000]);
    expect(third.universe().map((t) => t.ticker)).toEqual(['ABCD', 'NEWT', 'TSLA']);
  });

  it('remembers files that failed, and forgets deleted ones', async () => {
    writeFileSync(tmp.path('d_broken.csv'), 'garbage');
    await (await open({ dataDir: data.dir })).close();
    rmSync(tmp.path('c_abcd.csv'));
    const again = await open({ dataDir: data.dir });
    expect(again.parses).toBe(0);
    expect(again.problems.map((p) => p.file)).toEqual(['d_broken.csv']);
    expect(again.universe().map((t) => t.ticker)).toEqual(['TSLA']);
    expect(
      again.index
        .all()
        .map((r) => r.name)
        .sort(),
    ).toEqual(['a_tsla.csv', 'b_tsla.csv', 'd_broken.csv']);
  });

  it('writes nothing into the folder it reads, with a data dir or without one', async () => {
    const before = readdirSync(tmp.dir).sort();
    await (await open({ dataDir: data.dir })).close();
    const inMemory = await open();
    expect(inMemory.index.location).toMatchObject({ kind: 'memory' });
    expect(inMemory.status().files).toBe(3);
    expect(readdirSync(tmp.dir).sort()).toEqual(before);
  });

  it('keeps a folder marked read-only readable, its index in the data dir', async () => {
    const folder = await open({ dataDir: data.dir }, SAMPLE_DIR);
    expect(folder.index.location.kind).toBe('data_dir');
    expect(folder.universe().map((t) => t.ticker)).toEqual(['TSLA']);
    expect(existsSync(join(SAMPLE_DIR, '.gammawatch'))).toBe(false);
  });

  it('falls back to memory when the data dir cannot hold it (a folder where the database should be)', async () => {
    mkdirSync(indexPath(tmp.dir, data.dir), { recursive: true });
    const folder = await open({ dataDir: data.dir });
    expect(folder.index.location.kind).toBe('memory');
    expect(folder.status().files).toBe(3);
  });
});

describe('ChainFolder: the chain cache', () => {
  it('holds at most `cacheChains` parsed chains and re-reads a file on a miss', async () => {
    const folder = await open({ cacheChains: 2, index: 'memory' });
    expect(folder.cachedChains).toBe(2);
    const parsed = folder.parses;
    expect(folder.chain('TSLA', SAMPLE_ASOF)?.spot).toBe(218.8); // evicted by the later two: a miss
    expect(folder.parses).toBe(parsed + 1);
    expect(folder.chain('TSLA', SAMPLE_ASOF)?.spot).toBe(218.8); // now a hit
    expect(folder.parses).toBe(parsed + 1);
    expect(folder.cachedChains).toBe(2);
    folder.chain('TSLA', TUESDAY);
    folder.chain('ABCD', WEDNESDAY);
    expect(folder.cachedChains).toBe(2);
    expect(folder.parses).toBe(parsed + 3); // both were evicted by the re-read of the first
  });

  it('serves no chain for a file replaced under it until it is indexed again', async () => {
    const folder = await open({ cacheChains: 1, index: 'memory' });
    writeFileSync(tmp.path('a_tsla.csv'), chainText({ when: 'August 21, 2023 at 10:00 AM EDT' }));
    expect(folder.chain('TSLA', SAMPLE_ASOF)).toBeNull();
    await folder.settled();
    expect(folder.snapshotTimes('TSLA', 0, Infinity)).toEqual([Date.parse('2023-08-21T14:00:00Z'), TUESDAY]);
  });
});

describe('ChainFolder: revisions', () => {
  it('change for a ticker whose files or history change, and only for it', async () => {
    const folder = await open({ index: 'memory' });
    const tsla = folder.revision('TSLA');
    const abcd = folder.revision('ABCD');
    await folder.close();
    const same = await open({ index: 'memory' });
    expect(same.revision('TSLA')).toBe(tsla);
    mkdirSync(tmp.path('history'));
    writeFileSync(tmp.path('history', 'TSLA.csv'), 'date,close\n2023-08-17,220\n');
    const withHistory = await open({ index: 'memory' });
    expect(withHistory.revision('TSLA')).not.toBe(tsla);
    expect(withHistory.revision('ABCD')).toBe(abcd);
  });
});

describe('ChainFolder: rescan', () => {
  it('finds files added and drops files removed without a watcher (refresh now, network drives)', async () => {
    const folder = await open();
    expect(folder.universe().map((t) => t.ticker)).toEqual(['ABCD', 'TSLA']);
    writeFileSync(
      tmp.path('d_wxyz.csv'),
      chainText({ when: 'August 23, 2023 at 11:00 AM EDT', ticker: 'WXYZ' }),
    );
    rmSync(tmp.path('c_abcd.csv'));
    // No watcher: nothing changes until asked.
    expect(folder.universe().map((t) => t.ticker)).toEqual(['ABCD', 'TSLA']);
    await folder.rescan();
    expect(folder.universe().map((t) => t.ticker)).toEqual(['TSLA', 'WXYZ']);
    expect(folder.status().files).toBe(3);
  });
});
