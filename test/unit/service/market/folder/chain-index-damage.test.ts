// A damaged chain index is a cache gone bad, never a reason to serve nothing: it is found on open
// (quick_check, or SQLite refusing the file) and while in use, deleted, rebuilt from the files and
// reported once as a folder problem.
import { closeSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChainFolder, type ChainFolderChange } from '../../../../../src/service/market/folder/index.ts';
import { INDEX_REBUILT } from '../../../../../src/service/market/folder/chain-folder.ts';
import { ChainIndex, indexPath, isDamage } from '../../../../../src/service/market/folder/chain-index.ts';
import { chainText, tempDir, type TempDir } from './folder-fixtures.ts';

let tmp: TempDir;
let data: TempDir;
const opened: ChainFolder[] = [];

async function open(): Promise<ChainFolder> {
  const folder = await ChainFolder.open(tmp.dir, { watch: false, dataDir: data.dir });
  opened.push(folder);
  return folder;
}

/** A folder of 4 chains and 200 refused files, indexed once in the data dir and closed. */
async function indexedFolder(): Promise<void> {
  tmp = tempDir();
  data = tempDir('gw-data-');
  // Enough files that the table spans several pages, so "the middle" is a data page.
  for (let i = 0; i < 3; i++) {
    const day = 21 + i;
    writeFileSync(tmp.path(`a${i}_tsla.csv`), chainText({ when: `August ${day}, 2023 at 10:00 AM EDT` }));
  }
  writeFileSync(tmp.path('b_abcd.csv'), chainText({ ticker: 'ABCD' }));
  for (let i = 0; i < 200; i++) writeFileSync(tmp.path(`z_broken_${String(i).padStart(3, '0')}.csv`), 'junk');
  await (await open()).close();
  opened.length = 0;
}

async function cleanUp(): Promise<void> {
  for (const f of opened.splice(0)) await f.close();
  tmp.remove();
  data.remove();
}

function overwrite(path: string, at: number, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, at);
  } finally {
    closeSync(fd);
  }
}

const damages: [string, (path: string) => void][] = [
  [
    'bytes overwritten in the middle',
    (p) => overwrite(p, Math.floor(statSync(p).size / 2), Buffer.alloc(600, 0xa5)),
  ],
  [
    'its header overwritten (not a database)',
    (p) => overwrite(p, 0, Buffer.from('this is not SQLite at all')),
  ],
  ['truncated to half', (p) => truncateSync(p, Math.floor(statSync(p).size / 2))],
  ['replaced by text', (p) => writeFileSync(p, 'garbage\n'.repeat(1000))],
];

describe('a damaged chain index', () => {
  beforeEach(indexedFolder);
  afterEach(cleanUp);

  it('is a real SQLite file after a clean close (what the cases below damage)', () => {
    const path = indexPath(tmp.dir, data.dir);
    expect(readFileSync(path).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(statSync(path).size).toBeGreaterThan(8 * 4096);
  });

  it.each(damages)(
    '%s: is rebuilt from the files, said once, and clean on the next open',
    async (_name, damage) => {
      damage(indexPath(tmp.dir, data.dir));
      const folder = await open();
      const status = folder.status();
      expect(status.files).toBe(4);
      expect(status.tickers).toEqual(['ABCD', 'TSLA']);
      expect(folder.index.location.kind).toBe('data_dir');
      expect(status.problems.filter((p) => p.file === '.')).toEqual([{ file: '.', message: INDEX_REBUILT }]);
      expect(folder.parses).toBe(204);
      await folder.close();

      const again = await open();
      expect(again.parses).toBe(0);
      expect(again.status().files).toBe(4);
      expect(again.problems.some((p) => p.message === INDEX_REBUILT)).toBe(false);
    },
  );

  it('found while in use (a read refused as corrupt): rebuilt, and the folder still served', async () => {
    const folder = await open();
    const changes: ChainFolderChange[] = [];
    folder.subscribe((c) => changes.push(c));
    // Damage the file under the open connection, then make it read pages again: a second
    // connection's write moves the WAL on, so the first must drop its page cache.
    const path = indexPath(tmp.dir, data.dir);
    const other = new Database(path);
    other.pragma('wal_checkpoint(TRUNCATE)');
    other.close();
    overwrite(path, 4096, Buffer.alloc(statSync(path).size - 8192, 0xa5));
    const writer = new Database(path);
    try {
      writer.exec('PRAGMA user_version = 2');
    } catch {
      // The damage may already refuse this write; the folder's read below is what is tested.
    } finally {
      writer.close();
    }
    writeFileSync(tmp.path('c_qqq.csv'), chainText({ ticker: 'QQQ' }));
    await folder.rescan();
    expect(folder.status().tickers).toEqual(['ABCD', 'QQQ', 'TSLA']);
    expect(folder.status().files).toBe(5);
    expect(folder.index.damaged).toBe(true);
    const said = changes.flatMap((c) => c.newProblems).filter((p) => p.message === INDEX_REBUILT);
    expect(said).toHaveLength(1);
    await folder.rescan();
    expect(changes.flatMap((c) => c.newProblems).filter((p) => p.message === INDEX_REBUILT)).toHaveLength(1);
    await folder.close();

    const again = await open();
    expect(again.parses).toBe(0);
    expect(again.status().files).toBe(5);
  });
});

describe('isDamage', () => {
  it.each<[string | undefined, string, boolean]>([
    ['SQLITE_CORRUPT', 'database disk image is malformed', true],
    ['SQLITE_CORRUPT_INDEX', 'x', true],
    ['SQLITE_NOTADB', 'file is not a database', true],
    ['SQLITE_IOERR', 'disk I/O error', true],
    ['SQLITE_IOERR_SHORT_READ', 'disk I/O error', true],
    // The table gone under the open connection: its -wal and -shm overwritten.
    ['SQLITE_ERROR', 'no such table: chain_files', true],
    ['SQLITE_ERROR', 'database disk image is malformed', true],
    ['SQLITE_ERROR', 'near "SELEC": syntax error', false],
    ['SQLITE_ERROR', 'table chain_files has no column named x', false],
    ['SQLITE_BUSY', 'database is locked', false],
    ['SQLITE_CANTOPEN', 'unable to open database file', false],
    ['SQLITE_FULL', 'database or disk is full', false],
    // Not SQLite's: a bug of ours naming a table is not damage.
    [undefined, 'no such table: chain_files', false],
    ['ENOENT', 'no such table', false],
  ])('%s %s → %s', (code, message, expected) => {
    expect(isDamage(Object.assign(new Error(message), { code }))).toBe(expected);
  });

  it('is false for what is not an error', () => {
    expect(isDamage(null)).toBe(false);
    expect(isDamage('SQLITE_CORRUPT')).toBe(false);
  });
});

describe('ChainIndex.existing (probes)', () => {
  beforeEach(indexedFolder);
  afterEach(cleanUp);

  it('reads a sound index, and does without a damaged one, touching neither', () => {
    const path = indexPath(tmp.dir, data.dir);
    const sound = ChainIndex.existing(tmp.dir, data.dir);
    expect(sound.location.kind).toBe('data_dir');
    expect(sound.all()).toHaveLength(204);
    sound.close();
    overwrite(path, 0, Buffer.from('this is not SQLite at all'));
    const before = readFileSync(path);
    const damaged = ChainIndex.existing(tmp.dir, data.dir);
    expect(damaged.location.kind).toBe('memory');
    damaged.close();
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(ChainIndex.existing(tmp.dir).location.kind).toBe('memory');
  });
});
