// Watching a chain folder with chokidar: its own level (chain files and earnings.csv) and the
// `history/` subfolder, nothing deeper. `awaitWriteFinish` holds an event back until the file's
// size has stopped changing, so a file being copied in is read once, complete; a file that is
// still broken after that is reported and read again on its next change. Links are followed:
// a link to a file is a file and a link to a directory is ignored like a directory, the same rule
// as the first scan's (file-names.ts listFiles).
import { relative, sep } from 'node:path';
import type { Stats } from 'node:fs';
import { watch, type FSWatcher } from 'chokidar';
import { EARNINGS_FILE, HISTORY_DIR, historyTickerOf, isChainFileName } from './file-names.ts';

export type WatchedFile =
  | { kind: 'chain'; name: string }
  | { kind: 'history'; name: string; ticker: string }
  | { kind: 'earnings'; name: string };

export type WatchEvent = { file: WatchedFile; gone: boolean } | { historyDirGone: true };

export interface WatchOptions {
  /** How long a file's size must stay unchanged before it is read, ms. Default 1000. */
  stabilityMs?: number;
  /** How often a growing file is checked, ms. Default 100. */
  pollMs?: number;
}

/** What a path inside the folder is to us, or null for anything we do not read. */
export function classify(dir: string, path: string): WatchedFile | null {
  const parts = relative(dir, path).split(sep);
  if (parts.length === 1) {
    const name = parts[0] as string;
    if (name.toLowerCase() === EARNINGS_FILE) return { kind: 'earnings', name };
    return isChainFileName(name) ? { kind: 'chain', name } : null;
  }
  if (parts.length === 2 && parts[0] === HISTORY_DIR) {
    const ticker = historyTickerOf(parts[1] as string);
    return ticker === null ? null : { kind: 'history', name: `${HISTORY_DIR}/${parts[1]}`, ticker };
  }
  return null;
}

function ignored(dir: string) {
  return (path: string, stats?: Stats): boolean => {
    const rel = relative(dir, path);
    if (rel === '') return false;
    const parts = rel.split(sep);
    if (parts.some((p) => p.startsWith('.'))) return true;
    if (parts.length === 1 && parts[0] === HISTORY_DIR) return false;
    if (parts.length > 2 || (parts.length === 2 && parts[0] !== HISTORY_DIR)) return true;
    // Without stats chokidar asks again once it has them; only files are decided on the name.
    if (stats === undefined) return false;
    return stats.isDirectory() || classify(dir, path) === null;
  };
}

/** Starts watching; resolves once chokidar has its initial view (events before that are not lost: ignoreInitial). */
export async function watchFolder(
  dir: string,
  options: WatchOptions,
  onEvent: (event: WatchEvent) => void,
  onError: (error: unknown) => void,
): Promise<FSWatcher> {
  const watcher = watch(dir, {
    ignoreInitial: true,
    depth: 1,
    ignored: ignored(dir),
    awaitWriteFinish: {
      stabilityThreshold: options.stabilityMs ?? 1000,
      pollInterval: options.pollMs ?? 100,
    },
  });
  const fileEvent = (gone: boolean) => (path: string) => {
    const file = classify(dir, path);
    if (file) onEvent({ file, gone });
  };
  watcher.on('add', fileEvent(false));
  watcher.on('change', fileEvent(false));
  watcher.on('unlink', fileEvent(true));
  watcher.on('unlinkDir', (path) => {
    if (relative(dir, path) === HISTORY_DIR) onEvent({ historyDirGone: true });
  });
  watcher.on('error', onError);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}
