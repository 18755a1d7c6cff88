// Which names in a chain folder are chain files. Only the folder's own level is read: `history/`
// holds daily price files, `.gammawatch/` the index, and writers that copy through a temporary name
// (`x.csv.tmp`, `x.csv.part`, dot-files such as rsync's `.x.csv.AbC123`) are skipped until renamed.
import { basename } from 'node:path';

export const HISTORY_DIR = 'history';
export const EARNINGS_FILE = 'earnings.csv';
export const INDEX_DIR = '.gammawatch';

const CHAIN_FILE = /\.(csv|json)$/i;

export function isChainFileName(name: string): boolean {
  if (name.startsWith('.') || name.includes('/') || name.includes('\\')) return false;
  if (name.toLowerCase() === EARNINGS_FILE) return false;
  return CHAIN_FILE.test(name);
}

/** `history/TSLA.csv` → `TSLA`; null for anything else in the history folder. */
export function historyTickerOf(name: string): string | null {
  const base = basename(name);
  if (base.startsWith('.')) return null;
  const match = /^([A-Za-z0-9.^_-]{1,16})\.csv$/i.exec(base);
  return match ? (match[1] as string).toUpperCase() : null;
}
