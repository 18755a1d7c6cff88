// Symbolic links in a chain folder follow one rule whether they are there at start (the scan) or
// appear while the folder is watched: a link to a regular file, inside or outside the folder, is
// read like a file; a link to a directory is not; a dangling link is skipped.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChainFolder } from '../../../../../src/service/market/folder/index.ts';
import { listFiles } from '../../../../../src/service/market/folder/file-names.ts';
import { chainText, tempDir, waitForFolder, type TempDir } from './folder-fixtures.ts';

let tmp: TempDir;
let outside: TempDir;
const opened: ChainFolder[] = [];

beforeEach(() => {
  tmp = tempDir();
  outside = tempDir('gw-outside-');
  writeFileSync(tmp.path('a_tsla.csv'), chainText());
  writeFileSync(tmp.path('inside.txt'), chainText({ ticker: 'INSD' }));
  writeFileSync(outside.path('qqq.csv'), chainText({ ticker: 'QQQ' }));
  mkdirSync(outside.path('sub.csv'));
  writeFileSync(outside.path('sub.csv', 'x_spy.csv'), chainText({ ticker: 'SPY' }));
});
afterEach(async () => {
  for (const f of opened.splice(0)) await f.close();
  tmp.remove();
  outside.remove();
});

type Link = [name: string, target: (t: TempDir, o: TempDir) => string];

/** Each link and the ticker it serves (null: not read). */
const links: [string, Link, string | null][] = [
  ['a link to a file outside the folder', ['b_qqq.csv', (_t, o) => o.path('qqq.csv')], 'QQQ'],
  ['a link to a file inside the folder', ['c_insd.csv', (t) => t.path('inside.txt')], 'INSD'],
  ['a link to a directory named like a chain file', ['d_dir.csv', (_t, o) => o.path('sub.csv')], null],
  ['a dangling link', ['e_gone.csv', (_t, o) => o.path('missing.csv')], null],
];

function link([name, target]: Link): void {
  symlinkSync(target(tmp, outside), tmp.path(name));
}

describe('symlinked chain files', () => {
  it.each(links)('at start: %s', async (_what, l, ticker) => {
    link(l);
    const folder = await ChainFolder.open(tmp.dir, { watch: false, index: 'memory' });
    opened.push(folder);
    const expected = ['TSLA', ...(ticker ? [ticker] : [])].sort();
    expect(folder.universe().map((t) => t.ticker)).toEqual(expected);
    expect(folder.problems).toEqual([]);
  });

  it.each(links)('while running: %s', async (_what, l, ticker) => {
    const folder = await ChainFolder.open(tmp.dir, {
      watch: { stabilityMs: 100, pollMs: 20 },
      index: 'memory',
    });
    opened.push(folder);
    link(l);
    if (ticker !== null) {
      await waitForFolder(folder, () => folder.universe().length === 2, `${ticker} to be served`);
      expect(folder.universe().map((t) => t.ticker)).toEqual(['TSLA', ticker].sort());
    } else {
      // Nothing to wait for: a marker file written after the link proves the link was seen first.
      writeFileSync(tmp.path('z_mark.csv'), chainText({ ticker: 'MARK' }));
      await waitForFolder(
        folder,
        () => folder.universe().some((t) => t.ticker === 'MARK'),
        'the marker file',
      );
      await folder.settled();
      expect(folder.universe().map((t) => t.ticker)).toEqual(['MARK', 'TSLA']);
    }
    expect(folder.problems).toEqual([]);
  });

  it('reads a symlinked history file at start like a plain one', async () => {
    mkdirSync(tmp.path('history'));
    writeFileSync(outside.path('TSLA.csv'), 'Date,Close\n2023-08-17,215.49\n2023-08-18,215.49\n');
    symlinkSync(outside.path('TSLA.csv'), tmp.path('history', 'TSLA.csv'));
    expect(await listFiles(tmp.path('history'))).toEqual(['TSLA.csv']);
  });
});

describe('listFiles', () => {
  it('lists regular files and links to them, not directories, links to them or dangling links', async () => {
    for (const l of links) link(l[1]);
    mkdirSync(tmp.path('history'));
    expect((await listFiles(tmp.dir)).sort()).toEqual([
      'a_tsla.csv',
      'b_qqq.csv',
      'c_insd.csv',
      'inside.txt',
    ]);
  });
});
