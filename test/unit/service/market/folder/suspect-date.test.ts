// A file whose Date line is days before its nearest expiration, on a ticker that
// lists an expiration every trading day, is imported as the file says but said to be probably
// misdated: in the folder's problems (what was refused and why) and in the snapshot's notes.
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChainFolder } from '../../../../../src/service/market/folder/index.ts';
import { suspectDateNote } from '../../../../../src/service/market/import/date-line.ts';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';
import { chainFileText, chainPreamble, chainRows } from '../../../../support/cboe-chain-file.ts';
import { tempDir, type TempDir } from './folder-fixtures.ts';

/** NDX "13 May 2023" holding a chain listed on May 22: its nearest expiration is Friday May 26. */
const misdated = () =>
  chainPreamble('NDX', '2023-05-13', 13500) +
  chainRows({ ticker: 'NDX', date: '2023-05-22', spot: 13500, expirations: 4, strikes: 40 });

const NOTE =
  "the file says 13 May 2023 but its nearest expiration is May 26; a ticker with daily expirations lists one within a few days: the file's Date line is probably wrong";

describe('suspectDateNote', () => {
  const at = (date: string) => nyToEpoch(date, 16 * 60 + 15);
  it.each<[string, string, string, string | null]>([
    ['NDX ten days early', 'NDX', '2023-05-13', NOTE],
    ['an index spelled ^SPX', '^SPX', '2023-05-13', NOTE],
    ['SPY the Friday before a Monday expiration', 'SPY', '2023-05-19', null],
    ['QQQ a day before', 'QQQ', '2023-05-25', null],
    // A download of the weeklies only: a week and a day to the next Friday, not doubted.
    ['SPY weeklies after a Thursday close', 'SPY', '2023-05-18', null],
    ['AAPL lists no dailies', 'AAPL', '2023-05-13', null],
  ])('%s', (_name, ticker, date, note) => {
    const nearest = date === '2023-05-19' ? '2023-05-22' : '2023-05-26';
    expect(suspectDateNote(ticker, at(date), nearest)).toBe(note);
  });

  it('names the year of an expiration in another year', () => {
    expect(suspectDateNote('SPY', at('2023-12-22'), '2024-01-05')).toMatch(
      /nearest expiration is Jan 5, 2024;/,
    );
  });
});

describe('a misdated file in a chain folder', () => {
  let tmp: TempDir;
  let folder: ChainFolder | null = null;
  beforeEach(() => {
    tmp = tempDir();
    writeFileSync(tmp.path('ndx_quotedata.csv'), misdated());
    writeFileSync(
      tmp.path('spy_quotedata.csv'),
      chainFileText({ ticker: 'SPY', date: '2023-05-12', spot: 412, expirations: 4, strikes: 40 }),
    );
  });
  afterEach(async () => {
    await folder?.close();
    tmp.remove();
  });

  it('is served as the file says, listed among the problems and noted on its snapshot', async () => {
    folder = await ChainFolder.open(tmp.dir, { watch: false });
    expect(folder.universe().map((t) => t.ticker)).toEqual(['NDX', 'SPY']);
    expect(folder.problems).toEqual([{ file: 'ndx_quotedata.csv', message: `imported, but ${NOTE}` }]);
    const [time] = folder.snapshotTimes('NDX', 0, Infinity);
    expect(folder.snapshot('NDX', time as number)?.notes).toContain(`Snapshot date: ${NOTE}`);
    const [spy] = folder.snapshotTimes('SPY', 0, Infinity);
    expect(folder.snapshot('SPY', spy as number)?.notes.join(' ')).not.toMatch(/probably wrong/);
  });
});
