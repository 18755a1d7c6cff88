// Tradier's own files beside its snapshots: the daily closes as `history/<TICKER>.csv`, and when a
// file was last written. (Snapshots are written by net/snapshot-files.ts, shared with Cboe.)
import { stat } from 'node:fs/promises';
import type { TradierDay } from './schemas.ts';

/** `date,close` rows, oldest first, one per date (the last one given wins); days without a close left out. */
export function historyCsv(days: readonly TradierDay[]): string {
  const byDate = new Map<string, number>();
  for (const d of days)
    if (d.close !== null && Number.isFinite(d.close) && d.close > 0) byDate.set(d.date, d.close);
  const dates = [...byDate.keys()].sort();
  return `date,close\n${dates.map((d) => `${d},${byDate.get(d)}`).join('\n')}${dates.length ? '\n' : ''}`;
}

/** The file's modification time, or null when it does not exist. */
export async function modifiedAt(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
