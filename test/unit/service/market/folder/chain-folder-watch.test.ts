// The live folder: files copied in, replaced, half-written and deleted while it is open. Every wait
// is on the folder's change events, with a generous deadline.
import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChainFolder, type ChainFolderChange } from '../../../../../src/service/market/folder/index.ts';
import { chainText, SAMPLE_ASOF, tempDir, waitForFolder, type TempDir } from './folder-fixtures.ts';

const TUESDAY = Date.parse('2023-08-22T14:00:00Z');
let tmp: TempDir;
let folder: ChainFolder;
const changes: ChainFolderChange[] = [];

beforeEach(async () => {
  tmp = tempDir();
  writeFileSync(tmp.path('a_tsla.csv'), chainText());
  folder = await ChainFolder.open(tmp.dir, { watch: { stabilityMs: 150, pollMs: 25 } });
  folder.subscribe((c) => changes.push(c));
});
afterEach(async () => {
  await folder.close();
  changes.length = 0;
  tmp.remove();
});

describe('ChainFolder watching', () => {
  it('serves a file copied in (through a temporary name), and grows the universe', async () => {
    writeFileSync(
      tmp.path('b_abcd.csv.part'),
      chainText({ ticker: 'ABCD', when: 'August 22, 2023 at 10:00 AM EDT' }),
    );
    renameSync(tmp.path('b_abcd.csv.part'), tmp.path('b_abcd.csv'));
    await waitForFolder(folder, () => folder.universe().length === 2, 'ABCD to be served');
    expect(folder.universe().map((t) => t.ticker)).toEqual(['ABCD', 'TSLA']);
    expect(folder.chain('ABCD', TUESDAY)?.ticker).toBe('ABCD');
    expect(folder.clock.now()).toBe(TUESDAY);
    expect(changes.some((c) => c.files.includes('b_abcd.csv'))).toBe(true);
  });

  it('skips a truncated file as a problem, then serves it once complete', async () => {
    const text = chainText({ when: 'August 22, 2023 at 10:00 AM EDT' });
    writeFileSync(tmp.path('b_tsla.csv'), text.slice(0, 5000));
    await waitForFolder(
      folder,
      () => folder.problems.some((p) => p.file === 'b_tsla.csv'),
      'the truncated file',
    );
    expect(folder.problems[0]?.message).toMatch(/^line \d+/);
    expect(folder.snapshotTimes('TSLA', 0, Infinity)).toEqual([SAMPLE_ASOF]);
    const reported = changes.flatMap((c) => c.newProblems);
    expect(reported).toHaveLength(1);

    appendFileSync(tmp.path('b_tsla.csv'), text.slice(5000));
    await waitForFolder(
      folder,
      () => folder.latestSnapshotTime('TSLA', Infinity) === TUESDAY,
      'the completed file',
    );
    expect(folder.problems).toEqual([]);
    expect(folder.chain('TSLA', TUESDAY)?.size).toBeGreaterThan(100);
  });

  it('serves a replaced file’s new content under the same snapshot time, with a new revision', async () => {
    const before = folder.revision('TSLA');
    expect(folder.chain('TSLA', SAMPLE_ASOF)?.spot).toBe(218.8);
    writeFileSync(tmp.path('a_tsla.csv'), chainText({ spot: 250 }));
    await waitForFolder(folder, () => folder.revision('TSLA') !== before, 'the replaced file');
    expect(folder.chain('TSLA', SAMPLE_ASOF)?.spot).toBe(250);
    expect(folder.history('TSLA', TUESDAY).close[0]).toBe(250);
  });

  it('forgets a deleted file', async () => {
    writeFileSync(tmp.path('b_abcd.csv'), chainText({ ticker: 'ABCD' }));
    await waitForFolder(folder, () => folder.universe().length === 2, 'ABCD');
    rmSync(tmp.path('b_abcd.csv'));
    await waitForFolder(folder, () => folder.universe().length === 1, 'ABCD to go');
    expect(folder.index.all().map((r) => r.name)).toEqual(['a_tsla.csv']);
  });

  it('reads history files and earnings.csv as they arrive, and reports a bad one once', async () => {
    mkdirSync(tmp.path('history'));
    writeFileSync(tmp.path('history', 'TSLA.csv'), 'date,close\n2023-08-17,221\n2023-08-18,219\n');
    await waitForFolder(folder, () => folder.history('TSLA', TUESDAY).dates.length === 2, 'the history file');
    expect([...folder.history('TSLA', TUESDAY).close]).toEqual([221, 219]);

    writeFileSync(tmp.path('history', 'TSLA.csv'), 'When,Value\n2023-08-17,221\n');
    await waitForFolder(folder, () => folder.problems.length === 1, 'the bad history file');
    expect(folder.problems[0]?.file).toBe('history/TSLA.csv');
    expect(folder.chain('TSLA', SAMPLE_ASOF)).not.toBeNull();

    writeFileSync(tmp.path('earnings.csv'), 'ticker,date,time\nTSLA,2023-10-18,amc\n');
    await waitForFolder(folder, () => folder.earnings('TSLA', TUESDAY) !== null, 'earnings.csv');
    expect(changes.flatMap((c) => c.newProblems).map((p) => p.file)).toEqual(['history/TSLA.csv']);
  });
});
