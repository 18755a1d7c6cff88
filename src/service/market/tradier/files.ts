// Writing into the chain folder so that a reader never sees half a file: the text goes to
// `<name>.<pid>-<n>.tmp` in the same folder (so the rename cannot cross file systems), is flushed
// to disk, then renamed over the final name in one step. The folder watcher skips `*.tmp`, and a
// crash leaves at most a stray `.tmp`, never a truncated chain under a chain name.
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TradierDay } from './schemas.ts';

let counter = 0;

export async function writeAtomically(dir: string, name: string, text: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const final = join(dir, name);
  const temp = join(dir, `${name}.${process.pid}-${++counter}.tmp`);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, final);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return final;
}

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
