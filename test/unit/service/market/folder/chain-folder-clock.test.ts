// The chain folder's data clock against files dated in the future, each ticker's own newest file,
// and the notes it adds about a file (closed day, partial download).
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChainFolder } from '../../../../../src/service/market/folder/index.ts';
import { chainText, SAMPLE_ASOF, tempDir, type TempDir } from './folder-fixtures.ts';

const TUESDAY = Date.parse('2023-08-22T14:00:00Z');
const FUTURE = Date.parse('2033-01-03T21:00:00Z'); // Mon Jan 3 2033 16:00 EST
/** The wall clock of these tests: Sep 14 2025. */
const WALL = Date.parse('2025-09-14T14:00:00Z');

/** NDX's chain dated Jan 3 2033, its expiration moved to the Friday after (else all expired). */
function futureNdx(): string {
  return chainText({ when: 'January 3, 2033 at 4:00 PM EST', ticker: 'NDX' })
    .replaceAll('Fri Aug 25 2023', 'Fri Jan 7 2033')
    .replaceAll('230825', '330107');
}

let tmp: TempDir;
const opened: ChainFolder[] = [];
async function open(realNow: () => number = () => WALL): Promise<ChainFolder> {
  const folder = await ChainFolder.open(tmp.dir, { watch: false, index: 'memory', realNow });
  opened.push(folder);
  return folder;
}

beforeEach(() => {
  tmp = tempDir();
  writeFileSync(tmp.path('a_tsla.csv'), chainText());
  writeFileSync(tmp.path('b_tsla.csv'), chainText({ when: 'August 22, 2023 at 10:00 AM EDT', spot: 231.4 }));
});
afterEach(async () => {
  for (const f of opened.splice(0)) await f.close();
  tmp.remove();
});

describe('ChainFolder: a file dated in the future', () => {
  beforeEach(() => {
    writeFileSync(tmp.path('z_ndx.csv'), futureNdx());
  });

  it('does not move the data clock, and is flagged plainly', async () => {
    const folder = await open();
    expect(folder.clock.now()).toBe(TUESDAY);
    expect(folder.newestSnapshot).toBe(TUESDAY);
    expect(folder.status().newestSnapshot).toBe(TUESDAY);
    expect(folder.problems).toEqual([
      {
        file: 'z_ndx.csv',
        message:
          "dated in the future: its snapshot time Jan 3 2033 16:00 ET is later than this computer's clock; it is not served, and does not move the data clock, until then",
      },
    ]);
    expect(folder.status().problems).toEqual(folder.problems);
  });

  it('is held, not served before its time: NDX has no latest snapshot, but a newest one', async () => {
    const folder = await open();
    expect(folder.latestSnapshotTime('NDX', folder.clock.now())).toBeNull();
    expect(folder.newestSnapshotTime('NDX')).toBe(FUTURE);
    expect(folder.newestSnapshotTime('TSLA')).toBe(TUESDAY);
  });

  it('tells subscribers about it once, when the folder changes', async () => {
    const folder = await open();
    const seen: string[] = [];
    folder.subscribe((change) => seen.push(...change.newProblems.map((p) => p.file)));
    writeFileSync(tmp.path('c_tsla.csv'), chainText({ when: 'August 23, 2023 at 10:00 AM EDT' }));
    await folder.rescan();
    expect(seen).toEqual([]); // reported by the first scan already
    expect(folder.problems.map((p) => p.file)).toEqual(['z_ndx.csv']);
  });

  it('counts once the wall clock reaches it', async () => {
    let wall = WALL;
    const folder = await open(() => wall);
    wall = FUTURE + 60_000;
    expect(folder.clock.now()).toBe(FUTURE);
    expect(folder.problems).toEqual([]);
  });
});

describe('ChainFolder: notes about a file', () => {
  it('says which session a Sunday file shows, and that the sample is a partial chain', async () => {
    const folder = await open();
    const chain = folder.chain('TSLA', SAMPLE_ASOF);
    expect(chain).not.toBeNull();
    expect(folder.snapshotNotes('TSLA', SAMPLE_ASOF, chain!)).toEqual([
      'snapshot taken on a Sunday (Sun Aug 20 2023), when the exchange was closed: its prices are the close of the Fri Aug 18 2023 session, and its daily point is that session',
      'partial chain: only the nearest expiration (Aug 25), none more than 60 days out; put/call OI and GEX cover it only',
    ]);
  });

  it('says nothing about the session of a file taken during one', async () => {
    const folder = await open();
    const notes = folder.snapshotNotes('TSLA', TUESDAY, folder.chain('TSLA', TUESDAY)!);
    expect(notes.some((n) => n.startsWith('snapshot taken'))).toBe(false);
  });

  it('keeps each file’s expiration count in the index', async () => {
    const folder = await open();
    const rows = folder.index.all().filter((r) => r.kind === 'chain');
    expect(rows.map((r) => (r.kind === 'chain' ? [r.expirations, r.lastExpiration] : null))).toEqual([
      [1, '2023-08-25'],
      [1, '2023-08-25'],
    ]);
  });
});
