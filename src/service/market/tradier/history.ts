// Daily closes for `history/<TICKER>.csv`, the file the chain folder's history reader takes
// (`date,close`). Fetched over the two years that end at the snapshot's own date (not the wall
// clock's: a snapshot of a past session, such as sandbox data served late, needs the closes before
// it), only when the file is missing or does not yet hold the last session completed at the
// snapshot; a file the collector did not write (a user's export, with other columns) is never
// replaced.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, epochToNy, sessionOf, type IsoDate } from '../../../shared/market-calendar.ts';
import { lastClosedSession } from '../net/market-schedule.ts';
import type { TradierClient } from './client.ts';
import { writeAtomically } from '../net/snapshot-files.ts';
import { historyCsv } from './files.ts';

/** Our own header: a file that starts otherwise was put there by someone else. */
const OWN_HEADER = 'date,close';
const HISTORY_DAYS = 730;

export type HistoryOutcome =
  { kind: 'written'; file: string; rows: number } | { kind: 'fresh' } | { kind: 'foreign'; file: string };

/** The last date of a `date,close` file we wrote; 'foreign' for any other file; null if none. */
async function lastDateInFile(path: string): Promise<IsoDate | 'foreign' | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0]?.trim().toLowerCase() !== OWN_HEADER) return 'foreign';
  const last = /^(\d{4}-\d{2}-\d{2}),/.exec(lines.at(-1) ?? '');
  return last ? (last[1] as IsoDate) : null;
}

export async function refreshHistory(
  client: TradierClient,
  chainsDir: string,
  ticker: string,
  /** The snapshot's time, epoch ms: the window ends at its New York date. */
  asof: number,
): Promise<HistoryOutcome> {
  const dir = join(chainsDir, 'history');
  const name = `${ticker}.csv`;
  const path = join(dir, name);
  const held = await lastDateInFile(path);
  if (held === 'foreign') return { kind: 'foreign', file: path };
  const wanted = lastClosedSession(asof);
  if (held !== null && held >= wanted) return { kind: 'fresh' };
  const day = epochToNy(asof).date;
  const days = await client.history(ticker, addDays(day, -HISTORY_DAYS), day);
  // A bar after the snapshot is not asked for; one of a session still open at it is not a close yet.
  const closed = days.filter((d) => {
    const session = sessionOf(d.date);
    return d.date < day || (d.date === day && session !== null && asof >= session.close);
  });
  if (closed.length === 0) throw new Error(`Tradier returned no daily history for ${ticker}`);
  const file = await writeAtomically(dir, name, historyCsv(closed));
  return { kind: 'written', file, rows: closed.length };
}
