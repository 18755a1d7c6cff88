// Which names in a chain folder are chain files. Only the folder's own level is read: `history/`
// holds daily price files, and writers that copy through a temporary name (`x.csv.tmp`,
// `x.csv.part`, dot-files such as rsync's `.x.csv.AbC123`) are skipped until renamed. Nothing is
// ever written into the folder (the index lives in the app's data folder: chain-index.ts).
//
// Symbolic links, one rule for the first scan (`listFiles`) and the watcher (folder-watch.ts, which
// follows links): a link to a regular file, inside or outside the folder, is read like a file (its
// target's size and mtime are its identity), at start and while running alike; a link to a
// directory is never read as a file nor descended into (`history/` alone is read, folder or link
// to one); a dangling link is skipped (a rescan sees it once its target exists).
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseTicker } from '../../../shared/ticker-symbol.ts';

export const HISTORY_DIR = 'history';
export const EARNINGS_FILE = 'earnings.csv';

const CHAIN_FILE = /\.(csv|json)$/i;

export function isChainFileName(name: string): boolean {
  if (name.startsWith('.') || name.includes('/') || name.includes('\\')) return false;
  if (name.toLowerCase() === EARNINGS_FILE) return false;
  return CHAIN_FILE.test(name);
}

/** `history/TSLA.csv` → `TSLA`, `history/^VIX.csv` → `VIX`; null for a name the ticker rule refuses. */
export function historyTickerOf(name: string): string | null {
  const base = basename(name);
  if (base.startsWith('.')) return null;
  const match = /^(.+)\.csv$/i.exec(base);
  const parsed = match ? parseTicker(match[1]) : null;
  return parsed?.ok ? parsed.ticker : null;
}

/**
 * The names of the regular files directly in `dir`, symlinks to regular files included (the rule
 * above). Throws when `dir` cannot be listed.
 */
export async function listFiles(dir: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile()) names.push(entry.name);
    else if (entry.isSymbolicLink() && (await linksToFile(join(dir, entry.name)))) names.push(entry.name);
  }
  return names;
}

async function linksToFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false; // dangling, a loop, or no permission on the target
  }
}
