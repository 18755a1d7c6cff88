// A collector's snapshot as a file of the chain folder (Tradier's and Cboe's alike): its name and its
// write. Writing so that a reader never sees half a file: the text goes to `<name>.<pid>-<n>.tmp` in
// the same folder (so the rename cannot cross file systems), is flushed to disk, then renamed over
// the final name in one step. The folder watcher skips `*.tmp`, and a crash leaves at most a stray
// `.tmp`, never a truncated chain under a chain name.
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** `SPY_2025-09-12T20-00-00Z.tradier.json`: sortable, and free of characters Windows refuses. */
export function snapshotFileName(ticker: string, asof: number, source: 'tradier' | 'cboe'): string {
  const stamp = new Date(asof)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `${ticker}_${stamp}.${source}.json`;
}

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
